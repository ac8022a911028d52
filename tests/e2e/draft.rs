//! The debrief drafted from the sheets (API.md v1.2, R22): a game played only through
//! its sheets drafts a debrief the referee confirms unchanged, and each conflict the
//! sheets leave is found beside its sortie.

use std::collections::BTreeMap;

use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::sheets::Night;
use crate::support::{aircraft_id, body, problem};

impl Night {
    async fn turns(&self, who: &str, sortie: i64, turns: std::ops::RangeInclusive<u32>) {
        for turn in turns {
            self.mark(who, sortie, json!({ "kind": "turn", "turn": turn }))
                .await;
        }
    }

    async fn draft(&self, who: &str) -> reqwest::Response {
        self.app
            .get(&self.path("/debrief/draft"), self.token(who))
            .await
    }

    /// Each crewman's awards in points, summed.
    fn points(result: &Value) -> BTreeMap<i64, i64> {
        let mut points = BTreeMap::new();
        for award in result["awards"].as_array().unwrap() {
            *points
                .entry(award["crew_id"].as_i64().unwrap())
                .or_default() += award["points"].as_i64().unwrap();
        }
        points
    }
}

/// The game's rolls in the roll log, as the referee reads it.
async fn game_rolls(night: &Night) -> Vec<Value> {
    let path = format!("/api/v1/campaigns/{}/rolls", night.world.campaign);
    let log = body(night.app.get(&path, night.token("rita")).await).await;
    let mut rolls = log.as_array().unwrap().clone();
    rolls.retain(|roll| roll["game_id"] == night.game);
    rolls
}

/// The game's table rolls in the roll log, each table with how often it was rolled.
async fn tables_rolled(night: &Night) -> BTreeMap<String, usize> {
    let mut tables = BTreeMap::new();
    for roll in game_rolls(night).await {
        *tables
            .entry(roll["table"].as_str().unwrap().to_owned())
            .or_default() += 1;
    }
    tables
}

/// The rolls of the crewman `crew_id` in a debrief's answer.
fn rolls_of(debrief: &Value, crew_id: i64) -> Vec<Value> {
    debrief["crew"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["crew_id"] == crew_id)
        .unwrap()["rolls"]
        .as_array()
        .unwrap()
        .clone()
}

// Three turns played on the sheets alone:
// - McCudden (a2, SPAD XIII, stability B) fires at Voss (c2): range 1, medium burst,
//   tailed last turn, target lower: 5 + 2 + 1 + 2 + 1 = 11; die 5 → B3R (R17): 3 red
//   hits his (R21), one blue and three red markers for Voss to draw, which he does.
// - Voss takes a light wound (one box, R18) and is shot down on turn 2 at altitude 3
//   over his own lines, clear, 1 hex from them; his `down` mark rolls at the table:
//   crash [6, 3] = 9 − 2 = 7, minor injury; evade [1, 1] = 2 + 7 (own side) + 1
//   (1 hex) = 10, evaded. The debrief rolls his R7 minor injury: 1d6 [6] − 1 = 5
//   weeks. McCudden claims him.
// - Wolff and Weber (c1) fly the bombing mission: a run at altitude 3, die 3 → hit
//   (3+, R10, no Bombardier), then escape on turn 3 with Wolff at the controls.
// The Central side has left the board on turn 3 (c1 escaped, c2 down), so the Allied
// pilots still on it are credited to turn 25 (R5). Awards (R4, R5, R10, R21):
// - Ball (a1 pilot, fighter sweep, which succeeded: Central lost 1, Allied 0):
//   25 turns + 5 success = 30; Hooper (a1 observer): 5 sortie + 5 success = 10.
// - McCudden: 25 turns + 3 red hits × 2 + 5 success + 24 kill = 60.
// - Wolff (bombing, target destroyed): 3 turns + 10 success = 13; Weber: 5 sortie +
//   20 success = 25.
// - Voss (escorting on fighter sweep, which failed for his side): 2 turns = 2.
#[tokio::test]
async fn a_game_played_on_its_sheets_drafts_a_debrief_confirmed_unchanged() {
    let night = Night::new().await;
    let [ball, hooper, mccudden, voss, wolff, weber] = night.crew;
    let c1 = night.bombing_mission().await;
    let a1 = night.balls_bristol().await["id"].as_i64().unwrap();
    let a2 = night.mccuddens_spad().await["id"].as_i64().unwrap();
    let c2 = night.voss_albatros().await["id"].as_i64().unwrap();

    for (who, sortie) in [("ada", a1), ("bea", a2), ("karl", c1), ("kurt", c2)] {
        night.turns(who, sortie, 1..=1).await;
    }
    let shot = night
        .roll(
            "bea",
            a2,
            json!({ "table": "combat", "shooter": mccudden, "target_sortie": c2,
                    "range": 1, "burst": "medium", "weapon": "rigid",
                    "tailed_last_turn": true, "target_altitude": "lower", "dice": [5] }),
        )
        .await;
    assert_eq!(shot["roll"]["result"]["combat_value"], 11);
    for drawn in [
        json!({ "kind": "damage", "section": "engine", "boxes": 1, "marker": "blue" }),
        json!({ "kind": "damage", "section": "fuselage", "boxes": 2, "marker": "red" }),
        json!({ "kind": "drawn", "marker": "red" }),
        json!({ "kind": "drawn", "marker": "red" }),
        json!({ "kind": "wound", "crew_id": voss, "boxes": 1 }),
    ] {
        night.mark("kurt", c2, drawn).await;
    }
    for (who, sortie) in [("ada", a1), ("bea", a2), ("karl", c1), ("kurt", c2)] {
        night.turns(who, sortie, 2..=2).await;
    }
    let run = night
        .roll(
            "karl",
            c1,
            json!({ "table": "bomb", "altitude": 3, "dice": [3] }),
        )
        .await;
    assert_eq!(run["roll"]["result"], "hit");
    let v = voss.to_string();
    night
        .mark(
            "kurt",
            c2,
            json!({ "kind": "down", "how": "shot_down", "altitude": 3, "terrain": "clear",
                    "side_of_lines": "own", "hexes_from_friendly_trenches": 1,
                    "dice": { "crash": { v.clone(): [6, 3] }, "evade": { v.clone(): [1, 1] },
                              "injury": { v: [6] } } }),
        )
        .await;
    // The forced landing was rolled as it was marked: Voss's crash and evade, on c2.
    let at_the_table: Vec<(Value, Value, Value)> = game_rolls(&night)
        .await
        .into_iter()
        .filter(|r| r["table"] == "crash" || r["table"] == "evade")
        .map(|r| {
            assert_eq!((&r["crew_id"], &r["sortie_id"]), (&json!(voss), &json!(c2)));
            (r["id"].clone(), r["table"].clone(), r["total"].clone())
        })
        .collect();
    assert_eq!(at_the_table.len(), 2, "{at_the_table:?}");
    assert_eq!(
        at_the_table.iter().map(|r| &r.2).collect::<Vec<_>>(),
        [7, 10],
        "crash, evade"
    );
    night
        .mark(
            "bea",
            a2,
            json!({ "kind": "claim", "victim_sortie": c2, "shooters": [mccudden] }),
        )
        .await;
    for (who, sortie) in [("ada", a1), ("bea", a2), ("karl", c1)] {
        night.turns(who, sortie, 3..=3).await;
    }
    night.mark("karl", c1, json!({ "kind": "escaped" })).await;

    let response = night.draft("rita").await;
    assert_eq!(response.status(), StatusCode::OK);
    let draft = body(response).await;
    assert_eq!(draft["conflicts"], json!([]), "{draft}");
    let request = &draft["request"];
    assert_eq!(request["turns_played"], 3);
    assert_eq!(request["enemy_left_board_on_turn"], json!({ "central": 3 }));
    assert_eq!(
        request["kills"],
        json!([{ "victim": "c2", "shooters": [mccudden] }])
    );
    let missions = request["missions"].as_array().unwrap();
    assert_eq!(missions.len(), 1, "only the bombing mission has a sortie");
    assert_eq!(missions[0]["target_destroyed"], true);
    assert_eq!(missions[0]["landed_safely"], true);

    // A player of the game reads the part of his own sorties only.
    let part = body(night.draft("kurt").await).await;
    let keys: Vec<&Value> = part["request"]["sorties"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| &s["key"])
        .collect();
    assert_eq!(keys, ["c2"]);
    assert_eq!(part["request"]["kills"], json!([]));
    assert_eq!(part["request"]["missions"], json!([]));

    let confirmed = night.made("rita", "/debrief", request.clone()).await;
    let points = Night::points(&confirmed);
    let expected = BTreeMap::from([
        (ball, 30),
        (hooper, 10),
        (mccudden, 60),
        (wolff, 13),
        (weber, 25),
        (voss, 2),
    ]);
    assert_eq!(points, expected, "{confirmed}");
    let voss_rolls = rolls_of(&confirmed, voss);
    let totals: Vec<&Value> = voss_rolls.iter().map(|r| &r["total"]).collect();
    assert_eq!(totals, [7, 10, 5], "crash, evade, injury");
    // The debrief took the crash and evade made at the table as its own, by id.
    let ids: Vec<(Value, Value, Value)> = voss_rolls[..2]
        .iter()
        .map(|r| (r["id"].clone(), r["table"].clone(), r["total"].clone()))
        .collect();
    assert_eq!(ids, at_the_table);
    // Each table roll of the game once: the ground offensive and the two missions,
    // the combat, the bomb run and the forced landing's crash and evade made at the
    // table, the debrief's injury from the dice on the sheet's `down`.
    assert_eq!(
        tables_rolled(&night).await,
        BTreeMap::from([
            ("bomb".to_owned(), 1),
            ("combat".to_owned(), 1),
            ("crash".to_owned(), 1),
            ("evade".to_owned(), 1),
            ("ground_offensive".to_owned(), 1),
            ("minor_injury".to_owned(), 1),
            ("mission".to_owned(), 2),
        ])
    );
    // The debriefed game has its debrief, not a draft.
    problem(night.draft("rita").await, StatusCode::CONFLICT).await;
    // McCudden's service record links the sheet he flew (API v1.2).
    let record = format!(
        "/api/v1/campaigns/{}/crew/{mccudden}/record",
        night.world.campaign
    );
    let record = body(night.app.get(&record, None).await).await;
    assert_eq!(sheets_of(&record), [a2], "{record}");
}

// A forced landing rolled at the table counts once (API v1.2; R8, R14, §11): Voss (c1)
// lands his Albatros over his own lines, 2 hexes from them, no dice entered. The server
// rolls the landing (and the crash table, should the landing fail) and his evade
// (§11.03) as the `down` is marked, and the mark keeps their dice. Marked a second time
// after an undo, it is the second landing's rolls the debrief takes, by their ids; the
// undone ones stay in the log (nothing is deleted) and decide nobody's fate.
#[tokio::test]
async fn a_forced_landing_rolled_at_the_table_is_the_debriefs_own() {
    let night = Night::new().await;
    let [_, _, _, voss, _, _] = night.crew;
    let [a1, a2, c1, c2] = night.four_sorties().await;
    for (who, sortie) in [("ada", a1), ("bea", a2), ("kurt", c1), ("rita", c2)] {
        night.turns(who, sortie, 1..=1).await;
    }
    let landed = json!({ "kind": "down", "how": "landed", "terrain": "clear",
                         "side_of_lines": "own", "hexes_from_friendly_trenches": 2 });
    let first = night.mark("kurt", c1, landed.clone()).await;
    let first_down = first["marks"].as_array().unwrap().last().unwrap().clone();
    night
        .mark(
            "kurt",
            c1,
            json!({ "kind": "undo", "mark": first_down["id"] }),
        )
        .await;
    let undone: Vec<Value> = game_rolls(&night).await;
    let second = night.mark("kurt", c1, landed).await;
    let down = second["marks"].as_array().unwrap().last().unwrap().clone();
    let rolled: Vec<Value> = game_rolls(&night)
        .await
        .into_iter()
        .filter(|r| !undone.iter().any(|u| u["id"] == r["id"]))
        .collect();
    // Landed: then he evades (§11.03). Crashed: the crash table, then an evade only
    // if he lived through it.
    let tables: Vec<&Value> = rolled.iter().map(|r| &r["table"]).collect();
    assert!(
        [
            &["landing", "evade"][..],
            &["landing", "crash", "evade"],
            &["landing", "crash"]
        ]
        .iter()
        .any(|order| tables == *order),
        "{tables:?}"
    );
    let v = voss.to_string();
    for roll in &rolled {
        assert_eq!(
            (&roll["crew_id"], &roll["sortie_id"], &roll["entered"]),
            (&json!(voss), &json!(c1), &json!(false)),
            "{roll}"
        );
        // The mark keeps the dice of every roll it made, where the debrief reads them.
        let kept = match roll["table"].as_str().unwrap() {
            "landing" => &down["dice"]["landing"],
            table => &down["dice"][table][&v],
        };
        assert_eq!(kept, &roll["dice"], "{down}");
    }

    for side in ["allied", "central"] {
        night
            .made("rita", "/missions", json!({ "side": side, "dice": [9] }))
            .await;
    }
    let draft = body(night.draft("rita").await).await;
    let report = draft["request"]["sorties"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["sortie_id"] == c1)
        .unwrap()
        .clone();
    assert_eq!(report["down"]["dice"], down["dice"], "{report}");
    let before = game_rolls(&night).await;
    let confirmed = night
        .made("rita", "/debrief", draft["request"].clone())
        .await;

    let landing_ids = |rolls: &[Value]| -> Vec<Value> {
        rolls
            .iter()
            .filter(|r| ["landing", "crash", "evade"].contains(&r["table"].as_str().unwrap()))
            .map(|r| r["id"].clone())
            .collect()
    };
    let made_at_the_table = landing_ids(&rolled);
    assert_eq!(landing_ids(&rolls_of(&confirmed, voss)), made_at_the_table);
    let path = night.path("/debrief");
    let stored = body(night.app.get(&path, night.token("rita")).await).await;
    assert_eq!(landing_ids(&rolls_of(&stored, voss)), made_at_the_table);
    // The debrief logged no forced-landing roll again, only what is its own (R7).
    let logged: Vec<Value> = game_rolls(&night)
        .await
        .into_iter()
        .filter(|r| !before.iter().any(|b| b["id"] == r["id"]))
        .collect();
    assert_eq!(landing_ids(&logged), Vec::<Value>::new(), "{logged:?}");
}

/// Every `sheet_sortie_id` of a service record.
fn sheets_of(record: &Value) -> Vec<i64> {
    match record {
        Value::Object(fields) => fields
            .iter()
            .flat_map(|(name, value)| match (name.as_str(), value) {
                ("sheet_sortie_id", Value::Number(id)) => id.as_i64().into_iter().collect(),
                _ => sheets_of(value),
            })
            .collect(),
        Value::Array(items) => items.iter().flat_map(sheets_of).collect(),
        _ => Vec::new(),
    }
}

// Each conflict code of R22, built from the sheets and found beside its sortie:
// - disputed_claim: Ball (a1) and McCudden (a2) both claim Voss (c2), shot down: one
//   kill shared by both (R4: 24/2 = 12 each), beside c2;
// - claim_not_down: Voss claims McCudden's a2, which neither fell nor was destroyed:
//   left out of the kills, beside a2;
// - no_end: Wolff's c1 marks turn 1 of the game's 2 and no end;
// - marks_after_death: Hooper's three wound boxes kill him (R18), then his gun jams;
// - undrawn_damage: McCudden fires at c1 (11, die 5 → B3R) and c1 draws nothing.
#[tokio::test]
async fn each_conflict_of_the_sheets_stands_beside_its_sortie() {
    let night = Night::new().await;
    let [ball, hooper, mccudden, voss, _, _] = night.crew;
    let [a1, a2, c1, c2] = night.four_sorties().await;
    for (who, sortie) in [("ada", a1), ("bea", a2), ("kurt", c1), ("rita", c2)] {
        night.turns(who, sortie, 1..=1).await;
    }
    for (who, sortie) in [("ada", a1), ("bea", a2), ("kurt", c1)] {
        night.turns(who, sortie, 2..=2).await;
    }
    // four_sorties declares Voss's Albatros D-III as c1 and Wolff and Weber's
    // Albatros C-III as c2.
    let (voss_sortie, wolff_sortie) = (c1, c2);
    night
        .mark(
            "kurt",
            voss_sortie,
            json!({ "kind": "down", "how": "exploded" }),
        )
        .await;
    night
        .mark(
            "ada",
            a1,
            json!({ "kind": "claim", "victim_sortie": voss_sortie, "shooters": [ball] }),
        )
        .await;
    night
        .mark(
            "bea",
            a2,
            json!({ "kind": "claim", "victim_sortie": voss_sortie, "shooters": [mccudden] }),
        )
        .await;
    night
        .mark(
            "kurt",
            voss_sortie,
            json!({ "kind": "claim", "victim_sortie": a2, "shooters": [voss] }),
        )
        .await;
    for boxes in [2, 1] {
        night
            .mark(
                "ada",
                a1,
                json!({ "kind": "wound", "crew_id": hooper, "boxes": boxes }),
            )
            .await;
    }
    night
        .mark(
            "ada",
            a1,
            json!({ "kind": "effect", "name": "jammed_observer", "on": true }),
        )
        .await;
    night
        .roll(
            "bea",
            a2,
            json!({ "table": "combat", "shooter": mccudden, "target_sortie": wolff_sortie,
                    "range": 1, "burst": "medium", "weapon": "rigid",
                    "tailed_last_turn": true, "target_altitude": "lower", "dice": [5] }),
        )
        .await;

    // The referee must have rolled the missions for the debrief (API v1.2); a
    // fighter sweep each, whose aircraft are the declared ones.
    for side in ["allied", "central"] {
        night
            .made("rita", "/missions", json!({ "side": side, "dice": [9] }))
            .await;
    }
    let draft = body(night.draft("rita").await).await;
    let found: Vec<(String, Value, Value)> = draft["conflicts"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| {
            (
                c["code"].as_str().unwrap().to_owned(),
                c["sortie_id"].clone(),
                c["crew_id"].clone(),
            )
        })
        .collect();
    let expected = [
        ("marks_after_death", json!(a1), json!(hooper)),
        ("no_end", json!(wolff_sortie), Value::Null),
        ("undrawn_damage", json!(wolff_sortie), Value::Null),
        ("disputed_claim", json!(voss_sortie), Value::Null),
        ("claim_not_down", json!(a2), Value::Null),
    ]
    .map(|(code, sortie, crew)| (code.to_owned(), sortie, crew));
    assert_eq!(found, expected, "{draft}");
    // The conflicts speak the sheets' words: keys and names, never ids.
    let details: Vec<&str> = draft["conflicts"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["detail"].as_str().unwrap())
        .collect();
    assert!(details[0].starts_with("Hooper of a1"), "{}", details[0]);
    assert!(details[3].contains("a1 and a2"), "{}", details[3]);
    let request = &draft["request"];
    assert_eq!(
        request["kills"],
        json!([{ "victim": "c1", "shooters": [ball, mccudden] }])
    );

    // Confirmed as drafted, the disputed claim is a shared kill: 12 each (R4).
    let confirmed = night.made("rita", "/debrief", request.clone()).await;
    let kills: Vec<(i64, i64)> = confirmed["awards"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|a| a["kind"] == "kill")
        .map(|a| {
            (
                a["crew_id"].as_i64().unwrap(),
                a["points"].as_i64().unwrap(),
            )
        })
        .collect();
    assert_eq!(kills, [(ball, 12), (mccudden, 12)]);
}

#[tokio::test]
async fn the_draft_is_the_referees_and_the_games_players() {
    let night = Night::new().await;
    night.mccuddens_spad().await;
    // kurt flies nothing in this game; the anonymous reader is nobody.
    let refused = problem(night.draft("kurt").await, StatusCode::FORBIDDEN).await;
    assert!(
        refused.contains("referees and the game's players"),
        "{refused}"
    );
    problem(night.draft("anonymous").await, StatusCode::UNAUTHORIZED).await;
    assert_eq!(night.draft("bea").await.status(), StatusCode::OK);
}

// API v1.2, R16: the debrief of a game with a line-up covers exactly its sorties. A
// sortie named by `sortie_id` alone takes its key, aircraft, assignment and crew from
// the line-up; one that says otherwise, one not declared, and a declared one left
// out are each refused at once, naming the sortie; nothing is written.
#[tokio::test]
async fn a_debrief_of_a_game_with_a_line_up_covers_exactly_its_sorties() {
    let night = Night::new().await;
    let [ball, _, mccudden, _, _, _] = night.crew;
    let [a1, a2, c1, c2] = night.four_sorties().await;
    for side in ["allied", "central"] {
        night
            .made("rita", "/missions", json!({ "side": side, "dice": [9] }))
            .await;
    }
    let spad = aircraft_id(&night.app, "SPAD XIII").await;
    let by_id = |id: i64| json!({ "sortie_id": id, "turns_on_board": 3 });
    let mut wrong_aircraft = by_id(a1);
    wrong_aircraft["aircraft_id"] = json!(spad);
    let stranger = json!({ "key": "a3", "aircraft_id": spad, "assignment": "sweep",
                           "turns_on_board": 3, "crew": [{ "crew_id": ball, "position": "pilot" }] });
    let broken = json!({ "turns_played": 3,
                         "sorties": [wrong_aircraft, by_id(a2), by_id(c1), stranger] });
    let refused = night.post("rita", "/debrief", broken).await;
    assert_eq!(refused.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let problem = body(refused).await;
    let listed: Vec<(&str, &str)> = problem["problems"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| (p["rule"].as_str().unwrap(), p["path"].as_str().unwrap()))
        .collect();
    assert_eq!(
        listed,
        [
            ("R16", "sorties[key=a1]"),
            ("R16", "sorties[key=a3]"),
            ("R16", "sorties[key=c2]"),
        ],
        "{problem}"
    );
    let detail = problem["detail"].as_str().unwrap();
    for words in [
        "a1 flies the Bristol F2b declared in the line-up",
        "§13.20: a3 is not an aircraft of this game's line-up (a1, a2, c1, c2)",
        "c2 (Albatros C-III, Kurt Wolff (pilot) and Weber (observer)) of the line-up is not in the debrief",
    ] {
        assert!(detail.contains(words), "{words:?} in {detail}");
    }
    let game = body(night.app.get(&night.path(""), night.token("rita")).await).await;
    assert_eq!(game["debriefed"], false, "nothing written: {game}");

    // Each declared sortie once, by id alone or by its key with what the line-up says.
    let by_key = json!({ "key": "a2", "aircraft_id": spad, "assignment": "sweep",
                             "turns_on_board": 3,
                             "crew": [{ "crew_id": mccudden, "position": "pilot", "red_hits": 2 }] });
    let whole = json!({ "turns_played": 3,
                        "sorties": [by_id(a1), by_key, by_id(c1), by_id(c2)] });
    let debriefed = night.made("rita", "/debrief", whole).await;
    // R4, R5: McCudden's 3 turns and his 2 red hits on fighter sweep, 2 XP each.
    let mccudden_points: i64 = debriefed["awards"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|a| a["crew_id"] == mccudden)
        .map(|a| a["points"].as_i64().unwrap())
        .sum();
    assert_eq!(mccudden_points, 3 + 4);
}

// A game without a line-up is debriefed as in v1: a sortie naming a declared one, or
// one without its key, is refused, naming it.
#[tokio::test]
async fn a_game_without_a_line_up_has_no_sortie_to_name() {
    let night = Night::new().await;
    for side in ["allied", "central"] {
        night
            .made("rita", "/missions", json!({ "side": side, "dice": [9] }))
            .await;
    }
    let named = json!({ "turns_played": 3, "sorties": [{ "sortie_id": 7, "turns_on_board": 3 }] });
    let words = problem(
        night.post("rita", "/debrief", named).await,
        StatusCode::UNPROCESSABLE_ENTITY,
    )
    .await;
    assert!(words.contains("the game has no line-up"), "{words}");
    // Without a line-up a sortie is given whole, its key among it.
    let aircraft = aircraft_id(&night.app, "SPAD XIII").await;
    let [_, _, mccudden, _, _, _] = night.crew;
    let keyless = json!({ "turns_played": 3, "sorties": [{
        "aircraft_id": aircraft, "assignment": "sweep", "turns_on_board": 3,
        "crew": [{ "crew_id": mccudden, "position": "pilot" }] }] });
    let words = problem(
        night.post("rita", "/debrief", keyless).await,
        StatusCode::UNPROCESSABLE_ENTITY,
    )
    .await;
    assert!(words.contains("a sortie needs its key"), "{words}");
}
