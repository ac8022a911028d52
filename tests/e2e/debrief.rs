//! Debriefs through the endpoint: the R4/R5 numbers worked by hand, injuries and
//! captures with entered dice (R7, R8), the all-or-nothing validation, once per game,
//! and the corrections (voiding a debrief or an award).

use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::support::aircraft_id;
use crate::support::fixtures_debrief::{
    aw, awards_of, ball_and_smith_fly, count, crewman, debrief_ok, game, mission, post_debrief,
    row_counts, squadron, sweep_game, Assigned, Squadron,
};
use crate::support::{body, problem, TestApp};

fn sortie(key: &str, aircraft: i64, assignment: &str, turns: u32, crew: Value) -> Value {
    json!({ "key": key, "aircraft_id": aircraft, "assignment": assignment,
            "turns_on_board": turns, "aircraft_lost": false, "crew": crew })
}

fn pilot(id: i64) -> Value {
    json!({ "crew_id": id, "position": "pilot", "red_hits": 0, "wound_boxes": 0, "outcome": "unharmed" })
}

fn observer(id: i64) -> Value {
    json!({ "crew_id": id, "position": "observer", "red_hits": 0, "wound_boxes": 0, "outcome": "unharmed" })
}

/// A game of the current week in which the Allies bomb the HQ with an assigned Bristol
/// (Ball, Smith) and the Central side rolled `central` and assigned nothing. Returns
/// the game, the Bristol's aircraft type and the bombing mission.
async fn hq_bombing_game(app: &TestApp, s: &Squadron, central: &str) -> (i64, i64, i64) {
    let bristol = aircraft_id(app, "Bristol F2b").await;
    let g = game(s).await;
    let bomb = ball_and_smith_fly(s, (g, bristol), "bomb_hq").await;
    mission(s, g, "central", central, None, None).await;
    (g, bristol, bomb)
}

/// The dogfight of the worked example: an Allied Bristol bombing the HQ with a Camel
/// escort against two Albatros on fighter sweep, both shot down; the Central side
/// left the board on turn 17.
async fn dogfight(app: &TestApp, s: &Squadron) -> (i64, Value) {
    let (g, bristol, bomb) = hq_bombing_game(app, s, "fighter_sweep").await;
    let camel = aircraft_id(app, "Sopwith Camel").await;
    let albatros = aircraft_id(app, "Albatros D-III").await;
    let report = json!({
        "turns_played": 21,
        "enemy_left_board_on_turn": { "allied": null, "central": 17 },
        "sorties": [
            { "key": "a1", "aircraft_id": bristol, "assignment": "mission", "turns_on_board": 21,
              "aircraft_lost": false, "crew": [
                { "crew_id": s.id("Ball"), "position": "pilot", "red_hits": 2, "wound_boxes": 0, "outcome": "unharmed" },
                { "crew_id": s.id("Smith"), "position": "observer", "red_hits": 1, "wound_boxes": 0, "outcome": "unharmed" } ] },
            { "key": "a2", "aircraft_id": camel, "assignment": "sweep", "turns_on_board": 16,
              "aircraft_lost": false, "crew": [
                { "crew_id": s.id("Mannock"), "position": "pilot", "red_hits": 3, "wound_boxes": 0, "outcome": "unharmed" } ] },
            { "key": "c1", "aircraft_id": albatros, "assignment": "sweep", "turns_on_board": 12,
              "aircraft_lost": true, "crew": [
                { "crew_id": s.id("Boelcke"), "position": "pilot", "red_hits": 2, "wound_boxes": 0, "outcome": "unharmed" } ] },
            { "key": "c2", "aircraft_id": albatros, "assignment": "sweep", "turns_on_board": 17,
              "aircraft_lost": true, "crew": [
                { "crew_id": s.id("Voss"), "position": "pilot", "red_hits": 0, "wound_boxes": 0, "outcome": "unharmed" } ] }
        ],
        "kills": [
            { "victim": "c1", "shooters": [s.id("Ball"), s.id("Mannock")] },
            { "victim": "c2", "shooters": [s.id("Smith")] }
        ],
        "missions": [ { "mission_id": bomb, "target_destroyed": true } ]
    });
    (g, report)
}

// R4, R5, appendices D and E, worked by hand for the dogfight:
// Ball (pilot, Bristol, bomb HQ): on the board at turn 21 ≥ 17 when the Central side
//   left → credited to turn 25: 25; Red hits on a bombing mission give nothing;
//   bombing success pilot 10; half of a kill shared by two 24/2 = 12. 50 + 47 = 97.
// Smith (observer): sortie 5; bombing success observer 20; his own kill 24 → 99.
// Mannock (Camel escort on fighter sweep): left on turn 16 < 17 → 16; 3 Red hits ×2
//   = 6; the sweep succeeded (Central lost 2, Allies 0) → 5; kill share 12 → 89.
// Boelcke: 12 turns, no credit (the Allies never left); 2 Red hits on fighter sweep
//   = 4; the Central sweep lost 2 to 0, no success → 66. Voss: 17 turns → 67.
#[tokio::test]
async fn r4_r5_dogfight_awards_through_the_endpoint() {
    let app = TestApp::spawn().await;
    let s = squadron(&app, "ref").await;
    let (g, report) = dogfight(&app, &s).await;
    let result = debrief_ok(&app, &s, g, &report).await;

    assert_eq!(
        awards_of(&result, s.id("Ball")),
        [
            aw(25, "flew to turn 25 after the enemy left on turn 17: 25"),
            aw(10, "bomb enemy HQ succeeded: 10"),
            aw(12, "kill shared with 2: 12"),
        ]
    );
    assert_eq!(
        awards_of(&result, s.id("Smith")),
        [
            aw(5, "sortie flown on bomb enemy HQ: 5"),
            aw(20, "bomb enemy HQ succeeded: 20"),
            aw(24, "kill: 24"),
        ]
    );
    assert_eq!(
        awards_of(&result, s.id("Mannock")),
        [
            aw(16, "16 turns on the board: 16"),
            aw(6, "3 Red hits on fighter sweep: 6"),
            aw(5, "fighter sweep succeeded: 5"),
            aw(12, "kill shared with 2: 12"),
        ]
    );
    assert_eq!(
        awards_of(&result, s.id("Boelcke")),
        [
            aw(12, "12 turns on the board: 12"),
            aw(4, "2 Red hits on fighter sweep: 4")
        ]
    );
    assert_eq!(
        awards_of(&result, s.id("Voss")),
        [aw(17, "17 turns on the board: 17")]
    );
    // R12: only the mission awards earned in the two-seater are marked for doubling.
    let doubled: Vec<i64> = result["awards"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|a| a["two_seater_mission"] == true)
        .map(|a| a["points"].as_i64().unwrap())
        .collect();
    assert_eq!(doubled, [10, 20]);
    let missions = result["missions"].as_array().unwrap();
    assert_eq!(missions.len(), 2);
    assert_eq!(missions[0]["success"], true); // target destroyed (R10)
    assert_eq!(missions[1]["success"], false); // Central lost more than the Allies
    assert_eq!(result["injuries"], json!([]));
    assert_eq!(result["deaths"], json!([]));

    for (name, xp, kills) in [
        ("Ball", 97, 1),
        ("Smith", 99, 1),
        ("Mannock", 89, 1),
        ("Boelcke", 66, 0),
        ("Voss", 67, 0),
    ] {
        let c = crewman(&app, &s, s.id(name)).await;
        assert_eq!(
            (c["xp"].as_i64(), c["kills"].as_i64()),
            (Some(xp), Some(kills)),
            "{name}"
        );
    }
    // The awards are week-stamped in the ledger with the game.
    let ball = crewman(&app, &s, s.id("Ball")).await;
    assert_eq!(ball["awards"][0]["week"], 1);
    assert_eq!(ball["awards"][0]["game_id"], g);

    // The stored debrief reads back as answered.
    let stored = body(app.get(&s.debrief_path(g), Some(&s.referee)).await).await;
    assert_eq!(stored, result);
    // Once per game.
    let detail = problem(
        post_debrief(&app, &s, g, &report).await,
        StatusCode::CONFLICT,
    )
    .await;
    assert!(detail.contains("already debriefed"), "{detail}");
}

// R4, appendix E: observe HQ success pilot 10 / observer 20, given only with a safe
// landing; an observe-airfield aircraft that did not land safely earns the observer's
// sortie 5 and the pilot's turns, nothing more.
#[tokio::test]
async fn r4_observation_needs_a_safe_landing() {
    let app = TestApp::spawn().await;
    let s = squadron(&app, "ref").await;
    let bristol = aircraft_id(&app, "Bristol F2b").await;
    let halberstadt = aircraft_id(&app, "Halberstadt CL-II/IIIa").await;
    let g = game(&s).await;
    let (ball, smith, boelcke, weber) =
        (s.id("Ball"), s.id("Smith"), s.id("Boelcke"), s.id("Weber"));
    let hq = ball_and_smith_fly(&s, (g, bristol), "observe_hq").await;
    let field = mission(
        &s,
        g,
        "central",
        "observe_airfield",
        None,
        Some(Assigned {
            aircraft: halberstadt,
            pilot: boelcke,
            observer: Some(weber),
        }),
    )
    .await;
    let report = json!({
        "turns_played": 10,
        "sorties": [
            sortie("a1", bristol, "mission", 10, json!([pilot(ball), observer(smith)])),
            sortie("c1", halberstadt, "mission", 9, json!([pilot(boelcke), observer(weber)])),
        ],
        "missions": [
            { "mission_id": hq, "target_observed": true, "landed_safely": true },
            { "mission_id": field, "target_observed": true, "landed_safely": false },
        ]
    });
    let result = debrief_ok(&app, &s, g, &report).await;
    assert_eq!(
        awards_of(&result, ball),
        [
            aw(10, "10 turns on the board: 10"),
            aw(10, "observe enemy HQ succeeded: 10")
        ]
    );
    assert_eq!(
        awards_of(&result, smith),
        [
            aw(5, "sortie flown on observe enemy HQ: 5"),
            aw(20, "observe enemy HQ succeeded: 20")
        ]
    );
    assert_eq!(
        awards_of(&result, boelcke),
        [aw(9, "9 turns on the board: 9")]
    );
    assert_eq!(
        awards_of(&result, weber),
        [aw(5, "sortie flown on observe enemy airfield: 5")]
    );
    let results: Vec<_> = result["missions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["success"].clone())
        .collect();
    assert_eq!(results, [json!(true), json!(false)]);
}

// R4, appendix E per-unit points, whether or not the mission succeeded:
// troop concentrations, 3 hexes observed and landed: pilot 3×3 = 9, observer 3×6 =
// 18, plus the generic success 5 (2+ hexes, R10); directing artillery, 2 trips of 3
// needed: pilot 2×3 = 6, observer 2×6 = 12, no success.
#[tokio::test]
async fn r4_troops_and_artillery_unit_points() {
    let app = TestApp::spawn().await;
    let s = squadron(&app, "ref").await;
    let bristol = aircraft_id(&app, "Bristol F2b").await;
    let halberstadt = aircraft_id(&app, "Halberstadt CL-II/IIIa").await;
    let g = game(&s).await;
    let (mannock, jones, immelmann, schmidt) = (
        s.id("Mannock"),
        s.id("Jones"),
        s.id("Immelmann"),
        s.id("Schmidt"),
    );
    let troops = mission(
        &s,
        g,
        "allied",
        "observe_troops",
        None,
        Some(Assigned {
            aircraft: bristol,
            pilot: mannock,
            observer: Some(jones),
        }),
    )
    .await;
    let artillery = mission(
        &s,
        g,
        "central",
        "direct_artillery",
        Some(3),
        Some(Assigned {
            aircraft: halberstadt,
            pilot: immelmann,
            observer: Some(schmidt),
        }),
    )
    .await;
    let report = json!({
        "turns_played": 12,
        "sorties": [
            sortie("a1", bristol, "mission", 12, json!([pilot(mannock), observer(jones)])),
            sortie("c1", halberstadt, "mission", 12, json!([pilot(immelmann), observer(schmidt)])),
        ],
        "missions": [
            { "mission_id": troops, "hexes_observed": 3, "landed_safely": true },
            { "mission_id": artillery, "trips": 2 },
        ]
    });
    let result = debrief_ok(&app, &s, g, &report).await;
    assert_eq!(
        awards_of(&result, mannock),
        [
            aw(12, "12 turns on the board: 12"),
            aw(5, "observe enemy troop concentrations succeeded: 5"),
            aw(9, "3 hexes observed: 9"),
        ]
    );
    assert_eq!(
        awards_of(&result, jones),
        [
            aw(5, "sortie flown on observe enemy troop concentrations: 5"),
            aw(5, "observe enemy troop concentrations succeeded: 5"),
            aw(18, "3 hexes observed: 18"),
        ]
    );
    assert_eq!(
        awards_of(&result, immelmann),
        [
            aw(12, "12 turns on the board: 12"),
            aw(6, "2 artillery trips: 6")
        ]
    );
    assert_eq!(
        awards_of(&result, schmidt),
        [
            aw(5, "sortie flown on directing artillery fire: 5"),
            aw(12, "2 artillery trips: 12")
        ]
    );
    // The mission's details keep the facts it was judged on.
    assert_eq!(result["missions"][1]["details"]["trips"], 2);
    assert_eq!(result["missions"][1]["success"], false);
}

// R4, appendix E: strafing 6 hexes gives 6×4 = 24 capped at 20, plus the success 5
// (3+ hexes, R10); a single-seater strafes without an observer. Bombing success:
// pilot 10, observer 20.
#[tokio::test]
async fn r4_strafing_cap_and_bombing_success() {
    let app = TestApp::spawn().await;
    let s = squadron(&app, "ref").await;
    let camel = aircraft_id(&app, "Sopwith Camel").await;
    let halberstadt = aircraft_id(&app, "Halberstadt CL-II/IIIa").await;
    let g = game(&s).await;
    let (mccudden, voss, weber) = (s.id("McCudden"), s.id("Voss"), s.id("Weber"));
    let strafe = mission(
        &s,
        g,
        "allied",
        "strafe_trenches",
        None,
        Some(Assigned {
            aircraft: camel,
            pilot: mccudden,
            observer: None,
        }),
    )
    .await;
    let bomb = mission(
        &s,
        g,
        "central",
        "bomb_airfield",
        None,
        Some(Assigned {
            aircraft: halberstadt,
            pilot: voss,
            observer: Some(weber),
        }),
    )
    .await;
    let report = json!({
        "turns_played": 8,
        "sorties": [
            sortie("a1", camel, "mission", 8, json!([pilot(mccudden)])),
            sortie("c1", halberstadt, "mission", 8, json!([pilot(voss), observer(weber)])),
        ],
        "missions": [
            { "mission_id": strafe, "hexes_strafed": 6 },
            { "mission_id": bomb, "target_destroyed": true },
        ]
    });
    let result = debrief_ok(&app, &s, g, &report).await;
    assert_eq!(
        awards_of(&result, mccudden),
        [
            aw(8, "8 turns on the board: 8"),
            aw(5, "trench strafing succeeded: 5"),
            aw(20, "6 trench hexes strafed, capped at 20: 20"),
        ]
    );
    assert_eq!(
        awards_of(&result, voss),
        [
            aw(8, "8 turns on the board: 8"),
            aw(10, "bomb enemy airfield succeeded: 10")
        ]
    );
    assert_eq!(
        awards_of(&result, weber),
        [
            aw(5, "sortie flown on bomb enemy airfield: 5"),
            aw(20, "bomb enemy airfield succeeded: 20")
        ]
    );
    // R12: the Camel is a single-seater, so its mission awards are not doubled.
    let flagged: Vec<i64> = result["awards"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|a| a["two_seater_mission"] == true)
        .map(|a| a["crew_id"].as_i64().unwrap())
        .collect();
    assert_eq!(flagged, [voss, weber]);
}

// R7, R8 with entered dice, in week 1:
// minor 1d6−1, at least 1: die 1 → 0 → 1 week, out until week 2; die 4 → 3 weeks,
// until week 4. Serious 3d6: 2+5+6 = 13 weeks, until week 14; 4,4,4 → sent home.
// Two wound boxes with a reported minor injury → the worse, serious (R7).
// Three boxes → killed. Capture 2d6 = 1+1 = 2 → escaped, then d100 = 37 → out 37
// weeks, until week 38; 3+4 → prisoner for the war.
#[tokio::test]
async fn r7_r8_injuries_captures_and_deaths_with_entered_dice() {
    let app = TestApp::spawn().await;
    let s = squadron(&app, "ref").await;
    let camel = aircraft_id(&app, "Sopwith Camel").await;
    let bristol = aircraft_id(&app, "Bristol F2b").await;
    let albatros = aircraft_id(&app, "Albatros D-III").await;
    let g = game(&s).await;
    mission(&s, g, "allied", "fighter_sweep", None, None).await;
    mission(&s, g, "central", "scramble", None, None).await;
    let c = |name: &str, position: &str, boxes: u32, outcome: &str, dice: Value| {
        json!({ "crew_id": s.id(name), "position": position, "red_hits": 0,
                "wound_boxes": boxes, "outcome": outcome, "dice": dice })
    };
    let lost = |key: &str, crew: Value| {
        json!({ "key": key, "aircraft_id": albatros, "assignment": "sweep",
                "turns_on_board": 10, "aircraft_lost": true, "crew": crew })
    };
    let report = json!({
        "turns_played": 10,
        "sorties": [
            sortie("a1", camel, "sweep", 10, json!([c("Ball", "pilot", 1, "unharmed", json!({"injury": [1]}))])),
            sortie("a2", camel, "sweep", 10, json!([c("Mannock", "pilot", 1, "unharmed", json!({"injury": [4]}))])),
            sortie("a3", bristol, "sweep", 10, json!([
                c("McCudden", "pilot", 0, "serious_injury", json!({"injury": [2, 5, 6]})),
                c("Smith", "observer", 2, "minor_injury", json!({"injury": [4, 4, 4]})) ])),
            sortie("a4", camel, "sweep", 10, json!([c("Bishop", "pilot", 3, "unharmed", json!({}))])),
            lost("c1", json!([c("Boelcke", "pilot", 0, "captured", json!({"capture": [1, 1, 37]}))])),
            lost("c2", json!([c("Voss", "pilot", 1, "captured", json!({"capture": [3, 4]}))])),
            lost("c3", json!([c("Immelmann", "pilot", 0, "killed", json!({}))])),
            lost("c4", json!([{ "crew_id": s.id("Udet"), "position": "pilot", "wound_boxes": 1 }])),
        ]
    });
    let result = debrief_ok(&app, &s, g, &report).await;
    let injuries = result["injuries"].as_array().unwrap();
    let injury = |name: &str| {
        injuries
            .iter()
            .find(|i| i["crew_id"] == s.id(name))
            .cloned()
            .unwrap_or_else(|| panic!("{name}"))
    };
    let view = |i: Value| {
        (
            i["severity"].clone(),
            i["weeks_out"].clone(),
            i["sent_home"].clone(),
            i["out_until_week"].clone(),
            i["dice"].clone(),
        )
    };
    assert_eq!(
        view(injury("Ball")),
        (json!("minor"), json!(1), json!(false), json!(2), json!([1]))
    );
    assert_eq!(
        view(injury("Mannock")),
        (json!("minor"), json!(3), json!(false), json!(4), json!([4]))
    );
    assert_eq!(
        view(injury("McCudden")),
        (
            json!("serious"),
            json!(13),
            json!(false),
            json!(14),
            json!([2, 5, 6])
        )
    );
    assert_eq!(
        view(injury("Smith")),
        (
            json!("serious"),
            json!(12),
            json!(true),
            json!(null),
            json!([4, 4, 4])
        )
    );
    // Udet's minor injury was rolled by the server: 1d6−1, at least 1, so 1 to 5 weeks.
    let udet = injury("Udet");
    assert_eq!(udet["severity"], "minor");
    let weeks = udet["weeks_out"].as_i64().unwrap();
    assert!((1..=5).contains(&weeks), "{udet}");
    assert_eq!(udet["out_until_week"], json!(1 + weeks));

    let captures = result["captures"].as_array().unwrap();
    assert_eq!(captures.len(), 2);
    assert_eq!(
        (
            captures[0]["crew_id"].as_i64(),
            captures[0]["result"].clone(),
            captures[0]["weeks_out"].clone(),
            captures[0]["out_until_week"].clone(),
            captures[0]["dice"].clone()
        ),
        (
            Some(s.id("Boelcke")),
            json!("escaped"),
            json!(37),
            json!(38),
            json!([1, 1, 37])
        )
    );
    assert_eq!(
        (
            captures[1]["crew_id"].as_i64(),
            captures[1]["result"].clone(),
            captures[1]["weeks_out"].clone(),
            captures[1]["dice"].clone()
        ),
        (
            Some(s.id("Voss")),
            json!("prisoner"),
            json!(null),
            json!([3, 4])
        )
    );
    assert_eq!(result["deaths"], json!([s.id("Bishop"), s.id("Immelmann")]));

    // The rolls are in the log with the game: four entered injuries, one server roll,
    // two entered captures.
    assert_eq!(count(&app, "SELECT count(*) AS n FROM dice_rolls WHERE game_id = $1 AND table_name IN ('minor_injury', 'serious_injury') AND entered", g).await, 4);
    assert_eq!(count(&app, "SELECT count(*) AS n FROM dice_rolls WHERE game_id = $1 AND table_name = 'minor_injury' AND NOT entered", g).await, 1);
    assert_eq!(count(&app, "SELECT count(*) AS n FROM dice_rolls WHERE game_id = $1 AND table_name = 'capture' AND entered", g).await, 2);
    assert_eq!(
        count(
            &app,
            "SELECT count(*) AS n FROM casualties WHERE game_id = $1 AND roll_id IS NOT NULL",
            g
        )
        .await,
        7
    );

    let status = |c: &Value| {
        (
            c["status"].clone(),
            c["available"].clone(),
            c["out_until_week"].clone(),
        )
    };
    for (name, expected) in [
        ("Ball", (json!("wounded"), json!(false), json!(2))),
        ("McCudden", (json!("wounded"), json!(false), json!(14))),
        ("Smith", (json!("sent_home"), json!(false), json!(null))),
        ("Bishop", (json!("killed"), json!(false), json!(null))),
        ("Boelcke", (json!("captured"), json!(false), json!(38))),
        ("Voss", (json!("captured"), json!(false), json!(null))),
        ("Jones", (json!("active"), json!(true), json!(null))),
    ] {
        assert_eq!(
            status(&crewman(&app, &s, s.id(name)).await),
            expected,
            "{name}"
        );
    }
    // R7: out until week 2 → available again in week 3; out until week 4 is still out.
    s.office.close_weeks_until(3).await;
    assert_eq!(
        status(&crewman(&app, &s, s.id("Ball")).await),
        (json!("active"), json!(true), json!(null))
    );
    assert_eq!(
        status(&crewman(&app, &s, s.id("Mannock")).await),
        (json!("wounded"), json!(false), json!(4))
    );
}

/// A report for [`validation_game`] that is valid as it stands.
fn valid_report(s: &Squadron, ids: &ValidationGame) -> Value {
    json!({
        "turns_played": 21,
        "enemy_left_board_on_turn": { "allied": null, "central": null },
        "sorties": [
            sortie("a1", ids.bristol, "mission", 21, json!([pilot(s.id("Ball")), observer(s.id("Smith"))])),
            sortie("a2", ids.camel, "sweep", 21, json!([pilot(s.id("Mannock"))])),
            { "key": "c1", "aircraft_id": ids.albatros, "assignment": "sweep", "turns_on_board": 15,
              "aircraft_lost": true, "crew": [pilot(s.id("Boelcke"))] },
            sortie("c2", ids.albatros, "sweep", 21, json!([pilot(s.id("Voss"))])),
        ],
        "kills": [ { "victim": "c1", "shooters": [s.id("Mannock")] } ],
        "missions": [ { "mission_id": ids.bomb, "target_destroyed": false } ]
    })
}

struct ValidationGame {
    game: i64,
    bomb: i64,
    bristol: i64,
    camel: i64,
    albatros: i64,
}

/// A game: the Allies bomb the HQ with an assigned Bristol (Ball, Smith); the
/// Central side rolled observe airfield and never assigned it.
async fn validation_game(app: &TestApp, s: &Squadron) -> ValidationGame {
    let (game_id, bristol, bomb) = hq_bombing_game(app, s, "observe_airfield").await;
    ValidationGame {
        game: game_id,
        bomb,
        bristol,
        camel: aircraft_id(app, "Sopwith Camel").await,
        albatros: aircraft_id(app, "Albatros D-III").await,
    }
}

// Issue 4 acceptance (2): a debrief that breaks any validation writes nothing and
// returns 422 naming the first problem; malformed bodies are 400.
#[tokio::test]
async fn a_broken_debrief_writes_nothing_and_names_the_first_problem() {
    let app = TestApp::spawn().await;
    let s = squadron(&app, "ref").await;
    let other = squadron(&app, "other").await;
    let stranger = other.id("Ball");
    let ids = validation_game(&app, &s).await;
    let fokker = aircraft_id(&app, "Fokker DVII").await;

    // Jones is wounded in an earlier game of the same week.
    let earlier = sweep_game(&s).await;
    debrief_ok(
        &app,
        &s,
        earlier,
        &json!({
            "turns_played": 5,
            "sorties": [ sortie("a1", ids.camel, "sweep", 5, json!([pilot(s.id("Bishop"))])),
                         sortie("a2", ids.bristol, "sweep", 5, json!([pilot(s.id("McCudden")),
                            { "crew_id": s.id("Jones"), "position": "observer", "wound_boxes": 1,
                              "dice": { "injury": [3] } }])) ]
        }),
    )
    .await;

    type Edit = Box<dyn Fn(&mut Value)>;
    let (ball, smith, mannock, voss, jones) = (
        s.id("Ball"),
        s.id("Smith"),
        s.id("Mannock"),
        s.id("Voss"),
        s.id("Jones"),
    );
    let (camel, bristol) = (ids.camel, ids.bristol);
    let cases: Vec<(Edit, String)> = vec![
        (Box::new(move |r| r["sorties"][1]["crew"][0]["crew_id"] = json!(stranger)),
            "aircraft a2: one of its crew is not in this campaign".to_owned()),
        // Two problems: the first in the report is named, whichever kind it is.
        (Box::new(move |r| {
            r["sorties"][0]["crew"][0]["wound_boxes"] = json!(4);
            r["sorties"][1]["crew"][0]["crew_id"] = json!(stranger);
        }), "§10.01: Ball has 4 wound boxes".to_owned()),
        (Box::new(move |r| {
            r["sorties"][1]["crew"][0]["wound_boxes"] = json!(4);
            r["sorties"][0]["crew"][0]["crew_id"] = json!(stranger);
        }), "aircraft a1: one of its crew is not in this campaign".to_owned()),
        (Box::new(move |r| r["sorties"][1]["crew"][0]["crew_id"] = json!(voss)),
            "§13.01: Voss flies for the Central side and cannot fly for the Allied side".into()),
        (Box::new(move |r| r["sorties"][2]["aircraft_id"] = json!(fokker)),
            "appendix A/B: Fokker DVII enters service on 1918-05-01; the week is dated 1917-08-06".into()),
        (Box::new(move |r| r["sorties"][0]["crew"][1]["crew_id"] = json!(jones)),
            "§13.02: Jones is out of play this week".into()),
        (Box::new(move |r| r["sorties"][1]["crew"][0]["crew_id"] = json!(ball)),
            "Ball appears twice in the debrief; a crewman flies in one aircraft a game".to_owned()),
        (Box::new(|r| r["sorties"][1]["turns_on_board"] = json!(22)),
            "appendix D: aircraft a2 was 22 turns on the board but the game had 21".into()),
        (Box::new(|r| r["enemy_left_board_on_turn"]["central"] = json!(30)),
            "appendix D: the Central side is reported leaving the board on turn 30".into()),
        (Box::new(|r| r["sorties"][2]["aircraft_lost"] = json!(false)),
            "§13.103: aircraft c1 is credited as a kill but is not marked lost".into()),
        (Box::new(|r| r["kills"][0]["victim"] = json!("a2")),
            "§13.103: aircraft a2 is credited as a kill but is not marked lost".into()),
        (Box::new(move |r| {
            r["sorties"][1]["aircraft_lost"] = json!(true);
            r["kills"][0]["victim"] = json!("a2");
        }), "§13.103: Mannock is on the same side as aircraft a2".to_owned()),
        (Box::new(move |r| r["kills"][0]["shooters"] = json!([stranger])),
            format!("§13.103: crewman {stranger} is credited with a kill but flew in no aircraft")),
        (Box::new(move |r| r["sorties"][0]["aircraft_id"] = json!(camel)),
            "appendix A/B: aircraft a1 is a single-seater and cannot carry observer Smith".into()),
        (Box::new(move |r| {
            r["sorties"][0]["crew"] = json!([pilot(mannock), observer(smith)]);
            r["sorties"][1]["crew"] = json!([pilot(ball)]);
        }), "§13.20: aircraft a1 is marked as flying the Allied mission (bomb enemy HQ), which was assigned to Bristol F2b with pilot Ball and observer Smith".into()),
        (Box::new(move |r| {
            r["sorties"][0]["assignment"] = json!("sweep");
            r["sorties"][0]["aircraft_id"] = json!(bristol);
        }), "§13.20: Ball is the assigned pilot of the Allied mission (bomb enemy HQ); mark aircraft a1 as flying the mission".into()),
        (Box::new(|r| r["sorties"][3]["assignment"] = json!("mission")),
            "§13.20: aircraft c2 is marked as flying the Central mission (observe enemy airfield), which was never assigned".into()),
        (Box::new(|r| r["sorties"][1]["crew"][0]["dice"] = json!({ "injury": [3] })),
            "Mannock: injury dice were entered but he has no injury to roll (appendix C)".into()),
        (Box::new(|r| {
            r["sorties"][1]["crew"][0]["wound_boxes"] = json!(2);
            r["sorties"][1]["crew"][0]["dice"] = json!({ "injury": [3] });
        }), "the serious injury table reads 3 dice; 1 were entered".into()),
        (Box::new(|r| r["missions"][0]["mission_id"] = json!(999_999)),
            "the mission reported is not a mission of this game".into()),
        (Box::new(move |r| r["sorties"][0]["crew"] = json!([observer(smith)])),
            "aircraft a1 has no pilot".into()),
    ];
    let before = row_counts(&app).await;
    for (edit, expected) in &cases {
        let mut report = valid_report(&s, &ids);
        edit(&mut report);
        let detail = problem(
            post_debrief(&app, &s, ids.game, &report).await,
            StatusCode::UNPROCESSABLE_ENTITY,
        )
        .await;
        assert!(
            detail.contains(expected.as_str()),
            "expected «{expected}», got «{detail}»"
        );
        assert_eq!(row_counts(&app).await, before, "{expected}");
    }

    // Malformed JSON, a wrong type, an unknown field: 400, nothing written.
    let bad_request = |resp: reqwest::Response| problem(resp, StatusCode::BAD_REQUEST);
    let raw = app
        .request(
            reqwest::Method::POST,
            &s.debrief_path(ids.game),
            Some(&s.referee),
        )
        .header("content-type", "application/json")
        .body("{\"turns_played\": ")
        .send()
        .await
        .unwrap();
    bad_request(raw).await;
    let mut wrong_type = valid_report(&s, &ids);
    wrong_type["sorties"][0]["turns_on_board"] = json!("twenty");
    bad_request(post_debrief(&app, &s, ids.game, &wrong_type).await).await;
    let mut negative = valid_report(&s, &ids);
    negative["sorties"][0]["crew"][0]["wound_boxes"] = json!(-1);
    bad_request(post_debrief(&app, &s, ids.game, &negative).await).await;
    let mut unknown = valid_report(&s, &ids);
    unknown["sorties"][0]["crew"][0]["wounds"] = json!(1);
    let detail = bad_request(post_debrief(&app, &s, ids.game, &unknown).await).await;
    assert!(detail.contains("wounds"), "{detail}");
    assert_eq!(row_counts(&app).await, before);

    // The valid report goes through once; a second time is 409.
    debrief_ok(&app, &s, ids.game, &valid_report(&s, &ids)).await;
    let after = row_counts(&app).await;
    assert_ne!(after, before);
    let detail = problem(
        post_debrief(&app, &s, ids.game, &valid_report(&s, &ids)).await,
        StatusCode::CONFLICT,
    )
    .await;
    assert!(detail.contains("already debriefed"), "{detail}");
    assert_eq!(row_counts(&app).await, after);
}

// API v1.2, "Refusals in people's words": every problem of one debrief is named at
// once — the turns (R5), a sortie's turns (R5), a crewman's wounds (R7) and a kill
// (R4) — in the report's order, `detail` joining them and `problems` listing each
// with its rule and its path in the request; nothing is written.
#[tokio::test]
async fn a_broken_debrief_names_every_problem_at_once() {
    let app = TestApp::spawn().await;
    let s = squadron(&app, "ref").await;
    let ids = validation_game(&app, &s).await;
    let ball = s.id("Ball");
    let mut report = valid_report(&s, &ids);
    report["enemy_left_board_on_turn"]["central"] = json!(30);
    report["sorties"][0]["crew"][0]["wound_boxes"] = json!(4);
    report["sorties"][1]["turns_on_board"] = json!(22);
    report["kills"][0]["victim"] = json!("a2");
    report["sorties"][1]["aircraft_lost"] = json!(true);
    let before = row_counts(&app).await;
    let response = post_debrief(&app, &s, ids.game, &report).await;
    assert_eq!(response.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let problem = body(response).await;
    let detail = problem["detail"].as_str().unwrap();
    let problems = problem["problems"].as_array().expect("a list of problems");
    let listed: Vec<(&str, &str)> = problems
        .iter()
        .map(|p| (p["rule"].as_str().unwrap(), p["path"].as_str().unwrap()))
        .collect();
    let ball_path = format!("sorties[key=a1].crew[crew_id={ball}]");
    assert_eq!(
        listed,
        [
            ("R5", "turns_played"),
            ("R7", ball_path.as_str()),
            ("R5", "sorties[key=a2]"),
            ("R4", "kills"),
        ],
        "{problem}"
    );
    for expected in [
        "appendix D: the Central side is reported leaving the board on turn 30".to_owned(),
        "§10.01: Ball has 4 wound boxes".to_owned(),
        "appendix D: aircraft a2 was 22 turns on the board but the game had 21".to_owned(),
        "§13.103: Mannock is on the same side as aircraft a2".to_owned(),
    ] {
        assert!(detail.contains(&expected), "«{expected}» in «{detail}»");
    }
    assert_eq!(problem["rule"], "R5");
    assert_eq!(row_counts(&app).await, before);
    // The OpenAPI document describes the list.
    let doc = body(app.get("/api/openapi.json", None).await).await;
    let item = &doc["components"]["schemas"]["ProblemItem"]["properties"];
    assert!(
        item["path"].is_object() && item["detail"].is_object(),
        "{item}"
    );
}

// A debrief belongs to its game's campaign (404 otherwise), to the referee (403 for
// a player, 401 without a token) and to the current week (409 once it is closed).
#[tokio::test]
async fn debriefs_are_the_referees_for_an_open_game_of_the_current_week() {
    let app = TestApp::spawn().await;
    let s = squadron(&app, "ref").await;
    let other = squadron(&app, "other").await;
    let ids = validation_game(&app, &s).await;
    let report = valid_report(&s, &ids);

    let foreign = game(&other).await;
    let detail = problem(
        post_debrief(&app, &s, foreign, &report).await,
        StatusCode::NOT_FOUND,
    )
    .await;
    assert!(detail.contains(&format!("no game {foreign}")), "{detail}");
    problem(
        app.post(&s.debrief_path(ids.game), None, &report).await,
        StatusCode::UNAUTHORIZED,
    )
    .await;
    let player = app
        .post(
            "/api/v1/tokens",
            None,
            &json!({"username": "ada-ref", "password": "password-of-ada-ref"}),
        )
        .await;
    let player = body(player).await["token"].as_str().unwrap().to_owned();
    problem(
        app.post(&s.debrief_path(ids.game), Some(&player), &report)
            .await,
        StatusCode::FORBIDDEN,
    )
    .await;
    problem(
        app.get(&s.debrief_path(ids.game), Some(&s.referee)).await,
        StatusCode::NOT_FOUND,
    )
    .await;

    // The endpoints are in the OpenAPI document.
    let doc = body(app.get("/api/openapi.json", None).await).await;
    for path in [
        "/api/v1/campaigns/{cid}/games/{gid}/debrief",
        "/api/v1/campaigns/{cid}/games/{gid}/debrief/void",
        "/api/v1/campaigns/{cid}/awards/{aid}/void",
    ] {
        assert!(doc["paths"][path].is_object(), "{path}");
    }

    // A debrief is entered in its game's week: once week 1 closed, its game without a
    // debrief was abandoned (API v1.2), and a late debrief is refused for it.
    s.office.close_week_abandoning().await;
    let before = row_counts(&app).await;
    let detail = problem(
        post_debrief(&app, &s, ids.game, &report).await,
        StatusCode::CONFLICT,
    )
    .await;
    assert!(detail.contains("when week 1 closed"), "{detail}");
    assert_eq!(row_counts(&app).await, before);
}

// Two debriefs of one game sent at once: the campaign lock serialises them, the
// second sees the first and gets 409; one set of rows is written.
#[tokio::test]
async fn concurrent_debriefs_of_one_game_write_once() {
    let app = TestApp::spawn().await;
    let s = squadron(&app, "ref").await;
    let ids = validation_game(&app, &s).await;
    let report = valid_report(&s, &ids);
    let (a, b) = tokio::join!(
        post_debrief(&app, &s, ids.game, &report),
        post_debrief(&app, &s, ids.game, &report)
    );
    let mut statuses = [a.status().as_u16(), b.status().as_u16()];
    statuses.sort();
    assert_eq!(statuses, [201, 409]);
    assert_eq!(
        count(
            &app,
            "SELECT count(*) AS n FROM sorties WHERE game_id = $1",
            ids.game
        )
        .await,
        4
    );
}

// Issue 4 acceptance (4): voiding a debrief restores the crew's standing of before
// it — XP, kills, status — and keeps the original rows; each award gets a reversing
// entry stamped with the current week.
#[tokio::test]
async fn voiding_a_debrief_restores_the_crew_and_keeps_the_originals() {
    let app = TestApp::spawn().await;
    let s = squadron(&app, "ref").await;
    let (g, mut report) = dogfight(&app, &s).await;
    // Voss is killed and Ball wounded in the game as well.
    report["sorties"][3]["crew"][0]["wound_boxes"] = json!(3);
    report["sorties"][0]["crew"][0]["wound_boxes"] = json!(1);
    report["sorties"][0]["crew"][0]["dice"] = json!({ "injury": [5] });
    let names = ["Ball", "Smith", "Mannock", "Boelcke", "Voss"];
    let standing = |c: Value| {
        (
            c["xp"].clone(),
            c["kills"].clone(),
            c["status"].clone(),
            c["available"].clone(),
            c["out_until_week"].clone(),
        )
    };
    let mut before = Vec::new();
    for name in names {
        before.push(standing(crewman(&app, &s, s.id(name)).await));
    }
    let result = debrief_ok(&app, &s, g, &report).await;
    let awards = result["awards"].as_array().unwrap().len() as i64;
    // R7, R14: every crewman is listed with his outcome, his fate and the rolls made
    // for him, each with its id in the roll log: Ball sent unharmed with a wound box
    // is a minor injury (API v1.2), his injury roll [5] − 1 = 4 weeks under him; Voss
    // killed with no roll.
    let log = format!("/api/v1/campaigns/{}/rolls", s.campaign);
    let log = body(app.get(&log, Some(&s.referee)).await).await;
    let logged = log
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["table"] == "minor_injury" && r["game_id"] == g)
        .unwrap_or_else(|| panic!("no injury roll in the log: {log}"));
    let listed = |id: i64| {
        result["crew"]
            .as_array()
            .unwrap()
            .iter()
            .find(|c| c["crew_id"] == id)
            .cloned()
            .unwrap_or_else(|| panic!("crewman {id} is not listed: {result}"))
    };
    assert_eq!(
        listed(s.id("Ball")),
        json!({ "crew_id": s.id("Ball"), "outcome": "unharmed", "fate": "minor_injury", "rolls": [
            { "id": logged["id"], "table": "minor_injury", "dice": [5],
              "modifiers": { "minor_injury": -1 }, "total": 4, "result": 4,
              "seq": logged["seq"], "chain": logged["chain"] } ] })
    );
    assert_eq!(listed(s.id("Voss"))["rolls"], json!([]));
    assert_eq!(listed(s.id("Voss"))["fate"], "killed");
    assert_eq!(result["crew"].as_array().unwrap().len(), names.len());
    assert_eq!(standing(crewman(&app, &s, s.id("Voss")).await).2, "killed");
    // Ball: 50 + 47 (the worked example) = 97, wounded 5−1 = 4 weeks, until week 5.
    assert_eq!(
        standing(crewman(&app, &s, s.id("Ball")).await),
        (
            json!(97),
            json!(1),
            json!("wounded"),
            json!(false),
            json!(5)
        )
    );

    s.office.close_week().await;
    let void = app
        .post(
            &format!("{}/void", s.debrief_path(g)),
            Some(&s.referee),
            &json!({"reason": "wrong table"}),
        )
        .await;
    assert_eq!(void.status(), StatusCode::OK);
    let void = body(void).await;
    assert_eq!(
        void,
        json!({ "game_id": g, "voided_week": 2, "reversed_awards": awards })
    );

    for (name, was) in names.iter().zip(&before) {
        assert_eq!(
            &standing(crewman(&app, &s, s.id(name)).await),
            was,
            "{name}"
        );
    }
    // The originals remain; the reversals cancel them point for point in week 2.
    let originals = "SELECT count(*) AS n FROM xp_awards WHERE game_id = $1 AND reverses IS NULL";
    assert_eq!(count(&app, originals, g).await, awards);
    assert_eq!(count(&app, "SELECT count(*) AS n FROM xp_awards r JOIN xp_awards o ON o.id = r.reverses WHERE o.game_id = $1 AND r.points = -o.points AND r.week = 2 AND r.kind = o.kind AND r.two_seater_mission = o.two_seater_mission AND r.reason = 'void: ' || o.reason || ' (wrong table)'", g).await, awards);
    assert_eq!(
        count(
            &app,
            "SELECT count(*) AS n FROM kills WHERE game_id = $1",
            g
        )
        .await,
        2
    );
    assert_eq!(
        count(
            &app,
            "SELECT count(*) AS n FROM casualties WHERE game_id = $1",
            g
        )
        .await,
        2
    );
    assert_eq!(
        count(
            &app,
            "SELECT count(*) AS n FROM sorties WHERE game_id = $1",
            g
        )
        .await,
        4
    );
    // Ball's ledger shows both entries.
    let ball = crewman(&app, &s, s.id("Ball")).await;
    let points: Vec<i64> = ball["awards"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a["points"].as_i64().unwrap())
        .collect();
    assert_eq!(points, [25, 10, 12, -25, -10, -12]);

    let stored = body(app.get(&s.debrief_path(g), Some(&s.referee)).await).await;
    assert_eq!(stored["voided_week"], 2);
    assert!(stored["awards"]
        .as_array()
        .unwrap()
        .iter()
        .all(|a| a["reversed_by"].is_i64()));

    let detail = problem(
        app.post(
            &format!("{}/void", s.debrief_path(g)),
            Some(&s.referee),
            &json!({"reason": "again"}),
        )
        .await,
        StatusCode::CONFLICT,
    )
    .await;
    assert!(detail.contains("already voided in week 2"), "{detail}");
    // A voided game takes no debrief again, whatever the week.
    let detail = problem(
        post_debrief(&app, &s, g, &report).await,
        StatusCode::CONFLICT,
    )
    .await;
    assert!(detail.contains("voided"), "{detail}");
}

// Corrections of a single award: a reversing entry, the original kept; an award
// already reversed, or a reversal, cannot be voided (409).
#[tokio::test]
async fn voiding_one_award_writes_a_reversing_entry() {
    let app = TestApp::spawn().await;
    let s = squadron(&app, "ref").await;
    let (g, report) = dogfight(&app, &s).await;
    let result = debrief_ok(&app, &s, g, &report).await;
    let kill = result["awards"]
        .as_array()
        .unwrap()
        .iter()
        .find(|a| a["crew_id"] == s.id("Ball") && a["kind"] == "kill")
        .unwrap()["id"]
        .as_i64()
        .unwrap();
    let path = |id: i64| format!("/api/v1/campaigns/{}/awards/{id}/void", s.campaign);

    let response = app
        .post(
            &path(kill),
            Some(&s.referee),
            &json!({"reason": "Mannock alone"}),
        )
        .await;
    assert_eq!(response.status(), StatusCode::OK);
    let reversal = body(response).await;
    assert_eq!(reversal["points"], -12);
    assert_eq!(reversal["reverses"], kill);
    assert_eq!(reversal["crew_id"], s.id("Ball"));
    assert_eq!(reversal["week"], 1);
    assert_eq!(
        reversal["reason"],
        "void: kill shared with 2: 12 (Mannock alone)"
    );
    // 97 − 12 = 85.
    assert_eq!(crewman(&app, &s, s.id("Ball")).await["xp"], 85);
    assert_eq!(
        count(
            &app,
            "SELECT count(*) AS n FROM xp_awards WHERE game_id = $1 AND reverses IS NULL",
            g
        )
        .await,
        result["awards"].as_array().unwrap().len() as i64
    );

    let detail = problem(
        app.post(&path(kill), Some(&s.referee), &json!({"reason": "twice"}))
            .await,
        StatusCode::CONFLICT,
    )
    .await;
    assert!(detail.contains("already reversed"), "{detail}");
    let reversal_id = reversal["id"].as_i64().unwrap();
    let detail = problem(
        app.post(
            &path(reversal_id),
            Some(&s.referee),
            &json!({"reason": "undo"}),
        )
        .await,
        StatusCode::CONFLICT,
    )
    .await;
    assert!(detail.contains("itself the reversal"), "{detail}");
    problem(
        app.post(&path(kill), Some(&s.referee), &json!({"reason": " "}))
            .await,
        StatusCode::UNPROCESSABLE_ENTITY,
    )
    .await;
    problem(
        app.post(&path(kill), Some(&s.referee), &json!({"why": "x"}))
            .await,
        StatusCode::BAD_REQUEST,
    )
    .await;

    let other = squadron(&app, "other").await;
    problem(
        app.post(
            &format!("/api/v1/campaigns/{}/awards/{kill}/void", other.campaign),
            Some(&other.referee),
            &json!({"reason": "x"}),
        )
        .await,
        StatusCode::NOT_FOUND,
    )
    .await;
}
