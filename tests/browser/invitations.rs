//! Issue #38 over plain HTTP, where a browser adds nothing (R26, API v1.3): someone
//! with an account signs in on an invitation's page and joins; a revoked invitation
//! says so; a new account sent twice is made once. `join` walks the same pages in a
//! phone's browser.

use reqwest::StatusCode;

use crate::support::{csrf_of, new_campaign, text_of_id, TestApp, Visitor};

/// The newest invitation the members page lists: its id and the path of its link.
async fn newest_invitation(referee: &mut Visitor, members: &str) -> (String, String) {
    let page = referee.get(members).await.text().await.unwrap();
    let id = text_between(&page, "<li id=\"invitation-", "\"");
    let start = page.find("/join/").expect("an invitation's link");
    let link = page[start..start + page[start..].find('"').unwrap()].to_owned();
    (id, link)
}

/// The text of `html` after the first `before`, up to `after`.
fn text_between(html: &str, before: &str, after: &str) -> String {
    let start = html.find(before).expect(before) + before.len();
    html[start..start + html[start..].find(after).unwrap()].to_owned()
}

/// Posts the join form of the invitation at `link` as `visitor` has it.
async fn send_join(
    visitor: &mut Visitor,
    link: &str,
    fields: &[(&str, &str)],
) -> reqwest::Response {
    let page = visitor.get(link).await.text().await.unwrap();
    let csrf = csrf_of(&page);
    let mut all = vec![("csrf", csrf.as_str())];
    all.extend_from_slice(fields);
    visitor.post(link, &all).await
}

// R26: someone with an account signs in on the invitation's page and joins in the same
// step, on the side it names (§13.01); a wrong password is refused beside its field
// with the name kept; a revoked invitation says so (410).
#[tokio::test]
async fn an_account_signs_in_and_joins_and_a_revoked_invitation_says_so() {
    let app = TestApp::spawn().await;
    app.add_users(&["rita", "paul"]).await;
    let (mut rita, csrf) = app.signed_in("rita").await;
    let campaign = new_campaign(&app, &mut rita, &csrf, "Bloody April", false).await;
    let members = format!("/campaigns/{campaign}/members");
    let invite = [
        ("csrf", csrf.as_str()),
        ("role", "player"),
        ("side", "central"),
        ("uses", "1"),
        ("days", "3"),
    ];
    let made = rita
        .post(&format!("/campaigns/{campaign}/invitations"), &invite)
        .await;
    assert_eq!(made.status(), StatusCode::SEE_OTHER);
    let (_, link) = newest_invitation(&mut rita, &members).await;

    let mut paul = app.visitor();
    let page = paul.get(&link).await.text().await.unwrap();
    assert!(page.contains("as a player on the Central side."), "{page}");
    assert!(!page.contains("id=\"side\""), "no side to choose");
    let wrong = [
        ("action", "sign-in"),
        ("username", "paul"),
        ("password", "not his password"),
    ];
    let refused = send_join(&mut paul, &link, &wrong).await;
    assert_eq!(refused.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let page = refused.text().await.unwrap();
    assert!(text_of_id(&page, "password-error").is_some(), "{page}");
    assert!(page.contains("value=\"paul\""), "the name kept");
    let password = crate::support::password_of("paul");
    let right = [
        ("action", "sign-in"),
        ("username", "paul"),
        ("password", password.as_str()),
    ];
    let joined = send_join(&mut paul, &link, &right).await;
    assert_eq!(joined.status(), StatusCode::SEE_OTHER);
    let to = joined.headers()["location"].to_str().unwrap().to_owned();
    assert_eq!(to, format!("/campaigns/{campaign}?joined=yes"));
    let home = paul.get(&to).await.text().await.unwrap();
    assert!(
        home.contains("Welcome to the campaign."),
        "signed in and a member"
    );
    assert!(home.contains("<td>paul</td><td>player</td><td>Central</td>"));

    // The referee revokes another invitation: its page says so, and joins nobody.
    let made = rita
        .post(&format!("/campaigns/{campaign}/invitations"), &invite)
        .await;
    assert_eq!(made.status(), StatusCode::SEE_OTHER);
    let (id, second) = newest_invitation(&mut rita, &members).await;
    let revoke = format!("/campaigns/{campaign}/invitations/{id}/revoke");
    let revoked = rita.post(&revoke, &[("csrf", csrf.as_str())]).await;
    assert_eq!(revoked.status(), StatusCode::SEE_OTHER);
    let listed = rita.get(&members).await.text().await.unwrap();
    assert_eq!(
        text_of_id(&listed, &format!("invitation-{id}-state")).as_deref(),
        Some("revoked")
    );
    let mut stranger = app.visitor();
    let gone = stranger.get(&second).await;
    assert_eq!(gone.status(), StatusCode::GONE);
    let page = gone.text().await.unwrap();
    let why = text_of_id(&page, "gone").unwrap();
    assert!(why.contains("withdrawn"), "{why}");
    // The form as a page shown before the revocation sends it.
    let visiting = stranger.get("/sign-in").await.text().await.unwrap();
    let stale = csrf_of(&visiting);
    let fields = [
        ("csrf", stale.as_str()),
        ("action", "create"),
        ("username", "newcomer"),
        ("password", "a-long-enough-secret"),
    ];
    let refused = stranger.post(&second, &fields).await;
    assert_eq!(refused.status(), StatusCode::GONE);
    let accounts = crate::support::count(&app, "SELECT count(*) FROM users").await;
    assert_eq!(accounts, 2, "no account made with a revoked invitation");

    // A new account sent twice with its form's one-time key (a double tap) is made
    // once, spending one use, and both answers sign in to it (API v1.3).
    let invite = [
        ("csrf", csrf.as_str()),
        ("role", "player"),
        ("side", "allied"),
        ("uses", "2"),
        ("days", "3"),
    ];
    let made = rita
        .post(&format!("/campaigns/{campaign}/invitations"), &invite)
        .await;
    assert_eq!(made.status(), StatusCode::SEE_OTHER);
    let (id, third) = newest_invitation(&mut rita, &members).await;
    let key = crate::support::fresh_form_key();
    let twice = [
        ("action", "create"),
        ("username", "newcomer"),
        ("password", "a-long-enough-secret"),
        ("form_key", key.as_str()),
    ];
    for _ in 0..2 {
        let mut tapped = app.visitor();
        let answer = send_join(&mut tapped, &third, &twice).await;
        assert_eq!(answer.status(), StatusCode::SEE_OTHER);
        let home = tapped.get("/").await.text().await.unwrap();
        assert!(
            home.contains(">newcomer</a>"),
            "signed in as the new account"
        );
    }
    let accounts = crate::support::count(&app, "SELECT count(*) FROM users").await;
    assert_eq!(accounts, 3, "one account made");
    let listed = rita.get(&members).await.text().await.unwrap();
    let state = text_of_id(&listed, &format!("invitation-{id}-state")).unwrap();
    assert!(state.starts_with("1 use left"), "{state}");
}
