//! Club night in a real browser: the referee signs in, starts a campaign, adds a
//! player, creates his pilot, and after the pilot earns XP picks him an ability; a
//! refused form keeps its input and shows its reason; a stranger is refused a private
//! campaign. Every page loaded by GET is checked for well-formed markup and labelled
//! fields, and the main pages are saved to `screenshots/`.

use crate::support::browser::Browser;
use crate::support::{count, give_xp, TestApp};

async fn sign_in(browser: &Browser, username: &str) {
    browser.sign_in_as(username).await;
    assert!(browser.body().await.contains(username));
}

#[tokio::test]
async fn club_night_in_a_browser() {
    let app = TestApp::spawn().await;
    app.add_users(&["rita", "paul", "sam"]).await;
    let browser = Browser::start(&app.address).await;

    // A wrong password comes back with the username kept.
    browser.open("/sign-in").await;
    browser.assert_well_formed("sign-in").await;
    browser.fill("username", "rita").await;
    browser.fill("password", "not her password").await;
    browser.submit("password").await;
    browser
        .assert_text("password-error", "wrong username or password")
        .await;
    assert_eq!(browser.value("username").await, "rita");
    browser.screenshot("sign-in-refused").await;

    sign_in(&browser, "rita").await;
    browser.assert_well_formed("campaigns").await;

    // A private campaign, starting in Bloody April.
    browser.fill("name", "Bloody April").await;
    browser.set_value("start_date", "1917-04-02").await;
    let public = browser
        .client
        .find(fantoccini::Locator::Id("public"))
        .await
        .unwrap();
    public.click().await.unwrap();
    browser.submit("name").await;
    let home = browser.path().await;
    let cid: i64 = home.trim_start_matches("/campaigns/").parse().unwrap();
    let body = browser.body().await;
    // R1: week 1 is the start date; 1917 is the late war.
    assert!(body.contains("2 April 1917"), "{body}");
    assert!(body.contains("late war"), "{body}");
    assert!(body.contains("members only"), "{body}");
    browser.assert_well_formed("campaign home").await;

    // Adding an account that does not exist is refused next to the username.
    browser.follow("Members").await;
    browser
        .assert_path(&format!("/campaigns/{cid}/members"))
        .await;
    browser.assert_well_formed("members").await;
    browser.fill("username", "nobody").await;
    browser.select("side", "allied").await;
    browser.submit("username").await;
    let reason = browser.text("username-error").await.expect("a reason");
    assert!(reason.contains("no account named \"nobody\""), "{reason}");
    assert_eq!(browser.value("username").await, "nobody");
    assert_eq!(browser.value("side").await, "allied");
    browser.fill("username", "paul").await;
    browser.submit("username").await;
    browser
        .assert_path(&format!("/campaigns/{cid}/members"))
        .await;
    assert_eq!(
        count(
            &app,
            "SELECT count(*) FROM campaign_members WHERE side = 'allied'"
        )
        .await,
        1
    );
    browser.screenshot("members").await;

    // R2: paul plays the Allies, so a German pilot is refused next to the
    // nationality, and the name typed stays.
    browser.open(&format!("/campaigns/{cid}/crew")).await;
    browser.assert_well_formed("crew").await;
    browser.fill("name", "Albert Ball").await;
    browser.select("role", "pilot").await;
    browser.select("nationality", "german").await;
    browser.select("owner", "paul").await;
    browser.submit("name").await;
    let reason = browser.text("nationality-error").await.expect("a reason");
    assert!(reason.starts_with("§13.01:"), "{reason}");
    assert_eq!(browser.value("name").await, "Albert Ball");
    assert_eq!(browser.value("nationality").await, "german");
    browser.screenshot("crew-refused").await;
    browser.select("nationality", "british").await;
    browser.submit("name").await;
    browser.assert_path(&format!("/campaigns/{cid}/crew")).await;
    let crew_id = count(&app, "SELECT max(id) FROM crew").await;

    // R3: a starting crewman has 50 XP — no ability slot yet (the first is at 100).
    browser
        .open(&format!("/campaigns/{cid}/crew/{crew_id}"))
        .await;
    browser.assert_well_formed("crewman").await;
    browser.assert_text("xp", "50").await;
    assert!(
        browser.text("ability").await.is_none(),
        "no pick form at 50 XP"
    );

    // 50 more XP by hand: 100 XP gives one slot (R6). The form offers only what R6
    // allows a pilot at 100 XP: pilot and gunnery abilities, without Spin Skill and
    // Spin Recovery (250 XP), no observer or ace ability.
    give_xp(&app, "rita", cid, crew_id, 50).await;
    browser.client.refresh().await.unwrap();
    browser.assert_text("xp", "100").await;
    assert_eq!(
        browser.options("ability").await,
        [
            "cannot_be_tailed",
            "maneuver",
            "tailing",
            "stability",
            "die_roll_add",
            "unjamming",
            "deflection"
        ]
    );
    browser.screenshot("crewman-pending-pick").await;
    browser.select("ability", "tailing").await;
    browser.submit("ability").await;
    browser
        .assert_path(&format!("/campaigns/{cid}/crew/{crew_id}"))
        .await;
    browser.assert_text("abilities", "Tailing (pilot)").await;
    assert!(browser
        .text("pending")
        .await
        .unwrap()
        .starts_with("Pending picks: 0 from XP, 0 from kills. The next XP slot comes at 250 XP."));
    assert!(browser.text("ability").await.is_none(), "the slot is used");
    browser.screenshot("crewman").await;

    browser.open(&format!("/campaigns/{cid}")).await;
    assert!(browser.body().await.contains("Albert Ball"));
    browser.screenshot("campaign-home").await;

    // The catalogue filtered to the Central Powers in service on the start date.
    browser
        .open("/aircraft?side=central&in_service_on=1917-04-02")
        .await;
    browser.assert_well_formed("aircraft").await;
    let sides = browser
        .client
        .find_all(fantoccini::Locator::Css("#aircraft tbody td:nth-child(2)"))
        .await
        .unwrap();
    assert!(!sides.is_empty());
    for side in sides {
        assert_eq!(side.text().await.unwrap(), "central");
    }
    browser.screenshot("aircraft").await;

    // Sign out, then a stranger: the private campaign does not exist for him.
    browser.submit("sign-out").await;
    assert!(browser.body().await.contains("Sign in"));
    sign_in(&browser, "sam").await;
    assert!(!browser.body().await.contains("Bloody April"));
    browser.open(&format!("/campaigns/{cid}")).await;
    let body = browser.body().await;
    assert!(body.contains("404 Not Found"), "{body}");
    assert!(
        body.contains(&format!("there is no campaign {cid}")),
        "{body}"
    );
    browser.screenshot("private-campaign-refused").await;

    browser.close().await;
}
