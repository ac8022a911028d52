//! One-time password reset links (R26, API v1.3 "Accounts"): an instance admin makes
//! one (API or `eagles user reset`), valid 24 hours; it sets the password once and
//! ends every session and token of the account; a link unknown, used or expired is
//! gone (410) in words; wrong tokens are limited per address.

use chrono::{Duration, Utc};
use eagles_office::prelude::*;
use reqwest::StatusCode;
use serde_json::json;

use crate::support::accounts::{
    audit_actions, is_unguessable, office, sign_in_status, works, GOOD_PASSWORD,
};
use crate::support::{body, problem, TestApp};

const ADDRESS: &str = "192.0.2.7";

async fn make_link(app: &TestApp, admin: &str, username: &str) -> reqwest::Response {
    app.post(
        &format!("/api/v1/accounts/{username}/reset"),
        Some(admin),
        &json!({}),
    )
    .await
}

/// The token a link ends with.
fn token_of(url: &str) -> String {
    url.rsplit('/').next().unwrap().to_owned()
}

/// API v1.3: the admin's link is `EAGLES_PUBLIC_URL/reset/{token}`, valid 24 hours,
/// its token unguessable and stored only as a digest; it sets the password once,
/// ending every token of the account.
#[tokio::test]
async fn a_reset_link_works_once_and_ends_every_token() {
    let app = TestApp::spawn().await;
    let admin = app.sign_up("olga", true).await;
    let ada = app.sign_up("ada", false).await;
    let made = make_link(&app, &admin, "ADA").await;
    assert_eq!(made.status(), StatusCode::CREATED);
    let made = body(made).await;
    let url = made["url"].as_str().unwrap();
    assert!(url.starts_with(&format!("{}/reset/", app.address)), "{url}");
    let token = token_of(url);
    assert!(is_unguessable(&token), "{token}");
    let expires: chrono::DateTime<Utc> = made["expires_at"].as_str().unwrap().parse().unwrap();
    let hours = (expires - Utc::now()).num_minutes();
    assert!((23 * 60..=24 * 60).contains(&hours), "{hours} minutes");
    assert_eq!(
        stored_digests(&app).await,
        vec![eagles_office::credentials::credential_digest(&token)]
    );

    let office = office(&app);
    let preview = office
        .reset_preview(ADDRESS.into(), token.clone())
        .await
        .unwrap();
    assert_eq!(preview.username, "ada");
    let refused = office
        .reset_password(ADDRESS.into(), token.clone(), "short".into())
        .await
        .unwrap_err();
    assert!(
        refused.to_string().contains("at least 10 characters"),
        "{refused}"
    );
    let user = office
        .reset_password(ADDRESS.into(), token.clone(), GOOD_PASSWORD.into())
        .await
        .unwrap();
    assert_eq!(user.username, "ada");
    assert!(!works(&app, &ada).await, "the account's tokens ended");
    assert_eq!(
        sign_in_status(&app, "ada", GOOD_PASSWORD).await,
        StatusCode::CREATED
    );
    let again = office
        .reset_password(ADDRESS.into(), token, "Another-good-password".into())
        .await
        .unwrap_err();
    assert_eq!(again.status(), 410);
    assert!(again.to_string().contains("already been used"), "{again}");
    let actions = audit_actions(&app).await;
    assert!(
        actions.contains(&"account.reset_link".to_owned()),
        "{actions:?}"
    );
    assert!(actions.contains(&"account.reset_used".to_owned()));
}

async fn stored_digests(app: &TestApp) -> Vec<Vec<u8>> {
    use eagles_db::diesel::prelude::*;
    use eagles_db::diesel_async::RunQueryDsl;
    use eagles_db::schema::password_resets;
    let mut conn = app.pool.get().await.unwrap();
    password_resets::table
        .select(password_resets::token_hash)
        .load(&mut conn)
        .await
        .unwrap()
}

/// Only instance admins make links (403); an unknown account is a 404; a link
/// unknown or expired is gone (410) in words; a newer link replaces an older one.
#[tokio::test]
async fn links_are_for_admins_and_expire() {
    let app = TestApp::spawn().await;
    let admin = app.sign_up("olga", true).await;
    let ada = app.sign_up("ada", false).await;
    let refused = make_link(&app, &ada, "ada").await;
    assert!(problem(refused, StatusCode::FORBIDDEN)
        .await
        .contains("administrator"));
    let unknown = make_link(&app, &admin, "nobody").await;
    assert!(problem(unknown, StatusCode::NOT_FOUND)
        .await
        .contains("no account with this username"));

    let first = token_of(
        body(make_link(&app, &admin, "ada").await).await["url"]
            .as_str()
            .unwrap(),
    );
    let second = token_of(
        body(make_link(&app, &admin, "ada").await).await["url"]
            .as_str()
            .unwrap(),
    );
    let office = office(&app);
    let replaced = office
        .reset_preview(ADDRESS.into(), first)
        .await
        .unwrap_err();
    assert_eq!(replaced.status(), 410);
    assert!(
        replaced.to_string().contains("replaced by a newer one"),
        "{replaced}"
    );

    expire_links(&app).await;
    let expired = office
        .reset_password(ADDRESS.into(), second, GOOD_PASSWORD.into())
        .await
        .unwrap_err();
    assert_eq!(expired.status(), 410);
    assert!(expired.to_string().contains("expired"), "{expired}");
    assert!(works(&app, &ada).await, "nothing changed");
}

async fn expire_links(app: &TestApp) {
    use eagles_db::diesel::prelude::*;
    use eagles_db::diesel_async::RunQueryDsl;
    use eagles_db::schema::password_resets;
    let mut conn = app.pool.get().await.unwrap();
    eagles_db::diesel::update(password_resets::table)
        .set(password_resets::expires_at.eq(Utc::now() - Duration::minutes(1)))
        .execute(&mut conn)
        .await
        .unwrap();
}

/// Wrong reset tokens are counted per client address: 20 within 15 minutes, then
/// 429 even for a good one.
#[tokio::test]
async fn wrong_reset_tokens_are_limited_per_address() {
    let app = TestApp::spawn().await;
    let admin = app.sign_up("olga", true).await;
    app.sign_up("ada", false).await;
    let good = token_of(
        body(make_link(&app, &admin, "ada").await).await["url"]
            .as_str()
            .unwrap(),
    );
    let office = office(&app);
    for n in 0..20 {
        let wrong = office
            .reset_preview(ADDRESS.into(), format!("guess-{n}"))
            .await
            .unwrap_err();
        assert_eq!(wrong.status(), 410);
    }
    let limited = office
        .reset_preview(ADDRESS.into(), good.clone())
        .await
        .unwrap_err();
    assert_eq!(limited.status(), 429, "{limited}");
    let elsewhere = office
        .reset_preview("192.0.2.8".into(), good)
        .await
        .unwrap();
    assert_eq!(elsewhere.username, "ada");
}

/// `eagles user reset NAME` prints the same kind of link, under EAGLES_PUBLIC_URL,
/// and it works once.
#[tokio::test]
async fn the_command_line_prints_a_link() {
    let app = TestApp::spawn().await;
    app.sign_up("ada", false).await;
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_eagles"))
        .args(["user", "reset", "Ada"])
        .env("DATABASE_URL", app._database.as_ref().unwrap().url())
        .env("EAGLES_PUBLIC_URL", "https://eagles.example.org/club")
        .env("RUST_LOG", "warn")
        .output()
        .expect("run eagles user reset");
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let url = String::from_utf8(output.stdout).unwrap().trim().to_owned();
    assert!(
        url.starts_with("https://eagles.example.org/club/reset/"),
        "{url}"
    );
    let office = office(&app);
    let user = office
        .reset_password(ADDRESS.into(), token_of(&url), GOOD_PASSWORD.into())
        .await
        .unwrap();
    assert_eq!(user.username, "ada");
    assert_eq!(
        sign_in_status(&app, "ada", GOOD_PASSWORD).await,
        StatusCode::CREATED
    );
}
