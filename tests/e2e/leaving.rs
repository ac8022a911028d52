//! Leaving a campaign and being removed (R2, R26, API v1.3 "Accounts"): a referee
//! removes a member, a player leaves himself, his crews stay in the records; the
//! campaign's last referee cannot go; a player removes nobody else.

use reqwest::{Method, Response, StatusCode};

use crate::support::accounts::audit_actions;
use crate::support::{body, problem, TestApp};

async fn remove(app: &TestApp, token: &str, campaign: i64, username: &str) -> Response {
    app.request(
        Method::DELETE,
        &format!("/api/v1/campaigns/{campaign}/members/{username}"),
        Some(token),
    )
    .send()
    .await
    .unwrap()
}

async fn members(app: &TestApp, token: &str, campaign: i64) -> Vec<String> {
    body(
        app.get(
            &format!("/api/v1/campaigns/{campaign}/members"),
            Some(token),
        )
        .await,
    )
    .await
    .as_array()
    .unwrap()
    .iter()
    .map(|m| m["username"].as_str().unwrap().to_owned())
    .collect()
}

/// R2: a removed member's and a leaving player's crewmen stay in the campaign's
/// records, with their owner.
#[tokio::test]
async fn a_referee_removes_a_member_and_a_player_leaves_and_their_crews_stay() {
    let app = TestApp::spawn().await;
    let rita = app.sign_up("rita", false).await;
    let ada = app.sign_up("ada", false).await;
    app.sign_up("karl", false).await;
    let campaign = app.campaign(&rita, "1917-04-02", true).await;
    app.add_player(&rita, campaign, "ada", "allied").await;
    app.add_player(&rita, campaign, "karl", "central").await;
    let guynemer = app
        .crewman(
            &rita,
            campaign,
            ("Georges Guynemer", "pilot", "french", "ada"),
        )
        .await;
    let voss = app
        .crewman(&rita, campaign, ("Werner Voss", "pilot", "german", "karl"))
        .await;

    let refused = remove(&app, &ada, campaign, "KARL").await;
    let detail = problem(refused, StatusCode::FORBIDDEN).await;
    assert!(detail.contains("may remove other members"), "{detail}");

    assert_eq!(
        remove(&app, &rita, campaign, "Karl").await.status(),
        StatusCode::NO_CONTENT
    );
    assert_eq!(
        remove(&app, &ada, campaign, "ada").await.status(),
        StatusCode::NO_CONTENT
    );
    assert_eq!(members(&app, &rita, campaign).await, ["rita"]);
    for (id, owner) in [(guynemer, "ada"), (voss, "karl")] {
        let crewman = body(
            app.get(
                &format!("/api/v1/campaigns/{campaign}/crew/{id}"),
                Some(&rita),
            )
            .await,
        )
        .await;
        assert_eq!(crewman["owner"], owner, "{crewman}");
    }
    let gone = remove(&app, &rita, campaign, "karl").await;
    assert!(problem(gone, StatusCode::NOT_FOUND)
        .await
        .contains("not a member"));
    // The campaign's reads still show the crews of members who left.
    for read in [
        "crew",
        "leaderboard",
        "leaderboard.csv",
        "players",
        "sides",
        "members",
    ] {
        let response = app
            .get(&format!("/api/v1/campaigns/{campaign}/{read}"), Some(&rita))
            .await;
        assert_eq!(response.status(), StatusCode::OK, "{read}");
    }
    for page in [
        "",
        "/crew",
        "/members",
        "/leaderboard",
        "/players",
        "/id-cards",
        &format!("/crew/{voss}"),
    ] {
        let response = app.get(&format!("/campaigns/{campaign}{page}"), None).await;
        assert_eq!(response.status(), StatusCode::OK, "the page {page:?}");
    }
    // The records travel with the crews of members who left: the export imports.
    let exported = body(
        app.get(&format!("/api/v1/campaigns/{campaign}/export"), Some(&rita))
            .await,
    )
    .await;
    let imported = app
        .post("/api/v1/campaigns/import", Some(&rita), &exported)
        .await;
    assert_eq!(
        imported.status(),
        StatusCode::CREATED,
        "{}",
        body(imported).await
    );
    let actions = audit_actions(&app).await;
    assert!(actions.contains(&"member.remove".to_owned()), "{actions:?}");
    assert!(actions.contains(&"member.leave".to_owned()));
}

/// The campaign keeps a referee: its last one cannot leave or be removed (409), one
/// of two can.
#[tokio::test]
async fn the_last_referee_stays() {
    let app = TestApp::spawn().await;
    let rita = app.sign_up("rita", false).await;
    let campaign = app.campaign(&rita, "1917-04-02", false).await;
    let detail = problem(
        remove(&app, &rita, campaign, "rita").await,
        StatusCode::CONFLICT,
    )
    .await;
    assert!(detail.contains("last referee"), "{detail}");
    app.sign_up("otto", false).await;
    let added = app
        .post(
            &format!("/api/v1/campaigns/{campaign}/members"),
            Some(&rita),
            &serde_json::json!({ "username": "otto", "role": "referee" }),
        )
        .await;
    assert_eq!(added.status(), StatusCode::CREATED);
    assert_eq!(
        remove(&app, &rita, campaign, "rita").await.status(),
        StatusCode::NO_CONTENT
    );
    // A private campaign she left is no longer hers to read.
    let read = app
        .get(&format!("/api/v1/campaigns/{campaign}"), Some(&rita))
        .await;
    assert_eq!(read.status(), StatusCode::NOT_FOUND);
}
