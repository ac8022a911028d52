//! The roll log and `POST …/rolls` (R14, R8, appendix C, §7.02, §13.03).

use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::support::fixtures_games::Loop;
use crate::support::{body, problem};

async fn roll(lp: &Loop, request: Value) -> Value {
    let response = lp.post("/rolls", Some(&lp.ada), &request).await;
    assert_eq!(response.status(), StatusCode::CREATED, "{request}");
    body(response).await
}

async fn refused(lp: &Loop, request: Value) -> String {
    problem(
        lp.post("/rolls", Some(&lp.ada), &request).await,
        StatusCode::UNPROCESSABLE_ENTITY,
    )
    .await
}

// Issue 4: every roll of a game shows up in the log with table, dice, modifiers and
// result. R8: the evade roll applies the game's ground offensive by itself.
#[tokio::test]
async fn every_roll_of_a_game_is_in_the_log() {
    let lp = Loop::start("1917-04-23").await;
    // 1 + 1 = 2: a major Central attack.
    let game = lp.open_game([1, 1]).await;
    let gid = game["id"].as_i64().unwrap();
    lp.mission(gid, "allied", &[3]).await;
    lp.mission(gid, "central", &[6, 5]).await;
    let modifiers = json!({ "side_of_lines": "no_mans_land", "hexes_from_friendly_trenches": 4 });
    // Allied: 4 + 4 − 3 (major enemy attack) = 5 → captured (3–6).
    let allied = roll(&lp, json!({ "table": "evade", "modifiers": modifiers, "dice": [4, 4], "game_id": gid, "side": "allied" })).await;
    assert_eq!(allied["total"], 5);
    assert_eq!(allied["result"], "captured");
    assert_eq!(allied["modifiers"], json!({ "ground_offensive": -3 }));
    // Central: 2 + 2 + 3 (major friendly attack) = 7 → evaded.
    let central = roll(&lp, json!({ "table": "evade", "modifiers": modifiers, "dice": [2, 2], "game_id": gid, "side": "central" })).await;
    assert_eq!(central["total"], 7);
    assert_eq!(central["result"], "evaded");

    let log = body(lp.get("/rolls?week=1", Some(&lp.karl)).await).await;
    let log = log.as_array().unwrap();
    let seen: Vec<Value> = log
        .iter()
        .map(|e| {
            json!([
                e["table"],
                e["dice"],
                e["modifiers"],
                e["total"],
                e["result"],
                e["side"],
                e["game_id"]
            ])
        })
        .collect();
    assert_eq!(
        seen,
        [
            json!([
                "ground_offensive",
                [1, 1],
                {},
                2,
                "major_central",
                null,
                gid
            ]),
            json!(["mission", [3], {}, 3, "observe_troops", "allied", gid]),
            json!(["mission", [6, 5], {}, 6, "direct_artillery", "central", gid]),
            json!(["evade", [4, 4], { "ground_offensive": -3 }, 5, "captured", "allied", gid]),
            json!(["evade", [2, 2], { "ground_offensive": 3 }, 7, "evaded", "central", gid]),
        ]
    );
    for entry in log {
        assert_eq!(entry["week"], 1);
        assert_eq!(entry["entered"], true);
        assert!(entry["rolled_at"].is_string());
    }
    assert_eq!(log[0]["rolled_by"], "rita");
    assert_eq!(log[3]["rolled_by"], "ada");
    assert_eq!(log[3]["id"], allied["id"]);
    // Another week has none of them; the whole log has them all.
    assert_eq!(
        body(lp.get("/rolls?week=2", Some(&lp.ada)).await).await,
        json!([])
    );
    assert_eq!(
        body(lp.get("/rolls", Some(&lp.ada)).await)
            .await
            .as_array()
            .unwrap()
            .len(),
        5
    );
}

// Appendix C: landing, crash and capture; the injury tables give the weeks out (R7).
#[tokio::test]
async fn appendix_c_tables_with_their_modifiers() {
    let lp = Loop::start("1917-04-23").await;
    // Shell holes need 8; 4 + 4 − 1 (minor wound) = 7 → crashed.
    let landing = roll(&lp, json!({ "table": "landing", "modifiers": { "terrain": "shell_holes", "minor_wound": true }, "dice": [4, 4] })).await;
    assert_eq!(
        (landing["total"].clone(), landing["result"].clone()),
        (json!(7), json!("crashed"))
    );
    assert_eq!(landing["modifiers"], json!({ "minor_wound": -1 }));
    // Crash in a village on fire: 6 + 5 − 3 − 1 = 7 → minor injury.
    let crash = roll(&lp, json!({ "table": "crash", "modifiers": { "terrain": "village", "on_fire": true }, "dice": [6, 5] })).await;
    assert_eq!(
        (crash["total"].clone(), crash["result"].clone()),
        (json!(7), json!("minor_injury"))
    );
    // Capture: a 2 escapes, out 1d100 weeks; anything else, prisoner (R8).
    let capture = roll(&lp, json!({ "table": "capture", "dice": [1, 1, 40] })).await;
    assert_eq!(capture["result"], "escaped");
    let capture = roll(&lp, json!({ "table": "capture", "dice": [3, 4] })).await;
    assert_eq!(capture["result"], "prisoner");
    // Minor: 1d6 − 1, at least 1 → a 1 gives 1 week. Serious: 3d6 → 2+2+2 = 6 weeks.
    let minor = roll(
        &lp,
        json!({ "table": "minor_injury", "modifiers": {}, "dice": [1] }),
    )
    .await;
    assert_eq!(minor["result"], 1);
    let serious = roll(&lp, json!({ "table": "serious_injury", "dice": [2, 2, 2] })).await;
    assert_eq!(serious["result"], 6);
    // Plain dice give their total; the mission table its mission.
    assert_eq!(
        roll(&lp, json!({ "table": "2d6", "dice": [3, 4] })).await["result"],
        7
    );
    assert_eq!(
        roll(&lp, json!({ "table": "d100", "dice": [73] })).await["result"],
        73
    );
    let mission = roll(&lp, json!({ "table": "mission", "dice": [6, 2] })).await;
    assert_eq!(mission["result"], "direct_artillery");
    // Appendix E bombing: altitude 3–4 hits on 3+.
    assert_eq!(
        roll(
            &lp,
            json!({ "table": "bomb", "modifiers": { "altitude": 3 }, "dice": [3] })
        )
        .await["result"],
        "hit"
    );
    assert_eq!(
        roll(
            &lp,
            json!({ "table": "bomb", "modifiers": { "altitude": 3 }, "dice": [2] })
        )
        .await["result"],
        "miss"
    );
    let detail = refused(
        &lp,
        json!({ "table": "bomb", "modifiers": { "altitude": 5 }, "dice": [3] }),
    )
    .await;
    assert!(detail.starts_with("appendix E:"), "{detail}");
    // Server dice are in range and logged as not entered.
    let server = roll(&lp, json!({ "table": "d10" })).await;
    assert!((1..=10).contains(&server["result"].as_i64().unwrap()));
    assert_eq!(server["entered"], false);
}

// §7.02: anti-aircraft 1d6, +1 late war: a 5 is one light and one heavy early,
// one light and two heavy late.
#[tokio::test]
async fn s7_02_anti_aircraft_takes_the_era() {
    let late = Loop::start("1917-04-23").await;
    let aa = roll(&late, json!({ "table": "anti_aircraft", "dice": [5] })).await;
    assert_eq!(
        (aa["total"].clone(), aa["result"].clone()),
        (json!(6), json!("one_light_two_heavy"))
    );
    assert_eq!(aa["modifiers"], json!({ "late_war": 1 }));
    let early = Loop::start("1916-05-01").await;
    let aa = roll(&early, json!({ "table": "anti_aircraft", "dice": [5] })).await;
    assert_eq!(
        (aa["total"].clone(), aa["result"].clone()),
        (json!(5), json!("one_light_one_heavy"))
    );
    let aa = roll(&early, json!({ "table": "anti_aircraft", "dice": [1] })).await;
    assert_eq!(aa["result"], "none");
}

// §13.03, R8: parachutes only for German crews from 1918-02-01.
#[tokio::test]
async fn s13_03_bail_out_needs_a_parachute() {
    let lp = Loop::start("1918-02-04").await;
    // 4 + 4 − 1 (on fire) = 7 → minor injury (6–7).
    let bail = roll(&lp, json!({ "table": "bail_out", "modifiers": { "nationality": "german", "on_fire": true }, "dice": [4, 4] })).await;
    assert_eq!(
        (bail["total"].clone(), bail["result"].clone()),
        (json!(7), json!("minor_injury"))
    );
    let detail = refused(
        &lp,
        json!({ "table": "bail_out", "modifiers": { "nationality": "british" }, "dice": [4, 4] }),
    )
    .await;
    assert!(detail.starts_with("§13.03:"), "{detail}");
    let detail = refused(
        &lp,
        json!({ "table": "bail_out", "modifiers": {}, "dice": [4, 4] }),
    )
    .await;
    assert!(detail.contains("nationality"), "{detail}");
    let early = Loop::start("1918-01-21").await;
    let detail = refused(
        &early,
        json!({ "table": "bail_out", "modifiers": { "nationality": "german" } }),
    )
    .await;
    assert!(detail.contains("1918-01-21"), "{detail}");
}

// Modifiers a table does not have are refused with the table's allowed ones.
#[tokio::test]
async fn unknown_modifiers_and_missing_context_are_422() {
    let lp = Loop::start("1917-04-23").await;
    let detail = refused(
        &lp,
        json!({ "table": "landing", "modifiers": { "terrain": "clear", "banana": true } }),
    )
    .await;
    assert!(
        detail.contains("banana") && detail.contains("terrain (required)"),
        "{detail}"
    );
    let detail = refused(&lp, json!({ "table": "landing", "modifiers": {} })).await;
    assert!(detail.contains("missing field `terrain`"), "{detail}");
    let detail = refused(
        &lp,
        json!({ "table": "d6", "modifiers": { "late_war": 1 } }),
    )
    .await;
    assert!(
        detail.contains("late_war") && detail.contains("are: none"),
        "{detail}"
    );
    let detail = refused(&lp, json!({ "table": "evade", "modifiers": { "side_of_lines": "own", "hexes_from_friendly_trenches": 0 } })).await;
    assert!(detail.contains("needs the crewman's side"), "{detail}");
    let detail = refused(&lp, json!({ "table": "d6", "game_id": 987_654 })).await;
    assert!(
        detail.contains("the game chosen is no game of this campaign"),
        "{detail}"
    );
    // An evade outside a recorded game may name the offensive: 3 + 3 + 1 + 1 = 8.
    let evade = roll(&lp, json!({ "table": "evade", "side": "allied", "dice": [3, 3],
        "modifiers": { "side_of_lines": "no_mans_land", "hexes_from_friendly_trenches": 2, "ground_offensive": "minor_allied" } })).await;
    assert_eq!(
        (evade["total"].clone(), evade["result"].clone()),
        (json!(8), json!("evaded"))
    );
    problem(
        lp.post("/rolls", Some(&lp.ada), &json!({ "table": "d7" }))
            .await,
        StatusCode::BAD_REQUEST,
    )
    .await;
}

#[tokio::test]
async fn rolls_are_for_members_and_readers() {
    let lp = Loop::start("1917-04-23").await;
    problem(
        lp.post("/rolls", None, &json!({ "table": "d6" })).await,
        StatusCode::UNAUTHORIZED,
    )
    .await;
    let public = lp.app.campaign(&lp.referee, "1917-04-23", true).await;
    let outsider = lp.app.sign_up("otto", false).await;
    let path = format!("/api/v1/campaigns/{public}/rolls");
    problem(
        lp.app
            .post(&path, Some(&outsider), &json!({ "table": "d6" }))
            .await,
        StatusCode::FORBIDDEN,
    )
    .await;
    // A public campaign's log is readable without a token; a private one's is not.
    assert_eq!(lp.app.get(&path, None).await.status(), StatusCode::OK);
    problem(lp.get("/rolls", None).await, StatusCode::NOT_FOUND).await;
    problem(
        lp.get("/rolls?weeks=1", Some(&lp.ada)).await,
        StatusCode::BAD_REQUEST,
    )
    .await;
}
