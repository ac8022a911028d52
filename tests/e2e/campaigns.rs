//! Campaigns and members (API.md, Campaigns and members; R1, R2).

use reqwest::{Method, StatusCode};
use serde_json::{json, Value};

use crate::support::{body, problem, TestApp};

#[tokio::test]
async fn creating_a_campaign_makes_the_caller_its_referee() {
    let app = TestApp::spawn().await;
    let token = app.sign_up("ada", false).await;
    let response = app
        .post(
            "/api/v1/campaigns",
            Some(&token),
            &json!({ "name": "  Bloody April ", "start_date": "1917-04-02", "public": true }),
        )
        .await;
    assert_eq!(response.status(), StatusCode::CREATED);
    let campaign = body(response).await;
    assert_eq!(campaign["name"], "Bloody April");
    assert_eq!(campaign["start_date"], "1917-04-02");
    assert_eq!(campaign["public"], true);
    // R1: week 1 is the start date; 1917 is late war.
    assert_eq!(campaign["current_week"], 1);
    assert_eq!(campaign["week_date"], "1917-04-02");
    assert_eq!(campaign["era"], "late");

    let id = campaign["id"].as_i64().unwrap();
    let members = body(
        app.get(&format!("/api/v1/campaigns/{id}/members"), None)
            .await,
    )
    .await;
    assert_eq!(
        members,
        json!([{ "username": "ada", "role": "referee", "side": null }])
    );
}

// R1: a campaign starts on a date from 1915-06-01 to 1918-11-30; before 1917 is early war.
#[tokio::test]
async fn r1_start_date_window_and_era() {
    let app = TestApp::spawn().await;
    let token = app.sign_up("ada", false).await;
    for (date, status) in [
        ("1915-05-31", StatusCode::UNPROCESSABLE_ENTITY),
        ("1915-06-01", StatusCode::CREATED),
        ("1918-11-30", StatusCode::CREATED),
        ("1918-12-01", StatusCode::UNPROCESSABLE_ENTITY),
    ] {
        let response = app
            .post(
                "/api/v1/campaigns",
                Some(&token),
                &json!({ "name": "c", "start_date": date }),
            )
            .await;
        assert_eq!(response.status(), status, "{date}");
        if status == StatusCode::UNPROCESSABLE_ENTITY {
            let detail = problem(response, status).await;
            assert!(
                detail.starts_with("§13.00:") && detail.contains(date),
                "{detail}"
            );
        }
    }
    let early = body(
        app.post(
            "/api/v1/campaigns",
            Some(&token),
            &json!({ "name": "c", "start_date": "1916-12-31" }),
        )
        .await,
    )
    .await;
    assert_eq!(early["era"], "early");
    let late = body(
        app.post(
            "/api/v1/campaigns",
            Some(&token),
            &json!({ "name": "c", "start_date": "1917-01-01" }),
        )
        .await,
    )
    .await;
    assert_eq!(late["era"], "late");
}

#[tokio::test]
async fn bad_campaign_bodies() {
    let app = TestApp::spawn().await;
    let token = app.sign_up("ada", false).await;
    for (body_json, status, mentions) in [
        (
            json!({ "name": "c", "start_date": "2 April 1917" }),
            StatusCode::BAD_REQUEST,
            "start_date",
        ),
        (
            json!({ "name": "c" }),
            StatusCode::BAD_REQUEST,
            "start_date",
        ),
        (
            json!({ "name": "c", "start_date": "1917-04-02", "public": "yes" }),
            StatusCode::BAD_REQUEST,
            "public",
        ),
        (
            json!({ "name": "  ", "start_date": "1917-04-02" }),
            StatusCode::UNPROCESSABLE_ENTITY,
            "name",
        ),
        (
            json!({ "name": "x".repeat(201), "start_date": "1917-04-02" }),
            StatusCode::UNPROCESSABLE_ENTITY,
            "name",
        ),
    ] {
        let response = app
            .post("/api/v1/campaigns", Some(&token), &body_json)
            .await;
        let detail = problem(response, status).await;
        assert!(detail.contains(mentions), "{detail}");
    }
}

#[tokio::test]
async fn who_sees_which_campaign() {
    let app = TestApp::spawn().await;
    let ada = app.sign_up("ada", false).await;
    let bob = app.sign_up("bob", false).await;
    let admin = app.sign_up("root", true).await;
    let public = app.campaign(&ada, "1917-04-02", true).await;
    let private = app.campaign(&ada, "1917-04-09", false).await;

    let ids = |v: Value| -> Vec<i64> {
        v.as_array()
            .unwrap()
            .iter()
            .map(|c| c["id"].as_i64().unwrap())
            .collect()
    };
    // Newest first.
    assert_eq!(
        ids(body(app.get("/api/v1/campaigns", Some(&ada)).await).await),
        [private, public]
    );
    assert_eq!(
        ids(body(app.get("/api/v1/campaigns", None).await).await),
        [public]
    );
    assert_eq!(
        ids(body(app.get("/api/v1/campaigns", Some(&bob)).await).await),
        [public]
    );
    assert_eq!(
        ids(body(app.get("/api/v1/campaigns", Some(&admin)).await).await),
        [private, public]
    );

    assert_eq!(
        app.get(&format!("/api/v1/campaigns/{public}"), None)
            .await
            .status(),
        StatusCode::OK
    );
    // A private campaign does not exist for a stranger: 404, as for an unknown id.
    problem(
        app.get(&format!("/api/v1/campaigns/{private}"), None).await,
        StatusCode::NOT_FOUND,
    )
    .await;
    problem(
        app.get(&format!("/api/v1/campaigns/{private}"), Some(&bob))
            .await,
        StatusCode::NOT_FOUND,
    )
    .await;
    problem(
        app.get("/api/v1/campaigns/999999", Some(&ada)).await,
        StatusCode::NOT_FOUND,
    )
    .await;
    problem(
        app.get("/api/v1/campaigns/abc", Some(&ada)).await,
        StatusCode::NOT_FOUND,
    )
    .await;
    assert_eq!(
        app.get(&format!("/api/v1/campaigns/{private}"), Some(&admin))
            .await
            .status(),
        StatusCode::OK
    );

    // Once bob is a member he sees it.
    app.add_player(&ada, private, "bob", "central").await;
    assert_eq!(
        app.get(&format!("/api/v1/campaigns/{private}"), Some(&bob))
            .await
            .status(),
        StatusCode::OK
    );
}

#[tokio::test]
async fn only_the_referee_adds_members() {
    let app = TestApp::spawn().await;
    let ada = app.sign_up("ada", false).await;
    let bob = app.sign_up("bob", false).await;
    app.sign_up("cy", false).await;
    let campaign = app.campaign(&ada, "1917-04-02", true).await;
    let path = format!("/api/v1/campaigns/{campaign}/members");
    let cy = json!({ "username": "cy", "role": "player", "side": "allied" });

    problem(app.post(&path, None, &cy).await, StatusCode::UNAUTHORIZED).await;
    // A stranger on a public campaign, and a player, may read it but not add members.
    problem(
        app.post(&path, Some(&bob), &cy).await,
        StatusCode::FORBIDDEN,
    )
    .await;
    app.add_player(&ada, campaign, "bob", "central").await;
    let detail = problem(
        app.post(&path, Some(&bob), &cy).await,
        StatusCode::FORBIDDEN,
    )
    .await;
    assert!(detail.contains("referee"));

    let added = app.post(&path, Some(&ada), &cy).await;
    assert_eq!(added.status(), StatusCode::CREATED);
    assert_eq!(
        body(added).await,
        json!({ "username": "cy", "role": "player", "side": "allied" })
    );
    let again = app.post(&path, Some(&ada), &cy).await;
    assert!(problem(again, StatusCode::CONFLICT)
        .await
        .contains("already a member"));

    let nobody = app
        .post(
            &path,
            Some(&ada),
            &json!({ "username": "zed", "role": "player", "side": "allied" }),
        )
        .await;
    assert!(problem(nobody, StatusCode::UNPROCESSABLE_ENTITY)
        .await
        .contains("eagles user add zed"));
    let sideless = app
        .post(
            &path,
            Some(&ada),
            &json!({ "username": "cy", "role": "player" }),
        )
        .await;
    assert!(problem(sideless, StatusCode::UNPROCESSABLE_ENTITY)
        .await
        .contains("side"));
    let bad_role = app
        .post(
            &path,
            Some(&ada),
            &json!({ "username": "cy", "role": "captain", "side": "allied" }),
        )
        .await;
    problem(bad_role, StatusCode::BAD_REQUEST).await;
}

// R2: a player may switch sides only if the sides stay equal in players.
#[tokio::test]
async fn r2_side_switch_only_to_equal_sides() {
    let app = TestApp::spawn().await;
    let referee = app.sign_up("ref", false).await;
    let ada = app.sign_up("ada", false).await;
    app.sign_up("bob", false).await;
    app.sign_up("cy", false).await;
    let campaign = app.campaign(&referee, "1917-04-02", false).await;
    app.add_player(&referee, campaign, "ada", "allied").await;
    app.add_player(&referee, campaign, "bob", "central").await;
    let switch = |who: &'static str, side: &'static str, token: String| {
        let app = &app;
        async move {
            app.request(
                Method::PATCH,
                &format!("/api/v1/campaigns/{campaign}/members/{who}"),
                Some(&token),
            )
            .json(&json!({ "side": side }))
            .send()
            .await
            .unwrap()
        }
    };
    // 1 v 1: ada switching would make it 0 v 2.
    let refused = switch("ada", "central", ada.clone()).await;
    let detail = problem(refused, StatusCode::UNPROCESSABLE_ENTITY).await;
    assert!(
        detail.starts_with("§13.01:") && detail.contains("0 Allied and 2 Central"),
        "{detail}"
    );

    // 2 Allied v 1 Central... add cy to Allied, then 3 v 1 is not reachable by one
    // switch from 2 v 1 (it gives 1 v 2), but from 3 v 1 one switch gives 2 v 2.
    app.add_player(&referee, campaign, "cy", "allied").await;
    app.sign_up("dee", false).await;
    app.add_player(&referee, campaign, "dee", "allied").await;
    let ok = switch("ada", "central", ada.clone()).await;
    assert_eq!(ok.status(), StatusCode::OK);
    assert_eq!(body(ok).await["side"], "central");

    // Nobody but the player himself or a referee may move him.
    let bob_token = {
        let r = app
            .post(
                "/api/v1/tokens",
                None,
                &json!({ "username": "bob", "password": "password-of-bob" }),
            )
            .await;
        body(r).await["token"].as_str().unwrap().to_owned()
    };
    problem(
        switch("cy", "central", bob_token).await,
        StatusCode::FORBIDDEN,
    )
    .await;
}
