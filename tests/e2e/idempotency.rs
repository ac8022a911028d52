//! `Idempotency-Key` on writes (API.md, Conventions): the same key and body again
//! answers the first response and writes nothing; another body → 422; a key whose
//! first request still runs → 409; without the header nothing changes.

use std::time::Duration;

use eagles_db::diesel_async::SimpleAsyncConnection;
use reqwest::{Method, Response, StatusCode};
use serde_json::{json, Value};

use crate::support::fixtures_games::Loop;
use crate::support::wait::until;
use crate::support::{body, database, problem, TestApp};

async fn count(app: &TestApp, query: &str) -> i64 {
    database::count(&app.pool, query).await
}

async fn post_with_key(
    app: &TestApp,
    path: &str,
    token: &str,
    key: &str,
    body: &Value,
) -> Response {
    app.request(Method::POST, path, Some(token))
        .header("Idempotency-Key", key)
        .json(body)
        .send()
        .await
        .expect("POST")
}

fn replayed(response: &Response) -> bool {
    response
        .headers()
        .get("idempotency-replayed")
        .is_some_and(|v| v == "true")
}

#[tokio::test]
async fn a_replay_answers_the_first_response_and_writes_nothing() {
    let app = TestApp::spawn().await;
    let token = app.sign_up("rita", false).await;
    let new = json!({ "name": "Bloody April", "start_date": "1917-04-02", "public": false });

    let first = post_with_key(&app, "/api/v1/campaigns", &token, "k-1", &new).await;
    assert_eq!(first.status(), StatusCode::CREATED);
    assert!(!replayed(&first));
    let first = first.text().await.unwrap();
    let campaigns = count(&app, "SELECT count(*) FROM campaigns").await;
    let audit = count(&app, "SELECT count(*) FROM audit_log").await;
    assert_eq!(campaigns, 1);

    let again = post_with_key(&app, "/api/v1/campaigns", &token, "k-1", &new).await;
    assert_eq!(again.status(), StatusCode::CREATED);
    assert!(replayed(&again));
    assert_eq!(
        again.headers()["content-type"].to_str().unwrap(),
        "application/json"
    );
    assert_eq!(again.text().await.unwrap(), first);
    assert_eq!(
        count(&app, "SELECT count(*) FROM campaigns").await,
        campaigns
    );
    assert_eq!(count(&app, "SELECT count(*) FROM audit_log").await, audit);

    // Keys belong to an account: another user's same key is a new request.
    let other = app.sign_up("ada", false).await;
    let theirs = post_with_key(&app, "/api/v1/campaigns", &other, "k-1", &new).await;
    assert_eq!(theirs.status(), StatusCode::CREATED);
    assert!(!replayed(&theirs));
    assert_eq!(count(&app, "SELECT count(*) FROM campaigns").await, 2);
}

// Dice: a replayed roll is the same roll, not a second one in the log (R14).
#[tokio::test]
async fn a_replayed_roll_is_not_rolled_again() {
    let game = Loop::start("1917-04-02").await;
    let path = game.path("/rolls");
    let roll = json!({ "table": "2d6", "modifiers": {} });
    let first = post_with_key(&game.app, &path, &game.referee, "roll-1", &roll).await;
    assert_eq!(first.status(), StatusCode::CREATED);
    let first = body(first).await;
    let rolls = count(&game.app, "SELECT count(*) FROM dice_rolls").await;
    for _ in 0..3 {
        let again = post_with_key(&game.app, &path, &game.referee, "roll-1", &roll).await;
        assert!(replayed(&again));
        assert_eq!(body(again).await, first);
    }
    assert_eq!(
        count(&game.app, "SELECT count(*) FROM dice_rolls").await,
        rolls
    );
}

#[tokio::test]
async fn the_same_key_with_another_body_or_path_is_refused() {
    let game = Loop::start("1917-04-02").await;
    let crew = game.path("/crew");
    let new = json!({ "name": "Hans", "role": "pilot", "nationality": "german" });
    let created = post_with_key(&game.app, &crew, &game.karl, "c-1", &new).await;
    assert_eq!(created.status(), StatusCode::CREATED);
    let crewmen = count(&game.app, "SELECT count(*) FROM crew").await;

    let other = json!({ "name": "Fritz", "role": "pilot", "nationality": "german" });
    let detail = problem(
        post_with_key(&game.app, &crew, &game.karl, "c-1", &other).await,
        StatusCode::UNPROCESSABLE_ENTITY,
    )
    .await;
    assert!(detail.contains("another body"), "{detail}");

    let detail = problem(
        post_with_key(&game.app, &game.path("/rolls"), &game.karl, "c-1", &new).await,
        StatusCode::UNPROCESSABLE_ENTITY,
    )
    .await;
    assert!(detail.contains("was used for POST"), "{detail}");
    assert_eq!(count(&game.app, "SELECT count(*) FROM crew").await, crewmen);
}

// A refused request wrote nothing, so its key is free for the corrected request.
#[tokio::test]
async fn a_refused_request_does_not_use_up_its_key() {
    let app = TestApp::spawn().await;
    let token = app.sign_up("rita", false).await;
    let too_early = json!({ "name": "Verdun", "start_date": "1914-08-01", "public": false });
    let refused = post_with_key(&app, "/api/v1/campaigns", &token, "k-2", &too_early).await;
    assert_eq!(refused.status(), StatusCode::UNPROCESSABLE_ENTITY);
    assert!(!replayed(&refused));
    let fixed = json!({ "name": "Verdun", "start_date": "1916-02-21", "public": false });
    let created = post_with_key(&app, "/api/v1/campaigns", &token, "k-2", &fixed).await;
    assert_eq!(created.status(), StatusCode::CREATED);
}

#[tokio::test]
async fn a_key_in_use_by_a_running_request_is_a_conflict() {
    let app = TestApp::spawn().await;
    let token = app.sign_up("rita", false).await;
    let new = json!({ "name": "Bloody April", "start_date": "1917-04-02", "public": false });

    // Hold the first request inside its handler: it cannot insert a campaign while
    // this transaction holds a share lock on the table.
    let mut lock = app.pool.get().await.unwrap();
    lock.batch_execute("BEGIN; LOCK TABLE campaigns IN SHARE MODE")
        .await
        .unwrap();

    let first = {
        let request = app
            .request(Method::POST, "/api/v1/campaigns", Some(&token))
            .header("Idempotency-Key", "same")
            .json(&new);
        tokio::spawn(async move { request.send().await.expect("POST") })
    };
    until(
        "the first request to claim its key",
        Duration::from_secs(30),
        || async {
            match count(&app, "SELECT count(*) FROM idempotency_keys").await {
                0 => Err("no key claimed yet".to_owned()),
                _ => Ok(()),
            }
        },
    )
    .await;

    let second = post_with_key(&app, "/api/v1/campaigns", &token, "same", &new).await;
    let detail = problem(second, StatusCode::CONFLICT).await;
    assert!(detail.contains("still running"), "{detail}");

    lock.batch_execute("COMMIT").await.unwrap();
    let first = first.await.unwrap();
    assert_eq!(first.status(), StatusCode::CREATED);
    let first = body(first).await;
    assert_eq!(count(&app, "SELECT count(*) FROM campaigns").await, 1);

    let third = post_with_key(&app, "/api/v1/campaigns", &token, "same", &new).await;
    assert!(replayed(&third));
    assert_eq!(body(third).await, first);
}

#[tokio::test]
async fn without_the_header_every_request_writes() {
    let app = TestApp::spawn().await;
    let token = app.sign_up("rita", false).await;
    let new = json!({ "name": "Bloody April", "start_date": "1917-04-02", "public": false });
    let a = body(app.post("/api/v1/campaigns", Some(&token), &new).await).await;
    let b = body(app.post("/api/v1/campaigns", Some(&token), &new).await).await;
    assert_ne!(a["id"], b["id"]);
    assert_eq!(count(&app, "SELECT count(*) FROM campaigns").await, 2);
    assert_eq!(
        count(&app, "SELECT count(*) FROM idempotency_keys").await,
        0
    );
}

#[tokio::test]
async fn a_malformed_key_is_a_bad_request() {
    let app = TestApp::spawn().await;
    let token = app.sign_up("rita", false).await;
    let new = json!({ "name": "Bloody April", "start_date": "1917-04-02", "public": false });
    for key in ["", "has space", &"k".repeat(256)] {
        let response = post_with_key(&app, "/api/v1/campaigns", &token, key, &new).await;
        problem(response, StatusCode::BAD_REQUEST).await;
    }
    assert_eq!(count(&app, "SELECT count(*) FROM campaigns").await, 0);
}
