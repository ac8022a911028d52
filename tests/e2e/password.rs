//! Changing one's password and signing out everywhere else (R26, API v1.3
//! "Accounts"): every other session and token of the account stops working, the one
//! making the request goes on; the new password follows the sign-up rules; a wrong
//! current password counts as a failed sign-in.

use reqwest::{Method, Response, StatusCode};
use serde_json::json;

use crate::support::accounts::{audit_actions, sign_in_status, token, works, GOOD_PASSWORD};
use crate::support::{problem, TestApp};

async fn change(app: &TestApp, token: &str, current: &str, new: &str) -> Response {
    app.request(
        Method::PUT,
        "/api/v1/accounts/current/password",
        Some(token),
    )
    .json(&json!({ "current_password": current, "new_password": new }))
    .send()
    .await
    .unwrap()
}

/// A page session of the account, stored as the pages store one.
async fn page_session(app: &TestApp, username: &str) -> Vec<u8> {
    use eagles_db::diesel::prelude::*;
    use eagles_db::diesel_async::RunQueryDsl;
    use eagles_db::schema::users;
    let mut conn = app.pool.get().await.unwrap();
    let user_id: i64 = users::table
        .filter(users::username.eq(username))
        .select(users::id)
        .first(&mut conn)
        .await
        .unwrap();
    let id_hash = eagles_office::credentials::credential_digest(&format!("session-of-{username}"));
    eagles_db::sessions::create(
        &mut conn,
        &eagles_db::sessions::NewSession {
            id_hash: &id_hash,
            user_id: Some(user_id),
            csrf_token: "csrf",
            expires_at: chrono::Utc::now() + chrono::Duration::hours(1),
        },
    )
    .await
    .unwrap();
    id_hash
}

async fn session_lives(app: &TestApp, id_hash: &[u8]) -> bool {
    let mut conn = app.pool.get().await.unwrap();
    eagles_db::sessions::find(&mut conn, id_hash)
        .await
        .unwrap()
        .is_some()
}

/// API v1.3: a changed password ends every other token and page session of the
/// account; the caller's own token keeps working; the old password no longer signs
/// in, the new one does.
#[tokio::test]
async fn a_changed_password_ends_every_other_session_and_token() {
    let app = TestApp::spawn().await;
    let mine = app.sign_up("ada", false).await;
    let other = token(&app, "ada", "password-of-ada").await;
    let session = page_session(&app, "ada").await;
    let karl = app.sign_up("karl", false).await;

    assert_eq!(
        change(&app, &mine, "password-of-ada", GOOD_PASSWORD)
            .await
            .status(),
        StatusCode::NO_CONTENT
    );
    assert!(works(&app, &mine).await, "the caller's own token goes on");
    assert!(!works(&app, &other).await, "a second token stops working");
    assert!(!session_lives(&app, &session).await, "a page session ends");
    assert!(
        works(&app, &karl).await,
        "another account's token is untouched"
    );
    assert_eq!(
        sign_in_status(&app, "ada", "password-of-ada").await,
        StatusCode::UNAUTHORIZED
    );
    assert_eq!(
        sign_in_status(&app, "ada", GOOD_PASSWORD).await,
        StatusCode::CREATED
    );
    assert!(audit_actions(&app)
        .await
        .contains(&"account.password_change".to_owned()));
}

/// The new password follows the sign-up rules (each broken one in words); a wrong
/// current password is refused beside them and counts as a failed sign-in, so ten
/// of them lock the account's sign-in like ten wrong sign-ins.
#[tokio::test]
async fn the_new_password_follows_the_rules_and_a_wrong_current_one_counts() {
    let app = TestApp::spawn().await;
    let ada = app.sign_up("ada", false).await;
    for (new, words) in [
        ("short", "at least 10 characters"),
        ("ADA", "must not be the username"),
        ("1234567890", "10,000 most common"),
    ] {
        let detail = problem(
            change(&app, &ada, "password-of-ada", new).await,
            StatusCode::UNPROCESSABLE_ENTITY,
        )
        .await;
        assert!(detail.contains(words), "{new}: {detail}");
    }
    let detail = problem(
        change(&app, &ada, "not her password", "qwertyuiop").await,
        StatusCode::UNPROCESSABLE_ENTITY,
    )
    .await;
    assert!(
        detail.contains("current password is wrong") && detail.contains("10,000 most common"),
        "{detail}"
    );
    for _ in 1..10 {
        let wrong = change(&app, &ada, "not her password", GOOD_PASSWORD).await;
        assert_eq!(wrong.status(), StatusCode::UNPROCESSABLE_ENTITY);
    }
    assert_eq!(
        sign_in_status(&app, "ada", "password-of-ada").await,
        StatusCode::TOO_MANY_REQUESTS,
        "ten wrong current passwords are ten failed sign-ins"
    );
    assert!(works(&app, &ada).await, "nothing was changed");
}

/// API v1.3: signing out everywhere else ends every other token and page session;
/// the caller's token goes on.
#[tokio::test]
async fn signing_out_everywhere_else_keeps_only_this_token() {
    let app = TestApp::spawn().await;
    let mine = app.sign_up("ada", false).await;
    let phone = token(&app, "ada", "password-of-ada").await;
    let laptop = token(&app, "ada", "password-of-ada").await;
    let session = page_session(&app, "ada").await;
    let ended = app
        .request(
            Method::DELETE,
            "/api/v1/accounts/current/sessions",
            Some(&mine),
        )
        .send()
        .await
        .unwrap();
    assert_eq!(ended.status(), StatusCode::NO_CONTENT);
    assert!(works(&app, &mine).await);
    assert!(!works(&app, &phone).await);
    assert!(!works(&app, &laptop).await);
    assert!(!session_lives(&app, &session).await);
    assert!(audit_actions(&app)
        .await
        .contains(&"account.sign_out_everywhere".to_owned()));
}
