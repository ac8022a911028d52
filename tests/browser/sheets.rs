//! Issue #25, acceptance 4: the aircraft data sheet at the table. Paul plays three
//! turns of his sortie on a 412 px phone — a shot with his pilot's Die Roll Add, the
//! damage of the markers drawn, a wound, a spin and its recovery — while the
//! referee's game page and the projector's live page, each in a browser of its own,
//! show each change without a reload; axe finds nothing on the pages, none scrolls
//! sideways on the phone, and a refusal reads in the page's words.
//!
//! The campaign: public, week 1 (1917-04-23), refereed by rita, paul playing Allied
//! and carl Central. Albert Ball (paul's pilot) has flown 50 turns alone in an earlier
//! game: 100 XP, one ability slot (R6), filled with Die Roll Add. The game's line-up:
//! Hans Weiss (carl) in an Albatros D-III, declared by rita through the API as c1;
//! Albert Ball in a Nieuport 17, declared by paul on his phone as a1. Both types have
//! stability B (appendix A/B). Every die is entered (R14), so every result below is
//! the rulebook's.

use reqwest::Method;
use serde_json::json;

use crate::support::api::Api;
use crate::support::browser::Browser;
use crate::support::follow::{
    assert_window_kept, mark_window, text, until_stream_open, until_text, ARRIVAL,
};
use crate::support::{aircraft_id, give_xp, TestApp};
use crate::wait::until;

/// A phone's width in CSS pixels (a Pixel 7, and many others).
const PHONE: u32 = 412;

/// The campaign above, written through the API with rita's token.
pub(crate) struct Table {
    pub(crate) app: TestApp,
    /// The API as rita.
    pub(crate) rita: Api,
    pub(crate) campaign: i64,
    pub(crate) game: i64,
    /// Albert Ball, paul's pilot.
    ball: i64,
    /// Hans Weiss, carl's pilot.
    weiss: i64,
}

impl Table {
    pub(crate) async fn start() -> Table {
        let app = TestApp::spawn().await;
        app.add_users(&["rita", "paul", "carl"]).await;
        let rita = Api::as_user(&app, "rita").await;
        let mut table = Table {
            app,
            rita,
            campaign: 0,
            game: 0,
            ball: 0,
            weiss: 0,
        };
        let campaign = table
            .rita
            .write(
                Method::POST,
                "/api/v1/campaigns",
                json!({ "name": "Bloody April", "start_date": "1917-04-23", "public": true }),
            )
            .await;
        table.campaign = campaign["id"].as_i64().unwrap();
        for (username, side) in [("paul", "allied"), ("carl", "central")] {
            table
                .rita
                .write(
                    Method::POST,
                    &table.api("/members"),
                    json!({ "username": username, "role": "player", "side": side }),
                )
                .await;
        }
        table.ball = table.pilot("Albert Ball", "british", "paul").await;
        table.weiss = table.pilot("Hans Weiss", "german", "carl").await;
        let (ball, weiss) = (table.ball, table.weiss);
        // R3 + R5: 50 XP to start, 50 turns on the board: 100 XP, one slot (R6).
        give_xp(&table.app, "rita", table.campaign, ball, 50).await;
        let picked = table
            .rita
            .write(
                Method::POST,
                &table.api(&format!("/crew/{ball}/abilities")),
                json!({ "ability": "die_roll_add" }),
            )
            .await;
        assert_eq!(picked["abilities"], json!(["die_roll_add"]));
        let game = table
            .rita
            .write(
                Method::POST,
                &table.api("/games"),
                json!({ "dice": [3, 4] }),
            )
            .await;
        table.game = game["id"].as_i64().unwrap();
        table.declare("Albatros D-III", weiss).await;
        table
    }

    /// Weiss (`weiss`, on sortie `c1`) fires at `a1` through the API, dice entered:
    /// range 1, medium burst, stability B: 5 + 2 + 1 = 8; die 6 on line 8 reads 2R — two
    /// red markers for a1 to draw.
    pub(crate) async fn weiss_fires_two_red(&self, weiss: i64, c1: i64, a1: i64) {
        self.rita
            .write(
                Method::POST,
                &self.api(&format!("/games/{}/sorties/{c1}/rolls", self.game)),
                json!({ "table": "combat", "shooter": weiss, "target_sortie": a1,
                        "range": 1, "burst": "medium", "weapon": "rigid", "dice": [6] }),
            )
            .await;
    }

    /// Declares `aircraft` flown by `pilot` alone into the game's line-up, as rita.
    pub(crate) async fn declare(&self, aircraft: &str, pilot: i64) {
        let game = (self.campaign, self.game);
        self.rita.declare(&self.app, game, aircraft, pilot).await;
    }

    /// A pilot of `owner`'s, created by rita; his id.
    pub(crate) async fn pilot(&self, name: &str, nationality: &str, owner: &str) -> i64 {
        let crewman = self
            .rita
            .write(
                Method::POST,
                &self.api("/crew"),
                json!({ "name": name, "role": "pilot", "nationality": nationality,
                        "owner": owner }),
            )
            .await;
        crewman["id"].as_i64().unwrap()
    }

    pub(crate) fn api(&self, rest: &str) -> String {
        format!("/api/v1/campaigns/{}{rest}", self.campaign)
    }

    pub(crate) fn page(&self, rest: &str) -> String {
        format!("/campaigns/{}{rest}", self.campaign)
    }

    /// A sortie's id by its key.
    pub(crate) async fn sortie(&self, key: &str) -> i64 {
        let lineup = self
            .rita
            .read(&self.api(&format!("/games/{}/sorties", self.game)))
            .await;
        lineup
            .as_array()
            .unwrap()
            .iter()
            .find(|s| s["key"] == key)
            .unwrap_or_else(|| panic!("no sortie {key} in {lineup}"))["id"]
            .as_i64()
            .unwrap()
    }
}

/// Waits until the element with this id no longer holds `gone` in its text.
async fn until_no_text(browser: &Browser, id: &str, gone: &str) {
    until(
        &format!("#{id} to no longer show {gone:?}"),
        ARRIVAL,
        || async {
            match text(browser, id).await {
                Some(text) if text.contains(gone) => Err(format!("it shows {text:?}")),
                _ => Ok(()),
            }
        },
    )
    .await;
}

/// Ball's shot from sortie `a1` at `c1`, set up on the phone's sheet by hand: medium
/// burst, tailed the target last turn (its flag under the Combat Values Table's fold),
/// the target one level lower, die 5 entered, fired.
pub(crate) async fn balls_tailing_shot(phone: &Browser, a1: i64, c1: i64) {
    phone.select(&format!("target-{a1}"), &c1.to_string()).await;
    phone.select(&format!("burst-{a1}"), "medium").await;
    phone.select(&format!("altitude-{a1}"), "lower").await;
    phone.click(&format!("flags-summary-{a1}")).await;
    phone.click(&format!("tailed_last_turn-{a1}")).await;
    phone.fill(&format!("combat-dice-{a1}"), "5").await;
    phone.press(&format!("fire-{a1}")).await;
}

/// The phone's page as loaded: no wider than the screen, and clean for axe.
pub(crate) async fn assert_fits_and_passes(phone: &Browser, page: &str) {
    let (width, window) = phone.widths().await;
    assert_eq!(window, i64::from(PHONE), "the window is a phone's");
    assert!(width <= window, "{page} is {width} px wide on the phone");
    phone.assert_well_formed(page).await;
}

#[tokio::test]
async fn three_turns_on_a_phone_reach_the_game_page_and_the_projector_live() {
    let table = Table::start().await;
    let (ball, weiss) = (table.ball, table.weiss);
    let c1 = table.sortie("c1").await;
    let sheets = table.page(&format!("/games/{}/sheets", table.game));

    // The projector, anonymous, and rita's game page, each following the campaign.
    let live = Browser::start(&table.app.address).await;
    live.open(&table.page("/live")).await;
    live.assert_well_formed("live").await;
    let referee = Browser::start(&table.app.address).await;
    referee.sign_in_as("rita").await;
    referee
        .open(&table.page(&format!("/games/{}", table.game)))
        .await;
    referee.assert_well_formed("game page").await;
    until_text(&referee, &format!("lineup-{c1}"), "c1 · Albatros D-III").await;

    // Paul's phone: no sortie of his yet, so the page offers to declare one (R16).
    let phone = Browser::start(&table.app.address).await;
    phone.client.set_window_size(PHONE, 915).await.unwrap();
    phone.sign_in_as("paul").await;
    phone.open(&sheets).await;
    assert_fits_and_passes(&phone, "sheets, before the sortie").await;
    // A refusal in the page's words, beside its field: no aircraft chosen.
    phone.select("declare-pilot", &ball.to_string()).await;
    phone.submit("declare-pilot").await;
    until_text(&phone, "declare-aircraft-error", "choose the aircraft").await;
    assert_eq!(phone.value("declare-pilot").await, ball.to_string(), "kept");
    let nieuport = aircraft_id(&table.app, "Nieuport 17").await;
    phone
        .select("declare-aircraft", &nieuport.to_string())
        .await;
    phone.submit("declare-pilot").await;
    let a1 = table.sortie("a1").await;
    phone.assert_path(&sheets).await;
    phone
        .assert_text(&format!("sheet-{a1}-h"), "a1 · Nieuport 17 Allied, sweep")
        .await;
    assert_fits_and_passes(&phone, "sheets, a1 declared").await;
    // Appendix A: the Nieuport 17's wings have 16 boxes, its fuselage 20.
    phone
        .assert_text(&format!("section-{a1}-wings"), "0 of 16 boxes")
        .await;
    until_text(&referee, &format!("lineup-{a1}"), "a1 · Nieuport 17").await;
    until_stream_open(&referee).await;
    until_stream_open(&live).await;
    until_text(&live, &format!("live-sortie-{a1}"), "a1 · Nieuport 17").await;
    for browser in [&live, &referee] {
        mark_window(browser).await;
    }

    // Turn 1.
    phone.press(&format!("turn-next-{a1}")).await;
    phone.assert_text(&format!("turn-{a1}"), "1").await;
    until_text(&referee, &format!("lineup-{a1}-crew"), "Turn 1.").await;

    // Ball fires at c1: range 1, a medium burst from his rigid gun, having tailed it
    // last turn, the target one level lower, die 5 entered. Combat value (R17):
    // range 1 gives 5, medium burst at range 1 +2, stability B +1, tailed last turn
    // +2, target lower +1 = 11. Die Roll Add moves the die to 6: line 11, column 6
    // of the Combat Result Table reads 4R — four red (without it, die 5: B3R).
    balls_tailing_shot(&phone, a1, c1).await;
    phone
        .assert_text(
            &format!("roll-{a1}-headline"),
            "combat value 11 — die 5 +1 (Die Roll Add) — 4R: four red",
        )
        .await;
    let modifiers = text(&phone, &format!("roll-{a1}")).await.unwrap();
    assert!(modifiers.contains("die roll add +1"), "{modifiers}");
    assert_fits_and_passes(&phone, "sheets, the shot's result").await;
    // R21: the four red hits are Ball's; c1 has four red markers to draw.
    let ball_row = text(&phone, &format!("crewman-{a1}-{ball}")).await.unwrap();
    assert!(ball_row.contains("4 red hits"), "{ball_row}");
    until_text(&referee, &format!("lineup-{c1}-effects"), "To draw: 4 red").await;
    // The projector shows the shot as declared at the table, in words (R20).
    until_text(
        &live,
        "newest-result",
        "a1 at c1, combat value 11: 4R: four red",
    )
    .await;

    // Weiss fires back through the API (carl's table, dice entered): range 1, medium
    // burst, stability B: 5 + 2 + 1 = 8; die 6 on line 8 reads 2R — two red markers
    // for a1, which Paul's open page shows without a reload.
    mark_window(&phone).await;
    table.weiss_fires_two_red(weiss, c1, a1).await;
    until_text(&phone, &format!("to-draw-{a1}"), "2 red").await;
    assert_window_kept(&phone, "when c1 fired at a1").await;

    // The markers drawn: a red one crosses 3 wing boxes, the other 2 of the fuselage.
    // Red damage to the wings makes a spin test due (§3.603).
    // On the drawn sheet the last box a marker crosses off is tapped, the marker's
    // colour chosen first.
    for (section, boxes) in [("wings", "3"), ("fuselage", "2")] {
        phone.click(&format!("marker-{a1}-red")).await;
        phone.press(&format!("box-{a1}-{section}-{boxes}")).await;
    }
    phone
        .assert_text(&format!("section-{a1}-wings"), "3 of 16 boxes")
        .await;
    phone
        .assert_text(&format!("section-{a1}-fuselage"), "2 of 20 boxes")
        .await;
    assert!(text(&phone, &format!("to-draw-{a1}")).await.is_none());
    until_text(&phone, &format!("due-{a1}"), "spin test").await;
    until_text(
        &referee,
        &format!("lineup-{a1}-damage"),
        "wings 3 of 16 boxes",
    )
    .await;

    // Turn 2: a light wound for Ball (R18: one box), then the spin test, dice 2 2:
    // 4, stability B adds nothing: spins on 2–5 (R19).
    phone.press(&format!("turn-next-{a1}")).await;
    // His first wound box tapped: one box, a light wound.
    phone.press(&format!("wound-{a1}-{ball}-1")).await;
    let row = text(&phone, &format!("crewman-{a1}-{ball}")).await.unwrap();
    assert!(row.contains("■□□"), "{row}");
    until_text(
        &referee,
        &format!("lineup-{a1}-crew"),
        "Albert Ball (pilot): ■□□ active",
    )
    .await;
    phone.fill(&format!("tables-dice-{a1}"), "2 2").await;
    phone.press(&format!("roll-spin-{a1}")).await;
    phone
        .assert_text(&format!("roll-{a1}-headline"), "dice 2 2 — spins")
        .await;
    phone.assert_text(&format!("open-{a1}"), "spinning").await;
    until_text(&phone, &format!("due-{a1}"), "spin recovery").await;
    until_text(&live, &format!("live-sortie-{a1}-open"), "spinning").await;
    until_text(&referee, &format!("lineup-{a1}-open"), "spinning").await;

    // A spinning aircraft does not fire (§3.812): refused beside the form, in words.
    phone.select(&format!("target-{a1}"), &c1.to_string()).await;
    phone.press(&format!("fire-{a1}")).await;
    let refusal = text(&phone, &format!("combat-{a1}-error")).await.unwrap();
    assert_eq!(refusal, "nobody fires from a spinning aircraft (§3.812)");
    phone.assert_well_formed("sheets, a refused shot").await;

    // Turn 3: spin recovery, dice 6 5: 11, recovers on 7–12 (R19; a light wound
    // takes nothing off).
    phone.open(&sheets).await;
    phone.press(&format!("turn-next-{a1}")).await;
    phone.assert_text(&format!("turn-{a1}"), "3").await;
    phone.fill(&format!("tables-dice-{a1}"), "6 5").await;
    phone.press(&format!("roll-spin_recovery-{a1}")).await;
    phone
        .assert_text(&format!("roll-{a1}-headline"), "dice 6 5 — recovers")
        .await;
    assert!(text(&phone, &format!("open-{a1}")).await.is_none());
    until_no_text(&live, &format!("live-sortie-{a1}"), "spinning").await;
    until_no_text(&referee, &format!("lineup-{a1}"), "spinning").await;
    until_text(&referee, &format!("lineup-{a1}-crew"), "Turn 3.").await;

    // Smoke marked by mistake, and undone: nothing is deleted, the mark is reversed.
    phone.press(&format!("effect-smoke-{a1}")).await;
    until_text(&live, &format!("live-sortie-{a1}-open"), "smoke").await;
    phone
        .assert_text(&format!("undo-{a1}"), "Undo: smoke on")
        .await;
    phone.press(&format!("undo-{a1}")).await;
    phone
        .assert_text(&format!("effects-{a1}"), "No effect on the aircraft.")
        .await;
    until_no_text(&live, &format!("live-sortie-{a1}"), "smoke").await;

    // The projector never shows a sheet's secrets (R20): no wound, no damage.
    let projector = live.body().await;
    for secret in ["■", "boxes", "wound"] {
        assert!(
            !projector.contains(secret),
            "the live page shows {secret:?}"
        );
    }
    assert_window_kept(&live, "while the sheets changed").await;
    assert_window_kept(&referee, "while the sheets changed").await;
    live.assert_well_formed("live, after the turns").await;
    referee
        .assert_well_formed("game page, after the turns")
        .await;
    phone.open(&sheets).await;
    assert_fits_and_passes(&phone, "sheets, after three turns").await;
    phone.screenshot("sheets-phone").await;
    // The whole page at the phone's width, for review.
    phone.client.set_window_size(PHONE, 4000).await.unwrap();
    phone.screenshot("sheets-phone-full").await;
    referee.client.set_window_size(PHONE, 3000).await.unwrap();
    referee.screenshot("sheets-game-page").await;
    live.screenshot("sheets-live").await;
    // And on a laptop, where the referee keeps it beside the game page.
    phone.assert_fits_a_laptop("the sheets page").await;
    phone.screenshot("sheets-desktop").await;
    for browser in [phone, referee, live] {
        browser.close().await;
    }
}
