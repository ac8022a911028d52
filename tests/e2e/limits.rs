//! Abuse limits: failed sign-ins per account and per client address (API and page),
//! body size limits, and paging of the lists that grow without bound.

use reqwest::{Method, StatusCode};
use serde_json::{json, Value};

use crate::support::builders::failed_sign_ins;
use crate::support::fixtures_games::Loop;
use crate::support::form_client::Visitor;
use crate::support::{body, database, problem, TestApp};

async fn count(app: &TestApp, query: &str) -> i64 {
    database::count(&app.pool, query).await
}

/// Records `n` failed sign-ins of `account` from `address`, as if just made.
async fn failures(app: &TestApp, account: &str, address: &str, n: u32) {
    failed_sign_ins(&app.pool, account, address, n).await;
}

async fn token(app: &TestApp, username: &str, password: &str) -> reqwest::Response {
    app.post(
        "/api/v1/tokens",
        None,
        &json!({ "username": username, "password": password }),
    )
    .await
}

fn retry_after(response: &reqwest::Response) -> u64 {
    response.headers()["retry-after"]
        .to_str()
        .unwrap()
        .parse()
        .unwrap()
}

#[tokio::test]
async fn ten_failed_tries_lock_an_account_even_for_its_right_password() {
    let app = TestApp::spawn().await;
    app.sign_up("rita", false).await;
    app.sign_up("ada", false).await;
    for _ in 0..10 {
        let response = token(&app, "rita", "guess").await;
        problem(response, StatusCode::UNAUTHORIZED).await;
    }
    // The 11th try is refused before the password is looked at: the right one too,
    // and in another letter case of the name.
    let response = token(&app, "RITA", "password-of-rita").await;
    let wait = retry_after(&response);
    assert!((1..=15 * 60).contains(&wait), "Retry-After {wait}");
    let detail = problem(response, StatusCode::TOO_MANY_REQUESTS).await;
    assert!(detail.contains("this account"), "{detail}");
    // Another account from the same address still signs in (10 < 30).
    assert_eq!(
        token(&app, "ada", "password-of-ada").await.status(),
        StatusCode::CREATED
    );
}

#[tokio::test]
async fn thirty_failed_tries_from_one_address_lock_that_address() {
    let app = TestApp::spawn().await;
    app.sign_up("ada", false).await;
    // Failures from elsewhere do not count against this client.
    failures(&app, "someone", "192.0.2.7", 30).await;
    assert_eq!(
        token(&app, "ada", "password-of-ada").await.status(),
        StatusCode::CREATED
    );
    failures(&app, "someone", "127.0.0.1", 29).await;
    assert_eq!(
        token(&app, "nobody", "guess").await.status(),
        StatusCode::UNAUTHORIZED
    );
    let detail = problem(
        token(&app, "ada", "password-of-ada").await,
        StatusCode::TOO_MANY_REQUESTS,
    )
    .await;
    assert!(detail.contains("your address"), "{detail}");
}

#[tokio::test]
async fn the_right_password_forgets_the_accounts_failures() {
    let app = TestApp::spawn().await;
    app.sign_up("rita", false).await;
    failures(&app, "rita", "127.0.0.1", 9).await;
    assert_eq!(
        token(&app, "rita", "password-of-rita").await.status(),
        StatusCode::CREATED
    );
    let rita = "SELECT count(*) FROM sign_in_failures WHERE account = 'rita'";
    assert_eq!(count(&app, rita).await, 0);
    token(&app, "Rita", "guess").await;
    assert_eq!(count(&app, rita).await, 1);
}

#[tokio::test]
async fn the_sign_in_page_counts_and_refuses_too() {
    let app = TestApp::spawn().await;
    app.sign_up("ada", false).await;
    app.sign_up("karl", false).await;
    let visitor = Visitor::open(&app).await;

    let wrong = visitor.sign_in(&app, "karl", "guess").await;
    assert_eq!(wrong.status(), StatusCode::UNAUTHORIZED);
    let karl = "SELECT count(*) FROM sign_in_failures WHERE account = 'karl'";
    assert_eq!(count(&app, karl).await, 1);

    failures(&app, "ada", "127.0.0.1", 10).await;
    let refused = visitor.sign_in(&app, "ada", "password-of-ada").await;
    assert_eq!(refused.status(), StatusCode::TOO_MANY_REQUESTS);
    assert!(retry_after(&refused) >= 1);
    let html = refused.text().await.unwrap();
    assert!(html.contains("too many failed sign-ins"), "{html}");
    assert!(
        html.contains("value=\"ada\""),
        "the form keeps the username"
    );
}

#[tokio::test]
async fn an_oversize_body_is_413() {
    let app = TestApp::spawn().await;
    let token = app.sign_up("rita", false).await;
    let big = json!({ "name": "x".repeat(300 * 1024), "start_date": "1917-04-02" });
    let detail = problem(
        app.post("/api/v1/campaigns", Some(&token), &big).await,
        StatusCode::PAYLOAD_TOO_LARGE,
    )
    .await;
    assert!(detail.contains("256 KiB"), "{detail}");
    // With an idempotency key the body is read first, with the same outcome.
    let response = app
        .request(Method::POST, "/api/v1/campaigns", Some(&token))
        .header("Idempotency-Key", "big")
        .json(&big)
        .send()
        .await
        .unwrap();
    problem(response, StatusCode::PAYLOAD_TOO_LARGE).await;
    assert_eq!(count(&app, "SELECT count(*) FROM campaigns").await, 0);
    assert_eq!(
        count(&app, "SELECT count(*) FROM idempotency_keys").await,
        0
    );

    // The pages' forms take 16 KiB.
    let visitor = Visitor::open(&app).await;
    let long = "x".repeat(20 * 1024);
    let response = visitor.sign_in(&app, &long, "guess").await;
    assert_eq!(response.status(), StatusCode::PAYLOAD_TOO_LARGE);
}

fn next_link(response: &reqwest::Response) -> Option<String> {
    let link = response.headers().get("link")?.to_str().unwrap().to_owned();
    let start = link.find('<')? + 1;
    let end = link.find('>')?;
    assert!(link.ends_with("rel=\"next\""), "{link}");
    Some(link[start..end].to_owned())
}

#[tokio::test]
async fn the_roll_log_comes_in_pages() {
    let game = Loop::start("1917-04-02").await;
    let mut ids = Vec::new();
    for _ in 0..5 {
        let rolled = game
            .post(
                "/rolls",
                Some(&game.referee),
                &json!({ "table": "d6", "modifiers": {} }),
            )
            .await;
        assert_eq!(rolled.status(), StatusCode::CREATED);
        ids.push(body(rolled).await["id"].clone());
    }
    // Without paging parameters: the whole log (fewer than 1000 rolls), no link.
    let all = game.get("/rolls", Some(&game.ada)).await;
    assert!(next_link(&all).is_none());
    let all = body(all).await;
    assert_eq!(all.as_array().unwrap().len(), 5);

    // Pages of two, following the links; the week filter stays in them.
    let mut seen: Vec<Value> = Vec::new();
    let mut path = game.path("/rolls?week=1&limit=2");
    let mut pages = 0;
    loop {
        let page = game.app.get(&path, Some(&game.ada)).await;
        assert_eq!(page.status(), StatusCode::OK);
        let next = next_link(&page);
        let rows = body(page).await;
        seen.extend(rows.as_array().unwrap().iter().map(|r| r["id"].clone()));
        pages += 1;
        match next {
            Some(next) => {
                assert!(next.contains("week=1"), "{next}");
                path = next;
            }
            None => break,
        }
    }
    assert_eq!(pages, 3);
    assert_eq!(seen, ids);

    for bad in ["limit=0", "limit=1001", "limit=-1", "offset=x"] {
        problem(
            game.get(&format!("/rolls?{bad}"), Some(&game.ada)).await,
            StatusCode::BAD_REQUEST,
        )
        .await;
    }
}

#[tokio::test]
async fn the_campaign_list_comes_in_pages() {
    let app = TestApp::spawn().await;
    let token = app.sign_up("rita", false).await;
    let first = app.campaign(&token, "1917-04-02", false).await;
    let second = app.campaign(&token, "1917-04-02", false).await;
    let page = app.get("/api/v1/campaigns?limit=1", Some(&token)).await;
    let next = next_link(&page).expect("a link to the next page");
    assert_eq!(next, "/api/v1/campaigns?limit=1&offset=1");
    assert_eq!(body(page).await[0]["id"], second);
    let page = app.get(&next, Some(&token)).await;
    assert!(next_link(&page).is_none());
    assert_eq!(body(page).await[0]["id"], first);
}
