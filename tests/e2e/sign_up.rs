//! Signing up (R26, API v1.3 "Accounts"): with an invitation the account and its
//! membership are made in one transaction (R2's sides), usernames and passwords follow
//! their rules (every broken one listed), `EAGLES_SIGN_UP` says who may, and sign-ups
//! are counted per client address.

use reqwest::StatusCode;
use serde_json::json;

use crate::support::accounts::{
    audit_actions, invite, sign_in_status, sign_up, Instance, GOOD_PASSWORD,
};
use crate::support::{body, problem, TestApp};

/// A referee, his private campaign and an invitation to it; answers (referee's
/// token, campaign, invitation code).
async fn invited(app: &TestApp, invitation: serde_json::Value) -> (String, i64, String) {
    let rita = app.sign_up("rita", false).await;
    let campaign = app.campaign(&rita, "1917-04-02", false).await;
    let code = invite(app, &rita, campaign, invitation).await["code"]
        .as_str()
        .unwrap()
        .to_owned();
    (rita, campaign, code)
}

/// API v1.3: with an invitation, one request makes the account and its membership
/// (the invitation's role and side, R2), spending one use; the name then signs in in
/// any letter case.
#[tokio::test]
async fn an_invitation_makes_the_account_and_its_membership_together() {
    let app = TestApp::spawn().await;
    let (rita, campaign, code) = invited(&app, json!({ "role": "player", "side": "allied" })).await;
    let made = sign_up(
        &app,
        json!({ "username": "Georges.G", "password": GOOD_PASSWORD, "invitation": code }),
    )
    .await;
    assert_eq!(made.status(), StatusCode::CREATED);
    let made = body(made).await;
    assert_eq!(made["username"], "Georges.G");
    assert_eq!(made["membership"]["campaign_id"], campaign);
    assert_eq!(made["membership"]["role"], "player");
    assert_eq!(made["membership"]["side"], "allied");

    let members = body(
        app.get(
            &format!("/api/v1/campaigns/{campaign}/members"),
            Some(&rita),
        )
        .await,
    )
    .await;
    assert!(members
        .as_array()
        .unwrap()
        .iter()
        .any(|m| m["username"] == "Georges.G" && m["side"] == "allied"));
    assert_eq!(
        sign_in_status(&app, "georges.g", GOOD_PASSWORD).await,
        StatusCode::CREATED
    );
    let listed = body(
        app.get(
            &format!("/api/v1/campaigns/{campaign}/invitations"),
            Some(&rita),
        )
        .await,
    )
    .await;
    assert_eq!(listed[0]["uses_left"], 0);
    assert_eq!(listed[0]["state"], "used_up");
    let actions = audit_actions(&app).await;
    assert!(
        actions.contains(&"account.sign_up".to_owned()),
        "{actions:?}"
    );
    assert!(actions.contains(&"member.join_by_invitation".to_owned()));
}

/// R2: a player needs a side; an invitation that leaves it open makes him pick one
/// (422, beside any other problem of the request), and nothing is made until he does.
#[tokio::test]
async fn an_open_invitation_wants_a_side_and_makes_nothing_without_one() {
    let app = TestApp::spawn().await;
    let (_rita, _campaign, code) = invited(&app, json!({ "role": "player", "uses": 3 })).await;
    let account = json!({ "username": "manfred", "password": GOOD_PASSWORD, "invitation": code });
    let detail = problem(
        sign_up(&app, account.clone()).await,
        StatusCode::UNPROCESSABLE_ENTITY,
    )
    .await;
    assert!(detail.contains("pick a side"), "{detail}");
    // Listed beside the password's problems, all at once.
    let mut short = account.clone();
    short["password"] = json!("short");
    let detail = problem(sign_up(&app, short).await, StatusCode::UNPROCESSABLE_ENTITY).await;
    assert!(
        detail.contains("at least 10 characters") && detail.contains("pick a side"),
        "{detail}"
    );
    assert_eq!(
        sign_in_status(&app, "manfred", GOOD_PASSWORD).await,
        StatusCode::UNAUTHORIZED,
        "the account was not kept without its membership"
    );
    let mut with_side = account;
    with_side["side"] = json!("central");
    let made = body(sign_up(&app, with_side).await).await;
    assert_eq!(made["membership"]["side"], "central");
}

/// API v1.3: usernames are 3–32 letters, digits, `-`, `_`, `.`; every broken rule of
/// the username and the password comes back at once, in words, at its field.
#[tokio::test]
async fn every_broken_rule_of_the_name_and_password_is_listed() {
    let app = TestApp::spawn().await;
    let (_rita, _campaign, code) = invited(
        &app,
        json!({ "role": "player", "side": "allied", "uses": 20 }),
    )
    .await;
    let refused = |username: &str, password: &str| json!({ "username": username, "password": password, "invitation": code });
    let cases = [
        (refused("ab", GOOD_PASSWORD), vec!["3 to 32 characters"]),
        (
            refused(&"a".repeat(33), GOOD_PASSWORD),
            vec!["3 to 32 characters"],
        ),
        (
            refused("von Richthofen", GOOD_PASSWORD),
            vec!["only letters"],
        ),
        (
            refused("_ace", GOOD_PASSWORD),
            vec!["start with a letter or a digit"],
        ),
        (refused("werner", "short1"), vec!["at least 10 characters"]),
        (
            refused("Werner-Voss", "werner-VOSS"),
            vec!["must not be the username"],
        ),
        (refused("werner", "qwertyuiop"), vec!["10,000 most common"]),
        (refused("werner", "Password123"), vec!["10,000 most common"]),
        (
            refused("w!", "abc"),
            vec![
                "3 to 32 characters",
                "only letters",
                "at least 10 characters",
            ],
        ),
    ];
    for (account, expected) in cases {
        let response = sign_up(&app, account.clone()).await;
        assert_eq!(
            response.status(),
            StatusCode::UNPROCESSABLE_ENTITY,
            "{account}"
        );
        let problem = body(response).await;
        let detail = problem["detail"].as_str().unwrap();
        for words in &expected {
            assert!(detail.contains(words), "{account}: {detail}");
        }
        if expected.len() > 1 {
            let paths: Vec<&str> = problem["problems"]
                .as_array()
                .unwrap()
                .iter()
                .map(|p| p["path"].as_str().unwrap())
                .collect();
            assert_eq!(paths, ["username", "username", "password"]);
        }
    }
    assert_eq!(
        sign_in_status(&app, "werner", "qwertyuiop").await,
        StatusCode::UNAUTHORIZED
    );
}

/// API v1.3: unique without regard to case, and "that name is taken" is the one
/// answer that tells an account exists.
#[tokio::test]
async fn a_name_taken_in_any_case_is_refused_in_words() {
    let app = TestApp::spawn().await;
    let (_rita, _campaign, code) = invited(
        &app,
        json!({ "role": "player", "side": "allied", "uses": 2 }),
    )
    .await;
    app.sign_up("ada", false).await;
    let detail = problem(
        sign_up(
            &app,
            json!({ "username": "ADA", "password": GOOD_PASSWORD, "invitation": code }),
        )
        .await,
        StatusCode::UNPROCESSABLE_ENTITY,
    )
    .await;
    assert_eq!(detail, "that name is taken: choose another username");
    assert_eq!(
        sign_in_status(&app, "ada", GOOD_PASSWORD).await,
        StatusCode::UNAUTHORIZED,
        "ada's password is unchanged"
    );
}

/// `EAGLES_SIGN_UP=invitation` (the default) refuses a sign-up without an invitation
/// (403); `closed` refuses every one (403); `open` takes one without (201); a value
/// it does not know stops the start with words naming the setting.
#[tokio::test]
async fn the_instance_says_who_may_sign_up() {
    let app = TestApp::spawn().await;
    let (_rita, _campaign, code) =
        invited(&app, json!({ "role": "player", "side": "allied" })).await;
    let alone = json!({ "username": "oswald", "password": GOOD_PASSWORD });
    let detail = problem(sign_up(&app, alone.clone()).await, StatusCode::FORBIDDEN).await;
    assert!(detail.contains("needs an invitation"), "{detail}");

    {
        let closed = Instance::start(&app, &[("EAGLES_SIGN_UP", "closed")]).await;
        let mut with_code = alone.clone();
        with_code["invitation"] = json!(code);
        let detail = problem(
            sign_up(&closed.door, with_code).await,
            StatusCode::FORBIDDEN,
        )
        .await;
        assert!(detail.contains("signing up is closed"), "{detail}");
    }
    {
        let open = Instance::start(&app, &[("EAGLES_SIGN_UP", "open")]).await;
        let made = sign_up(&open.door, alone).await;
        assert_eq!(made.status(), StatusCode::CREATED);
        assert!(body(made).await.get("membership").is_none());
    }
    let database_url = app._database.as_ref().unwrap().url();
    let refused = crate::support::serve_command(database_url, crate::support::server::free_port())
        .env("EAGLES_SIGN_UP", "everyone")
        .stderr(std::process::Stdio::piped())
        .output()
        .expect("run eagles serve");
    assert!(!refused.status.success());
    let said = String::from_utf8_lossy(&refused.stderr);
    assert!(
        said.contains("EAGLES_SIGN_UP must be invitation, open or closed"),
        "{said}"
    );
}

/// API v1.3: sign-ups are counted per client address, 20 an hour (a club behind one
/// router passes), then 429 with Retry-After; refused tries count too.
#[tokio::test]
async fn sign_ups_are_limited_per_address() {
    let app = TestApp::spawn().await;
    let try_once = || {
        sign_up(
            &app,
            json!({ "username": "x", "password": "y", "invitation": "z" }),
        )
    };
    for _ in 0..20 {
        // No such invitation: refused, and counted all the same.
        assert_eq!(try_once().await.status(), StatusCode::NOT_FOUND);
    }
    let limited = try_once().await;
    assert_eq!(limited.status(), StatusCode::TOO_MANY_REQUESTS);
    let wait: u64 = limited.headers()["retry-after"]
        .to_str()
        .unwrap()
        .parse()
        .unwrap();
    assert!(wait > 0 && wait <= 3600, "{wait}");
    let detail = problem(limited, StatusCode::TOO_MANY_REQUESTS).await;
    assert!(
        detail.contains("too many sign-ups from your address"),
        "{detail}"
    );
}

/// API v1.3 "A write happens once": a sign-up sent again with its Idempotency-Key
/// (a lost answer) answers the account it made, membership and all, and makes nothing
/// more (the invitation's one use is not spent twice); without the password it is
/// just a name that is taken.
#[tokio::test]
async fn a_sign_up_sent_again_with_its_key_answers_the_first() {
    let app = TestApp::spawn().await;
    let (rita, campaign, code) = invited(
        &app,
        json!({ "role": "player", "side": "central", "uses": 2 }),
    )
    .await;
    // Two uses: a second account could still join, so only the key tells a repeat.
    let account = json!({ "username": "lothar", "password": GOOD_PASSWORD, "invitation": code });
    let send = |account: serde_json::Value| {
        app.request(reqwest::Method::POST, "/api/v1/accounts", None)
            .header("Idempotency-Key", "lothar-signs-up")
            .json(&account)
            .send()
    };
    let first = send(account.clone()).await.unwrap();
    assert_eq!(first.status(), StatusCode::CREATED);
    assert!(first.headers().get("idempotency-replayed").is_none());
    let first = body(first).await;
    let again = send(account.clone()).await.unwrap();
    assert_eq!(again.status(), StatusCode::CREATED);
    assert_eq!(again.headers()["idempotency-replayed"], "true");
    let again = body(again).await;
    assert_eq!(again, first);
    assert_eq!(again["membership"]["campaign_id"], campaign);
    let listed = body(
        app.get(
            &format!("/api/v1/campaigns/{campaign}/invitations"),
            Some(&rita),
        )
        .await,
    )
    .await;
    assert_eq!(listed[0]["uses_left"], 1, "one use spent, not two");
    let mut guessed = account;
    guessed["password"] = json!("Another-password-entirely");
    let detail = problem(
        send(guessed).await.unwrap(),
        StatusCode::UNPROCESSABLE_ENTITY,
    )
    .await;
    assert_eq!(detail, "that name is taken: choose another username");
}
