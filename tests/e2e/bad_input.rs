//! Hostile and careless input: unknown fields, wrong types and huge numbers are a 400
//! naming the field; unicode, SQL and HTML in names are stored as sent and shown
//! escaped on the pages.

use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::support::{body, problem, TestApp};

#[tokio::test]
async fn unknown_fields_wrong_types_and_huge_numbers_are_refused() {
    let app = TestApp::spawn().await;
    let rita = app.sign_up("rita", false).await;
    let cid = app.campaign(&rita, "1917-04-02", true).await;
    let campaigns = "/api/v1/campaigns";
    let cases: [(&str, Value, &str); 7] = [
        (
            campaigns,
            json!({ "name": "A", "start_date": "1917-04-02", "admin": true }),
            "unknown field `admin`",
        ),
        (
            campaigns,
            json!({ "name": "A", "start_date": "1917-04-02", "public": "yes" }),
            "`public`",
        ),
        (
            campaigns,
            json!({ "name": 7, "start_date": "1917-04-02" }),
            "`name`",
        ),
        (
            campaigns,
            json!({ "name": "A", "start_date": 1917 }),
            "`start_date`",
        ),
        (
            &format!("/api/v1/campaigns/{cid}/rolls"),
            json!({ "table": "d6", "modifiers": {}, "dice": [i64::MAX] }),
            "`dice",
        ),
        (
            &format!("/api/v1/campaigns/{cid}/rolls"),
            json!({ "table": "d6", "modifiers": {}, "game_id": 1e308 }),
            "`game_id`",
        ),
        (
            &format!("/api/v1/campaigns/{cid}/games"),
            json!({ "dice": [-1, 2] }),
            "`dice",
        ),
    ];
    for (path, sent, field) in cases {
        let detail = problem(
            app.post(path, Some(&rita), &sent).await,
            StatusCode::BAD_REQUEST,
        )
        .await;
        assert!(detail.contains(field), "{sent}: {detail}");
    }
    // A week number past i64 in the path is no such week, not a crash.
    let detail = problem(
        app.get(
            &format!("/api/v1/campaigns/{cid}/weeks/99999999999999999999"),
            None,
        )
        .await,
        StatusCode::NOT_FOUND,
    )
    .await;
    assert!(!detail.is_empty());
    let list = body(app.get(campaigns, Some(&rita)).await).await;
    assert_eq!(
        list.as_array().unwrap().len(),
        1,
        "nothing refused was stored"
    );
}

#[tokio::test]
async fn unicode_sql_and_html_names_are_kept_verbatim_and_shown_escaped() {
    let app = TestApp::spawn().await;
    let rita = app.sign_up("rita", false).await;
    let cid = app.campaign(&rita, "1917-04-02", true).await;
    app.sign_up("karl", false).await;
    app.add_player(&rita, cid, "karl", "central").await;
    app.sign_up("dora", false).await;
    app.add_player(&rita, cid, "dora", "central").await;
    let names = [
        "<script>alert('x')</script>",
        "Robert'); DROP TABLE crew;--",
        "\u{5D0}\u{5D1}\u{5D2} Jasta",
        "Ace \u{1F6E9}\u{FE0F} Udet",
        "Rene\u{301} Fonck",
    ];
    let mut ids = Vec::new();
    // R3: each player starts with two pilots and an observer.
    let owners = [
        ("karl", "pilot"),
        ("karl", "pilot"),
        ("dora", "pilot"),
        ("dora", "pilot"),
        ("karl", "observer"),
    ];
    for (name, (owner, role)) in names.into_iter().zip(owners) {
        let created = app
            .post(
                &format!("/api/v1/campaigns/{cid}/crew"),
                Some(&rita),
                &json!({ "name": name, "role": role, "nationality": "german", "owner": owner }),
            )
            .await;
        assert_eq!(created.status(), StatusCode::CREATED, "{name}");
        let created = body(created).await;
        assert_eq!(created["name"], name);
        ids.push(created["id"].as_i64().unwrap());
    }
    let crew = body(
        app.get(&format!("/api/v1/campaigns/{cid}/crew"), None)
            .await,
    )
    .await;
    let stored: Vec<&str> = crew
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["name"].as_str().unwrap())
        .collect();
    assert_eq!(ids.len(), names.len(), "every name is taken");
    for name in names {
        assert!(stored.contains(&name), "{name} kept as sent: {stored:?}");
    }

    let page = app
        .get(&format!("/campaigns/{cid}/crew"), None)
        .await
        .text()
        .await
        .unwrap();
    assert!(page.contains("&#60;script&#62;"), "{page}");
    assert!(!page.contains("<script>"), "{page}");
    let crewman = app
        .get(&format!("/campaigns/{cid}/crew/{}", ids[0]), None)
        .await
        .text()
        .await
        .unwrap();
    assert!(crewman.contains("&#60;script&#62;alert("), "{crewman}");
    assert!(!crewman.contains("<script>"));
}
