//! Issue #26, acceptance 3: the debrief drafted from the sheets. Paul and carl mark
//! their sheets on 412 px phones; rita opens the game page and finds the debrief form
//! filled in from them with the one thing the sheets leave open shown beside its
//! aircraft; she decides it and confirms in one submit; the game page then shows the
//! final sheets and the combat in words, and the pilot's record links his sheet.
//!
//! The campaign: public, week 1 (1917-04-23), refereed by rita, paul playing Allied
//! and carl Central; both sides fly fighter sweep (missions rolled 9, appendix E).
//! The line-up, declared through the API: a1 Albert Ball (paul's) in a Nieuport 17,
//! c1 Hans Weiss (carl's) in an Albatros D-III. Every die is entered (R14).

use reqwest::Method;
use serde_json::json;

use crate::support::api::Api;
use crate::support::browser::Browser;
use crate::support::follow::{text, until_text};
use crate::support::{aircraft_id, TestApp};

/// A phone's width in CSS pixels.
const PHONE: u32 = 412;

/// A phone of `username`'s, signed in, on `page`.
async fn phone(app: &TestApp, username: &str, page: &str) -> Browser {
    let phone = Browser::start(&app.address).await;
    phone.client.set_window_size(PHONE, 915).await.unwrap();
    phone.sign_in_as(username).await;
    phone.open(page).await;
    phone
}

#[tokio::test]
async fn the_referee_confirms_the_debrief_the_phones_drafted() {
    let app = TestApp::spawn().await;
    app.add_users(&["rita", "paul", "carl"]).await;
    let rita = Api::as_user(&app, "rita").await;
    let campaign = rita
        .write(
            Method::POST,
            "/api/v1/campaigns",
            json!({ "name": "Bloody April", "start_date": "1917-04-23", "public": true }),
        )
        .await["id"]
        .as_i64()
        .unwrap();
    let api = |rest: &str| format!("/api/v1/campaigns/{campaign}{rest}");
    for (username, side) in [("paul", "allied"), ("carl", "central")] {
        rita.write(
            Method::POST,
            &api("/members"),
            json!({ "username": username, "role": "player", "side": side }),
        )
        .await;
    }
    let mut pilots = Vec::new();
    for (name, nationality, owner) in [
        ("Albert Ball", "british", "paul"),
        ("Hans Weiss", "german", "carl"),
    ] {
        let pilot = rita
            .write(
                Method::POST,
                &api("/crew"),
                json!({ "name": name, "role": "pilot", "nationality": nationality,
                        "owner": owner }),
            )
            .await;
        pilots.push(pilot["id"].as_i64().unwrap());
    }
    let (ball, weiss) = (pilots[0], pilots[1]);
    let game = rita
        .write(Method::POST, &api("/games"), json!({ "dice": [3, 4] }))
        .await["id"]
        .as_i64()
        .unwrap();
    for side in ["allied", "central"] {
        rita.write(
            Method::POST,
            &api(&format!("/games/{game}/missions")),
            json!({ "side": side, "dice": [9] }),
        )
        .await;
    }
    let mut sorties = Vec::new();
    for (aircraft, pilot) in [("Nieuport 17", ball), ("Albatros D-III", weiss)] {
        let aircraft = aircraft_id(&app, aircraft).await;
        let sortie = rita
            .write(
                Method::POST,
                &api(&format!("/games/{game}/sorties")),
                json!({ "aircraft_id": aircraft,
                        "crew": [{ "crew_id": pilot, "position": "pilot" }] }),
            )
            .await;
        sorties.push(sortie["id"].as_i64().unwrap());
    }
    let (a1, c1) = (sorties[0], sorties[1]);
    let sheets = format!("/campaigns/{campaign}/games/{game}/sheets");

    // Two turns on paul's phone, with a shot at c1 in the first: range 1, medium
    // burst, tailed last turn, target lower: 5 + 2 + 1 (stability B) + 2 + 1 = 11;
    // die 5 → B3R, three red hits Ball's (R17, R21), one blue and three red markers
    // for c1 to draw.
    let paul = phone(&app, "paul", &sheets).await;
    paul.press(&format!("turn-next-{a1}")).await;
    paul.select(&format!("target-{a1}"), &c1.to_string()).await;
    paul.select(&format!("burst-{a1}"), "medium").await;
    paul.select(&format!("altitude-{a1}"), "lower").await;
    paul.click(&format!("tailed_last_turn-{a1}")).await;
    paul.fill(&format!("combat-dice-{a1}"), "5").await;
    paul.press(&format!("fire-{a1}")).await;
    paul.assert_text(
        &format!("roll-{a1}-headline"),
        "combat value 11 — die 5 — B3R: one blue, three red",
    )
    .await;
    paul.press(&format!("turn-next-{a1}")).await;
    paul.assert_text(&format!("turn-{a1}"), "2").await;
    // Two turns on carl's, who leaves his markers undrawn.
    let carl = phone(&app, "carl", &sheets).await;
    for turn in ["1", "2"] {
        carl.press(&format!("turn-next-{c1}")).await;
        carl.assert_text(&format!("turn-{c1}"), turn).await;
    }
    until_text(&carl, &format!("to-draw-{c1}"), "1 blue, 3 red").await;

    // Rita's game page, on a phone as well: the form holds what the sheets say.
    let game_page = format!("/campaigns/{campaign}/games/{game}");
    let referee = phone(&app, "rita", &game_page).await;
    referee
        .assert_well_formed("game page, the drafted debrief")
        .await;
    let (width, window) = referee.widths().await;
    assert!(width <= window, "the game page is {width} px wide");
    assert!(referee.text("debrief-drafted").await.is_some());
    assert_eq!(referee.value("turns_played").await, "2");
    assert_eq!(referee.value("a1_turns").await, "2");
    assert_eq!(referee.value("a1_pilot").await, ball.to_string());
    assert_eq!(referee.value("a1_pilot_red_hits").await, "3");
    assert_eq!(referee.value("c1_pilot").await, weiss.to_string());
    // The one conflict, beside c1 and nowhere else.
    let open = text(&referee, "c1-to-decide").await.unwrap();
    assert!(
        open.contains("c1 still has 1 blue and 3 red markers to draw"),
        "{open}"
    );
    assert!(referee.text("a1-to-decide").await.is_none());
    referee.scroll_to("c1").await;
    referee.screenshot("draft-form-phone").await;
    // And on a laptop, where a referee may confirm it after the game.
    referee.client.set_window_size(1280, 1400).await.unwrap();
    let (width, window) = referee.widths().await;
    assert!(
        width <= window,
        "the game page is {width} px wide at {window} px"
    );
    referee.scroll_to("c1").await;
    referee.screenshot("draft-form-desktop").await;
    referee.client.set_window_size(PHONE, 915).await.unwrap();

    // Rita decides the markers cost Weiss a light wound (R18: one box; R7: a minor
    // injury, 1d6 [4] − 1 = 3 weeks) and confirms.
    referee.fill("c1_pilot_wounds", "1").await;
    referee.fill("c1_pilot_injury_dice", "4").await;
    referee.press("submit-debrief").await;

    // The game page, debriefed: the final sheets and the combat in words.
    referee.assert_path(&game_page).await;
    until_text(
        &referee,
        "combat-log",
        "Albert Ball (Nieuport 17, a1) fired at c1 (Albatros D-III) at range 1, medium burst: \
         combat value 11, die 5 — B3R: one blue, three red",
    )
    .await;
    until_text(&referee, &format!("lineup-{a1}-crew"), "Turn 2.").await;
    until_text(&referee, &format!("fate-{weiss}"), "minor injury").await;
    referee
        .assert_well_formed("game page, debriefed from the draft")
        .await;
    let (width, window) = referee.widths().await;
    assert!(
        width <= window,
        "the debriefed game page is {width} px wide"
    );
    referee.scroll_to("combat-log").await;
    referee.screenshot("draft-debriefed-phone").await;
    // Ball's service record links the sheet he flew, on the game page (API v1.2).
    referee
        .open(&format!("/campaigns/{campaign}/crew/{ball}"))
        .await;
    referee
        .assert_text(&format!("sheet-link-{a1}"), "sheet")
        .await;
    referee.assert_well_formed("Ball's service record").await;
    for browser in [paul, carl, referee] {
        browser.close().await;
    }
}
