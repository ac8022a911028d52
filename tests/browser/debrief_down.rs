//! A two-seater shot down, entered on the debrief page in a real browser (API v1.1
//! "Forced landings in the debrief", R7, R8, R14, §11, appendix C): the page asks what
//! happened to the aircraft in plain words and shows only the fields that apply, the
//! preview shows what the entered dice give before anything is written, and once
//! submitted the game page lists each crewman's rolls and outcome.
//!
//! The game: ground offensive 3 + 4 = 7, quiet (appendix E); Allied mission d10 2,
//! observe enemy HQ, flown by Albert Ball and observer Tom Mottershead in an RAF RE8;
//! Central mission d10 9, fighter sweep, Werner Voss in an Albatros D-III, who shoots
//! the RE8 down at altitude 2 over woods; it comes down in no man's land, 4 hexes from
//! the friendly trenches. Worked from appendix C:
//! - Ball, crash 2d6 [6, 4] = 10, woods −1, shot down at 1–3 −2: 7, minor injury.
//!   Evade in no man's land, minor injury −1, 4 hexes 0, quiet 0: [5, 4] = 9 − 1 = 8,
//!   evaded; he keeps his minor injury (R7): 1d6 [4] − 1 = 3 weeks.
//! - Mottershead, crash [6, 6] = 12 − 3 = 9, unharmed. Evade: [2, 2] = 4, captured
//!   (3–6); capture 2d6 [3, 4] = 7, not a 2: a prisoner for the rest of the war (R8).

use std::time::Duration;

use fantoccini::Locator;
use serde_json::{json, Value};

use crate::support::browser::Browser;
use crate::support::{
    aircraft_id, bloody_april, count, open_assigned_game, MissionCrew, TestApp, ALBERT_BALL,
};
use crate::wait::until;

/// Clicks the button `id` and waits until the page the server answers with has
/// loaded: the old document is marked, and the wait ends on a loaded one without the
/// mark (as `Browser::submit` does for a form's first button).
async fn click_to_navigate(browser: &Browser, id: &str) {
    browser
        .client
        .execute(
            "document.documentElement.dataset.eaglesLeft = 'yes';",
            vec![],
        )
        .await
        .unwrap();
    let button = browser.client.find(Locator::Id(id)).await.unwrap();
    button.click().await.unwrap();
    until(
        &format!("the page after clicking #{id}"),
        Duration::from_secs(30),
        || async {
            match browser
                .client
                .execute(
                    "return document.readyState === 'complete' \
                     && !('eaglesLeft' in document.documentElement.dataset);",
                    vec![],
                )
                .await
            {
                Ok(Value::Bool(true)) => Ok(()),
                Ok(_) => Err("the old page is still shown, or the new one loading".into()),
                Err(e) => Err(format!("the browser answered {e}")),
            }
        },
    )
    .await;
}

/// Rows of the rolls table inside the element `id`, each as its cells' text.
async fn roll_rows(browser: &Browser, id: &str) -> Vec<Vec<String>> {
    let rows = browser
        .client
        .execute(
            "const box = document.getElementById(arguments[0]);
             if (!box) { return null; }
             return Array.from(box.querySelectorAll('tbody tr'))
                 .map(tr => Array.from(tr.cells).map(td => td.textContent.trim()));",
            vec![json!(id)],
        )
        .await
        .unwrap();
    serde_json::from_value(rows).unwrap_or_else(|e| panic!("no rolls table in #{id}: {e}"))
}

fn rows(expected: &[[&str; 5]]) -> Vec<Vec<String>> {
    expected
        .iter()
        .map(|r| r.iter().map(|c| (*c).to_owned()).collect())
        .collect()
}

/// What [`Browser::check_page`] finds on the page shown, axe-core's violations among
/// it, for a state the page reached by a POST or by a change in the browser.
async fn assert_accessible(browser: &Browser, state: &str) {
    let problems = browser.check_page().await;
    assert!(problems.is_empty(), "{state}: {problems:?}");
}

async fn displayed(browser: &Browser, id: &str) -> bool {
    let field = browser.client.find(Locator::Id(id)).await.unwrap();
    field.is_displayed().await.unwrap()
}

/// What [`Browser::check_page`] checks, for a page that answered a POST: every visible
/// field has a label, and the page the same form posts again parses as XML. Only for
/// forms whose post writes nothing (the preview).
async fn assert_preview_well_formed(browser: &Browser, form_id: &str, action: &str) {
    let problems = browser.check_markup(Some((form_id, action))).await;
    assert!(problems.is_empty(), "preview: {problems:?}");
}

#[tokio::test]
async fn a_shot_down_two_seater_previewed_then_debriefed_in_a_browser() {
    let app = TestApp::spawn().await;
    let recruits = [
        ALBERT_BALL,
        ("Tom Mottershead", "observer", "british", "paul"),
        ("Werner Voss", "pilot", "german", "carl"),
    ];
    let (mut rita, csrf, cid, crew) = bloody_april(&app, false, &recruits).await;
    let [ball, mottershead, voss] = crew[..] else {
        unreachable!()
    };
    let (re8, albatros) = (
        aircraft_id(&app, "RAF RE8").await,
        aircraft_id(&app, "Albatros D-III").await,
    );

    // The game, its missions and their assignments, through the forms.
    let (game, _, _) = open_assigned_game(
        &app,
        &mut rita,
        &csrf,
        cid,
        MissionCrew {
            aircraft: re8,
            pilot: ball,
            observer: Some(mottershead),
        },
        MissionCrew {
            aircraft: albatros,
            pilot: voss,
            observer: None,
        },
    )
    .await;
    let path = |rest: &str| format!("/campaigns/{cid}{rest}");

    let browser = Browser::start(&app.address).await;
    browser.sign_in_as("rita").await;
    let game_page = path(&format!("/games/{game}"));
    browser.open(&game_page).await;
    browser.assert_well_formed("debrief form").await;
    // The RE8 is the first Allied row, filled in from its assignment; the forced-landing
    // fields stay hidden until the page is told the aircraft came down.
    assert_eq!(browser.value("a1_pilot").await, ball.to_string());
    assert!(!displayed(&browser, "a1_pilot_crash_dice").await);
    assert!(!displayed(&browser, "a1_terrain").await);

    browser.fill("turns_played", "20").await;
    browser.select("a1_how", "shot_down").await;
    // Shot down: the crash and evade tables apply, the landing and bail-out do not.
    for (id, shown) in [
        ("a1_terrain", true),
        ("a1_altitude", true),
        ("a1_side_of_lines", true),
        ("a1_pilot_crash_dice", true),
        ("a1_observer_evade_dice", true),
        ("a1_landing_dice", false),
        ("a1_road", false),
        ("a1_pilot_bail_out_dice", false),
    ] {
        assert_eq!(displayed(&browser, id).await, shown, "#{id}");
    }
    assert_accessible(&browser, "the debrief form, shot down").await;
    browser.scroll_to("a1_down").await;
    browser.screenshot("game-debrief-shot-down").await;
    browser.select("a1_terrain", "woods").await;
    browser.fill("a1_altitude", "2").await;
    browser.select("a1_side_of_lines", "no_mans_land").await;
    browser.fill("a1_hexes", "4").await;
    for (id, dice) in [
        ("a1_pilot_crash_dice", "6 4"),
        ("a1_pilot_evade_dice", "5 4"),
        ("a1_pilot_injury_dice", "4"),
        ("a1_observer_crash_dice", "6 6"),
        ("a1_observer_evade_dice", "2 2"),
        ("a1_observer_capture_dice", "3 4"),
    ] {
        browser.fill(id, dice).await;
    }
    browser.select("k1_victim", "a1").await;
    browser.click(&format!("k1_shooter_{voss}")).await;

    // R14: a die that is no die of the crash table is refused next to the crewman
    // whose dice it was (the refusal's structure, not its wording, says where), in
    // the page's words (API v1.2): the field's label, no JSON path.
    browser.fill("a1_observer_crash_dice", "6 9").await;
    click_to_navigate(&browser, "preview-debrief").await;
    let reason = browser
        .text("a1_observer-error")
        .await
        .expect("a reason next to Mottershead");
    assert!(reason.contains("the crash dice"), "{reason}");
    assert!(!reason.contains("down.dice"), "{reason}");
    assert_eq!(browser.text("a1-error").await, None);
    assert_eq!(browser.text("preview").await, None);
    assert_eq!(browser.value("a1_observer_crash_dice").await, "6 9");
    assert_accessible(&browser, "the preview refused").await;
    browser.fill("a1_observer_crash_dice", "6 6").await;

    // The preview plays the tables out and writes nothing.
    click_to_navigate(&browser, "preview-debrief").await;
    browser
        .assert_path(&path(&format!("/games/{game}/debrief/preview")))
        .await;
    let ball_rolls = [
        [
            "Crash Result Table",
            "6 4",
            "shot down at altitude 1–3 \u{2212}2, crashed in woods or a trench line \u{2212}1",
            "7",
            "Minor injury",
        ],
        [
            "Evading Table",
            "5 4",
            "minor injury \u{2212}1",
            "8",
            "Evaded capture: back to his own lines",
        ],
        [
            "Minor injury",
            "4",
            "minor injury \u{2212}1",
            "3",
            "3 weeks out of service",
        ],
    ];
    let mottershead_rolls = [
        [
            "Crash Result Table",
            "6 6",
            "shot down at altitude 1–3 \u{2212}2, crashed in woods or a trench line \u{2212}1",
            "9",
            "Unharmed",
        ],
        ["Evading Table", "2 2", "none", "4", "Captured"],
        [
            "Exchange or escape",
            "3 4",
            "none",
            "7",
            "A prisoner: for him, the war is over",
        ],
    ];
    browser
        .assert_text(&format!("preview-fate-{ball}"), "minor injury")
        .await;
    browser
        .assert_text(&format!("preview-fate-{mottershead}"), "captured")
        .await;
    browser
        .assert_text(&format!("preview-fate-{voss}"), "unharmed")
        .await;
    assert_eq!(
        roll_rows(&browser, &format!("preview-{ball}")).await,
        rows(&ball_rolls)
    );
    assert_eq!(
        roll_rows(&browser, &format!("preview-{mottershead}")).await,
        rows(&mottershead_rolls)
    );
    // Everything typed is kept for the submit.
    assert_eq!(browser.value("a1_how").await, "shot_down");
    assert_eq!(browser.value("a1_observer_capture_dice").await, "3 4");
    assert!(displayed(&browser, "a1_pilot_crash_dice").await);
    assert_preview_well_formed(
        &browser,
        "debrief-form",
        &path(&format!("/games/{game}/debrief/preview")),
    )
    .await;
    assert_accessible(&browser, "the preview").await;
    browser.scroll_to("preview").await;
    browser.screenshot("game-debrief-preview").await;
    assert_eq!(count(&app, "SELECT count(*) FROM sorties").await, 0);
    assert_eq!(
        count(
            &app,
            &format!(
                "SELECT count(*) FROM dice_rolls WHERE game_id = {game} AND crew_id IS NOT NULL"
            )
        )
        .await,
        0
    );

    browser.submit("turns_played").await;
    browser.assert_path(&game_page).await;
    browser
        .assert_well_formed("game debriefed with a forced landing")
        .await;
    // API v1.2: the page shows each man's fate, in the crew's rolls and in who flew
    // what, never a table's result as if it were his fate.
    for (id, fate) in [
        (ball, "minor injury"),
        (mottershead, "captured"),
        (voss, "unharmed"),
    ] {
        browser.assert_text(&format!("fate-{id}"), fate).await;
        browser
            .assert_text(&format!("fate-{game}-{id}"), fate)
            .await;
    }
    assert_eq!(
        roll_rows(&browser, &format!("rolls-{ball}")).await,
        rows(&ball_rolls)
    );
    assert_eq!(
        roll_rows(&browser, &format!("rolls-{mottershead}")).await,
        rows(&mottershead_rolls)
    );
    browser.scroll_to("crew-rolls-heading").await;
    browser.screenshot("game-debriefed-forced-landing").await;
    // R14: each crewman's rolls are logged as his.
    assert_eq!(
        count(
            &app,
            &format!("SELECT count(*) FROM dice_rolls WHERE game_id = {game} AND crew_id = {mottershead}")
        )
        .await,
        3
    );
    browser.close().await;
}
