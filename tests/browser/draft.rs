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

use crate::sheets::balls_tailing_shot;
use crate::support::api::Api;
use crate::support::browser::Browser;
use crate::support::follow::{text, until_text};
use crate::support::TestApp;

/// A phone's width in CSS pixels.
pub(crate) const PHONE: u32 = 412;

/// A phone of `username`'s, signed in, on `page`.
pub(crate) async fn phone(app: &TestApp, username: &str, page: &str) -> Browser {
    let phone = Browser::start(&app.address).await;
    phone.client.set_window_size(PHONE, 915).await.unwrap();
    phone.sign_in_as(username).await;
    phone.open(page).await;
    phone
}

/// The campaign above, written through the API by rita, up to its game's missions.
pub(crate) struct Night {
    pub(crate) app: TestApp,
    /// The API as rita.
    pub(crate) rita: Api,
    pub(crate) campaign: i64,
    pub(crate) game: i64,
    /// Albert Ball, paul's pilot.
    pub(crate) ball: i64,
    /// Hans Weiss, carl's pilot.
    pub(crate) weiss: i64,
    /// The game's missions, Allied then Central.
    pub(crate) missions: [i64; 2],
}

impl Night {
    /// The campaign, its game, and the missions rolled with the d10s `allied` and
    /// `central` (appendix E).
    pub(crate) async fn new(allied: u32, central: u32) -> Night {
        let app = TestApp::spawn().await;
        app.add_users(&["rita", "paul", "carl"]).await;
        let rita = Api::as_user(&app, "rita").await;
        let campaign = rita.bloody_april().await;
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
        let game = rita
            .write(Method::POST, &api("/games"), json!({ "dice": [3, 4] }))
            .await["id"]
            .as_i64()
            .unwrap();
        let mut missions = [0; 2];
        for (i, (side, die)) in [("allied", allied), ("central", central)]
            .into_iter()
            .enumerate()
        {
            let mission = rita
                .write(
                    Method::POST,
                    &api(&format!("/games/{game}/missions")),
                    json!({ "side": side, "dice": [die] }),
                )
                .await;
            missions[i] = mission["id"].as_i64().unwrap();
        }
        Night {
            app,
            rita,
            campaign,
            game,
            ball: pilots[0],
            weiss: pilots[1],
            missions,
        }
    }

    /// The campaign's API path `rest`.
    pub(crate) fn api(&self, rest: &str) -> String {
        format!("/api/v1/campaigns/{}{rest}", self.campaign)
    }

    /// The game's page path `rest`: "" for the game page, "/sheets" for the sheets.
    pub(crate) fn page(&self, rest: &str) -> String {
        format!("/campaigns/{}/games/{}{rest}", self.campaign, self.game)
    }

    /// Declares `pilot` alone in `aircraft` on the game's line-up; the sortie's id.
    pub(crate) async fn declare(&self, aircraft: &str, pilot: i64) -> i64 {
        let game = (self.campaign, self.game);
        let sortie = self.rita.declare(&self.app, game, aircraft, pilot).await;
        sortie["id"].as_i64().unwrap()
    }
}

#[tokio::test]
async fn the_referee_confirms_the_debrief_the_phones_drafted() {
    // Both sides fly fighter sweep (appendix E: 9).
    let night = Night::new(9, 9).await;
    let app = &night.app;
    let (campaign, game) = (night.campaign, night.game);
    let (ball, weiss) = (night.ball, night.weiss);
    let a1 = night.declare("Nieuport 17", ball).await;
    let c1 = night.declare("Albatros D-III", weiss).await;
    let sheets = format!("/campaigns/{campaign}/games/{game}/sheets");

    // Two turns on paul's phone, with a shot at c1 in the first: range 1, medium
    // burst, tailed last turn, target lower: 5 + 2 + 1 (stability B) + 2 + 1 = 11;
    // die 5 → B3R, three red hits Ball's (R17, R21), one blue and three red markers
    // for c1 to draw.
    let paul = phone(app, "paul", &sheets).await;
    paul.press(&format!("turn-next-{a1}")).await;
    balls_tailing_shot(&paul, a1, c1).await;
    paul.assert_text(
        &format!("roll-{a1}-headline"),
        "combat value 11 — die 5 — B3R: one blue, three red",
    )
    .await;
    paul.press(&format!("turn-next-{a1}")).await;
    paul.assert_text(&format!("turn-{a1}"), "2").await;
    // Two turns on carl's, who leaves his markers undrawn.
    let carl = phone(app, "carl", &sheets).await;
    for turn in ["1", "2"] {
        carl.press(&format!("turn-next-{c1}")).await;
        carl.assert_text(&format!("turn-{c1}"), turn).await;
    }
    until_text(&carl, &format!("to-draw-{c1}"), "1 blue, 3 red").await;

    // Rita's game page, on a phone as well: the form holds what the sheets say.
    let game_page = format!("/campaigns/{campaign}/games/{game}");
    let referee = phone(app, "rita", &game_page).await;
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
    referee.assert_fits_a_laptop("the game page").await;
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
