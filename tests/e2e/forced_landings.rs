//! Forced landings in the debrief (API v1.1, R7, R8, §11, §13.03, appendix C): a
//! sortie's `down` runs landing → crash or bail-out → evade → capture → injury with
//! entered dice, each roll in the answer per crewman and in the roll log with the
//! game's id; the consistency checks refuse a report whole and write nothing. Every
//! expected number is worked from appendix C in the comment above it.

use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::support::aircraft_id;
use crate::support::fixtures_debrief::{
    assert_fates_agree, ball_and_smith_fly, crewman, debrief_ok, game, mission, post_debrief,
    row_counts, squadron, sweep_game, Squadron,
};
use crate::support::{body, problem, TestApp};

/// The detail of a debrief refused whole (422) that wrote nothing.
async fn refused(app: &TestApp, s: &Squadron, game: i64, report: &Value) -> String {
    let before = row_counts(app).await;
    let detail = problem(
        post_debrief(app, s, game, report).await,
        StatusCode::UNPROCESSABLE_ENTITY,
    )
    .await;
    assert_eq!(row_counts(app).await, before, "{detail}");
    detail
}

/// A game of the current week opened through the API with the ground offensive's
/// 2d6 entered (appendix E: 2 major Central, 3 minor Central, 4–10 quiet, 11 minor
/// Allied, 12 major Allied), both sides flying fighter sweep (a debrief needs both
/// missions, API v1.2).
async fn open_game(app: &TestApp, s: &Squadron, dice: [u32; 2]) -> i64 {
    let response = app
        .post(&s.api("/games"), Some(&s.referee), &json!({ "dice": dice }))
        .await;
    assert_eq!(response.status(), StatusCode::CREATED);
    let g = body(response).await["id"].as_i64().unwrap();
    for side in ["allied", "central"] {
        mission(s, g, side, "fighter_sweep", None, None).await;
    }
    g
}

/// A sweep sortie that came down.
fn came_down(key: &str, aircraft: i64, crew: Value, down: Value) -> Value {
    json!({ "key": key, "aircraft_id": aircraft, "assignment": "sweep",
            "turns_on_board": 10, "crew": crew, "down": down })
}

/// A sweep sortie flown by `pilot` alone, unwounded, that came down.
fn solo(key: &str, aircraft: i64, pilot: i64, down: Value) -> Value {
    came_down(key, aircraft, json!([seat(pilot, "pilot", 0)]), down)
}

fn report(sorties: Vec<Value>) -> Value {
    json!({ "turns_played": 20, "sorties": sorties })
}

fn seat(id: i64, position: &str, wound_boxes: u32) -> Value {
    json!({ "crew_id": id, "position": position, "wound_boxes": wound_boxes })
}

/// A fresh app with rhoda's squadron, a game of its first week (both sides flying
/// fighter sweep) and the ids of the aircraft types `names`.
async fn rhodas_game<const N: usize>(names: [&str; N]) -> (TestApp, Squadron, i64, [i64; N]) {
    let app = TestApp::spawn().await;
    let s = squadron(&app, "rhoda").await;
    let mut types = [0; N];
    for (id, name) in types.iter_mut().zip(names) {
        *id = aircraft_id(&app, name).await;
    }
    let g = sweep_game(&s).await;
    (app, s, g, types)
}

/// Each element of the array `rows` as the array of its `keys`' values.
fn columns(rows: &Value, keys: &[&str]) -> Vec<Value> {
    rows.as_array()
        .unwrap()
        .iter()
        .map(|row| Value::Array(keys.iter().map(|k| row[*k].clone()).collect()))
        .collect()
}

/// A crewman's outcome in the debrief's answer.
fn outcome(result: &Value, crew: i64) -> Value {
    entry(result, crew)["outcome"].clone()
}

/// A crewman's rolls in the answer, each as `[table, dice, modifiers, total, result]`.
fn rolls(result: &Value, crew: i64) -> Vec<Value> {
    columns(
        &entry(result, crew)["rolls"],
        &["table", "dice", "modifiers", "total", "result"],
    )
}

fn entry(result: &Value, crew: i64) -> &Value {
    result["crew"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["crew_id"] == crew)
        .unwrap_or_else(|| panic!("crewman {crew} is not in the answer: {result}"))
}

async fn roll_log(app: &TestApp, s: &Squadron) -> Vec<Value> {
    let response = app.get(&s.api("/rolls"), Some(&s.referee)).await;
    assert_eq!(response.status(), StatusCode::OK);
    body(response).await.as_array().unwrap().clone()
}

async fn stored_debrief(app: &TestApp, s: &Squadron, game: i64) -> Value {
    let response = app.get(&s.debrief_path(game), Some(&s.referee)).await;
    assert_eq!(response.status(), StatusCode::OK);
    let stored = body(response).await;
    assert_fates_agree(&stored);
    stored
}

// §11.01 and appendix C landing, §11.03 note and evade, R7 injuries:
// a1 Camel, Ball lands on shell holes with a road: needs 8; [3, 4] = 7, road +1 = 8,
//   landed. He still rolls to evade (§11.03 note): own side +7, 2 hexes +1, quiet 0:
//   [2, 3] = 5 + 8 = 13, evaded. The aircraft is kept.
// a2 Bristol, Mannock (1 wound box, minor) at the controls, Jones observing, lands in
//   woods: needs 6; [2, 3] = 5 − 1 (minor wound) = 4, crashed → the crash table for
//   both, woods −1: Mannock [3, 4] = 7 − 1 = 6 serious; Jones [4, 4] = 8 − 1 = 7
//   minor. Evade, own side (wounds do not count there), 5 hexes 0: Mannock [1, 2] =
//   3 + 7 = 10, Jones [1, 1] = 2 + 7 = 9, both evaded. R7: Mannock's serious crash
//   is worse than his minor wound: 3d6 [2, 5, 6] = 13 weeks, out until week 14;
//   Jones minor: 1d6 [4] − 1 = 3 weeks, out until week 4.
#[tokio::test]
async fn landed_on_a_road_and_a_failed_landing_going_on_to_the_crash_table() {
    let (app, s, g, [camel, bristol]) = rhodas_game(["Sopwith Camel", "Bristol F2b"]).await;
    let (ball, mannock, jones) = (s.id("Ball"), s.id("Mannock"), s.id("Jones"));
    let result = debrief_ok(
        &app,
        &s,
        g,
        &report(vec![
            solo(
                "a1",
                camel,
                ball,
                json!({
            "how": "landed", "terrain": "shell_holes", "road": true,
            "side_of_lines": "own", "hexes_from_friendly_trenches": 2,
            "dice": { "landing": [3, 4], "evade": { ball.to_string(): [2, 3] } } }),
            ),
            came_down(
                "a2",
                bristol,
                json!([seat(mannock, "pilot", 1), seat(jones, "observer", 0)]),
                json!({
            "how": "landed", "terrain": "woods",
            "side_of_lines": "own", "hexes_from_friendly_trenches": 5,
            "dice": { "landing": [2, 3],
                      "crash": { mannock.to_string(): [3, 4], jones.to_string(): [4, 4] },
                      "evade": { mannock.to_string(): [1, 2], jones.to_string(): [1, 1] },
                      "injury": { mannock.to_string(): [2, 5, 6], jones.to_string(): [4] } } }),
            ),
        ]),
    )
    .await;

    assert_eq!(outcome(&result, ball), "evaded");
    assert_eq!(
        rolls(&result, ball),
        [
            json!(["landing", [3, 4], { "road": 1 }, 8, "landed"]),
            json!(["evade", [2, 3], { "own_side_of_lines": 7, "hexes_from_friendly_trenches": 1 }, 13, "evaded"]),
        ]
    );
    assert_eq!(outcome(&result, mannock), "serious_injury");
    assert_eq!(
        rolls(&result, mannock),
        [
            json!(["landing", [2, 3], { "minor_wound": -1 }, 4, "crashed"]),
            json!(["crash", [3, 4], { "terrain": -1 }, 6, "serious_injury"]),
            json!(["evade", [1, 2], { "own_side_of_lines": 7 }, 10, "evaded"]),
            json!(["serious_injury", [2, 5, 6], {}, 13, 13]),
        ]
    );
    assert_eq!(outcome(&result, jones), "minor_injury");
    assert_eq!(
        rolls(&result, jones),
        [
            json!(["crash", [4, 4], { "terrain": -1 }, 7, "minor_injury"]),
            json!(["evade", [1, 1], { "own_side_of_lines": 7 }, 9, "evaded"]),
            json!(["minor_injury", [4], { "minor_injury": -1 }, 3, 3]),
        ]
    );
    let injuries = columns(
        &result["injuries"],
        &["crew_id", "severity", "weeks_out", "out_until_week"],
    );
    assert_eq!(
        injuries,
        [
            json!([mannock, "serious", 13, 14]),
            json!([jones, "minor", 3, 4])
        ]
    );
    assert_eq!(crewman(&app, &s, mannock).await["status"], "wounded");
    assert_eq!(crewman(&app, &s, ball).await["status"], "active");

    // R14: every roll is in the log with the game's id, entered, in the order made.
    let logged: Vec<Value> = roll_log(&app, &s)
        .await
        .into_iter()
        .filter(|r| {
            r["game_id"] == g
                && !["ground_offensive", "mission"].contains(&r["table"].as_str().unwrap())
        })
        .map(|r| json!([r["table"], r["dice"], r["total"], r["side"], r["entered"]]))
        .collect();
    assert_eq!(
        logged,
        [
            json!(["landing", [3, 4], 8, "allied", true]),
            json!(["evade", [2, 3], 13, "allied", true]),
            json!(["landing", [2, 3], 4, "allied", true]),
            json!(["crash", [3, 4], 6, "allied", true]),
            json!(["evade", [1, 2], 10, "allied", true]),
            json!(["serious_injury", [2, 5, 6], 13, "allied", true]),
            json!(["crash", [4, 4], 7, "allied", true]),
            json!(["evade", [1, 1], 9, "allied", true]),
            json!(["minor_injury", [4], 3, "allied", true]),
        ]
    );
    // R14: the log keeps whose roll each was (migration 000015), so the stored
    // debrief lists every crewman's rolls as the answer did.
    assert_eq!(stored_debrief(&app, &s, g).await, result);
}

// Appendix C crash table, the same dice [6, 3] = 9 at each altitude band's edge:
// Ball shot down at 3 (1–3, −2) = 7, minor; McCudden at 4 (4–5, −3) = 6, serious;
// Mannock at 6 (6+, −4) = 5, killed — the dead roll no evade. Evade own side, 1 hex
// +1: [1, 1] = 2 + 8 = 10, evaded. Injuries: Ball 1d6 [6] − 1 = 5 weeks; McCudden
// 3d6 [1, 2, 3] = 6 weeks. Boelcke's Albatros exploded: killed, no roll. Voss came
// down off the board: no roll at all (§11.03 note), unharmed.
#[tokio::test]
async fn shot_down_at_each_altitude_band_exploded_and_off_board() {
    let (app, s, g, [camel, albatros]) = rhodas_game(["Sopwith Camel", "Albatros D-III"]).await;
    let (ball, mccudden, mannock) = (s.id("Ball"), s.id("McCudden"), s.id("Mannock"));
    let (boelcke, voss) = (s.id("Boelcke"), s.id("Voss"));
    // The dead roll no evade and no injury: their dice are left out.
    let shot_down = |id: i64, altitude: u32, injury: Value| {
        let mut dice = json!({ "crash": { id.to_string(): [6, 3] } });
        if !injury.is_null() {
            dice["evade"] = json!({ id.to_string(): [1, 1] });
            dice["injury"] = json!({ id.to_string(): injury });
        }
        json!({ "how": "shot_down", "altitude": altitude, "terrain": "clear",
                "side_of_lines": "own", "hexes_from_friendly_trenches": 1, "dice": dice })
    };
    let result = debrief_ok(
        &app,
        &s,
        g,
        &report(vec![
            solo("a1", camel, ball, shot_down(ball, 3, json!([6]))),
            solo(
                "a2",
                camel,
                mccudden,
                shot_down(mccudden, 4, json!([1, 2, 3])),
            ),
            solo("a3", camel, mannock, shot_down(mannock, 6, Value::Null)),
            solo("c1", albatros, boelcke, json!({ "how": "exploded" })),
            solo("c2", albatros, voss, json!({ "how": "off_board" })),
        ]),
    )
    .await;

    let evaded = json!(["evade", [1, 1], { "own_side_of_lines": 7, "hexes_from_friendly_trenches": 1 }, 10, "evaded"]);
    assert_eq!(
        rolls(&result, ball),
        [
            json!(["crash", [6, 3], { "shot_down_at_altitude": -2 }, 7, "minor_injury"]),
            evaded.clone(),
            json!(["minor_injury", [6], { "minor_injury": -1 }, 5, 5]),
        ]
    );
    assert_eq!(outcome(&result, ball), "minor_injury");
    assert_eq!(
        rolls(&result, mccudden),
        [
            json!(["crash", [6, 3], { "shot_down_at_altitude": -3 }, 6, "serious_injury"]),
            evaded,
            json!(["serious_injury", [1, 2, 3], {}, 6, 6]),
        ]
    );
    assert_eq!(
        rolls(&result, mannock),
        [json!(["crash", [6, 3], { "shot_down_at_altitude": -4 }, 5, "killed"])]
    );
    assert_eq!(outcome(&result, mannock), "killed");
    assert!(rolls(&result, boelcke).is_empty());
    assert_eq!(outcome(&result, boelcke), "killed");
    assert!(rolls(&result, voss).is_empty());
    assert_eq!(outcome(&result, voss), "unharmed");
    assert_eq!(result["deaths"], json!([mannock, boelcke]));
    assert_eq!(crewman(&app, &s, voss).await["status"], "active");
    // Those with no roll (exploded, off the board) are listed with their outcome
    // when read again too.
    assert_eq!(stored_debrief(&app, &s, g).await, result);
}

// §13.03, R8: parachutes only for German crews from 1918-02-01. The campaign starts
// 1917-08-06: week 26 is 1918-01-28 (none yet), week 27 is 1918-02-04.
// Week 27: Boelcke bails out at altitude 1 of a burning Albatros: [4, 4] = 8 − 1
//   (altitude 1) − 1 (on fire) = 6, minor; evade own side, 3 hexes +1: [1, 1] = 2 + 8
//   = 10, evaded; minor 1d6 [3] − 1 = 2 weeks.
// Voss (2 wound boxes, serious) bails out at altitude 4: [5, 4] = 9 − 3 (serious
//   wound) = 6, minor; evade in no man's land, 4 hexes 0, with the worse of wounds
//   and bail-out (R7) serious −3: [6, 5] = 11 − 3 = 8, evaded; R7 the wounds are
//   worse: serious 3d6 [2, 2, 2], a triple, sent home.
#[tokio::test]
async fn bailed_out_with_and_without_parachutes_by_date() {
    let app = TestApp::spawn().await;
    let s = squadron(&app, "rhoda").await;
    let albatros = aircraft_id(&app, "Albatros D-V").await;
    let camel = aircraft_id(&app, "Sopwith Camel").await;
    let (boelcke, voss, ball) = (s.id("Boelcke"), s.id("Voss"), s.id("Ball"));
    let bail = |id: i64| {
        json!({ "how": "bailed_out", "altitude": 3,
        "side_of_lines": "own", "hexes_from_friendly_trenches": 3,
        "dice": { "bail_out": { id.to_string(): [4, 4] }, "evade": { id.to_string(): [3, 3] } } })
    };

    s.office.close_weeks_until(26).await;
    let early = sweep_game(&s).await;
    let detail = refused(
        &app,
        &s,
        early,
        &report(vec![solo("c1", albatros, boelcke, bail(boelcke))]),
    )
    .await;
    assert!(
        detail.contains("aircraft c1")
            && detail.contains("§13.03")
            && detail.contains("1918-01-28"),
        "{detail}"
    );

    // The refused game of week 26 has no debrief: the week closes abandoning it.
    s.office.close_week_abandoning().await;
    let g = sweep_game(&s).await;
    let detail = refused(
        &app,
        &s,
        g,
        &report(vec![solo("a1", camel, ball, bail(ball))]),
    )
    .await;
    assert!(
        detail.contains("aircraft a1") && detail.contains("British"),
        "{detail}"
    );

    let result = debrief_ok(
        &app,
        &s,
        g,
        &report(vec![
            solo(
                "c1",
                albatros,
                boelcke,
                json!({
            "how": "bailed_out", "altitude": 1, "on_fire": true,
            "side_of_lines": "own", "hexes_from_friendly_trenches": 3,
            "dice": { "bail_out": { boelcke.to_string(): [4, 4] },
                      "evade": { boelcke.to_string(): [1, 1] },
                      "injury": { boelcke.to_string(): [3] } } }),
            ),
            came_down(
                "c2",
                albatros,
                json!([seat(voss, "pilot", 2)]),
                json!({
            "how": "bailed_out", "altitude": 4,
            "side_of_lines": "no_mans_land", "hexes_from_friendly_trenches": 4,
            "dice": { "bail_out": { voss.to_string(): [5, 4] },
                      "evade": { voss.to_string(): [6, 5] },
                      "injury": { voss.to_string(): [2, 2, 2] } } }),
            ),
        ]),
    )
    .await;
    assert_eq!(
        rolls(&result, boelcke),
        [
            json!(["bail_out", [4, 4], { "altitude_1": -1, "on_fire": -1 }, 6, "minor_injury"]),
            json!(["evade", [1, 1], { "own_side_of_lines": 7, "hexes_from_friendly_trenches": 1 }, 10, "evaded"]),
            json!(["minor_injury", [3], { "minor_injury": -1 }, 2, 2]),
        ]
    );
    assert_eq!(
        rolls(&result, voss),
        [
            json!(["bail_out", [5, 4], { "serious_wound": -3 }, 6, "minor_injury"]),
            json!(["evade", [6, 5], { "serious_injury": -3 }, 8, "evaded"]),
            json!(["serious_injury", [2, 2, 2], {}, 6, 6]),
        ]
    );
    let voss_injury = result["injuries"]
        .as_array()
        .unwrap()
        .iter()
        .find(|i| i["crew_id"] == voss)
        .unwrap()
        .clone();
    assert_eq!(
        (
            voss_injury["severity"].clone(),
            voss_injury["sent_home"].clone()
        ),
        (json!("serious"), json!(true))
    );
    assert_eq!(crewman(&app, &s, voss).await["status"], "sent_home");
}

// Appendix C evade with R8's ground offensive, for Allied pilots who landed safely on
// an airfield (needs 2: [3, 3] = 6, landed) and roll [3, 4] = 7 to evade:
//   own side +7, 2 hexes +1: 15 + offensive; no man's land, 4 hexes 0: 7 + offensive;
//   enemy side −5, 6 hexes −1: 1 + offensive.
// Offensive (2d6 of appendix E)  own            no man's land   enemy
//   major Central [1, 1] −3      12 evaded      4 captured      −2 killed
//   minor Central [1, 2] −1      14 evaded      6 captured       0 killed
//   quiet         [3, 4]  0      15 evaded      7 evaded         1 killed
//   minor Allied  [5, 6] +1      16 evaded      8 evaded         2 killed
//   major Allied  [6, 6] +3      18 evaded     10 evaded         4 captured
// The captured roll prisoner: [3, 4] = 7 (R8).
#[tokio::test]
async fn evade_on_each_side_of_the_lines_under_each_ground_offensive() {
    let app = TestApp::spawn().await;
    let rows = [
        (
            [1, 1],
            "major_central",
            (12, "evaded"),
            (4, "captured"),
            (-2, "killed"),
        ),
        (
            [1, 2],
            "minor_central",
            (14, "evaded"),
            (6, "captured"),
            (0, "killed"),
        ),
        (
            [3, 4],
            "quiet",
            (15, "evaded"),
            (7, "evaded"),
            (1, "killed"),
        ),
        (
            [5, 6],
            "minor_allied",
            (16, "evaded"),
            (8, "evaded"),
            (2, "killed"),
        ),
        (
            [6, 6],
            "major_allied",
            (18, "evaded"),
            (10, "evaded"),
            (4, "captured"),
        ),
    ];
    for (i, (offensive_dice, offensive, own, no_mans_land, enemy)) in rows.into_iter().enumerate() {
        // A campaign each: the captured and killed are out for the next game.
        let s = squadron(&app, &format!("referee{i}")).await;
        let camel = aircraft_id(&app, "Sopwith Camel").await;
        let g = open_game(&app, &s, offensive_dice).await;
        let pilots = [
            (s.id("Ball"), "own", 2, own),
            (s.id("McCudden"), "no_mans_land", 4, no_mans_land),
            (s.id("Mannock"), "enemy", 6, enemy),
        ];
        let sorties = pilots
            .iter()
            .enumerate()
            .map(|(i, (id, side_of_lines, hexes, (_, result)))| {
                let mut dice = json!({ "landing": [3, 3], "evade": { id.to_string(): [3, 4] } });
                if *result == "captured" {
                    dice["capture"] = json!({ id.to_string(): [3, 4] });
                }
                solo(
                    &format!("a{i}"),
                    camel,
                    *id,
                    json!({
                    "how": "landed", "terrain": "airfield", "side_of_lines": side_of_lines,
                    "hexes_from_friendly_trenches": hexes, "dice": dice }),
                )
            })
            .collect();
        let answer = debrief_ok(&app, &s, g, &report(sorties)).await;
        for (id, side_of_lines, _, (total, result)) in pilots {
            let evade = &entry(&answer, id)["rolls"][1];
            assert_eq!(evade["table"], "evade");
            assert_eq!(
                (evade["total"].clone(), evade["result"].clone()),
                (json!(total), json!(result)),
                "{offensive}, {side_of_lines}"
            );
            assert_eq!(outcome(&answer, id), result, "{offensive}, {side_of_lines}");
        }
    }
}

// R8 capture: 2d6, a 2 is exchanged or escaped, out 1d100 weeks. Ball and McCudden
// land on an airfield behind the enemy's lines ([3, 3] = 6 ≥ 2, landed) and evade:
// enemy side −5, 4 hexes 0, quiet: [5, 5] = 10 − 5 = 5, captured. Ball's capture
// [1, 1] = 2 escapes, 1d100 [37] weeks: out until week 1 + 37 = 38. McCudden's
// [3, 4] = 7: a prisoner for the war.
#[tokio::test]
async fn captured_then_escaped_or_prisoner() {
    let (app, s, g, [camel]) = rhodas_game(["Sopwith Camel"]).await;
    let (ball, mccudden) = (s.id("Ball"), s.id("McCudden"));
    let behind_the_lines = |id: i64, capture: Value| {
        json!({
        "how": "landed", "terrain": "airfield", "side_of_lines": "enemy",
        "hexes_from_friendly_trenches": 4,
        "dice": { "landing": [3, 3], "evade": { id.to_string(): [5, 5] },
                  "capture": { id.to_string(): capture } } })
    };
    let result = debrief_ok(
        &app,
        &s,
        g,
        &report(vec![
            solo("a1", camel, ball, behind_the_lines(ball, json!([1, 1, 37]))),
            solo(
                "a2",
                camel,
                mccudden,
                behind_the_lines(mccudden, json!([3, 4])),
            ),
        ]),
    )
    .await;
    assert_eq!(
        rolls(&result, ball),
        [
            json!(["landing", [3, 3], {}, 6, "landed"]),
            json!(["evade", [5, 5], { "enemy_side_of_lines": -5 }, 5, "captured"]),
            json!(["capture", [1, 1, 37], {}, 2, "escaped"]),
        ]
    );
    assert_eq!(
        rolls(&result, mccudden)[2],
        json!(["capture", [3, 4], {}, 7, "prisoner"])
    );
    let captures = columns(
        &result["captures"],
        &["crew_id", "result", "weeks_out", "out_until_week"],
    );
    assert_eq!(
        captures,
        [
            json!([ball, "escaped", 37, 38]),
            json!([mccudden, "prisoner", null, null])
        ]
    );
    let ball_now = crewman(&app, &s, ball).await;
    assert_eq!(
        (
            ball_now["status"].clone(),
            ball_now["out_until_week"].clone()
        ),
        (json!("captured"), json!(38))
    );
}

// R7: the injury is the worse of the wounds and the crash result.
// Ball (2 boxes, serious) shot down at 3 (−2): [5, 4] = 9 − 2 = 7, minor → serious
//   by his wounds: 3d6 [1, 3, 5] = 9 weeks. Sending "serious_injury" agrees with R7.
// McCudden (1 box, minor) shot down at 3: [4, 4] = 8 − 2 = 6, serious → serious by
//   the crash: 3d6 [2, 2, 3] = 7 weeks.
// Mannock (3 boxes) was killed in the game: no roll at all (appendix C: the slain
//   are automatic deaths).
// Evade own side, 0 hexes +1: [1, 1] = 2 + 8 = 10, evaded.
#[tokio::test]
async fn r7_the_worse_of_wounds_and_crash_result() {
    let (app, s, g, [camel]) = rhodas_game(["Sopwith Camel"]).await;
    let (ball, mccudden, mannock) = (s.id("Ball"), s.id("McCudden"), s.id("Mannock"));
    let down = |id: i64, crash: [u32; 2], injury: Value| {
        json!({
        "how": "shot_down", "altitude": 3, "side_of_lines": "own", "hexes_from_friendly_trenches": 0,
        "dice": { "crash": { id.to_string(): crash }, "evade": { id.to_string(): [1, 1] },
                  "injury": { id.to_string(): injury } } })
    };
    let mut ball_seat = seat(ball, "pilot", 2);
    ball_seat["outcome"] = json!("serious_injury");
    let result = debrief_ok(
        &app,
        &s,
        g,
        &report(vec![
            came_down(
                "a1",
                camel,
                json!([ball_seat]),
                down(ball, [5, 4], json!([1, 3, 5])),
            ),
            came_down(
                "a2",
                camel,
                json!([seat(mccudden, "pilot", 1)]),
                down(mccudden, [4, 4], json!([2, 2, 3])),
            ),
            came_down(
                "a3",
                camel,
                json!([seat(mannock, "pilot", 3)]),
                json!({ "how": "shot_down", "altitude": 3 }),
            ),
        ]),
    )
    .await;
    assert_eq!(
        rolls(&result, ball)[0],
        json!(["crash", [5, 4], { "shot_down_at_altitude": -2 }, 7, "minor_injury"])
    );
    assert_eq!(
        rolls(&result, ball)[2],
        json!(["serious_injury", [1, 3, 5], {}, 9, 9])
    );
    assert_eq!(
        rolls(&result, mccudden)[0],
        json!(["crash", [4, 4], { "shot_down_at_altitude": -2 }, 6, "serious_injury"])
    );
    assert_eq!(
        rolls(&result, mccudden)[2],
        json!(["serious_injury", [2, 2, 3], {}, 7, 7])
    );
    assert!(rolls(&result, mannock).is_empty());
    assert_eq!(result["deaths"], json!([mannock]));
    let severities = columns(&result["injuries"], &["crew_id", "severity", "weeks_out"]);
    assert_eq!(
        severities,
        [json!([ball, "serious", 9]), json!([mccudden, "serious", 7])]
    );
}

// API v1.1 consistency: each bad report is a 422 naming the sortie or crewman, and
// nothing is written — read back through the API: no debrief, no casualty, no entry
// in the roll log (and, underneath, no row at all).
#[tokio::test]
async fn each_consistency_check_refuses_and_writes_nothing() {
    let (app, s, _, [bristol]) = rhodas_game(["Bristol F2b"]).await;
    let (ball, smith) = (s.id("Ball"), s.id("Smith"));
    let g = game(&s).await;
    let observe = ball_and_smith_fly(&s, (g, bristol), "observe_hq").await;
    mission(&s, g, "central", "fighter_sweep", None, None).await;
    let base = |lost: Value, ball_outcome: &str, smith_outcome: &str, down: Value| {
        let mut sortie = json!({ "key": "a1", "aircraft_id": bristol, "assignment": "mission",
            "turns_on_board": 20, "crew": [
                { "crew_id": ball, "position": "pilot", "outcome": ball_outcome },
                { "crew_id": smith, "position": "observer", "outcome": smith_outcome } ] });
        if !lost.is_null() {
            sortie["aircraft_lost"] = lost;
        }
        if !down.is_null() {
            sortie["down"] = down;
            for seat in sortie["crew"].as_array_mut().unwrap() {
                seat.as_object_mut().unwrap().remove("outcome");
            }
        }
        json!({ "turns_played": 20, "sorties": [sortie],
                "missions": [{ "mission_id": observe, "landed_safely": true, "target_observed": true }] })
    };
    let shot_down = json!({ "how": "shot_down", "altitude": 2, "side_of_lines": "own",
        "hexes_from_friendly_trenches": 2,
        "dice": { "crash": { ball.to_string(): [6, 6], smith.to_string(): [6, 6] },
                  "evade": { ball.to_string(): [3, 3], smith.to_string(): [3, 3] } } });
    let mut disagreeing = base(
        Value::Null,
        "unharmed",
        "unharmed",
        json!({ "how": "off_board" }),
    );
    disagreeing["sorties"][0]["crew"][0]["outcome"] = json!("killed");
    let cases: Vec<(Value, Vec<String>)> = vec![
        // R10, §9.00 (v1.2): a mission aircraft lost did not land safely.
        (
            base(json!(true), "unharmed", "unharmed", Value::Null),
            vec![
                "appendix E (§9.00)".into(),
                "mission aircraft a1".into(),
                "aircraft was lost".into(),
                "report that it did not land safely".into(),
            ],
        ),
        // Nor did one with nobody left to fly it home: its pilot killed or captured,
        // and its observer too, dual controls or not (§9.00).
        (
            base(Value::Null, "killed", "killed", Value::Null),
            vec![
                "its pilot, Ball, was killed".into(),
                "its observer, Smith, was killed too".into(),
                "report that it did not land safely".into(),
            ],
        ),
        (
            base(Value::Null, "captured", "captured", Value::Null),
            vec![
                "its pilot, Ball, was captured".into(),
                "its observer, Smith, was captured too".into(),
            ],
        ),
        // Nor one that came down on the board, whoever survived: it landed in a field.
        (
            base(
                Value::Null,
                "",
                "",
                json!({ "how": "landed", "terrain": "clear", "side_of_lines": "own",
                        "hexes_from_friendly_trenches": 2,
                        "dice": { "landing": [6, 6],
                                  "evade": { ball.to_string(): [6, 6], smith.to_string(): [6, 6] } } }),
            ),
            vec![
                "mission aircraft a1".into(),
                "came down on the board (landed)".into(),
            ],
        ),
        // §13.03: no bail-out from an aircraft that exploded.
        (
            base(
                Value::Null,
                "",
                "",
                json!({ "how": "exploded",
            "dice": { "bail_out": { ball.to_string(): [4, 4] } } }),
            ),
            vec!["aircraft a1 exploded".into(), "cannot bail out".into()],
        ),
        // aircraft_lost must agree with down: shot down is lost, off the board kept.
        (
            base(json!(false), "", "", shot_down.clone()),
            vec![
                "aircraft a1".into(),
                "the aircraft is reported not lost".into(),
                "lost".into(),
            ],
        ),
        (
            base(json!(true), "", "", json!({ "how": "off_board" })),
            vec![
                "aircraft a1".into(),
                "the aircraft is reported lost".into(),
                "kept".into(),
            ],
        ),
        // A sent outcome must agree with the tables: 422 naming both.
        (
            disagreeing,
            vec![
                "aircraft a1, Ball: the outcome killed was given".into(),
                "the forced-landing tables give unharmed".into(),
            ],
        ),
    ];
    let log_before = roll_log(&app, &s).await.len();
    let rows_before = row_counts(&app).await;
    for (report, expected) in &cases {
        let detail = problem(
            post_debrief(&app, &s, g, report).await,
            StatusCode::UNPROCESSABLE_ENTITY,
        )
        .await;
        for part in expected {
            assert!(
                detail.contains(part.as_str()),
                "expected «{part}» in «{detail}»"
            );
        }
        let debrief = app.get(&s.debrief_path(g), Some(&s.referee)).await;
        assert_eq!(debrief.status(), StatusCode::NOT_FOUND, "{expected:?}");
        assert_eq!(roll_log(&app, &s).await.len(), log_before, "{expected:?}");
        for id in [ball, smith] {
            let now = crewman(&app, &s, id).await;
            assert_eq!(
                (now["status"].clone(), now["xp"].clone()),
                (json!("active"), json!(50)),
                "{expected:?}"
            );
        }
        assert_eq!(row_counts(&app).await, rows_before, "{expected:?}");
    }

    // The same report made consistent goes through: shot down, lost, not landed safely.
    let mut fixed = base(Value::Null, "", "", shot_down);
    fixed["missions"][0]["landed_safely"] = json!(false);
    let result = debrief_ok(&app, &s, g, &fixed).await;
    assert_eq!(outcome(&result, ball), "evaded");
}

// R8 at the rolls endpoint: without a game the evade roll takes the ground offensive
// from its modifiers and says so; with a game, from the game; with neither, none
// (quiet) and says that too. No man's land, 2 hexes +1: [3, 3] = 6 + 1 = 7, and a
// minor Allied attack +1 = 8.
#[tokio::test]
async fn evade_at_the_rolls_endpoint_says_where_its_offensive_came_from() {
    let app = TestApp::spawn().await;
    let s = squadron(&app, "rhoda").await;
    let roll = |body: Value| {
        let (app, s) = (&app, &s);
        async move {
            let response = app.post(&s.api("/rolls"), Some(&s.referee), &body).await;
            assert_eq!(response.status(), StatusCode::CREATED);
            crate::support::body(response).await
        }
    };
    let mods = json!({ "side_of_lines": "no_mans_land", "hexes_from_friendly_trenches": 2 });
    let mut named = mods.clone();
    named["ground_offensive"] = json!("minor_allied");
    let answer =
        roll(json!({ "table": "evade", "side": "allied", "dice": [3, 3], "modifiers": named }))
            .await;
    assert_eq!(answer["total"], 8);
    assert_eq!(
        answer["ground_offensive"],
        json!({ "result": "minor_allied", "from": "modifiers" })
    );
    let answer =
        roll(json!({ "table": "evade", "side": "allied", "dice": [3, 3], "modifiers": mods }))
            .await;
    assert_eq!(answer["total"], 7);
    assert_eq!(
        answer["ground_offensive"],
        json!({ "result": "quiet", "from": "assumed_quiet" })
    );
    // 12 on the ground offensive table: a major Allied attack, +3 → 10.
    let g = open_game(&app, &s, [6, 6]).await;
    let answer = roll(json!({ "table": "evade", "side": "allied", "dice": [3, 3], "modifiers": mods, "game_id": g })).await;
    assert_eq!(answer["total"], 10);
    assert_eq!(
        answer["ground_offensive"],
        json!({ "result": "major_allied", "from": "game" })
    );
}

// The OpenAPI document describes `down` with the allowed values of its enums, as the
// rolls endpoint's tables name them.
#[tokio::test]
async fn the_openapi_document_describes_down() {
    use campaign::down::How;
    use campaign::tables::evade::SideOfLines;
    use campaign::tables::landing::Terrain;

    let app = TestApp::spawn().await;
    let doc = body(app.get("/api/openapi.json", None).await).await;
    let schemas = &doc["components"]["schemas"];
    let down = &schemas["DownReport"]["properties"];
    assert_eq!(down["how"]["$ref"], "#/components/schemas/How");
    for (name, names) in [
        ("How", How::NAMES),
        ("Terrain", Terrain::NAMES),
        ("SideOfLines", SideOfLines::NAMES),
    ] {
        assert_eq!(schemas[name]["enum"], json!(names), "{name}");
    }
    assert!(schemas["SortieReport"]["properties"]["down"].is_object());
    assert!(schemas["CrewRollsView"]["properties"]["rolls"].is_object());
}
