//! Issue #26, the sheet's reports: on 412 px phones carl marks his mission sortie's
//! facts and its coming down, paul claims the kill and leaves the board (undone once
//! and marked again); rita's debrief form then holds them as drafted — the kill, the
//! mission's facts, how c1 came down — with nothing to decide about either sortie.
//! Each form refuses in the page's words beside its field, keeps what was typed, and
//! the pages fit the phone and pass axe.
//!
//! The campaign is draft.rs's: week 1 (1917-04-23), rita refereeing, paul Allied
//! (Albert Ball), carl Central (Hans Weiss). The missions rolled: Allied 9, fighter
//! sweep; Central 7, trench strafing (appendix E), assigned to Weiss in an Albatros
//! D-III and declared so — the mission sortie c1 (R16). Ball flies a Nieuport 17 as a1.

use reqwest::{Method, StatusCode};
use serde_json::json;

use crate::draft::{phone, Night, PHONE};
use crate::sheets::assert_fits_and_passes;
use crate::support::browser::Browser;
use crate::support::follow::text;
use crate::support::{aircraft_id, count, text_of_id};

/// Presses `button`, which ends the sortie `sid`: its sheet then says how it
/// `ended`, the undo names the mark, the turn's button is gone, and the page fits
/// the phone and passes axe.
async fn end_sortie(phone: &Browser, sid: i64, button: &str, ended: &str, undo: &str) {
    phone.press(button).await;
    phone
        .assert_text(&format!("ending-{sid}"), &format!("Sortie ended: {ended}"))
        .await;
    phone
        .assert_text(&format!("undo-{sid}"), &format!("Undo: {undo}"))
        .await;
    assert!(text(phone, &format!("turn-next-{sid}")).await.is_none());
    assert_fits_and_passes(phone, &format!("sheets, {ended}")).await;
}

#[tokio::test]
async fn claims_mission_facts_and_the_sorties_ends_marked_on_phones_are_drafted() {
    let night = Night::new(9, 7).await;
    let (ball, weiss) = (night.ball, night.weiss);
    let strafing = night.missions[1];
    let albatros = aircraft_id(&night.app, "Albatros D-III").await;
    night
        .rita
        .write(
            Method::PUT,
            &night.api(&format!(
                "/games/{}/missions/{strafing}/assignment",
                night.game
            )),
            json!({ "aircraft_id": albatros, "pilot_id": weiss }),
        )
        .await;
    // The assignment alone makes no sortie: the mission aircraft is declared as
    // assigned, and is the mission sortie c1 (R16, API v1.3).
    let c1 = night.declare("Albatros D-III", weiss).await;
    let lineup = night
        .rita
        .read(&night.api(&format!("/games/{}/sorties", night.game)))
        .await;
    assert_eq!(
        (&lineup[0]["key"], &lineup[0]["assignment"]),
        (&json!("c1"), &json!("mission")),
        "{lineup}"
    );
    let a1 = night.declare("Nieuport 17", ball).await;
    let sheets = night.page("/sheets");

    // Carl's phone: the mission sortie's sheet asks the one fact trench strafing is
    // judged on (R10), and refuses a word for it in the page's words, as typed.
    let carl = phone(&night.app, "carl", &sheets).await;
    assert!(text(&carl, &format!("mission-{c1}-hexes_strafed"))
        .await
        .is_some());
    for unasked in [
        "target_observed",
        "hexes_observed",
        "trips",
        "balloon_destroyed",
    ] {
        let id = format!("mission-{c1}-{unasked}");
        assert!(text(&carl, &id).await.is_none(), "#{id} is not asked");
    }
    carl.press(&format!("turn-next-{c1}")).await;
    carl.fill(&format!("mission-{c1}-hexes_strafed"), "three")
        .await;
    carl.press(&format!("mission-submit-{c1}")).await;
    carl.assert_text(
        &format!("mission-{c1}-hexes_strafed-error"),
        "Trench hexes strafed is a whole number, 0 or more; \"three\" is not",
    )
    .await;
    assert_eq!(
        carl.value(&format!("mission-{c1}-hexes_strafed")).await,
        "three"
    );
    carl.assert_well_formed("sheets, refused mission facts")
        .await;
    carl.fill(&format!("mission-{c1}-hexes_strafed"), "3").await;
    carl.press(&format!("mission-submit-{c1}")).await;
    carl.assert_text(
        &format!("mission-facts-{c1}"),
        "Mission: 3 trench hexes strafed",
    )
    .await;
    assert_eq!(
        carl.value(&format!("mission-{c1}-hexes_strafed")).await,
        "3"
    );

    // C1 is shot down (§11): first sent without saying how, refused beside the
    // choice with every other field kept; then at altitude 2 over clear terrain,
    // behind its own lines 1 hex from them, no dice entered (the plain path).
    carl.click(&format!("ending-summary-{c1}")).await;
    carl.click(&format!("down-dice-summary-{c1}")).await;
    assert_fits_and_passes(&carl, "sheets, the forms of the sortie's end open").await;
    carl.select(&format!("down-{c1}-terrain"), "clear").await;
    carl.fill(&format!("down-{c1}-altitude"), "2").await;
    carl.select(&format!("down-{c1}-side_of_lines"), "own")
        .await;
    carl.fill(&format!("down-{c1}-hexes"), "1").await;
    carl.press(&format!("down-submit-{c1}")).await;
    carl.assert_text(&format!("down-{c1}-how-error"), "choose how it came down")
        .await;
    assert_eq!(carl.value(&format!("down-{c1}-altitude")).await, "2");
    assert_eq!(carl.value(&format!("down-{c1}-terrain")).await, "clear");
    carl.assert_well_formed("sheets, a refused landing").await;
    let (width, window) = carl.widths().await;
    assert!(width <= window, "the refused landing is {width} px wide");
    carl.client.set_window_size(PHONE, 3000).await.unwrap();
    carl.scroll_to(&format!("ending-forms-{c1}")).await;
    carl.screenshot("sheet-reports-down-form-phone").await;
    // A landing with no terrain cannot be rolled (§11.01): the tables are rolled as
    // the `down` is marked, so the service refuses it now, in the form's words.
    carl.select(&format!("down-{c1}-how"), "landed").await;
    carl.select(&format!("down-{c1}-terrain"), "").await;
    carl.press(&format!("down-submit-{c1}")).await;
    let refused = text(&carl, &format!("down-{c1}-error")).await.unwrap();
    assert!(
        refused.contains("§11.01") && refused.contains("give the terrain of the hex"),
        "{refused}"
    );
    assert!(
        !refused.contains("down.") && !refused.contains('_'),
        "{refused}"
    );
    carl.assert_well_formed("sheets, a landing the tables cannot roll")
        .await;
    carl.select(&format!("down-{c1}-terrain"), "clear").await;
    carl.select(&format!("down-{c1}-how"), "shot_down").await;
    let submit = format!("down-submit-{c1}");
    end_sortie(
        &carl,
        c1,
        &submit,
        "came down: shot down",
        "came down (shot down)",
    )
    .await;
    // Weiss's crash roll (and his evade, if he lived) was made as c1 was marked down,
    // with the server's dice, and is shown large (R8, §11.03).
    let mut shown = Vec::new();
    for id in [format!("roll-{c1}"), format!("roll-{c1}-2")] {
        if let Some(roll) = text(&carl, &id).await {
            shown.push(roll.split_whitespace().next().unwrap_or("").to_owned());
        }
    }
    shown.sort();
    assert!(
        shown == ["Crash"] || shown == ["Crash", "Evade"],
        "{shown:?}"
    );
    carl.client.set_window_size(PHONE, 2400).await.unwrap();
    carl.screenshot("sheet-reports-down-phone").await;
    // The same sheet on a laptop's window: no sideways scrolling, axe clean.
    carl.assert_fits_a_laptop("the ended sheet").await;
    carl.assert_well_formed("sheets, c1 down, 1280 px").await;
    carl.screenshot("sheet-reports-down-wide").await;
    carl.client.set_window_size(PHONE, 2400).await.unwrap();

    // Paul's phone: a claim without a victim or a shooter names both at once.
    let paul = phone(&night.app, "paul", &sheets).await;
    assert_fits_and_passes(&paul, "sheets, a1 with its report forms").await;
    paul.press(&format!("turn-next-{a1}")).await;
    let ball_box = format!("claim-shooter-{a1}-{ball}");
    assert!(
        paul.checked(&ball_box).await,
        "the pilot is the shooter first"
    );
    paul.click(&ball_box).await;
    paul.press(&format!("claim-submit-{a1}")).await;
    paul.assert_text(
        &format!("claim-victim-{a1}-error"),
        "choose the aircraft you shot down",
    )
    .await;
    paul.assert_text(
        &format!("claim-shooters-{a1}-error"),
        "tick who shot it down",
    )
    .await;
    assert!(!paul.checked(&ball_box).await, "kept unticked");
    paul.assert_well_formed("sheets, a refused claim").await;
    // The victims are the other side's sorties; c1 is named like any sortie, by its
    // key and aircraft: nothing tells paul it is the mission's (§13.20, R16, API v1.3).
    assert_eq!(
        paul.options(&format!("claim-victim-{a1}")).await,
        ["".to_owned(), c1.to_string()]
    );
    paul.select(&format!("claim-victim-{a1}"), &c1.to_string())
        .await;
    paul.click(&ball_box).await;
    paul.press(&format!("claim-submit-{a1}")).await;
    paul.assert_text(
        &format!("claims-{a1}"),
        "Claimed: c1 — Albatros D-III, by Albert Ball",
    )
    .await;

    // A1 leaves the board; marked too soon, undone, and marked again.
    let (escaped, home) = (format!("escaped-{a1}"), "left the board or landed at home");
    end_sortie(&paul, a1, &escaped, home, "left the board").await;
    paul.press(&format!("undo-{a1}")).await;
    assert!(text(&paul, &format!("ending-{a1}")).await.is_none());
    assert!(text(&paul, &format!("turn-next-{a1}")).await.is_some());
    end_sortie(&paul, a1, &escaped, home, "left the board").await;
    // The claim stays on the sheet, its form with it after the sortie's end.
    paul.assert_text(
        &format!("claims-{a1}"),
        "Claimed: c1 — Albatros D-III, by Albert Ball",
    )
    .await;
    assert!(text(&paul, &format!("claim-{a1}")).await.is_some());
    paul.client.set_window_size(PHONE, 2400).await.unwrap();
    paul.screenshot("sheet-reports-escaped-phone").await;

    // Rita's debrief form, drafted from the sheets (R22): the kill, the facts, how
    // c1 came down, and nothing to decide about a1 or c1.
    let referee = phone(&night.app, "rita", &night.page("")).await;
    assert!(referee.text("debrief-drafted").await.is_some());
    assert_eq!(referee.value("k1_victim").await, "c1");
    assert!(referee.checked(&format!("k1_shooter_{ball}")).await);
    assert_eq!(
        referee.value(&format!("m{strafing}_hexes_strafed")).await,
        "3"
    );
    assert_eq!(referee.value("c1_how").await, "shot_down");
    assert_eq!(referee.value("c1_terrain").await, "clear");
    assert_eq!(referee.value("c1_altitude").await, "2");
    assert_eq!(referee.value("c1_side_of_lines").await, "own");
    assert_eq!(referee.value("c1_hexes").await, "1");
    assert_eq!(referee.value("a1_how").await, "", "a1 came home");
    for key in ["a1", "c1"] {
        let open = text(&referee, &format!("{key}-to-decide")).await;
        assert!(open.is_none(), "{key}: {open:?}");
    }
    assert!(text(&referee, "debrief-error").await.is_none());
    // The referee's line-up says the same in words.
    let c1_report = text(&referee, &format!("lineup-{c1}-report"))
        .await
        .unwrap();
    assert_eq!(
        c1_report,
        "Sortie ended: came down: shot down. Mission: 3 trench hexes strafed."
    );
    let a1_report = text(&referee, &format!("lineup-{a1}-report"))
        .await
        .unwrap();
    assert_eq!(
        a1_report,
        "Sortie ended: left the board or landed at home. Claimed: c1 — Albatros D-III, by Albert Ball."
    );
    referee
        .assert_well_formed("game page, the drafted reports")
        .await;
    let (width, window) = referee.widths().await;
    assert!(width <= window, "the game page is {width} px wide");
    for browser in [carl, paul, referee] {
        browser.close().await;
    }
}

/// The service's refusal of a claim (a form sent by hand: the page offers only the
/// other side's sorties) comes back beside the victim, in words, and writes nothing.
#[tokio::test]
async fn a_claim_on_an_own_sortie_is_refused_beside_the_victim() {
    let night = Night::new(9, 9).await;
    let a1 = night.declare("Nieuport 17", night.ball).await;
    let (mut paul, csrf) = night.app.signed_in("paul").await;
    let page = paul.get(&night.page("/sheets")).await.text().await.unwrap();
    assert!(
        page.contains(&format!("id=\"claim-{a1}\"")),
        "the claim form"
    );
    let marks = "SELECT count(*) FROM sheet_marks";
    let before = count(&night.app, marks).await;
    let (victim, shooter) = (a1.to_string(), night.ball.to_string());
    let response = paul
        .post(
            &night.page(&format!("/sheets/{a1}/marks")),
            &[
                ("csrf", &csrf),
                ("kind", "claim"),
                ("victim", &victim),
                ("shooter_pilot", &shooter),
            ],
        )
        .await;
    assert_eq!(response.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let html = response.text().await.unwrap();
    assert_eq!(
        text_of_id(&html, &format!("claim-victim-{a1}-error")).as_deref(),
        Some("a1 is a sortie of your own side; claim an enemy aircraft")
    );
    assert_eq!(count(&night.app, marks).await, before, "nothing written");
}
