//! Games, missions and mission assignment (R9, appendix E, R14).

use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::support::aircraft_id;
use crate::support::fixtures_games::Loop;
use crate::support::form_client::{session_cookie, Visitor};
use crate::support::reports::{observer, pilot, Debriefing, ALLIED, STRUTTER};
use crate::support::{body, problem};

// Appendix E, ground offensive: 2d6; 2 major Central, 3 minor Central, 4–10 quiet,
// 11 minor Allied, 12 major Allied.
#[tokio::test]
async fn appendix_e_ground_offensive_by_entered_dice() {
    let lp = Loop::start("1917-04-23").await;
    let rows = [
        ([1, 1], 2, "major_central"),
        ([1, 2], 3, "minor_central"),
        ([2, 2], 4, "quiet"),
        ([3, 4], 7, "quiet"),
        ([4, 6], 10, "quiet"),
        ([5, 6], 11, "minor_allied"),
        ([6, 6], 12, "major_allied"),
    ];
    for (dice, roll, result) in rows {
        let game = lp.open_game(dice).await;
        assert_eq!(game["week"], 1);
        assert_eq!(game["ground_offensive"]["dice"], json!(dice));
        assert_eq!(game["ground_offensive"]["roll"], roll);
        assert_eq!(game["ground_offensive"]["result"], result, "{dice:?}");
        assert_eq!(game["missions"], json!([]));
        assert_eq!(game["debriefed"], false);
    }
    // Without dice the server rolls, and the log says so (R14).
    let response = lp
        .app
        .request(reqwest::Method::POST, &lp.path("/games"), Some(&lp.referee))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::CREATED);
    let game = body(response).await;
    let roll = game["ground_offensive"]["roll"].as_i64().unwrap();
    assert!((2..=12).contains(&roll));
    let log = body(lp.get("/rolls", Some(&lp.referee)).await).await;
    let entry = log.as_array().unwrap().last().unwrap().clone();
    assert_eq!(entry["id"], game["ground_offensive"]["roll_id"]);
    assert_eq!(entry["game_id"], game["id"]);
    assert_eq!(entry["entered"], false);
    assert_eq!(entry["table"], "ground_offensive");
}

// R14: entered dice must fit the table.
#[tokio::test]
async fn r14_dice_that_do_not_fit_are_refused() {
    let lp = Loop::start("1917-04-23").await;
    let detail = problem(
        lp.post("/games", Some(&lp.referee), &json!({ "dice": [7, 1] }))
            .await,
        StatusCode::UNPROCESSABLE_ENTITY,
    )
    .await;
    assert!(
        detail.starts_with("die 1 of the ") && detail.contains("cannot show 7"),
        "{detail}"
    );
    let game = lp.open_game([3, 4]).await;
    let gid = game["id"].as_i64().unwrap();
    // A 6 on the mission table needs its d6 of trips (R9).
    let detail = problem(
        lp.post(
            &format!("/games/{gid}/missions"),
            Some(&lp.referee),
            &json!({ "side": "allied", "dice": [6] }),
        )
        .await,
        StatusCode::UNPROCESSABLE_ENTITY,
    )
    .await;
    assert!(detail.contains("reads 2 dice"), "{detail}");
    problem(
        lp.post(
            "/games",
            Some(&lp.referee),
            &json!({ "dice": [3, 4], "extra": 1 }),
        )
        .await,
        StatusCode::BAD_REQUEST,
    )
    .await;
}

// Appendix E, mission table: 1d10 → 1 observe airfield … 10 scramble; R9: a 6
// (directing artillery) rolls 1d6 for the trips needed.
#[tokio::test]
async fn appendix_e_mission_table_rows() {
    let lp = Loop::start("1917-04-23").await;
    let rows: [(&[u32], &str, Option<i64>); 10] = [
        (&[1], "observe_airfield", None),
        (&[2], "observe_hq", None),
        (&[3], "observe_troops", None),
        (&[4], "bomb_airfield", None),
        (&[5], "bomb_hq", None),
        (&[6, 4], "direct_artillery", Some(4)),
        (&[7], "strafe_trenches", None),
        (&[8], "balloon_busting", None),
        (&[9], "fighter_sweep", None),
        (&[10], "scramble", None),
    ];
    for pair in rows.chunks(2) {
        let gid = lp.open_game([3, 4]).await["id"].as_i64().unwrap();
        for ((dice, mission_type, trips), side) in pair.iter().zip(["allied", "central"]) {
            let mission = lp.mission(gid, side, dice).await;
            assert_eq!(mission["side"], side);
            assert_eq!(mission["roll"], dice[0]);
            assert_eq!(mission["mission_type"], *mission_type);
            assert_eq!(mission["trips_needed"], json!(trips));
            assert_eq!(mission["dice"], json!(dice));
        }
        let game = body(lp.get(&format!("/games/{gid}"), Some(&lp.ada)).await).await;
        assert_eq!(game["missions"].as_array().unwrap().len(), 2);
    }
}

// R9: one mission per side per game; none once the game is debriefed.
#[tokio::test]
async fn r9_one_mission_per_side_and_none_after_the_debrief() {
    let lp = Loop::start("1917-04-23").await;
    let gid = lp.open_game([3, 4]).await["id"].as_i64().unwrap();
    lp.mission(gid, "allied", &[2]).await;
    let again = lp
        .post(
            &format!("/games/{gid}/missions"),
            Some(&lp.ada),
            &json!({ "side": "allied" }),
        )
        .await;
    let detail = problem(again, StatusCode::CONFLICT).await;
    assert!(detail.contains("one mission per side"), "{detail}");
    // The other side may still roll: a player of that side, server dice.
    let response = lp
        .post(
            &format!("/games/{gid}/missions"),
            Some(&lp.karl),
            &json!({ "side": "central" }),
        )
        .await;
    assert_eq!(response.status(), StatusCode::CREATED);
    let roll = body(response).await["roll"].as_i64().unwrap();
    assert!((1..=10).contains(&roll));

    let other = lp.open_game([3, 4]).await["id"].as_i64().unwrap();
    lp.mission(other, "allied", &[9]).await;
    lp.mission(other, "central", &[9]).await;
    lp.debrief_unflown(other).await;
    let late = lp
        .post(
            &format!("/games/{other}/missions"),
            Some(&lp.referee),
            &json!({ "side": "allied" }),
        )
        .await;
    let detail = problem(late, StatusCode::CONFLICT).await;
    assert!(detail.contains("debriefed"), "{detail}");
}

#[tokio::test]
async fn games_need_the_right_role_and_stay_in_their_campaign() {
    let lp = Loop::start("1917-04-23").await;
    // No token → 401; a player opening a game → 403 (referee only).
    problem(
        lp.post("/games", None, &json!({})).await,
        StatusCode::UNAUTHORIZED,
    )
    .await;
    problem(
        lp.post("/games", Some(&lp.ada), &json!({})).await,
        StatusCode::FORBIDDEN,
    )
    .await;
    let gid = lp.open_game([3, 4]).await["id"].as_i64().unwrap();
    // A player of the other side may not roll the Allied mission.
    let detail = problem(
        lp.post(
            &format!("/games/{gid}/missions"),
            Some(&lp.karl),
            &json!({ "side": "allied" }),
        )
        .await,
        StatusCode::FORBIDDEN,
    )
    .await;
    assert!(detail.contains("allied side"), "{detail}");
    problem(
        lp.post(
            &format!("/games/{gid}/missions"),
            None,
            &json!({ "side": "allied" }),
        )
        .await,
        StatusCode::UNAUTHORIZED,
    )
    .await;
    // Another campaign's game id is no game of this one.
    let other = lp.app.campaign(&lp.referee, "1917-04-23", false).await;
    let path = format!("/api/v1/campaigns/{other}/games/{gid}");
    problem(
        lp.app.get(&path, Some(&lp.referee)).await,
        StatusCode::NOT_FOUND,
    )
    .await;
    let missions = format!("{path}/missions");
    problem(
        lp.app
            .post(&missions, Some(&lp.referee), &json!({ "side": "allied" }))
            .await,
        StatusCode::NOT_FOUND,
    )
    .await;
    // The private campaign's game is hidden from anonymous readers, shown to members.
    problem(
        lp.get(&format!("/games/{gid}"), None).await,
        StatusCode::NOT_FOUND,
    )
    .await;
    let game = body(lp.get(&format!("/games/{gid}"), Some(&lp.karl)).await).await;
    assert_eq!(game["id"], gid);
}

/// A week-1 game of a campaign starting 1917-04-23, the Allied side observing an
/// airfield (a two-seater mission) and the Central side on fighter sweep.
struct Assigning {
    lp: Loop,
    game: i64,
    allied_mission: i64,
    central_mission: i64,
    ball: i64,
    smith: i64,
    hans: i64,
}

impl Assigning {
    async fn start() -> Assigning {
        let lp = Loop::start("1917-04-23").await;
        let ball = lp.crewman("Albert Ball", "pilot", "british", "ada").await;
        let smith = lp.crewman("John Smith", "observer", "british", "ada").await;
        let hans = lp.crewman("Hans Weiss", "pilot", "german", "karl").await;
        let game = lp.open_game([3, 4]).await["id"].as_i64().unwrap();
        let allied_mission = lp.mission(game, "allied", &[1]).await["id"]
            .as_i64()
            .unwrap();
        let central_mission = lp.mission(game, "central", &[9]).await["id"]
            .as_i64()
            .unwrap();
        Assigning {
            lp,
            game,
            allied_mission,
            central_mission,
            ball,
            smith,
            hans,
        }
    }

    async fn assign(&self, mission: i64, token: &str, body: Value) -> reqwest::Response {
        self.lp
            .put(
                &format!("/games/{}/missions/{mission}/assignment", self.game),
                Some(token),
                &body,
            )
            .await
    }

    /// Assigns the Allied mission as the referee and expects an R9 refusal: `rule` is
    /// the design number, `detail` cites the rulebook (API v1.3, "Words").
    async fn refused(&self, aircraft: &str, pilot: i64, observer: Option<i64>) -> String {
        let aircraft_id = aircraft_id(&self.lp.app, aircraft).await;
        let response = self
            .assign(
                self.allied_mission,
                &self.lp.referee,
                json!({ "aircraft_id": aircraft_id, "pilot_id": pilot, "observer_id": observer }),
            )
            .await;
        assert_eq!(response.status(), StatusCode::UNPROCESSABLE_ENTITY);
        let problem = body(response).await;
        assert_eq!(problem["rule"], "R9", "{problem}");
        let detail = problem["detail"].as_str().expect("a detail").to_owned();
        assert!(
            ["§13.01:", "§13.02:", "§13.20:", "appendix A/B:"]
                .iter()
                .any(|s| detail.starts_with(s)),
            "{detail}"
        );
        assert!(!detail.contains("R9"), "{detail}");
        detail
    }
}

// R9: each refusal names the rule and says why.
#[tokio::test]
async fn r9_assignment_refusals() {
    let a = Assigning::start().await;
    // Observation needs a two-seater; the Sopwith Pup (Dec'16) has one seat.
    let detail = a.refused("Sopwith Pup", a.ball, None).await;
    assert!(detail.contains("needs a two-seater"), "{detail}");
    // The Albatros C-X/C-XII is a Central two-seater.
    let detail = a.refused("Albatros C-X/C-XII", a.ball, Some(a.smith)).await;
    assert!(detail.contains("flies for the Central side"), "{detail}");
    // The Bristol F2b enters service in July 1917; week 1 is dated 1917-04-23 (R15).
    let detail = a.refused("Bristol F2b", a.ball, Some(a.smith)).await;
    assert!(detail.contains("enters service on 1917-07-01"), "{detail}");
    assert!(detail.contains("1917-04-23"), "{detail}");
    // Observation needs the observer aboard.
    let detail = a.refused("Airco DH-4", a.ball, None).await;
    assert!(detail.contains("needs an observer"), "{detail}");
    // A Central pilot cannot fly the Allied mission.
    let detail = a.refused("Airco DH-4", a.hans, Some(a.smith)).await;
    assert!(detail.contains("flies for the Central side"), "{detail}");
    // A pilot in the observer's seat (and so never the same man in both seats).
    let detail = a.refused("Airco DH-4", a.ball, Some(a.ball)).await;
    assert!(
        detail.contains("cannot take the observer's seat"),
        "{detail}"
    );
    // A crewman out of service this week: hurt in another game of it, out until week 2
    // (R7: a minor injury, 1d6 2 − 1 = 1 week).
    let office = &a.lp.office;
    let other = office.sweep_game().await;
    let crew = [pilot(a.ball, 0), observer(a.smith).minor_injury(1)];
    Debriefing::new(10)
        .sorties([ALLIED.mission("a1", STRUTTER, 10, crew)])
        .debrief(office, other.id)
        .await;
    let detail = a.refused("Airco DH-4", a.ball, Some(a.smith)).await;
    assert!(
        detail.contains("John Smith is out of play this week"),
        "{detail}"
    );
}

#[tokio::test]
async fn r9_assignment_references_must_exist_here() {
    let a = Assigning::start().await;
    let dh4 = aircraft_id(&a.lp.app, "Airco DH-4").await;
    let response = a
        .assign(
            a.allied_mission,
            &a.lp.referee,
            json!({ "aircraft_id": 999_999, "pilot_id": a.ball, "observer_id": a.smith }),
        )
        .await;
    let detail = problem(response, StatusCode::UNPROCESSABLE_ENTITY).await;
    assert!(
        detail.contains("the aircraft chosen is no aircraft type"),
        "{detail}"
    );
    // A crewman of another campaign is named in the refusal.
    let other = a.lp.app.campaign(&a.lp.referee, "1917-04-23", false).await;
    a.lp.app
        .add_player(&a.lp.referee, other, "ada", "allied")
        .await;
    let response =
        a.lp.app
            .post(
                &format!("/api/v1/campaigns/{other}/crew"),
                Some(&a.lp.ada),
                &json!({ "name": "Mick Mannock", "role": "pilot", "nationality": "british" }),
            )
            .await;
    let stranger = body(response).await["id"].as_i64().unwrap();
    let response = a
        .assign(
            a.allied_mission,
            &a.lp.referee,
            json!({ "aircraft_id": dh4, "pilot_id": stranger, "observer_id": a.smith }),
        )
        .await;
    let detail = problem(response, StatusCode::UNPROCESSABLE_ENTITY).await;
    assert!(
        detail.contains("the pilot chosen is no crewman of this campaign"),
        "{detail}"
    );
    // Unknown fields are malformed requests.
    let response = a
        .assign(
            a.allied_mission,
            &a.lp.referee,
            json!({ "aircraft_id": dh4, "pilot_id": a.ball, "gunner_id": 1 }),
        )
        .await;
    problem(response, StatusCode::BAD_REQUEST).await;
}

// R9: a valid assignment is stored, may be replaced until the debrief, then not.
#[tokio::test]
async fn r9_assign_replace_then_frozen_by_the_debrief() {
    let a = Assigning::start().await;
    let dh4 = aircraft_id(&a.lp.app, "Airco DH-4").await;
    let re8 = aircraft_id(&a.lp.app, "RAF RE8").await;
    let pup = aircraft_id(&a.lp.app, "Sopwith Pup").await;
    let albatros = aircraft_id(&a.lp.app, "Albatros D-III").await;

    // A player of the mission's side may assign; one of the other side may not.
    let response = a
        .assign(
            a.allied_mission,
            &a.lp.ada,
            json!({ "aircraft_id": dh4, "pilot_id": a.ball, "observer_id": a.smith }),
        )
        .await;
    assert_eq!(response.status(), StatusCode::OK);
    let mission = body(response).await;
    assert_eq!(mission["aircraft_id"], dh4);
    assert_eq!(mission["pilot_id"], a.ball);
    assert_eq!(mission["observer_id"], a.smith);
    assert_eq!(mission["mission_type"], "observe_airfield");
    assert_eq!(mission["success"], Value::Null);
    problem(
        a.assign(
            a.allied_mission,
            &a.lp.karl,
            json!({ "aircraft_id": dh4, "pilot_id": a.ball, "observer_id": a.smith }),
        )
        .await,
        StatusCode::FORBIDDEN,
    )
    .await;
    problem(
        a.lp.put(
            &format!("/games/{}/missions/{}/assignment", a.game, a.allied_mission),
            None,
            &json!({ "aircraft_id": dh4, "pilot_id": a.ball }),
        )
        .await,
        StatusCode::UNAUTHORIZED,
    )
    .await;

    // Re-assigning replaces it (the RE8, Feb'17, is an Allied two-seater).
    let response = a
        .assign(
            a.allied_mission,
            &a.lp.referee,
            json!({ "aircraft_id": re8, "pilot_id": a.ball, "observer_id": a.smith }),
        )
        .await;
    assert_eq!(response.status(), StatusCode::OK);
    // Fighter sweep needs a single-seat pursuit aircraft: the Albatros D-III (Jan'17).
    let detail = problem(
        a.assign(
            a.central_mission,
            &a.lp.karl,
            json!({ "aircraft_id": pup, "pilot_id": a.hans }),
        )
        .await,
        StatusCode::UNPROCESSABLE_ENTITY,
    )
    .await;
    assert!(detail.contains("flies for the Allied side"), "{detail}");
    let response = a
        .assign(
            a.central_mission,
            &a.lp.karl,
            json!({ "aircraft_id": albatros, "pilot_id": a.hans, "observer_id": null }),
        )
        .await;
    assert_eq!(response.status(), StatusCode::OK);

    let game = body(
        a.lp.get(&format!("/games/{}", a.game), Some(&a.lp.referee))
            .await,
    )
    .await;
    let missions = game["missions"].as_array().unwrap();
    assert_eq!(missions[0]["aircraft_id"], re8);
    assert_eq!(missions[1]["aircraft_id"], albatros);
    assert_eq!(missions[1]["observer_id"], Value::Null);

    // A mission of another game is not found under this one.
    let other = a.lp.open_game([3, 4]).await["id"].as_i64().unwrap();
    problem(
        a.lp.put(
            &format!("/games/{other}/missions/{}/assignment", a.allied_mission),
            Some(&a.lp.referee),
            &json!({ "aircraft_id": dh4, "pilot_id": a.ball, "observer_id": a.smith }),
        )
        .await,
        StatusCode::NOT_FOUND,
    )
    .await;

    a.lp.debrief_unflown(a.game).await;
    let detail = problem(
        a.assign(
            a.allied_mission,
            &a.lp.referee,
            json!({ "aircraft_id": dh4, "pilot_id": a.ball, "observer_id": a.smith }),
        )
        .await,
        StatusCode::CONFLICT,
    )
    .await;
    assert!(detail.contains("debriefed"), "{detail}");
}

// The OpenAPI document describes the campaign loop's endpoints.
#[tokio::test]
async fn openapi_lists_the_campaign_loop() {
    let app = crate::support::TestApp::spawn().await;
    let doc = body(app.get("/api/openapi.json", None).await).await;
    for (path, method) in [
        ("/api/v1/campaigns/{cid}/games", "post"),
        ("/api/v1/campaigns/{cid}/games/{gid}", "get"),
        ("/api/v1/campaigns/{cid}/games/{gid}/missions", "post"),
        (
            "/api/v1/campaigns/{cid}/games/{gid}/missions/{mid}/assignment",
            "put",
        ),
        ("/api/v1/campaigns/{cid}/rolls", "post"),
        ("/api/v1/campaigns/{cid}/rolls", "get"),
        ("/api/v1/campaigns/{cid}/weeks/close", "post"),
        ("/api/v1/campaigns/{cid}/weeks/{n}", "get"),
    ] {
        assert!(doc["paths"][path][method].is_object(), "{method} {path}");
    }
    assert!(doc["components"]["schemas"]["MissionView"].is_object());
}

// The campaign home names the week's first twelve games and sends the rest to the week
// page, so a busy week keeps the page short and its cost flat.
#[tokio::test]
async fn the_home_page_shows_the_first_games_of_a_busy_week() {
    let lp = Loop::start("1917-04-23").await;
    let visitor = Visitor::open(&lp.app).await;
    let signed_in = visitor.sign_in(&lp.app, "rita", "password-of-rita").await;
    let cookie = session_cookie(&signed_in).expect("signed in");
    let home = format!("/campaigns/{}", lp.campaign);
    let games_shown = |html: &str| html.matches("<li id=\"game-").count();

    let mut opened = Vec::new();
    for _ in 0..12 {
        opened.push(lp.open_game([3, 4]).await["id"].as_i64().unwrap());
    }
    let html = visitor.page(&lp.app, &home, &cookie).await;
    assert_eq!(games_shown(&html), 12);
    assert!(!html.contains("id=\"more-games\""));

    let thirteenth = lp.open_game([3, 4]).await["id"].as_i64().unwrap();
    let html = visitor.page(&lp.app, &home, &cookie).await;
    assert_eq!(games_shown(&html), 12);
    assert!(html.contains(&format!("<li id=\"game-{}\">", opened[0])));
    assert!(!html.contains(&format!("<li id=\"game-{thirteenth}\">")));
    assert!(html.contains(&format!(
        "<a href=\"/campaigns/{}/weeks/1\">the week page</a>",
        lp.campaign
    )));
    let week = visitor
        .page(
            &lp.app,
            &format!("/campaigns/{}/weeks/1", lp.campaign),
            &cookie,
        )
        .await;
    assert!(
        week.contains(&format!("/games/{thirteenth}\">Game {thirteenth}</a>")),
        "the week page lists it"
    );
}
