//! The debrief form as a club uses it on a phone (issue #23, API v1.2 "Refusals in
//! people's words"): a row per aircraft that flew, the mission aircraft filled in
//! from its assignment; one control for how each aircraft ended its sortie, from
//! which its loss follows (R8); victims named by row, aircraft and pilot and shooters
//! as boxes by name (R4); only the mission facts its success needs (R10); every
//! problem of a submit at once, each beside its field in the page's words.
//!
//! The game (campaign from 1917-04-02): Allied mission d10 2, observe enemy HQ, flown
//! by Albert Ball and observer Tom Mottershead in an RAF RE8, Mick Mannock beside
//! them in a Nieuport 17 on fighter sweep; Central mission d10 9, fighter sweep,
//! Werner Voss in an Albatros D-III (assigned) and Kurt Wolff in another.

use fantoccini::Locator;
use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::support::browser::Browser;
use crate::support::{
    aircraft_id, bloody_april, count, open_assigned_game, MissionCrew, TestApp, ALBERT_BALL,
};

/// The phone the pages are judged on (issue #23).
const PHONE_WIDTH: u32 = 412;

struct Game {
    app: TestApp,
    campaign: i64,
    game: i64,
    allied_mission: i64,
    crew: Vec<(&'static str, i64)>,
    nieuport: i64,
    albatros: i64,
}

impl Game {
    fn crewman(&self, name: &str) -> i64 {
        self.crew
            .iter()
            .find(|(n, _)| *n == name)
            .unwrap_or_else(|| panic!("no crewman {name}"))
            .1
    }

    fn page(&self) -> String {
        format!("/campaigns/{}/games/{}", self.campaign, self.game)
    }
}

/// The campaign, its crew, the game with both missions rolled and assigned, through
/// the forms as the referee sends them.
async fn game() -> Game {
    let app = TestApp::spawn().await;
    let recruits = [
        ALBERT_BALL,
        ("Tom Mottershead", "observer", "british", "paul"),
        ("Mick Mannock", "pilot", "british", "paul"),
        ("Werner Voss", "pilot", "german", "carl"),
        ("Kurt Wolff", "pilot", "german", "carl"),
    ];
    let (mut rita, csrf, cid, ids) = bloody_april(&app, true, &recruits).await;
    let crew: Vec<(&str, i64)> = recruits.iter().map(|r| r.0).zip(ids).collect();
    let nieuport = aircraft_id(&app, "Nieuport 17").await;
    let albatros = aircraft_id(&app, "Albatros D-III").await;
    let id = |name: &str| crew.iter().find(|(n, _)| *n == name).unwrap().1;
    let (game, allied, _) = open_assigned_game(
        &app,
        &mut rita,
        &csrf,
        cid,
        MissionCrew {
            aircraft: aircraft_id(&app, "RAF RE8").await,
            pilot: id("Albert Ball"),
            observer: Some(id("Tom Mottershead")),
        },
        MissionCrew {
            aircraft: albatros,
            pilot: id("Werner Voss"),
            observer: None,
        },
    )
    .await;
    Game {
        app,
        campaign: cid,
        game,
        allied_mission: allied,
        crew,
        nieuport,
        albatros,
    }
}

/// A browser signed in as the referee, its window a phone's width.
async fn phone(game: &Game) -> Browser {
    let browser = Browser::start(&game.app.address).await;
    browser.sign_in_as("rita").await;
    browser
        .client
        .set_window_size(PHONE_WIDTH, 900)
        .await
        .unwrap();
    browser
}

/// Counts the fields a referee touches, and touches them.
struct Touch<'a> {
    browser: &'a Browser,
    fields: usize,
}

impl Touch<'_> {
    async fn fill(&mut self, id: &str, value: &str) {
        self.fields += 1;
        self.browser.fill(id, value).await;
    }

    async fn select(&mut self, id: &str, value: &str) {
        self.fields += 1;
        self.browser.select(id, value).await;
    }

    async fn tick(&mut self, id: &str) {
        self.fields += 1;
        self.browser.click(id).await;
    }
}

/// Issue #23: a 412 px wide window shows the page with no sideways scrolling.
async fn assert_fits_the_phone(browser: &Browser, state: &str) {
    let (scroll, window) = browser.widths().await;
    assert_eq!(
        window,
        i64::from(PHONE_WIDTH),
        "{state}: the window's width"
    );
    assert!(
        scroll <= i64::from(PHONE_WIDTH),
        "{state}: the page is {scroll} px wide on a {PHONE_WIDTH} px phone"
    );
}

/// Whether the element `inner` stands inside the element `outer`.
async fn inside(browser: &Browser, inner: &str, outer: &str) -> bool {
    let answer = browser
        .client
        .execute(
            "const i = document.getElementById(arguments[0]);
             const o = document.getElementById(arguments[1]);
             return !!(i && o && o.contains(i));",
            vec![json!(inner), json!(outer)],
        )
        .await
        .unwrap();
    answer == Value::Bool(true)
}

/// Whether the element `error` comes right after the element holding the field `field`.
async fn right_after(browser: &Browser, error: &str, field: &str) -> bool {
    let answer = browser
        .client
        .execute(
            "const e = document.getElementById(arguments[0]);
             const f = document.getElementById(arguments[1]);
             return !!(e && f && e.previousElementSibling
                 && e.previousElementSibling.contains(f));",
            vec![json!(error), json!(field)],
        )
        .await
        .unwrap();
    answer == Value::Bool(true)
}

/// API v1.2: what a person reads shows no id, JSON path, enum value or code
/// formatting; v1.3: nor a design number.
fn assert_in_words(text: &str) {
    assert!(!text.contains('`'), "a backtick in {text:?}");
    let design_number = text
        .split(|c: char| !c.is_ascii_alphanumeric())
        .find(|w| w.len() > 1 && w.starts_with('R') && w[1..].bytes().all(|b| b.is_ascii_digit()));
    assert_eq!(design_number, None, "a design number in {text:?}");
    for machine in [
        "sortie \"",
        "aircraft type ",
        "down.",
        "dice.",
        "_",
        "landed_safely",
        "aircraft_lost",
        "\"a1\"",
        "\"c1\"",
    ] {
        assert!(
            !text.contains(machine),
            "{machine:?} in {text:?}, words of the API rather than the page's"
        );
    }
    // "crewman 6", "mission 9": an id where the page names the man or the mission.
    for word in ["crewman ", "mission "] {
        for (at, _) in text.match_indices(word) {
            let next = text[at + word.len()..].chars().next();
            assert!(
                !next.is_some_and(|c| c.is_ascii_digit()),
                "an id after {word:?} in {text:?}"
            );
        }
    }
}

#[tokio::test]
async fn four_wrong_fields_are_refused_at_once_each_beside_its_field_in_words() {
    let game = game().await;
    let browser = phone(&game).await;
    browser.open(&game.page()).await;
    let voss = game.crewman("Werner Voss");

    browser.fill("turns_played", "20").await;
    // R5: the Allied side cannot have left on turn 30 of a 20-turn game…
    browser.fill("left_allied", "30").await;
    // …nor Voss's Albatros have been 25 turns on the board.
    browser.fill("c1_turns", "25").await;
    // R7: a man has three wound boxes; Ball is given six.
    browser.fill("a1_pilot_wounds", "6").await;
    // R4: Voss's Albatros exploded, and Voss himself is credited with it.
    browser.select("c1_how", "exploded").await;
    browser.select("k1_victim", "c1").await;
    browser.click(&format!("k1_shooter_{voss}")).await;
    browser.submit("turns_played").await;

    // All four at once, each beside its field.
    let reasons = [
        ("turns-error", "appendix D: the "),
        ("c1-error", "appendix D: aircraft c1 was 25 turns"),
        (
            "a1_pilot-error",
            "§10.01: Albert Ball has 6 wound boxes crossed off",
        ),
        (
            "kills-error",
            "§13.103: Werner Voss is on the same side as aircraft c1",
        ),
    ];
    for (id, start) in reasons {
        let reason = browser
            .text(id)
            .await
            .unwrap_or_else(|| panic!("no #{id} on the refused form"));
        assert!(reason.starts_with(start), "#{id}: {reason}");
        if id == "turns-error" {
            assert!(reason.contains("turn 30"), "#{id}: {reason}");
        }
        assert_in_words(&reason);
    }
    assert!(inside(&browser, "turns-error", "debrief-form").await);
    assert!(right_after(&browser, "turns-error", "left_allied").await);
    assert!(inside(&browser, "c1-error", "c1").await);
    assert!(right_after(&browser, "a1_pilot-error", "a1_pilot_wounds").await);
    assert!(inside(&browser, "kills-error", "kills").await);
    assert_eq!(browser.text("debrief-error").await, None);
    // Nothing on the page is in the API's words.
    let body = browser.body().await;
    assert!(!body.contains('`'), "a backtick on the page");
    for machine in ["sortie \"", "down.", "landed_safely", "aircraft_lost"] {
        assert!(!body.contains(machine), "{machine:?} on the page");
    }
    // Everything typed is kept.
    assert_eq!(browser.value("c1_turns").await, "25");
    assert_eq!(browser.value("a1_pilot_wounds").await, "6");
    assert_eq!(browser.value("c1_how").await, "exploded");
    assert_eq!(count(&game.app, "SELECT count(*) FROM sorties").await, 0);
    assert_fits_the_phone(&browser, "the refused form").await;
    let problems = browser.check_page().await;
    assert!(problems.is_empty(), "the refused form: {problems:?}");
    browser.scroll_to("c1-error").await;
    browser.screenshot("debrief-four-problems-phone").await;
    browser.close().await;
}

#[tokio::test]
async fn a_four_aircraft_game_is_entered_on_a_phone_in_thirty_fields_and_one_submit() {
    let game = game().await;
    let browser = phone(&game).await;
    browser.open(&game.page()).await;
    browser
        .assert_well_formed("the debrief form on a phone")
        .await;
    assert_fits_the_phone(&browser, "the debrief form").await;
    browser.screenshot("debrief-form-phone").await;

    // The mission aircraft come filled in from their assignment; a single-seater has
    // no observer (R11); landed safely is asked of the observation mission only (R10).
    assert_eq!(
        browser.value("a1_pilot").await,
        game.crewman("Albert Ball").to_string()
    );
    assert_eq!(
        browser.value("a1_observer").await,
        game.crewman("Tom Mottershead").to_string()
    );
    assert_eq!(
        browser.value("c1_pilot").await,
        game.crewman("Werner Voss").to_string()
    );
    assert!(browser.text("c1_observer").await.is_none());
    assert!(
        browser.text("c1_lost").await.is_none(),
        "no separate loss box"
    );
    let allied = game.allied_mission;
    assert!(browser
        .text(&format!("m{allied}_landed_safely"))
        .await
        .is_some());

    let (mannock, wolff) = (game.crewman("Mick Mannock"), game.crewman("Kurt Wolff"));
    let mut touch = Touch {
        browser: &browser,
        fields: 0,
    };
    touch.fill("turns_played", "20").await;
    // The second aircraft of each side, in the spare row each side starts with.
    touch
        .select("a2_aircraft", &game.nieuport.to_string())
        .await;
    touch.select("a2_pilot", &mannock.to_string()).await;
    touch
        .select("c2_aircraft", &game.albatros.to_string())
        .await;
    touch.select("c2_pilot", &wolff.to_string()).await;
    // Wolff's Albatros is shot down over his own lines (R8): the server rolls the
    // crash and evade tables at the submit, and the loss follows.
    touch.select("c2_how", "shot_down").await;
    assert!(browser
        .client
        .find(Locator::Id("c2_pilot_crash_dice"))
        .await
        .unwrap()
        .is_displayed()
        .await
        .unwrap());
    // A single-seater chosen in a spare row shows no observer.
    assert!(!browser
        .client
        .find(Locator::Id("c2_observer"))
        .await
        .unwrap()
        .is_displayed()
        .await
        .unwrap());
    touch.select("c2_terrain", "clear").await;
    touch.select("c2_side_of_lines", "own").await;
    touch.fill("c2_hexes", "3").await;
    // The victim by row, aircraft and pilot; the shooter by name (R4).
    let victims = browser
        .client
        .execute(
            "return Array.from(document.querySelectorAll('#k1_victim option'))
                 .map(o => o.textContent);",
            vec![],
        )
        .await
        .unwrap();
    assert!(
        victims
            .as_array()
            .unwrap()
            .iter()
            .any(|v| v == "c2 \u{2014} Albatros D-III, Kurt Wolff"),
        "{victims}"
    );
    touch.select("k1_victim", "c2").await;
    touch.tick(&format!("k1_shooter_{mannock}")).await;
    // R10: observe enemy HQ succeeds with the target observed and the RE8 home.
    touch.tick(&format!("m{allied}_landed_safely")).await;
    touch.tick(&format!("m{allied}_target_observed")).await;
    assert_fits_the_phone(&browser, "the debrief form filled in").await;
    let problems = browser.check_page().await;
    assert!(
        problems.is_empty(),
        "the debrief form filled in: {problems:?}"
    );
    assert!(touch.fields <= 30, "{} fields touched", touch.fields);

    browser.submit("turns_played").await;
    browser.assert_path(&game.page()).await;
    browser.assert_text("success-allied", "success").await;

    // The debrief is recorded: the API lists Mannock's kill (R4: 24 XP) and Ball's
    // observe-HQ success (R4: pilot 10).
    let client = reqwest::Client::new();
    let awards = |crew: i64| {
        let url = format!(
            "{}/api/v1/campaigns/{}/crew/{crew}",
            game.app.address, game.campaign
        );
        let client = client.clone();
        async move {
            let crewman: Value = client.get(url).send().await.unwrap().json().await.unwrap();
            crewman["awards"]
                .as_array()
                .unwrap()
                .iter()
                .map(|a| a["points"].as_i64().unwrap())
                .collect::<Vec<_>>()
        }
    };
    assert!(awards(mannock).await.contains(&24), "Mannock's kill");
    assert!(
        awards(game.crewman("Albert Ball")).await.contains(&10),
        "Ball's mission"
    );
    assert_eq!(
        count(
            &game.app,
            &format!("SELECT count(*) FROM sorties WHERE game_id = {}", game.game)
        )
        .await,
        4
    );
    browser.close().await;
}

#[tokio::test]
async fn more_aircraft_than_rows_are_added_without_losing_what_was_typed() {
    let game = game().await;
    let (mut rita, csrf) = game.app.signed_in("rita").await;
    // Without a script: the "Add" button posts the form and gets it back, one row more.
    let page = game.page();
    let response = rita
        .post(
            &format!("{page}/debrief/preview"),
            &[
                ("csrf", &csrf),
                ("turns_played", "20"),
                ("allied_rows", "2"),
                ("central_rows", "2"),
                ("kill_rows", "1"),
                ("c1_turns", "17"),
                ("add", "central"),
            ],
        )
        .await;
    assert_eq!(response.status(), StatusCode::OK);
    let html = response.text().await.unwrap();
    assert!(html.contains("id=\"c3_aircraft\""), "a third Central row");
    assert!(
        !html.contains("id=\"a3_aircraft\""),
        "still two Allied rows"
    );
    assert!(html
        .contains("name=\"c1_turns\" type=\"text\" inputmode=\"numeric\" size=\"3\" value=\"17\""));
    assert!(html.contains("name=\"turns_played\" type=\"text\" inputmode=\"numeric\" value=\"20\""));
    assert_eq!(count(&game.app, "SELECT count(*) FROM sorties").await, 0);

    // R14: the preview rolls no die. Voss shot down with no dice entered: his crash
    // roll is listed with its table and modifiers, to be rolled at the submit, and
    // nothing after it is known.
    let voss = game.crewman("Werner Voss");
    let (albatros, voss_id) = (game.albatros.to_string(), voss.to_string());
    let response = rita
        .post(
            &format!("{page}/debrief/preview"),
            &[
                ("csrf", &csrf),
                ("turns_played", "20"),
                ("c1_aircraft", &albatros),
                ("c1_pilot", &voss_id),
                ("c1_how", "shot_down"),
                ("c1_terrain", "woods"),
                ("c1_altitude", "2"),
                ("c1_side_of_lines", "enemy"),
                ("c1_hexes", "4"),
            ],
        )
        .await;
    assert_eq!(response.status(), StatusCode::OK);
    let html = response.text().await.unwrap();
    let mine = &html[html
        .find(&format!("id=\"preview-{voss}\""))
        .expect("Voss in the preview")..];
    let mine = &mine[..mine.find("</div>").unwrap()];
    assert!(mine.contains("decided by the dice still to roll"), "{mine}");
    assert!(
        mine.contains("<td>Crash Result Table</td><td class=\"dice\">to be rolled</td>"),
        "{mine}"
    );
    assert!(
        mine.contains("crashed in woods"),
        "the crash table's modifiers: {mine}"
    );
    assert!(!mine.contains("<td>Evading Table</td>"), "{mine}");
    assert_eq!(
        count(
            &game.app,
            "SELECT count(*) FROM dice_rolls WHERE crew_id IS NOT NULL"
        )
        .await,
        0
    );
}
