//! A campaign's invitations (R26, API v1.3 "Accounts"): its referees make, list and
//! withdraw them; the code is unguessable; whoever holds it reads it and joins, with
//! its side or one he picks (R2); one that expired, is used up or was withdrawn is
//! gone (410, saying which); a member already is a conflict (409).

use chrono::{Duration, Utc};
use reqwest::{Method, StatusCode};
use serde_json::{json, Value};

use crate::support::accounts::{invite, is_unguessable, GOOD_PASSWORD};
use crate::support::{body, problem, TestApp};

/// Rita's private campaign with Ada playing Allied; answers (rita, ada, campaign).
async fn campaign(app: &TestApp) -> (String, String, i64) {
    let rita = app.sign_up("rita", false).await;
    let ada = app.sign_up("ada", false).await;
    let campaign = app.campaign(&rita, "1917-04-02", false).await;
    app.add_player(&rita, campaign, "ada", "allied").await;
    (rita, ada, campaign)
}

async fn accept(app: &TestApp, token: &str, code: &str, acceptance: Value) -> reqwest::Response {
    app.post(
        &format!("/api/v1/invitations/{code}/accept"),
        Some(token),
        &acceptance,
    )
    .await
}

/// API v1.3: a referee's invitation answers its code, link, role, side, uses and
/// end (1 use and 14 days unless asked); the code holds at least 128 random bits;
/// the list says whether each still works; a player may not invite (403); uses and
/// days out of bounds are both named (422).
#[tokio::test]
async fn a_referee_makes_lists_and_withdraws_invitations() {
    let app = TestApp::spawn().await;
    let (rita, ada, campaign) = self::campaign(&app).await;
    let path = format!("/api/v1/campaigns/{campaign}/invitations");
    let made = invite(
        &app,
        &rita,
        campaign,
        json!({ "role": "player", "side": "central" }),
    )
    .await;
    let code = made["code"].as_str().unwrap();
    assert!(is_unguessable(code), "{code}");
    assert_eq!(made["url"], format!("{}/join/{code}", app.address));
    assert_eq!(made["role"], "player");
    assert_eq!(made["side"], "central");
    assert_eq!(made["uses_left"], 1);
    let expires: chrono::DateTime<Utc> = made["expires_at"].as_str().unwrap().parse().unwrap();
    let days = (expires - Utc::now()).num_hours();
    assert!((14 * 24 - 1..=14 * 24).contains(&days), "{days} hours");
    let other = invite(
        &app,
        &rita,
        campaign,
        json!({ "role": "referee", "uses": 3, "expires_in_days": 2 }),
    )
    .await;
    assert_ne!(other["code"], made["code"]);
    assert_eq!(other["uses_left"], 3);

    let refused = app
        .post(&path, Some(&ada), &json!({ "role": "player" }))
        .await;
    assert_eq!(refused.status(), StatusCode::FORBIDDEN);
    let response = app
        .post(
            &path,
            Some(&rita),
            &json!({ "role": "player", "uses": 0, "expires_in_days": 365 }),
        )
        .await;
    let detail = problem(response, StatusCode::UNPROCESSABLE_ENTITY).await;
    assert!(
        detail.contains("1 to 100 people") && detail.contains("1 to 90 days"),
        "{detail}"
    );

    let withdrawn = app
        .request(
            Method::DELETE,
            &format!("{path}/{}", made["id"]),
            Some(&rita),
        )
        .send()
        .await
        .unwrap();
    assert_eq!(withdrawn.status(), StatusCode::NO_CONTENT);
    let listed = body(app.get(&path, Some(&rita)).await).await;
    let listed = listed.as_array().unwrap();
    assert_eq!(listed.len(), 2);
    assert_eq!(listed[0]["id"], other["id"], "newest first");
    assert_eq!(listed[0]["state"], "valid");
    assert_eq!(listed[1]["state"], "revoked");
    assert_eq!(listed[1]["revoked"], true);
    assert_eq!(
        app.get(&path, Some(&ada)).await.status(),
        StatusCode::FORBIDDEN
    );
    let gone = app
        .request(Method::DELETE, &format!("{path}/999999"), Some(&rita))
        .send()
        .await
        .unwrap();
    assert_eq!(gone.status(), StatusCode::NOT_FOUND);
}

/// API v1.3: the code's holder reads the invitation without a token (the campaign's
/// name, role, side, whether it works) and, signed in, joins with it (R2: its side).
/// Joining twice is a conflict (409).
#[tokio::test]
async fn the_holder_reads_the_invitation_and_joins_once() {
    let app = TestApp::spawn().await;
    let (rita, _ada, campaign) = self::campaign(&app).await;
    let made = invite(
        &app,
        &rita,
        campaign,
        json!({ "role": "player", "side": "central", "uses": 2 }),
    )
    .await;
    let code = made["code"].as_str().unwrap();
    let read = body(app.get(&format!("/api/v1/invitations/{code}"), None).await).await;
    assert_eq!(read["campaign_name"], "Bloody April");
    assert_eq!(read["campaign_id"], campaign);
    assert_eq!(read["side"], "central");
    assert_eq!(read["state"], "valid");
    assert!(read["refusal"].is_null());
    let unknown = app.get("/api/v1/invitations/no-such-code", None).await;
    assert_eq!(unknown.status(), StatusCode::NOT_FOUND);

    let karl = app.sign_up("karl", false).await;
    let joined = accept(&app, &karl, code, json!({})).await;
    assert_eq!(joined.status(), StatusCode::CREATED);
    let joined = body(joined).await;
    assert_eq!(joined["username"], "karl");
    assert_eq!(joined["side"], "central");
    assert_eq!(joined["role"], "player");
    let campaign_now = app
        .get(&format!("/api/v1/campaigns/{campaign}"), Some(&karl))
        .await;
    assert_eq!(
        campaign_now.status(),
        StatusCode::OK,
        "a member reads the private campaign"
    );
    let again = accept(&app, &karl, code, json!({})).await;
    let detail = problem(again, StatusCode::CONFLICT).await;
    assert!(
        detail.contains("already a member of \"Bloody April\""),
        "{detail}"
    );
}

/// R2: an invitation that leaves the side open makes the player pick one (422
/// without); a side other than the invitation's is refused in words.
#[tokio::test]
async fn a_player_picks_his_side_when_the_invitation_leaves_it_open() {
    let app = TestApp::spawn().await;
    let (rita, _ada, campaign) = self::campaign(&app).await;
    let open = invite(
        &app,
        &rita,
        campaign,
        json!({ "role": "player", "uses": 5 }),
    )
    .await;
    let code = open["code"].as_str().unwrap();
    let karl = app.sign_up("karl", false).await;
    let detail = problem(
        accept(&app, &karl, code, json!({})).await,
        StatusCode::UNPROCESSABLE_ENTITY,
    )
    .await;
    assert!(
        detail.contains("pick a side, Allied or Central"),
        "{detail}"
    );
    let joined = body(accept(&app, &karl, code, json!({ "side": "central" })).await).await;
    assert_eq!(joined["side"], "central");

    let allied = invite(
        &app,
        &rita,
        campaign,
        json!({ "role": "player", "side": "allied" }),
    )
    .await;
    let max = app.sign_up("max", false).await;
    let detail = problem(
        accept(
            &app,
            &max,
            allied["code"].as_str().unwrap(),
            json!({ "side": "central" }),
        )
        .await,
        StatusCode::UNPROCESSABLE_ENTITY,
    )
    .await;
    assert!(
        detail.contains("this invitation is to the Allied side"),
        "{detail}"
    );
}

/// API v1.3: an invitation used up, withdrawn or expired is gone (410), and the
/// answer says which.
#[tokio::test]
async fn a_used_up_withdrawn_or_expired_invitation_is_gone_and_says_why() {
    let app = TestApp::spawn().await;
    let (rita, _ada, campaign) = self::campaign(&app).await;
    let karl = app.sign_up("karl", false).await;
    let max = app.sign_up("max", false).await;

    let once = invite(
        &app,
        &rita,
        campaign,
        json!({ "role": "player", "side": "central" }),
    )
    .await;
    let once = once["code"].as_str().unwrap();
    assert_eq!(
        accept(&app, &karl, once, json!({})).await.status(),
        StatusCode::CREATED
    );
    let detail = problem(accept(&app, &max, once, json!({})).await, StatusCode::GONE).await;
    assert!(detail.contains("used up"), "{detail}");

    let withdrawn = invite(
        &app,
        &rita,
        campaign,
        json!({ "role": "player", "side": "central" }),
    )
    .await;
    let revoked = app
        .request(
            Method::DELETE,
            &format!(
                "/api/v1/campaigns/{campaign}/invitations/{}",
                withdrawn["id"]
            ),
            Some(&rita),
        )
        .send()
        .await
        .unwrap();
    assert_eq!(revoked.status(), StatusCode::NO_CONTENT);
    let detail = problem(
        accept(&app, &max, withdrawn["code"].as_str().unwrap(), json!({})).await,
        StatusCode::GONE,
    )
    .await;
    assert!(detail.contains("withdrawn"), "{detail}");

    let late = invite(
        &app,
        &rita,
        campaign,
        json!({ "role": "player", "side": "central" }),
    )
    .await;
    expire(&app, late["id"].as_i64().unwrap()).await;
    let code = late["code"].as_str().unwrap();
    let detail = problem(accept(&app, &max, code, json!({})).await, StatusCode::GONE).await;
    assert!(detail.contains("expired"), "{detail}");
    let read = body(app.get(&format!("/api/v1/invitations/{code}"), None).await).await;
    assert_eq!(read["state"], "expired");
    assert!(read["refusal"].as_str().unwrap().contains("expired"));
    // Signing up with it is refused the same way, and makes no account.
    let signed_up = app
        .post(
            "/api/v1/accounts",
            None,
            &json!({ "username": "oswald", "password": GOOD_PASSWORD, "invitation": code }),
        )
        .await;
    assert!(problem(signed_up, StatusCode::GONE)
        .await
        .contains("expired"));
    let oswald = app
        .post(
            "/api/v1/tokens",
            None,
            &json!({ "username": "oswald", "password": GOOD_PASSWORD }),
        )
        .await;
    assert_eq!(oswald.status(), StatusCode::UNAUTHORIZED);
}

/// Moves an invitation's end into the past: the state a day later, without waiting.
async fn expire(app: &TestApp, id: i64) {
    use eagles_db::diesel::prelude::*;
    use eagles_db::diesel_async::RunQueryDsl;
    use eagles_db::schema::invitations;
    let mut conn = app.pool.get().await.unwrap();
    eagles_db::diesel::update(invitations::table.find(id))
        .set(invitations::expires_at.eq(Utc::now() - Duration::minutes(1)))
        .execute(&mut conn)
        .await
        .unwrap();
}

/// API v1.3 "A write happens once": the same Idempotency-Key and body make one
/// invitation, and accepting with a key twice joins once.
#[tokio::test]
async fn an_idempotency_key_makes_one_invitation() {
    let app = TestApp::spawn().await;
    let (rita, _ada, campaign) = self::campaign(&app).await;
    let path = format!("/api/v1/campaigns/{campaign}/invitations");
    let send = || {
        app.request(Method::POST, &path, Some(&rita))
            .header("Idempotency-Key", "invite-karl")
            .json(&json!({ "role": "player", "side": "central" }))
            .send()
    };
    let first = body(send().await.unwrap()).await;
    let second = body(send().await.unwrap()).await;
    assert_eq!(first["id"], second["id"]);
    let listed = body(app.get(&path, Some(&rita)).await).await;
    assert_eq!(listed.as_array().unwrap().len(), 1);

    let karl = app.sign_up("karl", false).await;
    let join = || {
        app.request(
            Method::POST,
            &format!(
                "/api/v1/invitations/{}/accept",
                first["code"].as_str().unwrap()
            ),
            Some(&karl),
        )
        .header("Idempotency-Key", "join-once")
        .json(&json!({}))
        .send()
    };
    assert_eq!(join().await.unwrap().status(), StatusCode::CREATED);
    let replayed = join().await.unwrap();
    assert_eq!(replayed.status(), StatusCode::CREATED);
    assert_eq!(replayed.headers()["idempotency-replayed"], "true");
}
