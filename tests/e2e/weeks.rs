//! Closing and reading weeks (R15, R7, R1).

use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::support::fixtures_games::Loop;
use crate::support::reports::{observer, pilot, Debriefing, ALBATROS, ALLIED, CENTRAL, STRUTTER};
use crate::support::{body, problem};

async fn close(lp: &Loop) -> Value {
    let response = lp.post("/weeks/close", Some(&lp.referee), &json!({})).await;
    assert_eq!(response.status(), StatusCode::OK);
    body(response).await
}

fn names(aircraft: &Value) -> Vec<&str> {
    aircraft
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a["name"].as_str().unwrap())
        .collect()
}

// R15: closing week n returns the crews whose time out ends with it, moves the date
// on, and lists the types entering service. Start 1917-04-23: week 2 is 1917-04-30,
// week 3 1917-05-07, so closing week 2 brings May 1917's types: of appendices A and
// B only the Airco DH-5 and the SPAD XIII (both May'17).
#[tokio::test]
async fn r15_closing_returns_the_healed_and_lists_new_aircraft() {
    let lp = Loop::start("1917-04-23").await;
    let healed = lp.crewman("Albert Ball", "pilot", "british", "ada").await;
    let still_out = lp.crewman("John Smith", "observer", "british", "ada").await;
    let dead = lp.crewman("Hans Weiss", "pilot", "german", "karl").await;
    // A week-1 game: Ball and Smith come home from it with minor injuries, out 1 and 2
    // weeks (R7: 1d6−1), so until weeks 2 and 3: available again in weeks 3 and 4.
    // Weiss is killed.
    let office = &lp.office;
    let game = office.sweep_game().await;
    let crew = [
        pilot(healed, 0).minor_injury(1),
        observer(still_out).minor_injury(2),
    ];
    Debriefing::new(10)
        .sorties([
            ALLIED.mission("a1", STRUTTER, 10, crew),
            CENTRAL
                .sweep("c1", ALBATROS, 10, pilot(dead, 0).killed())
                .lost(),
        ])
        .debrief(office, game.id)
        .await;

    // Week 1 (1917-04-23) → week 2 (1917-04-30): still April, nothing new.
    let first = close(&lp).await;
    assert_eq!(first["closed_week"], 1);
    assert_eq!(first["current_week"], 2);
    assert_eq!(first["week_date"], "1917-04-30");
    assert_eq!(first["returned"], json!([]));
    assert_eq!(first["new_aircraft"], json!([]));

    let second = close(&lp).await;
    assert_eq!(second["closed_week"], 2);
    assert_eq!(second["current_week"], 3);
    assert_eq!(second["week_date"], "1917-05-07");
    assert_eq!(second["era"], "late");
    assert_eq!(second["returned"], json!([healed]));
    assert_eq!(names(&second["new_aircraft"]), ["Airco DH-5", "SPAD XIII"]);
    let spad = &second["new_aircraft"][1];
    assert_eq!(spad["service_start"], "1917-05");
    assert_eq!(spad["side"], "allied");
    assert_eq!(spad["crew"], 1);
    assert_eq!(spad["armament"], "2R");

    let ball = body(lp.get(&format!("/crew/{healed}"), Some(&lp.ada)).await).await;
    assert_eq!(
        (ball["status"].clone(), ball["available"].clone()),
        (json!("active"), json!(true))
    );
    let smith = body(lp.get(&format!("/crew/{still_out}"), Some(&lp.ada)).await).await;
    assert_eq!(smith["available"], false);
    let campaign = body(lp.app.get(&lp.path(""), Some(&lp.ada)).await).await;
    assert_eq!(campaign["current_week"], 3);

    let third = close(&lp).await;
    assert_eq!(third["returned"], json!([still_out]));
}

// R1: the era turns late on 1917-01-01; week 2 of a campaign starting 1916-12-25 is
// dated 1917-01-01.
#[tokio::test]
async fn r1_closing_moves_the_era_on() {
    let lp = Loop::start("1916-12-25").await;
    let week1 = body(lp.get("/weeks/1", Some(&lp.ada)).await).await;
    assert_eq!(
        (week1["date"].clone(), week1["era"].clone()),
        (json!("1916-12-25"), json!("early"))
    );
    let closed = close(&lp).await;
    assert_eq!(
        (closed["week_date"].clone(), closed["era"].clone()),
        (json!("1917-01-01"), json!("late"))
    );
    // Types of January 1917 (Nieuport 24/27, Albatros D-III, L.F.G. Roland D-II,
    // Siemens-Schuckert D-I) enter service with week 2.
    assert_eq!(
        names(&closed["new_aircraft"]),
        [
            "Nieuport 24/27",
            "Albatros D-III",
            "L.F.G. Roland D-II",
            "Siemens-Schuckert D-I"
        ]
    );
}

// A campaign keeps going past the Armistice: closing is the club's call (R13).
#[tokio::test]
async fn closing_past_the_armistice_is_allowed() {
    let lp = Loop::start("1918-11-04").await;
    let closed = close(&lp).await;
    assert_eq!(closed["week_date"], "1918-11-11");
    let closed = close(&lp).await;
    assert_eq!(closed["week_date"], "1918-11-18");
}

#[tokio::test]
async fn a_week_shows_its_games_missions_and_rolls() {
    let lp = Loop::start("1917-04-23").await;
    let game = lp.open_game([5, 6]).await;
    let gid = game["id"].as_i64().unwrap();
    let mission = lp.mission(gid, "allied", &[6, 3]).await;
    let debriefed = lp.open_game([2, 3]).await["id"].as_i64().unwrap();
    lp.mission(debriefed, "allied", &[9]).await;
    lp.mission(debriefed, "central", &[9]).await;
    lp.debrief_unflown(debriefed).await;
    // Karl plays Central: the Allied assignment is kept from him until the debrief
    // (§13.20), assigned or not.
    let secret = json!([{ "id": mission["id"], "game_id": gid, "side": "allied", "roll": 6,
                          "dice": [6, 3], "mission_type": "direct_artillery", "trips_needed": 3,
                          "aircraft_id": null, "pilot_id": null, "observer_id": null,
                          "assignment_hidden": true, "success": null,
                          "roll_id": mission["roll_id"],
                          // Its receipt (R25, API v1.3).
                          "seq": mission["seq"], "chain": mission["chain"] }]);
    let week = body(lp.get("/weeks/1", Some(&lp.karl)).await).await;
    assert_eq!(week["games"][0]["missions"], secret);
    assert_eq!(week["games"][0]["state"], "awaiting_missions");
    // The first game never had its debrief: the week closes abandoning it (API v1.2).
    let closed = lp
        .post(
            "/weeks/close",
            Some(&lp.referee),
            &json!({ "abandon_open_games": true }),
        )
        .await;
    assert_eq!(body(closed).await["abandoned_games"], json!([gid]));
    lp.open_game([3, 3]).await;

    let week = body(lp.get("/weeks/1", Some(&lp.karl)).await).await;
    assert_eq!(week["week"], 1);
    assert_eq!(week["date"], "1917-04-23");
    assert_eq!(week["era"], "late");
    assert_eq!(week["closed"], true);
    let games = week["games"].as_array().unwrap();
    assert_eq!(games.len(), 2);
    assert_eq!(games[0]["id"], gid);
    assert_eq!(
        games[0]["ground_offensive"],
        json!({ "dice": [5, 6], "roll": 11, "result": "minor_allied", "roll_id": game["ground_offensive"]["roll_id"],
                "seq": 1, "chain": game["ground_offensive"]["chain"] })
    );
    // Abandoned, the game is over without a debrief: nothing of it is secret any more
    // (§13.20), and nothing was assigned.
    let mut shown = secret.clone();
    shown[0]["assignment_hidden"] = json!(false);
    assert_eq!(games[0]["missions"], shown);
    assert_eq!(
        (
            games[0]["debriefed"].clone(),
            games[0]["voided"].clone(),
            games[0]["abandoned"].clone(),
            games[0]["state"].clone()
        ),
        (json!(false), json!(false), json!(true), json!("abandoned"))
    );
    assert_eq!(
        (games[1]["debriefed"].clone(), games[1]["state"].clone()),
        (json!(true), json!("debriefed"))
    );
    // Debriefed, its missions (both fighter sweep, API v1.2) are no secret.
    let missions: Vec<(&Value, &Value, &Value)> = games[1]["missions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| (&m["side"], &m["mission_type"], &m["assignment_hidden"]))
        .collect();
    let (allied, central, sweep) = (json!("allied"), json!("central"), json!("fighter_sweep"));
    assert_eq!(
        missions,
        [
            (&allied, &sweep, &json!(false)),
            (&central, &sweep, &json!(false))
        ]
    );
    let tables: Vec<&str> = week["rolls"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["table"].as_str().unwrap())
        .collect();
    assert_eq!(
        tables,
        [
            "ground_offensive",
            "mission",
            "ground_offensive",
            "mission",
            "mission"
        ]
    );

    let week2 = body(lp.get("/weeks/2", Some(&lp.karl)).await).await;
    assert_eq!(week2["closed"], false);
    assert_eq!(week2["games"].as_array().unwrap().len(), 1);
    problem(
        lp.get("/weeks/3", Some(&lp.karl)).await,
        StatusCode::NOT_FOUND,
    )
    .await;
    problem(
        lp.get("/weeks/0", Some(&lp.karl)).await,
        StatusCode::NOT_FOUND,
    )
    .await;
    problem(lp.get("/weeks/1", None).await, StatusCode::NOT_FOUND).await;
}

#[tokio::test]
async fn only_the_referee_closes_the_week() {
    let lp = Loop::start("1917-04-23").await;
    problem(
        lp.post("/weeks/close", None, &json!({})).await,
        StatusCode::UNAUTHORIZED,
    )
    .await;
    problem(
        lp.post("/weeks/close", Some(&lp.ada), &json!({})).await,
        StatusCode::FORBIDDEN,
    )
    .await;
    let other = lp.app.campaign(&lp.ada, "1917-04-23", false).await;
    problem(
        lp.app
            .post(
                &format!("/api/v1/campaigns/{other}/weeks/close"),
                Some(&lp.referee),
                &json!({}),
            )
            .await,
        StatusCode::NOT_FOUND,
    )
    .await;
    let campaign = body(lp.app.get(&lp.path(""), Some(&lp.ada)).await).await;
    assert_eq!(campaign["current_week"], 1);
}
