//! Standings (issue 4): the leaderboard and its CSV, side totals (R12), the player
//! ranking (R13) and service records, at once and as of any past week. Every game is
//! played through the debrief's use case (`reports`), whose rules give the awards.
//! Every starting crewman begins with 50 XP (R3); awards follow R4 and appendix D/E.

use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::support::builders::{Crewed, OpenGame, Referee, FIGHTER_SWEEP, OBSERVE_HQ};
use crate::support::reports::{
    observer, pilot, Debriefing, Recruit, ALBATROS, ALBATROS_C, ALLIED, BALL, BISHOP, CENTRAL,
    HAWKER, KOSMAHL, MOTT, NIEUPORT, RICHT, STRUTTER, VOSS, WOLFF,
};
use crate::support::world::CampaignBuilder;
use crate::support::{body, problem, TestApp};

async fn get_ok(app: &TestApp, path: &str, token: Option<&str>) -> Value {
    let response = app.get(path, token).await;
    assert_eq!(response.status(), StatusCode::OK, "GET {path}");
    body(response).await
}

/// `(rank, crew_id, xp, kills)` of each leaderboard row.
fn board(rows: &Value) -> Vec<(i64, i64, i64, i64)> {
    rows.as_array()
        .unwrap()
        .iter()
        .map(|r| {
            (
                r["rank"].as_i64().unwrap(),
                r["crew_id"].as_i64().unwrap(),
                r["xp"].as_i64().unwrap(),
                r["kills"].as_i64().unwrap(),
            )
        })
        .collect()
}

/// `(rank, username, best_crew_id, best_xp)` of each player row.
fn ranking(rows: &Value) -> Vec<(i64, String, i64, i64)> {
    rows.as_array()
        .unwrap()
        .iter()
        .map(|r| {
            (
                r["rank"].as_i64().unwrap(),
                r["username"].as_str().unwrap().to_owned(),
                r["best_crew_id"].as_i64().unwrap(),
                r["best_xp"].as_i64().unwrap(),
            )
        })
        .collect()
}

fn side(xp: i64, doubled: i64) -> Value {
    json!({ "xp": xp, "doubled_mission_xp": doubled, "total": xp + doubled })
}

/// The leaderboard, side totals and player ranking as they stand now.
async fn snapshot(app: &TestApp, cid: i64, token: &str) -> (Value, Value, Value) {
    let path = |what: &str| format!("/api/v1/campaigns/{cid}/{what}");
    (
        get_ok(app, &path("leaderboard"), Some(token)).await,
        get_ok(app, &path("sides"), Some(token)).await,
        get_ok(app, &path("players"), Some(token)).await,
    )
}

/// The players of the standings' campaigns, on their sides.
const PLAYERS: [(&str, &str); 4] = [
    ("ada", "allied"),
    ("bob", "central"),
    ("cy", "allied"),
    ("dan", "central"),
];

/// A campaign starting on 1917-04-01: its referee, the owners of `crew` as players on
/// their sides of [`PLAYERS`], and `crew`'s starting crewmen, in order. Returns the
/// referee's token, the campaign and the crewmen's ids; [`Referee`] plays its games.
async fn campaign<const N: usize>(
    app: &TestApp,
    public: bool,
    crew: [Recruit; N],
) -> (String, i64, [i64; N]) {
    let mut builder = CampaignBuilder::new("referee", "1917-04-01").public(public);
    for (name, side) in PLAYERS {
        if crew.iter().any(|(owner, ..)| *owner == name) {
            builder = builder.player(name, side);
        }
    }
    let world = builder.recruits(&crew).build(app).await;
    (world.referee.clone(), world.campaign, world.crew())
}

/// The week-1 game each story opens with and its debrief so far, `turns` long: the
/// Allied mission, observe the enemy HQ (d10 2, R9), assigned to the Strutter "a1"
/// with Hawker and Mottershead aboard, succeeds (R10): for `strutter_turns` on the
/// board it observed the HQ and landed.
/// The Central mission is rolled with the dice `central`.
async fn observation_game<'a>(
    referee: &Referee,
    turns: u32,
    central: &[u32],
    (strutter_turns, hawker, mott): (u32, i64, i64),
) -> (OpenGame, Debriefing<'a>) {
    let game = referee.game(OBSERVE_HQ, central).await;
    let strutter = Crewed {
        aircraft: referee.aircraft(STRUTTER).await,
        pilot: hawker,
        observer: Some(mott),
    };
    referee.assign(game.id, game.allied, strutter).await;
    let crew = [pilot(hawker, 0), observer(mott)];
    let debriefing = Debriefing::new(turns)
        .sorties([ALLIED.mission("a1", STRUTTER, strutter_turns, crew)])
        .observed(game.allied);
    (game, debriefing)
}

// Issue 4, acceptance (3): `as_of_week=n` standings equal the standings as they were
// when week n closed, also after a week-1 game is voided in week 3.
#[tokio::test]
async fn standings_as_of_a_week_equal_those_when_it_closed() {
    let app = TestApp::spawn().await;
    let (referee, cid, [hawker, mott, bishop, richt, voss]) =
        campaign(&app, false, [HAWKER, MOTT, BISHOP, RICHT, VOSS]).await;
    let r = referee.as_str();
    let office = app.referee("referee", cid).await;
    let path = |what: &str| format!("/api/v1/campaigns/{cid}/{what}");

    // Week 1. The Strutter observes the enemy HQ (R4: pilot 10, observer 20, both in a
    // two-seater); Hawker and Mottershead share the kill of Voss's Albatros (12 each);
    // Richthofen downs Bishop (24) with 3 Red hits on fighter sweep (6); Bishop's minor
    // injury keeps him out one week (R7). Each side lost one aircraft, so neither sweep
    // succeeded.
    let (g1, debriefing) = observation_game(&office, 20, FIGHTER_SWEEP, (20, hawker, mott)).await;
    debriefing
        .sorties([
            ALLIED
                .sweep("a2", NIEUPORT, 12, pilot(bishop, 0).minor_injury(1))
                .lost(),
            CENTRAL.sweep("c1", ALBATROS, 20, pilot(richt, 3)),
            CENTRAL.sweep("c2", ALBATROS, 20, pilot(voss, 0)).lost(),
        ])
        .kill("a2", &[richt])
        .kill("c2", &[hawker, mott])
        .debrief(&office, g1.id)
        .await;
    let week1 = snapshot(&app, cid, r).await;
    // Richthofen 50+20+24+6 = 100; Hawker 50+20+12+10 = 92; Mottershead 50+5+12+20 = 87;
    // Voss 50+20 = 70; Bishop 50+12 = 62.
    assert_eq!(
        board(&week1.0),
        [
            (1, richt, 100, 1),
            (2, hawker, 92, 1),
            (3, mott, 87, 1),
            (4, voss, 70, 0),
            (5, bishop, 62, 0)
        ]
    );
    // R12: Allied 42+37+12 = 91 earned, the two-seater mission awards 10+20 again;
    // the shared kill's 12s do not double. Central 50+20 = 70.
    assert_eq!(week1.1["allied"], side(91, 30));
    assert_eq!(week1.1["central"], side(70, 0));
    assert_eq!(week1.1["leader"], "allied");
    assert_eq!(
        ranking(&week1.2),
        [
            (1, "bob".into(), richt, 100),
            (2, "ada".into(), hawker, 92),
            (3, "cy".into(), bishop, 62)
        ]
    );
    office.close_week().await;

    // Week 2. Hawker alone on fighter sweep for 17 turns with 2 Red hits (4); the
    // Central side lost Voss to anti-aircraft fire (a serious injury, 3d6 1 1 2: out 4
    // weeks, R7), so the Allied sweep succeeded (5).
    let g2 = office.sweep_game().await;
    Debriefing::new(18)
        .sorties([
            ALLIED.mission("a1", NIEUPORT, 17, [pilot(hawker, 2)]),
            CENTRAL.sweep("c1", ALBATROS, 18, pilot(richt, 0)),
            CENTRAL
                .sweep("c2", ALBATROS, 10, pilot(voss, 0).serious_injury([1, 1, 2]))
                .lost(),
        ])
        .debrief(&office, g2.id)
        .await;
    let picked = app
        .post(
            &format!("/api/v1/campaigns/{cid}/crew/{hawker}/abilities"),
            Some(r),
            &json!({ "ability": "tailing" }),
        )
        .await;
    assert_eq!(picked.status(), StatusCode::CREATED);
    let week2 = snapshot(&app, cid, r).await;
    // Hawker 92+17+4+5 = 118 and Richthofen 100+18 = 118, one kill each: they share
    // rank 1 and Mottershead is third. Voss 70+10 = 80.
    assert_eq!(
        board(&week2.0),
        [
            (1, hawker, 118, 1),
            (1, richt, 118, 1),
            (3, mott, 87, 1),
            (4, voss, 80, 0),
            (5, bishop, 62, 0)
        ]
    );
    // Allied 91+26 = 117 (+30 doubled), Central 70+28 = 98.
    assert_eq!(week2.1["allied"], side(117, 30));
    assert_eq!(week2.1["central"], side(98, 0));
    // R13: ada and bob are level on XP, kills and weeks out (none): both first.
    assert_eq!(
        ranking(&week2.2),
        [
            (1, "ada".into(), hawker, 118),
            (1, "bob".into(), richt, 118),
            (3, "cy".into(), bishop, 62)
        ]
    );
    office.close_week().await;

    // Week 3: the week-1 game is voided; Bishop flies 25 turns, alone on the board.
    office.void(g1.id, "entered twice").await;
    let g3 = office.sweep_game().await;
    Debriefing::new(25)
        .sorties([ALLIED.sweep("a1", NIEUPORT, 25, pilot(bishop, 0))])
        .debrief(&office, g3.id)
        .await;
    let week3 = snapshot(&app, cid, r).await;
    // The void takes back g1's awards and kills: Hawker 118-42 = 76, Bishop 62-12+25 =
    // 75, Richthofen 118-50 = 68, Voss 80-20 = 60, Mottershead 87-37 = 50; no kills.
    assert_eq!(
        board(&week3.0),
        [
            (1, hawker, 76, 0),
            (2, bishop, 75, 0),
            (3, richt, 68, 0),
            (4, voss, 60, 0),
            (5, mott, 50, 0)
        ]
    );
    // Allied 117-91+25 = 51 and the doubling went with the reversals; Central 98-70.
    assert_eq!(week3.1["allied"], side(51, 0));
    assert_eq!(week3.1["central"], side(28, 0));
    assert_eq!(
        ranking(&week3.2),
        [
            (1, "ada".into(), hawker, 76),
            (2, "cy".into(), bishop, 75),
            (3, "bob".into(), richt, 68)
        ]
    );

    // The past stays as it was when each week closed.
    for (week, (leaderboard, sides, players)) in [(1, &week1), (2, &week2), (3, &week3)] {
        let q = format!("?as_of_week={week}");
        assert_eq!(
            &get_ok(&app, &(path("leaderboard") + &q), Some(r)).await,
            leaderboard,
            "week {week}"
        );
        assert_eq!(
            &get_ok(&app, &(path("sides") + &q), Some(r)).await,
            sides,
            "week {week}"
        );
        assert_eq!(
            &get_ok(&app, &(path("players") + &q), Some(r)).await,
            players,
            "week {week}"
        );
    }

    // Hawker's service record, week by week; the voided game's rows stay, marked.
    let record = get_ok(&app, &path(&format!("crew/{hawker}/record")), Some(r)).await;
    assert_eq!(record["crew_id"], hawker);
    let weeks = record["weeks"].as_array().unwrap();
    assert_eq!(weeks.len(), 3);
    let w1 = &weeks[0];
    assert_eq!(
        (w1["week"].as_i64(), w1["date"].as_str()),
        (Some(1), Some("1917-04-01"))
    );
    let s = &w1["sorties"][0];
    assert_eq!(
        (
            &s["game_id"],
            &s["aircraft"],
            &s["assignment"],
            &s["position"],
            &s["turns_on_board"],
            &s["mission_type"],
            &s["voided_week"]
        ),
        (
            &json!(g1.id),
            &json!(STRUTTER),
            &json!("mission"),
            &json!("pilot"),
            &json!(20),
            &json!("observe_hq"),
            &json!(3)
        )
    );
    assert_eq!(
        w1["kills"],
        json!([{ "game_id": g1.id, "victim": { "key": "c2", "aircraft": ALBATROS, "crew": ["Werner Voss"] },
                 "shared_with": ["Mottershead"], "voided_week": 3 }])
    );
    let points = |w: &Value| -> Vec<i64> {
        w["awards"]
            .as_array()
            .unwrap()
            .iter()
            .map(|a| a["points"].as_i64().unwrap())
            .collect()
    };
    // The debrief writes a crewman's sortie awards before the kills (R4, R5).
    assert_eq!(points(w1), [20, 10, 12]);
    assert_eq!(w1["awards"][1]["reason"], "observe enemy HQ succeeded: 10");
    let w2 = &weeks[1];
    assert_eq!(
        (w2["week"].as_i64(), w2["date"].as_str()),
        (Some(2), Some("1917-04-08"))
    );
    assert_eq!(w2["sorties"][0]["aircraft"], NIEUPORT);
    assert_eq!(w2["sorties"][0]["red_hits"], 2);
    assert_eq!(points(w2), [17, 4, 5]);
    assert_eq!(w2["abilities"], json!(["tailing"]));
    assert_eq!(w2["kills"], json!([]));
    let w3 = &weeks[2];
    assert_eq!(
        (w3["week"].as_i64(), w3["date"].as_str()),
        (Some(3), Some("1917-04-15"))
    );
    assert_eq!(points(w3), [-20, -10, -12]);
    assert_eq!(w3["awards"][0]["reverses"], w1["awards"][0]["id"]);
    assert_eq!(w3["sorties"], json!([]));
    // Bishop's injury of week 1: one week out, back in week 3 (R7).
    let record = get_ok(&app, &path(&format!("crew/{bishop}/record")), Some(r)).await;
    assert_eq!(
        record["weeks"][0]["injuries"],
        json!([{ "game_id": g1.id, "kind": "minor_injury", "weeks_out": 1, "out_until_week": 2,
                 "sent_home": false, "voided_week": 3 }])
    );
    assert_eq!(record["weeks"][0]["sorties"][0]["outcome"], "minor_injury");
    assert_eq!(
        record["weeks"][0]["sorties"][0]["mission_type"],
        Value::Null
    );
}

// The leaderboard: by XP, then kills; crewmen level on both share a rank (1, 2, 2, 4);
// the side and role filters; ace at 5 kills (R6); the CSV; crewmen who joined later.
#[tokio::test]
async fn leaderboard_ranks_filters_and_csv() {
    let app = TestApp::spawn().await;
    // Voss by a name with a comma, for the CSV.
    let voss_comma = ("bob", "Voss, Werner", "pilot", "german");
    let crew = [HAWKER, MOTT, BISHOP, BALL, RICHT, voss_comma, WOLFF];
    let (referee, cid, [hawker, mott, bishop, ball, richt, voss, wolff]) =
        campaign(&app, true, crew).await;
    let r = referee.as_str();
    let office = app.referee("referee", cid).await;

    // Game 1: the Strutter observes the HQ (Hawker 18 turns + 10, Mottershead 5 + 20)
    // and its crew share the kill of Wolff (12 each); Richthofen and Voss share the
    // kill of Ball. Red hits on fighter sweep, 2 each: Bishop 8, Richthofen 7, Voss 6.
    // One loss each: no sweep succeeds.
    let (g1, debriefing) = observation_game(&office, 24, FIGHTER_SWEEP, (18, hawker, mott)).await;
    debriefing
        .sorties([
            ALLIED.sweep("a2", NIEUPORT, 24, pilot(bishop, 8)),
            ALLIED.sweep("a3", NIEUPORT, 11, pilot(ball, 0)).lost(),
            CENTRAL.sweep("c1", ALBATROS, 24, pilot(richt, 7)),
            CENTRAL.sweep("c2", ALBATROS, 16, pilot(voss, 6)),
            CENTRAL.sweep("c3", ALBATROS, 9, pilot(wolff, 0)).lost(),
        ])
        .kill("a3", &[richt, voss])
        .kill("c3", &[hawker, mott])
        .debrief(&office, g1.id)
        .await;
    // Games 2-5: Richthofen downs Ball four more times; each time the Allies lose one
    // aircraft and the Central sweep succeeds: Richthofen 5 turns + 24 + 5, Ball 5 turns.
    for _ in 0..4 {
        let g = office.sweep_game().await;
        Debriefing::new(5)
            .sorties([
                ALLIED.sweep("a1", NIEUPORT, 5, pilot(ball, 0)).lost(),
                CENTRAL.sweep("c1", ALBATROS, 5, pilot(richt, 0)),
            ])
            .kill("a1", &[richt])
            .debrief(&office, g.id)
            .await;
    }

    // Richthofen 50+24+12+14 + 4×34 = 236 with 5 kills, an ace (R6). Hawker
    // 50+18+12+10 = 90 and Voss 50+16+12+12 = 90 with a kill each share rank 2; Bishop
    // 50+24+16 = 90 without a kill is 4th; Mottershead 50+5+12+20 = 87; Ball
    // 50+11+4×5 = 81; Wolff 50+9 = 59.
    let url = format!("/api/v1/campaigns/{cid}/leaderboard");
    let all = get_ok(&app, &url, None).await;
    assert_eq!(
        board(&all),
        [
            (1, richt, 236, 5),
            (2, hawker, 90, 1),
            (2, voss, 90, 1),
            (4, bishop, 90, 0),
            (5, mott, 87, 1),
            (6, ball, 81, 0),
            (7, wolff, 59, 0)
        ]
    );
    assert_eq!(
        all[0],
        json!({ "rank": 1, "crew_id": richt, "name": "Manfred von Richthofen", "side": "central",
                "role": "pilot", "owner": "bob", "xp": 236, "kills": 5, "ace": true })
    );
    assert_eq!(all[1]["ace"], false);

    // Filtered lists are ranked among themselves.
    let allied = get_ok(&app, &format!("{url}?side=allied"), None).await;
    assert_eq!(
        board(&allied),
        [
            (1, hawker, 90, 1),
            (2, bishop, 90, 0),
            (3, mott, 87, 1),
            (4, ball, 81, 0)
        ]
    );
    let allied_pilots = get_ok(&app, &format!("{url}?side=allied&role=pilot"), None).await;
    assert_eq!(
        board(&allied_pilots),
        [(1, hawker, 90, 1), (2, bishop, 90, 0), (3, ball, 81, 0)]
    );
    let observers = get_ok(&app, &format!("{url}?role=observer"), None).await;
    assert_eq!(board(&observers), [(1, mott, 87, 1)]);

    // The CSV: a header, the same columns, a name with a comma quoted.
    let response = app.get(&format!("{url}.csv?side=central"), None).await;
    assert_eq!(response.status(), StatusCode::OK);
    let content_type = response.headers()["content-type"]
        .to_str()
        .unwrap()
        .to_owned();
    assert!(content_type.starts_with("text/csv"), "{content_type}");
    assert_eq!(
        response.text().await.unwrap(),
        format!(
            "rank,crew_id,name,side,role,owner,xp,kills,ace\n\
             1,{richt},Manfred von Richthofen,central,pilot,bob,236,5,true\n\
             2,{voss},\"Voss, Werner\",central,pilot,bob,90,1,false\n\
             3,{wolff},Kurt Wolff,central,pilot,dan,59,0,false\n"
        )
    );
    let empty = app
        .get(&format!("{url}.csv?side=central&role=observer"), None)
        .await;
    assert_eq!(
        empty.text().await.unwrap(),
        "rank,crew_id,name,side,role,owner,xp,kills,ace\n"
    );

    // A crewman who joined in week 2 is not on the board as of week 1.
    office.close_week().await;
    let schafer = app
        .crewman(r, cid, ("Karl Schäfer", "pilot", "german", "dan"))
        .await;
    let now = get_ok(&app, &url, None).await;
    assert_eq!(now.as_array().unwrap().len(), 8);
    assert_eq!(board(&now)[7], (8, schafer, 50, 0));
    assert_eq!(
        get_ok(&app, &format!("{url}?as_of_week=1"), None).await,
        all
    );
    let csv = app
        .get(&format!("{url}.csv?as_of_week=1"), None)
        .await
        .text()
        .await
        .unwrap();
    assert_eq!(csv.lines().count(), 8);
    assert!(!csv.contains("Schäfer"));
}

// R12, §13.204: side totals count game XP only (not starting XP) and the two-seater
// mission awards twice; kills do not double, nor do individual totals.
#[tokio::test]
async fn side_totals_double_two_seater_mission_awards() {
    let app = TestApp::spawn().await;
    let (_, cid, [hawker, mott, voss, kosmahl, richt, wolff]) =
        campaign(&app, true, [HAWKER, MOTT, VOSS, KOSMAHL, RICHT, WOLFF]).await;
    let office = app.referee("referee", cid).await;
    let url = format!("/api/v1/campaigns/{cid}/sides");

    // Six crewmen with 50 starting XP each, and no game yet: level at nothing.
    let none = get_ok(&app, &url, None).await;
    assert_eq!(none["allied"], side(0, 0));
    assert_eq!(none["central"], side(0, 0));
    assert_eq!(none["leader"], "tied");

    // The Strutter observes the HQ (Hawker 20 turns + 10, Mottershead 5 + 20); its
    // observer shoots down Wolff (24). The Central two-seater directs artillery (d10 6,
    // d6 3 trips needed, R9), 2 trips of 3 (3 and 6 per trip, no success).
    let (g1, debriefing) = observation_game(&office, 25, &[6, 3], (20, hawker, mott)).await;
    let albatros_c = Crewed {
        aircraft: office.aircraft(ALBATROS_C).await,
        pilot: voss,
        observer: Some(kosmahl),
    };
    office.assign(g1.id, g1.central, albatros_c).await;
    debriefing
        .sorties([
            CENTRAL.mission("c1", ALBATROS_C, 25, [pilot(voss, 0), observer(kosmahl)]),
            CENTRAL.sweep("c2", ALBATROS, 25, pilot(richt, 0)),
            CENTRAL.sweep("c3", ALBATROS, 15, pilot(wolff, 0)).lost(),
        ])
        .kill("c3", &[mott])
        .trips(g1.central, 2)
        .debrief(&office, g1.id)
        .await;
    // Allied: 30 + 49 = 79 earned; the observer's 20 counts 40 and the pilot's 10
    // counts 20, the kill's 24 once: 79 + 30 = 109. Central: 31+17+25+15 = 88 earned,
    // the artillery points 6 + 12 again: 106. More plain XP, yet the Allies lead.
    let sides = get_ok(&app, &url, None).await;
    assert_eq!(
        sides,
        json!({ "allied": side(79, 30), "central": side(88, 18), "leader": "allied", "as_of_week": 1 })
    );
    // Individual totals never double: Mottershead 50+5+20+24 = 99.
    let board = get_ok(
        &app,
        &format!("/api/v1/campaigns/{cid}/leaderboard?role=observer"),
        None,
    )
    .await;
    assert_eq!(board[0]["crew_id"], mott);
    assert_eq!(board[0]["xp"], 99);

    // Voided in week 2: the reversals take the doubling back with them, as of week 2.
    office.close_week().await;
    office.void(g1.id, "entered twice").await;
    let after = get_ok(&app, &url, None).await;
    assert_eq!(
        after,
        json!({ "allied": side(0, 0), "central": side(0, 0), "leader": "tied", "as_of_week": 2 })
    );
    assert_eq!(
        get_ok(&app, &format!("{url}?as_of_week=1"), None).await,
        sides
    );
}

// R13, §13.203: each player by his best crewman, pilot or observer: most XP, then more
// kills, then fewer weeks out of service.
#[tokio::test]
async fn players_ranked_by_best_crewman_with_tie_breaks() {
    let app = TestApp::spawn().await;
    let (_, cid, [hawker, mott, ball, bishop, richt, voss, wolff]) =
        campaign(&app, true, [HAWKER, MOTT, BALL, BISHOP, RICHT, VOSS, WOLFF]).await;
    let office = app.referee("referee", cid).await;

    // The Strutter observes the HQ and its observer downs Wolff (minor injury, 1 week
    // out); Richthofen and Voss share the kills of Ball (serious injury, 3d6 1 1 2: out
    // 4 weeks, through week 5, R7) and Bishop. The Allies lost 2 to 1: the Central
    // sweep succeeded (5 each).
    let (g1, debriefing) = observation_game(&office, 20, FIGHTER_SWEEP, (20, hawker, mott)).await;
    debriefing
        .sorties([
            ALLIED
                .sweep("a2", NIEUPORT, 15, pilot(ball, 0).serious_injury([1, 1, 2]))
                .lost(),
            ALLIED.sweep("a3", NIEUPORT, 8, pilot(bishop, 0)).lost(),
            CENTRAL.sweep("c1", ALBATROS, 20, pilot(richt, 0)),
            CENTRAL.sweep("c2", ALBATROS, 15, pilot(voss, 0)),
            CENTRAL
                .sweep("c3", ALBATROS, 10, pilot(wolff, 0).minor_injury(1))
                .lost(),
        ])
        .kill("a2", &[richt, voss])
        .kill("a3", &[richt, voss])
        .kill("c3", &[mott])
        .debrief(&office, g1.id)
        .await;
    let url = format!("/api/v1/campaigns/{cid}/players");
    // bob: Richthofen 50+20+24+5 = 99 with 2 kills. ada: her observer Mottershead
    // 50+5+20+24 = 99 with 1 kill beats her pilot Hawker (50+20+10 = 80) and loses
    // to bob on kills. cy: Ball 50+15 = 65; dan: Wolff 50+10+5 = 65; no kills, and in
    // week 1 neither has yet missed a week: level, they share rank 3.
    let week1 = get_ok(&app, &url, None).await;
    assert_eq!(
        ranking(&week1),
        [
            (1, "bob".into(), richt, 99),
            (2, "ada".into(), mott, 99),
            (3, "cy".into(), ball, 65),
            (3, "dan".into(), wolff, 65)
        ]
    );
    assert_eq!(
        (
            week1[0]["best_kills"].as_i64(),
            week1[1]["best_kills"].as_i64()
        ),
        (Some(2), Some(1))
    );

    // Week 2: both are out (Ball through week 5, Wolff through week 2): one week each.
    office.close_week().await;
    let week2 = get_ok(&app, &url, None).await;
    assert_eq!(
        (week2[2]["rank"].as_i64(), week2[3]["rank"].as_i64()),
        (Some(3), Some(3))
    );
    assert_eq!(
        (
            week2[2]["best_weeks_out"].as_i64(),
            week2[3]["best_weeks_out"].as_i64()
        ),
        (Some(1), Some(1))
    );

    // Week 3: Wolff is back after 1 week, Ball is out a 2nd week: dan ahead of cy.
    office.close_week().await;
    let week3 = get_ok(&app, &url, None).await;
    assert_eq!(
        ranking(&week3),
        [
            (1, "bob".into(), richt, 99),
            (2, "ada".into(), mott, 99),
            (3, "dan".into(), wolff, 65),
            (4, "cy".into(), ball, 65)
        ]
    );
    assert_eq!(
        (
            week3[2]["best_weeks_out"].as_i64(),
            week3[3]["best_weeks_out"].as_i64()
        ),
        (Some(1), Some(2))
    );
    assert_eq!(
        get_ok(&app, &format!("{url}?as_of_week=1"), None).await,
        week1
    );
    assert_eq!(
        get_ok(&app, &format!("{url}?as_of_week=2"), None).await,
        week2
    );
}

// A private campaign does not exist to a stranger; a public one is readable without
// a token. `as_of_week` must be a week that has begun (422) and a number (400).
#[tokio::test]
async fn standings_access_and_bad_weeks() {
    let app = TestApp::spawn().await;
    let (referee, private, [hawker]) = campaign(&app, false, [HAWKER]).await;
    let public = app.campaign(&referee, "1917-04-01", true).await;
    let stranger = app.sign_up("stranger", false).await;

    let reads = |cid: i64| {
        [
            format!("/api/v1/campaigns/{cid}/leaderboard"),
            format!("/api/v1/campaigns/{cid}/leaderboard.csv"),
            format!("/api/v1/campaigns/{cid}/sides"),
            format!("/api/v1/campaigns/{cid}/players"),
        ]
    };
    for path in reads(private)
        .iter()
        .chain([&format!("/api/v1/campaigns/{private}/crew/{hawker}/record")])
    {
        problem(app.get(path, Some(&stranger)).await, StatusCode::NOT_FOUND).await;
        problem(app.get(path, None).await, StatusCode::NOT_FOUND).await;
        assert_eq!(
            app.get(path, Some(&referee)).await.status(),
            StatusCode::OK,
            "{path}"
        );
    }
    for path in reads(public) {
        assert_eq!(
            app.get(&path, None).await.status(),
            StatusCode::OK,
            "{path}"
        );
    }
    // Another campaign's crewman is not found through this one.
    problem(
        app.get(
            &format!("/api/v1/campaigns/{public}/crew/{hawker}/record"),
            None,
        )
        .await,
        StatusCode::NOT_FOUND,
    )
    .await;

    // The public campaign is in week 1.
    for path in reads(public) {
        for week in ["0", "2"] {
            let detail = problem(
                app.get(&format!("{path}?as_of_week={week}"), None).await,
                StatusCode::UNPROCESSABLE_ENTITY,
            )
            .await;
            assert!(
                detail.contains("the week asked for must be between 1 and the current week 1"),
                "{detail}"
            );
        }
        problem(
            app.get(&format!("{path}?as_of_week=last"), None).await,
            StatusCode::BAD_REQUEST,
        )
        .await;
        problem(
            app.get(&format!("{path}?week=1"), None).await,
            StatusCode::BAD_REQUEST,
        )
        .await;
    }
    let leaderboard = format!("/api/v1/campaigns/{public}/leaderboard");
    problem(
        app.get(&format!("{leaderboard}?side=north"), None).await,
        StatusCode::BAD_REQUEST,
    )
    .await;
    problem(
        app.get(&format!("{leaderboard}?role=gunner"), None).await,
        StatusCode::BAD_REQUEST,
    )
    .await;
}
