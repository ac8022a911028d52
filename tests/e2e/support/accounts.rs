//! What the tests of accounts people make and keep themselves share (R26, API v1.3
//! "Accounts"): invitations, sign-ups, tokens, `eagles serve` with a sign-up setting,
//! and the office itself for the use cases only the pages call.

use reqwest::{Response, StatusCode};
use serde_json::{json, Value};

pub use super::instance::Instance;
use super::{body, TestApp};

/// A password no rule refuses.
pub const GOOD_PASSWORD: &str = "Sopwith-Camel-over-Arras";

/// Makes an invitation of `campaign` as `referee`; answers its view.
pub async fn invite(app: &TestApp, referee: &str, campaign: i64, invitation: Value) -> Value {
    let response = app
        .post(
            &format!("/api/v1/campaigns/{campaign}/invitations"),
            Some(referee),
            &invitation,
        )
        .await;
    assert_eq!(response.status(), StatusCode::CREATED);
    body(response).await
}

/// `POST /api/v1/accounts` with this body.
pub async fn sign_up(app: &TestApp, account: Value) -> Response {
    app.post("/api/v1/accounts", None, &account).await
}

/// The status of `POST /api/v1/tokens` for these credentials.
pub async fn sign_in_status(app: &TestApp, username: &str, password: &str) -> StatusCode {
    app.post(
        "/api/v1/tokens",
        None,
        &json!({ "username": username, "password": password }),
    )
    .await
    .status()
}

/// A new token for these credentials.
pub async fn token(app: &TestApp, username: &str, password: &str) -> String {
    let response = app
        .post(
            "/api/v1/tokens",
            None,
            &json!({ "username": username, "password": password }),
        )
        .await;
    assert_eq!(response.status(), StatusCode::CREATED);
    body(response).await["token"].as_str().unwrap().to_owned()
}

/// Whether a token still works: `GET /api/v1/campaigns` with it is 200, not 401.
pub async fn works(app: &TestApp, token: &str) -> bool {
    let status = app.get("/api/v1/campaigns", Some(token)).await.status();
    assert!(
        status == StatusCode::OK || status == StatusCode::UNAUTHORIZED,
        "{status}"
    );
    status == StatusCode::OK
}

/// The audit log's actions, oldest first.
pub async fn audit_actions(app: &TestApp) -> Vec<String> {
    use eagles_db::diesel::prelude::*;
    use eagles_db::diesel_async::RunQueryDsl;
    use eagles_db::schema::audit_log;
    let mut conn = app.pool.get().await.unwrap();
    audit_log::table
        .order(audit_log::id)
        .select(audit_log::action)
        .load(&mut conn)
        .await
        .unwrap()
}

/// Whether `secret` holds at least 128 random bits as the service writes them: 43
/// characters of URL-safe base64 (6 bits each: 258 bits of 32 random bytes).
pub fn is_unguessable(secret: &str) -> bool {
    secret.len() == 43
        && secret
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
}

/// The office over the app's database, for the use cases only the pages call.
pub fn office(app: &TestApp) -> eagles_service::Service {
    eagles_service::Service::new(
        app.pool.clone(),
        Default::default(),
        eagles_service::events::Hub::new(Default::default()),
    )
}
