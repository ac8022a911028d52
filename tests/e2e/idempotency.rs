//! `Idempotency-Key` on writes (API.md, Conventions): the same key and body again
//! answers the first response and writes nothing; another body → 422; a repeat sent
//! while the first still runs waits for it and answers its outcome (API v1.3 "A write
//! happens once": no 409); without the header nothing changes.

use eagles_db::diesel_async::SimpleAsyncConnection;
use reqwest::{Method, Response, StatusCode};
use serde_json::{json, Value};

use crate::support::fixtures_games::Loop;
use crate::support::{body, claims, database, problem, TestApp};

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

// API v1.3: the repeat of a request still running waits for it and answers its outcome.
#[tokio::test]
async fn a_repeat_while_the_first_runs_waits_and_answers_its_outcome() {
    let app = TestApp::spawn().await;
    let token = app.sign_up("rita", false).await;
    let new = json!({ "name": "Bloody April", "start_date": "1917-04-02", "public": false });
    claims::count_tries(&app.pool).await;

    // Hold the first request inside its handler: it cannot insert a campaign while
    // this transaction holds a share lock on the table.
    let mut lock = app.pool.get().await.unwrap();
    lock.batch_execute("BEGIN; LOCK TABLE campaigns IN SHARE MODE")
        .await
        .unwrap();
    let send = || {
        let request = app
            .request(Method::POST, "/api/v1/campaigns", Some(&token))
            .header("Idempotency-Key", "same")
            .json(&new);
        tokio::spawn(async move { request.send().await.expect("POST") })
    };
    let first = send();
    claims::until_tried(&app.pool, 1, "the first request to claim its key").await;
    let second = send();
    claims::until_tried(&app.pool, 2, "the repeat to find the key in use").await;
    assert!(!second.is_finished(), "the repeat waits for the first");

    lock.batch_execute("COMMIT").await.unwrap();
    let first = first.await.unwrap();
    assert_eq!(first.status(), StatusCode::CREATED);
    assert!(!replayed(&first));
    let first = body(first).await;
    let second = second.await.unwrap();
    assert_eq!(second.status(), StatusCode::CREATED);
    assert!(replayed(&second));
    assert_eq!(body(second).await, first);
    assert_eq!(count(&app, "SELECT count(*) FROM campaigns").await, 1);
    claims::stop_counting(&app.pool).await;
}

// R25: a sheet's server roll retried with its key is the same roll, id and dice, and
// no second roll is made; so is a repeat sent while the first roll still runs.
#[tokio::test]
async fn a_sheet_roll_retried_with_its_key_is_the_same_roll() {
    let night = crate::sheets::Night::new().await;
    let [_, _, mccudden, voss, ..] = night.crew;
    let sortie = night
        .declare("bea", "SPAD XIII", &[(mccudden, "pilot")])
        .await["id"]
        .as_i64()
        .unwrap();
    // A second sheet for the second roll: a failed spin test leaves its aircraft
    // spinning, when another is refused (§7).
    let other = night
        .declare("kurt", "Albatros D-III", &[(voss, "pilot")])
        .await["id"]
        .as_i64()
        .unwrap();
    let path = night.path(&format!("/sorties/{sortie}/rolls"));
    let bea = night.token("bea").unwrap();
    let spin = json!({ "table": "spin" });
    let first = post_with_key(&night.app, &path, bea, "spin-1", &spin).await;
    assert_eq!(first.status(), StatusCode::CREATED);
    let first = body(first).await;
    let rolls = count(&night.app, "SELECT count(*) FROM dice_rolls").await;
    let again = post_with_key(&night.app, &path, bea, "spin-1", &spin).await;
    assert!(replayed(&again));
    let again = body(again).await;
    assert_eq!(again["rolls"][0]["id"], first["rolls"][0]["id"]);
    assert_eq!(again["rolls"][0]["dice"], first["rolls"][0]["dice"]);
    assert_eq!(again, first);
    assert_eq!(
        count(&night.app, "SELECT count(*) FROM dice_rolls").await,
        rolls
    );

    // Twice at once: the second waits for the first roll and shows it.
    let other_path = night.path(&format!("/sorties/{other}/rolls"));
    claims::count_tries(&night.app.pool).await;
    let mut lock = night.app.pool.get().await.unwrap();
    lock.batch_execute("BEGIN; LOCK TABLE dice_rolls IN SHARE MODE")
        .await
        .unwrap();
    let send = || {
        let request = night
            .app
            .request(Method::POST, &other_path, night.token("kurt"))
            .header("Idempotency-Key", "spin-2")
            .json(&spin);
        tokio::spawn(async move { request.send().await.expect("POST") })
    };
    let a = send();
    claims::until_tried(&night.app.pool, 1, "the first roll to claim its key").await;
    let b = send();
    claims::until_tried(&night.app.pool, 2, "the repeat to find the key in use").await;
    lock.batch_execute("COMMIT").await.unwrap();
    let (a, b) = (a.await.unwrap(), b.await.unwrap());
    assert_eq!(
        (a.status(), b.status()),
        (StatusCode::CREATED, StatusCode::CREATED)
    );
    assert!(
        replayed(&a) != replayed(&b),
        "one rolled, one was given its roll"
    );
    let (a, b) = (body(a).await, body(b).await);
    assert_eq!(a["rolls"][0]["id"], b["rolls"][0]["id"]);
    assert_eq!(a["rolls"][0]["dice"], b["rolls"][0]["dice"]);
    let per_roll = rolls
        - count(
            &night.app,
            "SELECT count(*) FROM dice_rolls WHERE sortie_id IS NULL",
        )
        .await;
    assert_eq!(
        count(&night.app, "SELECT count(*) FROM dice_rolls").await,
        rolls + per_roll,
        "one spin test more, not two"
    );
    claims::stop_counting(&night.app.pool).await;
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
