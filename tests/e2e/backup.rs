//! Backup (issue 6): `GET …/export` and `POST /campaigns/import`. A campaign played
//! over three closed weeks (the demo: debriefs with kills, injuries, deaths, mission
//! results), plus an ability pick (R6), a voided debrief and a voided award (R4's
//! reversing entries), is exported, imported and exported again: the two documents are
//! identical but for the moment of export, and the imported campaign's standings,
//! service records and roll log equal the original's but for ids. Damaged files are
//! refused naming what is wrong, with nothing written.

use reqwest::{Method, StatusCode};
use serde_json::{json, Value};

use std::collections::HashMap;

use crate::support::aircraft_id;
use crate::support::fixtures_debrief::{squadron, sweep_game};
use crate::support::{body, database, problem, TestApp};

/// The demo campaign on a fresh server, its referee's token and its id.
pub async fn played_campaign() -> (TestApp, String, i64) {
    let app = TestApp::spawn().await;
    let seeded = eagles::cli::seed::demo::seed(&app.pool)
        .await
        .expect("seed the demo");
    let cid = seeded.campaign_id;
    let token = body(
        app.post(
            "/api/v1/tokens",
            None,
            &json!({ "username": eagles::cli::seed::demo::REFEREE, "password": seeded.password }),
        )
        .await,
    )
    .await["token"]
        .as_str()
        .unwrap()
        .to_owned();

    // R6: a crewman with an XP slot picks an ability.
    let crew = body(
        app.get(&format!("/api/v1/campaigns/{cid}/crew"), None)
            .await,
    )
    .await;
    let entitled = crew
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["pending_picks"]["xp"].as_u64() > Some(0))
        .expect("a crewman with a pick after three weeks");
    let response = app
        .post(
            &format!("/api/v1/campaigns/{cid}/crew/{}/abilities", entitled["id"]),
            Some(&token),
            &json!({ "ability": "deflection" }),
        )
        .await;
    assert!(response.status().is_success(), "{}", body(response).await);

    // R4: voiding week 3's debrief and one award of week 1 writes reversing entries.
    let week3 = body(
        app.get(&format!("/api/v1/campaigns/{cid}/weeks/3"), None)
            .await,
    )
    .await;
    let game = week3["games"][0]["id"].as_i64().unwrap();
    void(
        &app,
        &token,
        &format!("/api/v1/campaigns/{cid}/games/{game}/debrief/void"),
        "the wrong sheets were entered",
    )
    .await;
    let record = body(
        app.get(
            &format!("/api/v1/campaigns/{cid}/crew/{}/record", entitled["id"]),
            None,
        )
        .await,
    )
    .await;
    let award = record["weeks"][0]["awards"][0]["id"].as_i64().unwrap();
    void(
        &app,
        &token,
        &format!("/api/v1/campaigns/{cid}/awards/{award}/void"),
        "counted twice",
    )
    .await;
    (app, token, cid)
}

async fn export(app: &TestApp, token: &str, cid: i64) -> Value {
    let response = app
        .get(&format!("/api/v1/campaigns/{cid}/export"), Some(token))
        .await;
    assert_eq!(response.status(), StatusCode::OK);
    // As the document describes it: a browser saves the export as a file.
    assert_eq!(
        response.headers()["content-disposition"],
        format!("attachment; filename=\"campaign-{cid}.json\"").as_str()
    );
    body(response).await
}

async fn import(app: &TestApp, token: &str, document: &[u8]) -> reqwest::Response {
    app.request(Method::POST, "/api/v1/campaigns/import", Some(token))
        .header("content-type", "application/json")
        .body(document.to_vec())
        .send()
        .await
        .unwrap()
}

/// The document without the moment it was written.
fn without_export_time(mut document: Value) -> Value {
    document.as_object_mut().unwrap().remove("exported_at");
    document
}

/// A response with every id removed (`id`, `…_id`, and `reverses`, an award's id),
/// which differ between campaigns.
fn without_ids(value: &Value) -> Value {
    match value {
        Value::Object(map) => Value::Object(
            map.iter()
                .filter(|(k, _)| *k != "id" && *k != "reverses" && !k.ends_with("_id"))
                .map(|(k, v)| (k.clone(), without_ids(v)))
                .collect(),
        ),
        Value::Array(items) => Value::Array(items.iter().map(without_ids).collect()),
        other => other.clone(),
    }
}

async fn read(app: &TestApp, path: &str) -> Value {
    read_as(app, None, path).await
}

async fn read_as(app: &TestApp, token: Option<&str>, path: &str) -> Value {
    let response = app.get(path, token).await;
    assert_eq!(response.status(), StatusCode::OK, "{path}");
    body(response).await
}

/// The names of a campaign's crewmen by id: crew ids differ between a campaign and
/// its copy, their names do not.
async fn crew_names(app: &TestApp, token: &str, cid: i64) -> HashMap<i64, String> {
    names_by_id(&read_as(app, Some(token), &format!("/api/v1/campaigns/{cid}/crew")).await)
}

/// The names of a list of crewmen by their ids.
fn names_by_id(crew: &Value) -> HashMap<i64, String> {
    crew.as_array()
        .unwrap()
        .iter()
        .map(|c| {
            (
                c["id"].as_i64().unwrap(),
                c["name"].as_str().unwrap().to_owned(),
            )
        })
        .collect()
}

/// A stored debrief (`GET …/games/{gid}/debrief`) comparable across campaigns: each
/// crewman named instead of numbered (`crew_id`, `deaths`), a reversal marked by
/// whether there is one, and every other id removed.
fn debrief_by_name(debrief: &Value, names: &HashMap<i64, String>) -> Value {
    fn name(value: &Value, names: &HashMap<i64, String>) -> Value {
        let id = value.as_i64().expect("a crew id");
        Value::from(
            names
                .get(&id)
                .unwrap_or_else(|| panic!("no crewman {id}"))
                .clone(),
        )
    }
    fn walk(value: &Value, names: &HashMap<i64, String>) -> Value {
        match value {
            Value::Object(map) => Value::Object(
                map.iter()
                    .map(|(k, v)| match k.as_str() {
                        "crew_id" => ("crewman".to_owned(), name(v, names)),
                        "deaths" => (
                            k.clone(),
                            Value::Array(
                                v.as_array()
                                    .unwrap()
                                    .iter()
                                    .map(|d| name(d, names))
                                    .collect(),
                            ),
                        ),
                        "reversed_by" => (k.clone(), Value::from(!v.is_null())),
                        _ => (k.clone(), walk(v, names)),
                    })
                    .collect(),
            ),
            Value::Array(items) => Value::Array(items.iter().map(|v| walk(v, names)).collect()),
            other => other.clone(),
        }
    }
    without_ids(&walk(debrief, names))
}

/// The stored debrief of game `gid`.
async fn debrief(app: &TestApp, token: &str, cid: i64, gid: i64) -> Value {
    read_as(
        app,
        Some(token),
        &format!("/api/v1/campaigns/{cid}/games/{gid}/debrief"),
    )
    .await
}

/// How many rolls a stored debrief lists under its crewmen.
fn crew_rolls(debrief: &Value) -> usize {
    debrief["crew"].as_array().map_or(0, |crew| {
        crew.iter()
            .map(|c| c["rolls"].as_array().unwrap().len())
            .sum()
    })
}

/// The rows of every table a campaign owns.
async fn row_counts(app: &TestApp) -> Vec<(String, i64)> {
    let mut counts = Vec::new();
    for table in [
        "campaigns",
        "campaign_members",
        "crew",
        "crew_abilities",
        "dice_rolls",
        "games",
        "missions",
        "sorties",
        "sortie_crew",
        "kills",
        "kill_shooters",
        "casualties",
        "xp_awards",
        "audit_log",
    ] {
        let n = database::count(&app.pool, &format!("SELECT count(*) FROM {table}")).await;
        counts.push((table.to_owned(), n));
    }
    counts
}

#[tokio::test]
async fn export_import_export_round_trips_and_the_records_agree() {
    let (app, token, cid) = played_campaign().await;
    let original = export(&app, &token, cid).await;
    // The document holds the whole campaign: every kind of row was played.
    for list in [
        "members",
        "crew",
        "ability_picks",
        "rolls",
        "games",
        "missions",
        "sorties",
        "sortie_crew",
        "kills",
        "casualties",
        "xp_awards",
    ] {
        assert!(
            !original[list].as_array().unwrap().is_empty(),
            "{list} is empty"
        );
    }
    assert!(original["xp_awards"]
        .as_array()
        .unwrap()
        .iter()
        .any(|a| a["reverses"].is_i64()));
    assert!(original["games"]
        .as_array()
        .unwrap()
        .iter()
        .any(|g| g["voided_by"] == "demo-referee"));

    let response = import(&app, &token, &serde_json::to_vec(&original).unwrap()).await;
    assert_eq!(response.status(), StatusCode::CREATED);
    let imported = body(response).await;
    let copy = imported["id"].as_i64().unwrap();
    assert_ne!(copy, cid);
    assert_eq!(
        imported["current_week"],
        original["campaign"]["current_week"]
    );

    let again = export(&app, &token, copy).await;
    assert_eq!(
        without_export_time(again),
        without_export_time(original.clone())
    );

    for rest in [
        "/leaderboard",
        "/leaderboard?as_of_week=2",
        "/sides",
        "/players",
        "/rolls",
        "/weeks/1",
        "/weeks/4",
    ] {
        let a = read(&app, &format!("/api/v1/campaigns/{cid}{rest}")).await;
        let b = read(&app, &format!("/api/v1/campaigns/{copy}{rest}")).await;
        assert_eq!(without_ids(&a), without_ids(&b), "{rest}");
    }
    let crew_a = read(&app, &format!("/api/v1/campaigns/{cid}/crew")).await;
    let crew_b = read(&app, &format!("/api/v1/campaigns/{copy}/crew")).await;
    assert_eq!(without_ids(&crew_a), without_ids(&crew_b));
    for (a, b) in crew_a
        .as_array()
        .unwrap()
        .iter()
        .zip(crew_b.as_array().unwrap())
    {
        let record_a = read(
            &app,
            &format!("/api/v1/campaigns/{cid}/crew/{}/record", a["id"]),
        )
        .await;
        let record_b = read(
            &app,
            &format!("/api/v1/campaigns/{copy}/crew/{}/record", b["id"]),
        )
        .await;
        assert_eq!(
            without_ids(&record_a),
            without_ids(&record_b),
            "{}",
            a["name"]
        );
    }

    // R8, R14: every stored debrief, the voided one included, lists each crewman's
    // rolls in the copy as in the original.
    let names_a = crew_names(&app, &token, cid).await;
    let names_b = crew_names(&app, &token, copy).await;
    let mut rolls_seen = 0;
    for week in 1..=3 {
        let games_a = read(&app, &format!("/api/v1/campaigns/{cid}/weeks/{week}")).await;
        let games_b = read(&app, &format!("/api/v1/campaigns/{copy}/weeks/{week}")).await;
        let (games_a, games_b) = (
            games_a["games"].as_array().unwrap(),
            games_b["games"].as_array().unwrap(),
        );
        assert_eq!(games_a.len(), games_b.len(), "week {week}");
        for (a, b) in games_a.iter().zip(games_b) {
            let a = debrief(&app, &token, cid, a["id"].as_i64().unwrap()).await;
            let b = debrief(&app, &token, copy, b["id"].as_i64().unwrap()).await;
            assert_eq!(
                debrief_by_name(&a, &names_a),
                debrief_by_name(&b, &names_b),
                "week {week}"
            );
            rolls_seen += crew_rolls(&a);
        }
    }
    assert!(rolls_seen > 0, "the demo's debriefs roll for their crewmen");
}

// R8, R14 (migration 000015): a forced landing with entered dice (as in
// `forced_landings`: Ball lands on shell holes by a road; the Bristol of Mannock and
// Jones crashes in woods, both hurt) logs nine rolls, each one crewman's. The backup
// keeps whose each was: the copy's stored debrief lists every crewman's rolls as the
// original's does, and export → import → export gives the same document.
#[tokio::test]
async fn each_crewmans_rolls_of_a_forced_landing_survive_a_round_trip() {
    let app = TestApp::spawn().await;
    let s = squadron(&app, "rhoda").await;
    let camel = aircraft_id(&app, "Sopwith Camel").await;
    let bristol = aircraft_id(&app, "Bristol F2b").await;
    let g = sweep_game(&s).await;
    let (ball, mannock, jones) = (s.id("Ball"), s.id("Mannock"), s.id("Jones"));
    let seat = |id: i64, position: &str, wound_boxes: u32| json!({ "crew_id": id, "position": position, "wound_boxes": wound_boxes });
    let report = json!({ "turns_played": 20, "sorties": [
        { "key": "a1", "aircraft_id": camel, "assignment": "sweep", "turns_on_board": 10,
          "crew": [seat(ball, "pilot", 0)],
          "down": { "how": "landed", "terrain": "shell_holes", "road": true,
                    "side_of_lines": "own", "hexes_from_friendly_trenches": 2,
                    "dice": { "landing": [3, 4], "evade": { ball.to_string(): [2, 3] } } } },
        { "key": "a2", "aircraft_id": bristol, "assignment": "sweep", "turns_on_board": 10,
          "crew": [seat(mannock, "pilot", 1), seat(jones, "observer", 0)],
          "down": { "how": "landed", "terrain": "woods",
                    "side_of_lines": "own", "hexes_from_friendly_trenches": 5,
                    "dice": { "landing": [2, 3],
                              "crash": { mannock.to_string(): [3, 4], jones.to_string(): [4, 4] },
                              "evade": { mannock.to_string(): [1, 2], jones.to_string(): [1, 1] },
                              "injury": { mannock.to_string(): [2, 5, 6], jones.to_string(): [4] } } } },
    ] });
    let response = app
        .post(
            &format!("/api/v1/campaigns/{}/games/{g}/debrief", s.campaign),
            Some(&s.referee),
            &report,
        )
        .await;
    let status = response.status();
    let answer = body(response).await;
    assert_eq!(status, StatusCode::CREATED, "{answer}");
    let original_debrief = debrief(&app, &s.referee, s.campaign, g).await;
    assert_eq!(crew_rolls(&original_debrief), 9, "{original_debrief}");

    // The document names each roll's crewman by his export-local id.
    let original = export(&app, &s.referee, s.campaign).await;
    let local = names_by_id(&original["crew"]);
    let whose: Vec<Value> = original["rolls"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            json!([
                r["table"],
                r.get("crew").map(|c| local[&c.as_i64().unwrap()].clone())
            ])
        })
        .collect();
    assert_eq!(
        whose,
        [
            json!(["ground_offensive", null]),
            json!(["mission", null]),
            json!(["mission", null]),
            json!(["landing", "Ball"]),
            json!(["evade", "Ball"]),
            json!(["landing", "Mannock"]),
            json!(["crash", "Mannock"]),
            json!(["evade", "Mannock"]),
            json!(["serious_injury", "Mannock"]),
            json!(["crash", "Jones"]),
            json!(["evade", "Jones"]),
            json!(["minor_injury", "Jones"]),
        ]
    );

    let response = import(&app, &s.referee, &serde_json::to_vec(&original).unwrap()).await;
    assert_eq!(response.status(), StatusCode::CREATED);
    let copy = body(response).await["id"].as_i64().unwrap();
    let again = export(&app, &s.referee, copy).await;
    assert_eq!(
        without_export_time(again),
        without_export_time(original.clone())
    );

    let week = read_as(
        &app,
        Some(&s.referee),
        &format!("/api/v1/campaigns/{copy}/weeks/1"),
    )
    .await;
    let copied_games = week["games"].as_array().unwrap();
    assert_eq!(copied_games.len(), 1, "{week}");
    let copied_game = copied_games[0]["id"].as_i64().unwrap();
    let copied_debrief = debrief(&app, &s.referee, copy, copied_game).await;
    assert_eq!(
        debrief_by_name(&copied_debrief, &crew_names(&app, &s.referee, copy).await),
        debrief_by_name(
            &original_debrief,
            &crew_names(&app, &s.referee, s.campaign).await
        )
    );

    // A document from before the roll log kept whose roll it was still imports, its
    // rolls as nobody's.
    let mut older = original.clone();
    for roll in older["rolls"].as_array_mut().unwrap() {
        roll.as_object_mut().unwrap().remove("crew");
    }
    let response = import(&app, &s.referee, &serde_json::to_vec(&older).unwrap()).await;
    assert_eq!(response.status(), StatusCode::CREATED);
    let old_copy = body(response).await["id"].as_i64().unwrap();
    assert_eq!(
        without_export_time(export(&app, &s.referee, old_copy).await),
        without_export_time(older)
    );
}

#[tokio::test]
async fn a_damaged_file_is_refused_naming_the_problem_and_nothing_is_written() {
    let (app, token, cid) = played_campaign().await;
    let original = export(&app, &token, cid).await;
    let text = serde_json::to_vec(&original).unwrap();
    let before = row_counts(&app).await;

    // Cut off half-way.
    let response = import(&app, &token, &text[..text.len() / 2]).await;
    let detail = problem(response, StatusCode::BAD_REQUEST).await;
    assert!(detail.contains("not valid JSON"), "{detail}");

    let damaged = |change: &dyn Fn(&mut Value)| {
        let mut document = original.clone();
        change(&mut document);
        serde_json::to_vec(&document).unwrap()
    };
    let cases: Vec<(Vec<u8>, &str)> = vec![
        (
            damaged(&|d| d["games"][1]["offensive_roll"] = json!(9999)),
            "`games[1].offensive_roll`: there is no entry with id 9999 in `rolls`",
        ),
        (
            damaged(&|d| d["rolls"][0]["crew"] = json!(9999)),
            "`rolls[0].crew`: there is no entry with id 9999 in `crew`",
        ),
        (
            damaged(&|d| d["sorties"][0]["aircraft"] = json!("Sopwith Bathtub")),
            "`sorties[0].aircraft`: there is no aircraft type \"Sopwith Bathtub\"",
        ),
        (
            damaged(&|d| d["crew"][0]["nationality"] = json!("martian")),
            "`crew[0].nationality`: \"martian\" is not a valid Nationality",
        ),
        (
            damaged(&|d| d["version"] = json!(2)),
            "`version`: this server reads version 1",
        ),
        (
            damaged(&|d| d["members"][1]["username"] = json!("nobody-here")),
            "there is no account \"nobody-here\"",
        ),
        (
            damaged(&|d| d["kills"][0]["shooters"] = json!("everyone")),
            "`kills[0].shooters`: invalid type",
        ),
    ];
    for (document, expected) in cases {
        let response = import(&app, &token, &document).await;
        let detail = problem(response, StatusCode::UNPROCESSABLE_ENTITY).await;
        assert!(
            detail.contains(expected),
            "expected {expected:?} in {detail:?}"
        );
    }

    // Passes every check but breaks a constraint half-way through writing (R9: one
    // mission per side per game): the transaction leaves nothing behind.
    let twice = damaged(&|d| {
        let mission = d["missions"][0].clone();
        d["missions"].as_array_mut().unwrap().push(mission);
    });
    let response = import(&app, &token, &twice).await;
    let detail = problem(response, StatusCode::UNPROCESSABLE_ENTITY).await;
    assert!(detail.contains("nothing was imported"), "{detail}");

    assert_eq!(row_counts(&app).await, before);
}

#[tokio::test]
async fn only_a_referee_exports_and_only_a_signed_in_user_imports() {
    let (app, token, cid) = played_campaign().await;
    let outsider = app.sign_up("outsider", false).await;
    let response = app
        .get(&format!("/api/v1/campaigns/{cid}/export"), Some(&outsider))
        .await;
    problem(response, StatusCode::FORBIDDEN).await;
    let response = app
        .get(&format!("/api/v1/campaigns/{cid}/export"), None)
        .await;
    problem(response, StatusCode::UNAUTHORIZED).await;

    let document = serde_json::to_vec(&export(&app, &token, cid).await).unwrap();
    let response = app
        .request(Method::POST, "/api/v1/campaigns/import", None)
        .header("content-type", "application/json")
        .body(document.clone())
        .send()
        .await
        .unwrap();
    problem(response, StatusCode::UNAUTHORIZED).await;

    // An outsider who imports referees the copy: he can export it.
    let response = import(&app, &outsider, &document).await;
    assert_eq!(response.status(), StatusCode::CREATED);
    let copy = body(response).await["id"].as_i64().unwrap();
    let members = read(&app, &format!("/api/v1/campaigns/{copy}/members")).await;
    assert!(members
        .as_array()
        .unwrap()
        .iter()
        .any(|m| m["username"] == "outsider" && m["role"] == "referee"));
    export(&app, &outsider, copy).await;
}

/// Voids what `path` names (a debrief or an award) as the referee, for `reason`.
async fn void(app: &TestApp, token: &str, path: &str, reason: &str) {
    let response = app
        .post(path, Some(token), &json!({ "reason": reason }))
        .await;
    assert!(response.status().is_success(), "{}", body(response).await);
}
