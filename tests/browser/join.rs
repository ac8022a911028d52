//! Issue #38, the club signs itself up (R26, API v1.3 "Accounts"), on a 412 px phone:
//! a referee makes an invitation on the members page and sees its QR code; a new
//! person opens the link in a browser of his own, makes his account, picks his side
//! (§13.01), lands on the campaign and creates his crew (§13.02); he changes his
//! password and signs out everywhere else, which ends his other session and his API
//! token; a reset link an admin makes works once. Every new page passes axe and fits
//! the phone.

use crate::support::api::Api;
use crate::support::browser::Browser;
use crate::support::{csrf_of, new_campaign, TestApp, Visitor};
use fantoccini::Locator;
use reqwest::StatusCode;

/// A phone's width in CSS pixels (a Pixel 7, and many others).
const PHONE: u32 = 412;

/// The newcomer's name and passwords: his first, the one he changes to, and the one
/// a reset link sets.
const NEWCOMER: &str = "wilfrid";
const FIRST: &str = "first-secret-of-wilfrid";
const SECOND: &str = "second-secret-of-wilfrid";
const AFTER_RESET: &str = "reset-secret-of-wilfrid";

/// A browser the size of a phone, signed out.
async fn phone(app: &TestApp) -> Browser {
    let browser = Browser::start(&app.address).await;
    browser.client.set_window_size(PHONE, 915).await.unwrap();
    browser
}

/// The page shown fits the phone and passes axe; `what` names it in the failure.
/// With `EAGLES_SCREENSHOTS` set to a folder, the whole page is saved there to look at.
async fn assert_fits(browser: &Browser, what: &str) {
    let (width, window) = browser.widths().await;
    assert_eq!(window, i64::from(PHONE), "the window is a phone's");
    assert!(
        width <= window,
        "{what} is {width} px wide on a {window} px phone"
    );
    browser.assert_well_formed(what).await;
    if let Some(folder) = std::env::var_os("EAGLES_SCREENSHOTS") {
        let file = std::path::Path::new(&folder).join(format!("{}.png", what.replace(' ', "-")));
        browser.save_whole_page(&file).await;
    }
}

/// Signs `visitor` in over plain HTTP, as another phone of the same person would.
async fn sign_in(visitor: &mut Visitor, username: &str, password: &str) -> StatusCode {
    let page = visitor.get("/sign-in").await.text().await.unwrap();
    let fields = [
        ("csrf", csrf_of(&page)),
        ("username", username.to_owned()),
        ("password", password.to_owned()),
    ];
    let fields: Vec<(&str, &str)> = fields.iter().map(|(n, v)| (*n, v.as_str())).collect();
    visitor.post("/sign-in", &fields).await.status()
}

/// An API token of `username` with `password`.
async fn token(app: &TestApp, username: &str, password: &str) -> String {
    Api::signed_in(app, username, password).await.token
}

/// What the API answers `token` on the campaign's page.
async fn token_reads(app: &TestApp, token: &str, campaign: i64) -> StatusCode {
    reqwest::Client::new()
        .get(format!("{}/api/v1/campaigns/{campaign}", app.address))
        .bearer_auth(token)
        .send()
        .await
        .unwrap()
        .status()
}

/// The invitation's link and its QR code's accessible name and width, as shown.
async fn shown_invitation(browser: &Browser) -> (String, String, f64) {
    let link = browser
        .client
        .find(Locator::Css("li.invitation input.link"))
        .await
        .expect("an invitation's link")
        .prop("value")
        .await
        .unwrap()
        .unwrap_or_default();
    let qr = browser
        .client
        .execute(
            "const svg = document.querySelector('li.invitation svg.qr[role=img]');
             return svg ? [svg.getAttribute('aria-label'), svg.getBoundingClientRect().width] : null;",
            vec![],
        )
        .await
        .unwrap();
    let name = qr[0].as_str().expect("a QR code with a name").to_owned();
    (link, name, qr[1].as_f64().unwrap())
}

#[tokio::test]
async fn a_newcomer_joins_by_invitation_on_his_phone_and_keeps_his_account() {
    let app = TestApp::spawn().await;
    // rita referees and runs the site (an instance admin, who may make reset links).
    app.add_user("rita", true).await;
    let (mut rita_http, csrf) = app.signed_in("rita").await;
    let campaign = new_campaign(&app, &mut rita_http, &csrf, "Bloody April", false).await;
    let members = format!("/campaigns/{campaign}/members");

    // The referee makes an invitation for one player who chooses his side.
    let rita = phone(&app).await;
    rita.sign_in_as("rita").await;
    rita.open(&members).await;
    rita.select("invite-side", "").await;
    rita.fill("invite-uses", "0").await;
    rita.fill("invite-days", "a fortnight").await;
    rita.press("make-invitation").await;
    // Every problem at once, in the form's words, what was typed kept.
    let uses = rita.text("invite-uses-error").await.unwrap_or_default();
    assert!(uses.contains("from 1 to 100"), "{uses}");
    let days = rita.text("invite-days-error").await.unwrap_or_default();
    assert!(days.contains("from 1 to 90"), "{days}");
    assert_eq!(rita.value("invite-days").await, "a fortnight");
    rita.fill("invite-uses", "1").await;
    rita.fill("invite-days", "14").await;
    rita.press("make-invitation").await;
    rita.assert_path(&members).await;
    let (link, qr_name, qr_width) = shown_invitation(&rita).await;
    assert!(
        link.starts_with(&format!("{}/join/", app.address)),
        "{link}"
    );
    assert_eq!(qr_name, format!("QR code for the invitation link {link}"));
    assert!(
        qr_width > 100.0 && qr_width <= f64::from(PHONE),
        "the QR code is {qr_width} px wide"
    );
    let state = rita.body().await;
    assert!(state.contains("A player who chooses his side"), "{state}");
    assert!(state.contains("1 use left, valid until"), "{state}");
    assert_fits(&rita, "the members page with an invitation").await;
    let join = link.trim_start_matches(&app.address).to_owned();

    // A new person, in a browser of his own: one screen says what he is invited to.
    let newcomer = phone(&app).await;
    newcomer.open(&join).await;
    let offer = newcomer.text("invitation").await.unwrap();
    assert_eq!(
        offer,
        "You are invited to join Bloody April as a player: you choose your side."
    );
    assert_fits(&newcomer, "the join page").await;
    // Refused: no side, a password too short; both said at once, the name kept.
    newcomer.fill("username", NEWCOMER).await;
    newcomer.fill("password", "short").await;
    newcomer.press("create").await;
    assert!(
        newcomer.text("side-error").await.is_some(),
        "the side refused"
    );
    let password = newcomer.text("password-error").await.unwrap_or_default();
    assert!(password.contains("10"), "{password}");
    assert_eq!(newcomer.value("username").await, NEWCOMER);
    assert_fits(&newcomer, "the join page refused").await;
    newcomer.select("side", "allied").await;
    newcomer.fill("password", FIRST).await;
    newcomer.press("create").await;
    // He lands on the campaign, a member, and creates his crew there (§13.02).
    newcomer
        .assert_path(&format!("/campaigns/{campaign}"))
        .await;
    let welcome = newcomer.text("joined").await.unwrap();
    assert!(welcome.starts_with("Welcome to the campaign"), "{welcome}");
    assert_fits(&newcomer, "the campaign's page on joining").await;
    newcomer.follow("Create your crew").await;
    newcomer.fill("name", "Albert Ball").await;
    newcomer.select("role", "pilot").await;
    newcomer.select("nationality", "british").await;
    newcomer.submit("name").await;
    assert!(newcomer.body().await.contains("Albert Ball"));
    rita.open(&members).await;
    assert!(rita.body().await.contains("used up (1 use)"));

    // His other session and his API token, made with his first password.
    let mut other_phone = app.visitor();
    assert_eq!(
        sign_in(&mut other_phone, NEWCOMER, FIRST).await,
        StatusCode::SEE_OTHER
    );
    let first_token = token(&app, NEWCOMER, FIRST).await;
    assert_eq!(
        token_reads(&app, &first_token, campaign).await,
        StatusCode::OK
    );

    // He changes his password on /account: the other session and the token end.
    newcomer.follow(NEWCOMER).await;
    newcomer.assert_path("/account").await;
    let rules = newcomer.text("password-rules").await.unwrap();
    assert!(rules.starts_with("A password has at least 10 characters, is not your username and is not a common password."), "{rules}");
    assert_fits(&newcomer, "the account page").await;
    newcomer.fill("current_password", "not my password").await;
    newcomer.fill("new_password", NEWCOMER).await;
    newcomer.press("change-password").await;
    assert!(newcomer.text("current_password-error").await.is_some());
    assert!(newcomer.text("new_password-error").await.is_some());
    newcomer.fill("current_password", FIRST).await;
    newcomer.fill("new_password", SECOND).await;
    newcomer.press("change-password").await;
    assert!(newcomer.text("account-note").await.is_some());
    assert_eq!(
        other_phone.get("/account").await.status(),
        StatusCode::UNAUTHORIZED,
        "the other session ended with the password change"
    );
    assert_eq!(
        token_reads(&app, &first_token, campaign).await,
        StatusCode::UNAUTHORIZED,
        "the token ended with the password change"
    );

    // Signed in again elsewhere, then signed out everywhere else from this phone.
    assert_eq!(
        sign_in(&mut other_phone, NEWCOMER, SECOND).await,
        StatusCode::SEE_OTHER
    );
    let second_token = token(&app, NEWCOMER, SECOND).await;
    assert_eq!(other_phone.get("/account").await.status(), StatusCode::OK);
    newcomer.press("sign-out-everywhere").await;
    let note = newcomer.text("account-note").await.unwrap();
    assert!(
        note.starts_with("You are signed out everywhere else"),
        "{note}"
    );
    assert_eq!(
        other_phone.get("/account").await.status(),
        StatusCode::UNAUTHORIZED
    );
    assert_eq!(
        token_reads(&app, &second_token, campaign).await,
        StatusCode::UNAUTHORIZED
    );
    // This phone stays signed in.
    newcomer.open("/account").await;
    newcomer.assert_text("account-name", NEWCOMER).await;

    // He forgets it: the admin makes a reset link on her account page.
    rita.open("/account").await;
    rita.fill("reset_username", NEWCOMER).await;
    rita.press("make-reset").await;
    let reset = rita.text("reset-link").await.expect("the reset link shown");
    assert!(
        reset.starts_with(&format!("{}/reset/", app.address)),
        "{reset}"
    );
    assert_fits(&rita, "the account page with a reset link").await;
    let reset = reset.trim_start_matches(&app.address).to_owned();
    let stranger = phone(&app).await;
    stranger.open(&reset).await;
    stranger.assert_text("reset-account", NEWCOMER).await;
    assert_fits(&stranger, "the reset page").await;
    stranger.fill("new_password", AFTER_RESET).await;
    stranger.press("set-password").await;
    assert!(stranger.text("reset-done").await.is_some());
    // It worked once: the account's sessions ended, the new password signs in, and
    // the link says it is spent.
    newcomer.open("/account").await;
    assert!(newcomer.text("account-name").await.is_none(), "signed out");
    let mut again = app.visitor();
    assert_eq!(
        sign_in(&mut again, NEWCOMER, AFTER_RESET).await,
        StatusCode::SEE_OTHER
    );
    stranger.open(&reset).await;
    assert!(stranger.text("gone").await.is_some(), "the link is spent");
    assert_eq!(again.get(&reset).await.status(), StatusCode::GONE);
    assert_fits(&stranger, "a spent reset link").await;

    // A member already, given another invitation, is sent to the campaign with a note
    // and spends none of its uses.
    let fields = [
        ("csrf", csrf.as_str()),
        ("role", "player"),
        ("side", "allied"),
        ("uses", "2"),
        ("days", "7"),
    ];
    let made = rita_http
        .post(&format!("/campaigns/{campaign}/invitations"), &fields)
        .await;
    assert_eq!(made.status(), StatusCode::SEE_OTHER);
    let listed = rita_http.get(&members).await.text().await.unwrap();
    let start = listed.find("/join/").expect("the new invitation's link");
    let second = &listed[start..start + listed[start..].find('"').unwrap()];
    assert_ne!(
        second,
        join.as_str(),
        "the newest invitation is listed first"
    );
    let page = again.get(second).await.text().await.unwrap();
    let fields = [("csrf", csrf_of(&page)), ("action", "join".to_owned())];
    let fields: Vec<(&str, &str)> = fields.iter().map(|(n, v)| (*n, v.as_str())).collect();
    let joined = again.post(second, &fields).await;
    assert_eq!(joined.status(), StatusCode::SEE_OTHER);
    let to = joined.headers()["location"].to_str().unwrap().to_owned();
    let landing = again.get(&to).await.text().await.unwrap();
    assert!(
        landing.contains("You are a member of this campaign already"),
        "{to}"
    );
    let listed = rita_http.get(&members).await.text().await.unwrap();
    assert!(listed.contains("2 uses left"), "no use spent");

    // A referee removes a member and a player leaves, each ticking a box that says
    // so; the crewmen stay in the campaign's records (R2).
    rita.open(&members).await;
    assert_fits(&rita, "the members page with a member to remove").await;
    rita.select("remove-username", NEWCOMER).await;
    rita.press("remove-member").await;
    let refusal = rita.text("remove-confirm-error").await.unwrap_or_default();
    assert!(refusal.starts_with("tick the box"), "{refusal}");
    assert_eq!(rita.value("remove-username").await, NEWCOMER);
    let page = again.get(&members).await.text().await.unwrap();
    assert!(page.contains("I leave Bloody April"), "the leave form");
    let leave = format!("/campaigns/{campaign}/members/leave");
    let fields = [("csrf", csrf_of(&page)), ("confirm", "yes".to_owned())];
    let fields: Vec<(&str, &str)> = fields.iter().map(|(n, v)| (*n, v.as_str())).collect();
    assert_eq!(
        again.post(&leave, &fields).await.status(),
        StatusCode::SEE_OTHER
    );
    let listed = rita_http.get(&members).await.text().await.unwrap();
    assert!(!listed.contains(&format!("<td>{NEWCOMER}</td>")), "he left");
    let crew = format!("/campaigns/{campaign}/crew");
    let crew = rita_http.get(&crew).await.text().await.unwrap();
    assert!(
        crew.contains("Albert Ball"),
        "his crewman stays in the records"
    );

    // The invitation is used up: its page says so (410).
    stranger.open(&join).await;
    let gone = stranger.text("gone").await.unwrap_or_default();
    assert!(gone.to_lowercase().contains("used"), "{gone}");
    assert_eq!(again.get(&join).await.status(), StatusCode::GONE);
    assert_fits(&stranger, "a used-up invitation").await;

    for browser in [rita, newcomer, stranger] {
        browser.close().await;
    }
}
