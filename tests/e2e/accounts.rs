//! Accounts and tokens (API.md, Accounts; Conventions: auth).

use reqwest::{Method, StatusCode};
use serde_json::json;

use crate::support::{body, problem, TestApp};

#[tokio::test]
async fn a_token_is_issued_for_good_credentials_only() {
    let app = TestApp::spawn().await;
    let token = app.sign_up("ada", false).await;
    assert!(token.starts_with("eagles_"));

    let wrong = app
        .post(
            "/api/v1/tokens",
            None,
            &json!({ "username": "ada", "password": "not her password" }),
        )
        .await;
    let detail = problem(wrong, StatusCode::UNAUTHORIZED).await;
    assert!(detail.contains("wrong username or password"));

    // Same answer for an unknown account, so usernames cannot be probed.
    let unknown = app
        .post(
            "/api/v1/tokens",
            None,
            &json!({ "username": "nobody", "password": "whatever1" }),
        )
        .await;
    assert_eq!(problem(unknown, StatusCode::UNAUTHORIZED).await, detail);

    // Usernames are matched without letter case.
    let upper = app
        .post(
            "/api/v1/tokens",
            None,
            &json!({ "username": "ADA", "password": "password-of-ada" }),
        )
        .await;
    assert_eq!(upper.status(), StatusCode::CREATED);
}

#[tokio::test]
async fn tokens_are_stored_only_as_digests() {
    let app = TestApp::spawn().await;
    let token = app.sign_up("ada", false).await;
    let mut conn = app.pool.get().await.unwrap();
    use eagles_db::diesel::prelude::*;
    use eagles_db::diesel_async::RunQueryDsl;
    use eagles_db::schema::api_tokens;
    let stored: Vec<Vec<u8>> = api_tokens::table
        .select(api_tokens::token_hash)
        .load(&mut conn)
        .await
        .unwrap();
    assert_eq!(stored, vec![eagles_api::auth::token::digest(&token)]);
    assert!(!stored[0]
        .windows(8)
        .any(|w| token.as_bytes().windows(8).any(|t| t == w)));
}

#[tokio::test]
async fn deleting_the_current_token_stops_it_working() {
    let app = TestApp::spawn().await;
    let token = app.sign_up("ada", false).await;
    let other = {
        let response = app
            .post(
                "/api/v1/tokens",
                None,
                &json!({ "username": "ada", "password": "password-of-ada" }),
            )
            .await;
        body(response).await["token"].as_str().unwrap().to_owned()
    };

    let deleted = app
        .request(Method::DELETE, "/api/v1/tokens/current", Some(&token))
        .send()
        .await
        .unwrap();
    assert_eq!(deleted.status(), StatusCode::NO_CONTENT);

    let after = app
        .post(
            "/api/v1/campaigns",
            Some(&token),
            &json!({ "name": "x", "start_date": "1917-04-01" }),
        )
        .await;
    problem(after, StatusCode::UNAUTHORIZED).await;
    // Only that token: the account's other token still works.
    let still = app
        .post(
            "/api/v1/campaigns",
            Some(&other),
            &json!({ "name": "x", "start_date": "1917-04-01" }),
        )
        .await;
    assert_eq!(still.status(), StatusCode::CREATED);
}

#[tokio::test]
async fn missing_malformed_and_unknown_tokens_are_401() {
    let app = TestApp::spawn().await;
    let body_json = json!({ "name": "x", "start_date": "1917-04-01" });
    let none = app.post("/api/v1/campaigns", None, &body_json).await;
    assert!(problem(none, StatusCode::UNAUTHORIZED)
        .await
        .contains("Bearer"));
    let unknown = app
        .post("/api/v1/campaigns", Some("eagles_madeup"), &body_json)
        .await;
    problem(unknown, StatusCode::UNAUTHORIZED).await;
    let basic = app
        .request(Method::POST, "/api/v1/campaigns", None)
        .header("Authorization", "Basic YWRhOnB3")
        .json(&body_json)
        .send()
        .await
        .unwrap();
    problem(basic, StatusCode::UNAUTHORIZED).await;
    let delete = app
        .request(Method::DELETE, "/api/v1/tokens/current", None)
        .send()
        .await
        .unwrap();
    problem(delete, StatusCode::UNAUTHORIZED).await;
}

#[tokio::test]
async fn token_requests_with_bad_bodies_are_400() {
    let app = TestApp::spawn().await;
    let malformed = app
        .request(Method::POST, "/api/v1/tokens", None)
        .header("content-type", "application/json")
        .body("{\"username\": ")
        .send()
        .await
        .unwrap();
    problem(malformed, StatusCode::BAD_REQUEST).await;
    let wrong_type = app
        .post(
            "/api/v1/tokens",
            None,
            &json!({ "username": 7, "password": "x" }),
        )
        .await;
    assert!(problem(wrong_type, StatusCode::BAD_REQUEST)
        .await
        .contains("username"));
    let unknown_field = app
        .post(
            "/api/v1/tokens",
            None,
            &json!({ "username": "a", "password": "b", "remember": true }),
        )
        .await;
    assert!(problem(unknown_field, StatusCode::BAD_REQUEST)
        .await
        .contains("remember"));
}
