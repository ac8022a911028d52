//! Issue 4's acceptance: a four-week campaign played over HTTP with entered dice, and
//! after each week every crewman's XP, kills, status and pending picks, the
//! leaderboard, the side totals and the player standings checked against numbers
//! worked out by hand from the rules. Afterwards `as_of_week=n` must give back what
//! the standings were when week n closed.
//!
//! Campaign from 1917-04-02 (late war). Ada flies for the Allies (pilots Ball and
//! Mannock, observer Mott), Bob for the Central Powers (pilots Voss and Werner,
//! observer Kurt). Everyone starts experienced with 50 XP (R3).

use std::collections::HashMap;

use reqwest::{Method, StatusCode};
use serde_json::{json, Value};

use crate::support::{body, TestApp};

struct Campaign {
    app: TestApp,
    referee: String,
    id: i64,
    crew: HashMap<&'static str, i64>,
    aircraft: HashMap<String, i64>,
}

impl Campaign {
    fn path(&self, rest: &str) -> String {
        format!("/api/v1/campaigns/{}{rest}", self.id)
    }

    async fn post(&self, rest: &str, payload: Value) -> Value {
        let response = self
            .app
            .post(&self.path(rest), Some(&self.referee), &payload)
            .await;
        let status = response.status();
        let answer = body(response).await;
        assert!(status.is_success(), "POST {rest}: {status} {answer}");
        answer
    }

    async fn get(&self, rest: &str) -> Value {
        let response = self.app.get(&self.path(rest), None).await;
        assert_eq!(response.status(), StatusCode::OK, "GET {rest}");
        body(response).await
    }

    fn plane(&self, name: &str) -> i64 {
        self.aircraft[name]
    }

    fn who(&self, name: &str) -> i64 {
        self.crew[name]
    }

    /// Opens a game with the offensive dice, rolls both missions with their dice and
    /// assigns each side's mission aircraft; returns (game id, allied mission, central mission).
    async fn game(
        &self,
        offensive: [u32; 2],
        allied: (&[u32], &str, &str, Option<&str>),
        central: (&[u32], &str, &str, Option<&str>),
    ) -> (i64, Value, Value) {
        let game = self.post("/games", json!({ "dice": offensive })).await;
        let game_id = game["id"].as_i64().unwrap();
        let mut missions = Vec::new();
        for (side, (dice, plane, pilot, observer)) in [("allied", allied), ("central", central)] {
            let mission = self
                .post(
                    &format!("/games/{game_id}/missions"),
                    json!({ "side": side, "dice": dice }),
                )
                .await;
            let mid = mission["id"].as_i64().unwrap();
            let response = self
                .app
                .request(
                    Method::PUT,
                    &self.path(&format!("/games/{game_id}/missions/{mid}/assignment")),
                    Some(&self.referee),
                )
                .json(&json!({
                    "aircraft_id": self.plane(plane),
                    "pilot_id": self.who(pilot),
                    "observer_id": observer.map(|o| self.who(o)),
                }))
                .send()
                .await
                .unwrap();
            assert_eq!(
                response.status(),
                StatusCode::OK,
                "{}",
                body(response).await
            );
            missions.push(mission);
        }
        let central = missions.pop().unwrap();
        let allied = missions.pop().unwrap();
        (game_id, allied, central)
    }

    async fn debrief(&self, game_id: i64, report: Value) -> Value {
        self.post(&format!("/games/{game_id}/debrief"), report)
            .await
    }

    async fn close_week(&self) -> Value {
        self.post("/weeks/close", json!({})).await
    }

    /// Checks each crewman's XP, kills, status and pending XP picks.
    async fn check_crew(&self, expected: &[(&str, i64, i64, &str, u64)]) {
        for &(name, xp, kills, status, pending) in expected {
            let crewman = self.get(&format!("/crew/{}", self.who(name))).await;
            assert_eq!(crewman["xp"], xp, "{name} xp");
            assert_eq!(crewman["kills"], kills, "{name} kills");
            assert_eq!(crewman["status"], status, "{name} status");
            assert_eq!(
                crewman["pending_picks"]["xp"], pending,
                "{name} pending picks"
            );
        }
    }

    /// Checks the leaderboard order and XP, the side totals and the player standings;
    /// returns the three documents.
    async fn check_standings(
        &self,
        leaderboard: &[(&str, i64)],
        sides: [(i64, i64, i64); 2],
        leader: &str,
        players: &[(&str, &str, i64)],
    ) -> (Value, Value, Value) {
        let board = self.get("/leaderboard").await;
        let got: Vec<(String, i64)> = board
            .as_array()
            .unwrap()
            .iter()
            .map(|e| {
                (
                    e["name"].as_str().unwrap().to_owned(),
                    e["xp"].as_i64().unwrap(),
                )
            })
            .collect();
        let want: Vec<(String, i64)> = leaderboard
            .iter()
            .map(|&(n, xp)| (n.to_owned(), xp))
            .collect();
        assert_eq!(got, want, "leaderboard");

        let totals = self.get("/sides").await;
        for (side, (xp, doubled, total)) in ["allied", "central"].into_iter().zip(sides) {
            assert_eq!(totals[side]["xp"], xp, "{side} xp");
            assert_eq!(
                totals[side]["doubled_mission_xp"], doubled,
                "{side} doubled"
            );
            assert_eq!(totals[side]["total"], total, "{side} total");
        }
        assert_eq!(totals["leader"], leader);

        let standings = self.get("/players").await;
        let got: Vec<(String, i64, i64)> = standings
            .as_array()
            .unwrap()
            .iter()
            .map(|p| {
                (
                    p["username"].as_str().unwrap().to_owned(),
                    p["best_crew_id"].as_i64().unwrap(),
                    p["best_xp"].as_i64().unwrap(),
                )
            })
            .collect();
        let want: Vec<(String, i64, i64)> = players
            .iter()
            .map(|&(u, c, xp)| (u.to_owned(), self.who(c), xp))
            .collect();
        assert_eq!(got, want, "player standings");
        (board, totals, standings)
    }
}

async fn setup() -> Campaign {
    let app = TestApp::spawn().await;
    let referee = app.sign_up("ref", false).await;
    let ada = app.sign_up("ada", false).await;
    let bob = app.sign_up("bob", false).await;
    let id = app.campaign(&referee, "1917-04-02", true).await;
    app.add_player(&referee, id, "ada", "allied").await;
    app.add_player(&referee, id, "bob", "central").await;
    let mut crew = HashMap::new();
    for (token, name, role, nationality) in [
        (&ada, "Ball", "pilot", "british"),
        (&ada, "Mannock", "pilot", "british"),
        (&ada, "Mott", "observer", "british"),
        (&bob, "Voss", "pilot", "german"),
        (&bob, "Werner", "pilot", "german"),
        (&bob, "Kurt", "observer", "german"),
    ] {
        let response = app
            .post(
                &format!("/api/v1/campaigns/{id}/crew"),
                Some(token),
                &json!({ "name": name, "role": role, "nationality": nationality }),
            )
            .await;
        assert_eq!(response.status(), StatusCode::CREATED);
        crew.insert(name, body(response).await["id"].as_i64().unwrap());
    }
    let aircraft = body(app.get("/api/v1/aircraft", None).await)
        .await
        .as_array()
        .unwrap()
        .iter()
        .map(|a| {
            (
                a["name"].as_str().unwrap().to_owned(),
                a["id"].as_i64().unwrap(),
            )
        })
        .collect();
    Campaign {
        app,
        referee,
        id,
        crew,
        aircraft,
    }
}

#[tokio::test]
async fn a_four_week_campaign_adds_up() {
    let c = setup().await;
    let mut closed = Vec::new();

    // ---- Week 1 (1917-04-02) --------------------------------------------------
    // Offensive 3+4 = 7: quiet. Allied d10 2: observe HQ, flown by an RE8 (a
    // two-seater, Feb'17) with Ball and Mott. Central d10 9: fighter sweep, Voss in an
    // Albatros D-III; on a sweep every Central aircraft is on the mission (R9).
    let (game, allied, central) = c
        .game(
            [3, 4],
            (&[2], "RAF RE8", "Ball", Some("Mott")),
            (&[9], "Albatros D-III", "Voss", None),
        )
        .await;
    assert_eq!(allied["mission_type"], "observe_hq");
    assert_eq!(central["mission_type"], "fighter_sweep");
    let result = c
        .debrief(
            game,
            json!({
                "turns_played": 20,
                "sorties": [
                    { "key": "a1", "aircraft_id": c.plane("RAF RE8"), "assignment": "mission", "turns_on_board": 20,
                      "crew": [ { "crew_id": c.who("Ball"), "position": "pilot" },
                                { "crew_id": c.who("Mott"), "position": "observer", "red_hits": 1 } ] },
                    { "key": "a2", "aircraft_id": c.plane("SPAD VII"), "assignment": "sweep", "turns_on_board": 20,
                      "crew": [ { "crew_id": c.who("Mannock"), "position": "pilot", "red_hits": 2 } ] },
                    { "key": "c1", "aircraft_id": c.plane("Albatros D-III"), "assignment": "mission", "turns_on_board": 20,
                      "crew": [ { "crew_id": c.who("Voss"), "position": "pilot", "red_hits": 3 } ] },
                    { "key": "c2", "aircraft_id": c.plane("Albatros D-III"), "assignment": "mission", "turns_on_board": 12,
                      "aircraft_lost": true,
                      "crew": [ { "crew_id": c.who("Werner"), "position": "pilot" } ] }
                ],
                "kills": [ { "victim": "c2", "shooters": [c.who("Mannock"), c.who("Mott")] } ],
                "missions": [ { "mission_id": allied["id"], "landed_safely": true, "target_observed": true } ]
            }),
        )
        .await;
    // R10: observe HQ observed and landed safely → success; Central's sweep fails
    // (the Allies lost 0, not fewer than Central's 1).
    let successes: HashMap<i64, bool> = result["missions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| {
            (
                m["mission_id"].as_i64().unwrap(),
                m["success"].as_bool().unwrap(),
            )
        })
        .collect();
    assert!(successes[&allied["id"].as_i64().unwrap()]);
    assert!(!successes[&central["id"].as_i64().unwrap()]);
    // R4 by hand:
    //   Ball    turns 20 + observe HQ success (pilot) 10                 = 30 → 80
    //   Mott    sortie 5 + shared kill 24/2 = 12 + observe HQ (obs.) 20 = 37 → 87
    //           (his Red hit is on an observation mission: no XP)
    //   Mannock turns 20 + 2 Red hits × 2 = 4 on sweep + kill share 12
    //           + sweep success 5 (Central lost more)                    = 41 → 91
    //   Voss    turns 20 + 3 Red hits × 2 = 6 (sweep failed: no 5)      = 26 → 76
    //   Werner  turns 12                                                 = 12 → 62
    //   Kurt    did not fly                                                     50
    let awarded: i64 = result["awards"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a["points"].as_i64().unwrap())
        .sum();
    assert_eq!(awarded, 30 + 37 + 41 + 26 + 12);
    c.check_crew(&[
        ("Ball", 80, 0, "active", 0),
        ("Mott", 87, 1, "active", 0),
        ("Mannock", 91, 1, "active", 0),
        ("Voss", 76, 0, "active", 0),
        ("Werner", 62, 0, "active", 0),
        ("Kurt", 50, 0, "active", 0),
    ])
    .await;
    // R12: Allied games XP 30 + 37 + 41 = 108; the RE8's mission awards (10 + 20)
    // count again: 138. Central 26 + 12 = 38, nothing in a two-seater.
    let week1 = c
        .check_standings(
            &[
                ("Mannock", 91),
                ("Mott", 87),
                ("Ball", 80),
                ("Voss", 76),
                ("Werner", 62),
                ("Kurt", 50),
            ],
            [(108, 30, 138), (38, 0, 38)],
            "allied",
            &[("ada", "Mannock", 91), ("bob", "Voss", 76)],
        )
        .await;
    let close = c.close_week().await;
    assert_eq!(close["closed_week"], 1);
    assert_eq!(close["current_week"], 2);
    assert_eq!(close["week_date"], "1917-04-09");
    assert_eq!(close["returned"], json!([]));
    closed.push(week1);

    // ---- Week 2 (1917-04-09) --------------------------------------------------
    // Offensive 6+6 = 12: major Allied attack. Allied d10 10: scramble, Mannock in a
    // SPAD VII; Ball flies too, on the scramble. Central d10 7: trench strafing,
    // Werner and Kurt in an Albatros C-III. Central leaves the board on turn 15.
    let (game, allied, central) = c
        .game(
            [6, 6],
            (&[10], "SPAD VII", "Mannock", None),
            (&[7], "Albatros C-III", "Werner", Some("Kurt")),
        )
        .await;
    assert_eq!(allied["mission_type"], "scramble");
    assert_eq!(central["mission_type"], "strafe_trenches");
    let result = c
        .debrief(
            game,
            json!({
                "turns_played": 18,
                "enemy_left_board_on_turn": { "allied": null, "central": 15 },
                "sorties": [
                    { "key": "a1", "aircraft_id": c.plane("SPAD VII"), "assignment": "mission", "turns_on_board": 18,
                      "crew": [ { "crew_id": c.who("Mannock"), "position": "pilot", "red_hits": 4 } ] },
                    { "key": "a2", "aircraft_id": c.plane("SPAD VII"), "assignment": "mission", "turns_on_board": 18,
                      "crew": [ { "crew_id": c.who("Ball"), "position": "pilot" } ] },
                    { "key": "c1", "aircraft_id": c.plane("Albatros C-III"), "assignment": "mission", "turns_on_board": 15,
                      "crew": [ { "crew_id": c.who("Werner"), "position": "pilot" },
                                { "crew_id": c.who("Kurt"), "position": "observer", "wound_boxes": 1,
                                  "outcome": "minor_injury", "dice": { "injury": [2] } } ] },
                    { "key": "c2", "aircraft_id": c.plane("Albatros D-III"), "assignment": "sweep", "turns_on_board": 15,
                      "aircraft_lost": true,
                      "crew": [ { "crew_id": c.who("Voss"), "position": "pilot", "wound_boxes": 3, "outcome": "killed" } ] }
                ],
                "kills": [ { "victim": "c2", "shooters": [c.who("Mannock")] } ],
                "missions": [ { "mission_id": central["id"], "landed_safely": true, "hexes_strafed": 6 } ]
            }),
        )
        .await;
    // R7: a minor injury is out 1d6−1 weeks, at least 1: die 2 → 1 week, after week 2
    // → out until week 3.
    assert_eq!(result["injuries"][0]["crew_id"], c.who("Kurt"));
    assert_eq!(result["injuries"][0]["severity"], "minor");
    assert_eq!(result["injuries"][0]["weeks_out"], 1);
    assert_eq!(result["deaths"], json!([c.who("Voss")]));
    // R4, R5 by hand:
    //   Mannock credited to turn 25 (on the board at turn 15 when Central left): 25
    //           + 4 Red hits × 2 = 8 on scramble + kill 24 + scramble success 5
    //                                                          = 62 → 153, 2 kills
    //   Ball    25 + scramble success 5                       = 30 → 110
    //   Werner  turns 15 + strafing 6 hexes × 4 = 24, capped at 20 + success 5
    //                                                          = 40 → 102
    //   Kurt    sortie 5 + strafing 20 (capped) + success 5    = 30 →  80, wounded
    //   Voss    turns 15 (awards stand though he was killed)   = 15 →  91, killed
    // R6: slots at 100 → Mannock, Ball and Werner have a pick each.
    c.check_crew(&[
        ("Mannock", 153, 2, "active", 1),
        ("Ball", 110, 0, "active", 1),
        ("Werner", 102, 0, "active", 1),
        ("Voss", 91, 0, "killed", 0),
        ("Mott", 87, 1, "active", 0),
        ("Kurt", 80, 0, "wounded", 0),
    ])
    .await;
    let kurt = c.get(&format!("/crew/{}", c.who("Kurt"))).await;
    assert_eq!(kurt["available"], false);
    assert_eq!(kurt["out_until_week"], 3);
    // Mannock picks Tailing with his slot (R6).
    let picked = c
        .post(
            &format!("/crew/{}/abilities", c.who("Mannock")),
            json!({ "ability": "tailing" }),
        )
        .await;
    assert_eq!(picked["pending_picks"]["xp"], 0);
    // R12: Allied 108 + 62 + 30 = 200, doubled still 30 (SPADs are single-seaters).
    // Central 38 + 40 + 30 + 15 = 123; the C-III's strafing awards (20 + 5 each) count
    // again: 50 → 173.
    let week2 = c
        .check_standings(
            &[
                ("Mannock", 153),
                ("Ball", 110),
                ("Werner", 102),
                ("Voss", 91),
                ("Mott", 87),
                ("Kurt", 80),
            ],
            [(200, 30, 230), (123, 50, 173)],
            "allied",
            &[("ada", "Mannock", 153), ("bob", "Werner", 102)],
        )
        .await;
    let close = c.close_week().await;
    // Kurt is out until week 3: not back yet.
    assert_eq!(close["returned"], json!([]));
    closed.push(week2);

    // ---- Week 3 (1917-04-16) --------------------------------------------------
    // Offensive 1+1 = 2: major Central attack. Allied d10 6: directing artillery, with
    // a d6 of 3 for the trips needed (R9); Ball and Mott in the RE8. Central d10 9:
    // fighter sweep, Werner in an Albatros D-III. Nobody is lost.
    let (game, allied, central) = c
        .game(
            [1, 1],
            (&[6, 3], "RAF RE8", "Ball", Some("Mott")),
            (&[9], "Albatros D-III", "Werner", None),
        )
        .await;
    assert_eq!(allied["mission_type"], "direct_artillery");
    assert_eq!(allied["trips_needed"], 3);
    assert_eq!(central["mission_type"], "fighter_sweep");
    c.debrief(
        game,
        json!({
            "turns_played": 22,
            "sorties": [
                { "key": "a1", "aircraft_id": c.plane("RAF RE8"), "assignment": "mission", "turns_on_board": 22,
                  "crew": [ { "crew_id": c.who("Ball"), "position": "pilot" },
                            { "crew_id": c.who("Mott"), "position": "observer" } ] },
                { "key": "c1", "aircraft_id": c.plane("Albatros D-III"), "assignment": "mission", "turns_on_board": 22,
                  "crew": [ { "crew_id": c.who("Werner"), "position": "pilot", "red_hits": 1 } ] }
            ],
            "missions": [ { "mission_id": allied["id"], "trips": 3 } ]
        }),
    )
    .await;
    // R4 by hand:
    //   Ball   turns 22 + 3 trips × 3 = 9 + success 5 (3 ≥ 3 trips)  = 36 → 146
    //   Mott   sortie 5 + 3 trips × 6 = 18 + success 5               = 28 → 115
    //   Werner turns 22 + 1 Red hit × 2 (sweep failed: no 5)         = 24 → 126
    c.check_crew(&[
        ("Mannock", 153, 2, "active", 0),
        ("Ball", 146, 0, "active", 1),
        ("Werner", 126, 0, "active", 1),
        ("Mott", 115, 1, "active", 1),
        ("Voss", 91, 0, "killed", 0),
        ("Kurt", 80, 0, "wounded", 0),
    ])
    .await;
    // R12: Allied 200 + 36 + 28 = 264; doubled 30 + (9 + 5 + 18 + 5) = 67 → 331.
    // Central 123 + 24 = 147, doubled 50 → 197.
    let week3 = c
        .check_standings(
            &[
                ("Mannock", 153),
                ("Ball", 146),
                ("Werner", 126),
                ("Mott", 115),
                ("Voss", 91),
                ("Kurt", 80),
            ],
            [(264, 67, 331), (147, 50, 197)],
            "allied",
            &[("ada", "Mannock", 153), ("bob", "Werner", 126)],
        )
        .await;
    let close = c.close_week().await;
    // R7/R15: out until week 3 → back for week 4.
    assert_eq!(close["returned"], json!([c.who("Kurt")]));
    closed.push(week3);
    c.check_crew(&[("Kurt", 80, 0, "active", 0)]).await;

    // ---- Week 4 (1917-04-23) --------------------------------------------------
    // Offensive 4+4 = 8: quiet. Allied d10 1: observe the airfield, Ball and Mott in
    // the RE8 — shot down by Kurt before landing. Central d10 5: bomb HQ, Werner and
    // Kurt in the Albatros C-III, target destroyed. Ball is captured (2d6 = 3+5, no
    // escape), Mott evades.
    let (game, allied, central) = c
        .game(
            [4, 4],
            (&[1], "RAF RE8", "Ball", Some("Mott")),
            (&[5], "Albatros C-III", "Werner", Some("Kurt")),
        )
        .await;
    assert_eq!(allied["mission_type"], "observe_airfield");
    assert_eq!(central["mission_type"], "bomb_hq");
    let result = c
        .debrief(
            game,
            json!({
                "turns_played": 10,
                "sorties": [
                    { "key": "a1", "aircraft_id": c.plane("RAF RE8"), "assignment": "mission", "turns_on_board": 10,
                      "aircraft_lost": true,
                      "crew": [ { "crew_id": c.who("Ball"), "position": "pilot", "outcome": "captured",
                                  "dice": { "capture": [3, 5] } },
                                { "crew_id": c.who("Mott"), "position": "observer", "outcome": "evaded" } ] },
                    { "key": "c1", "aircraft_id": c.plane("Albatros C-III"), "assignment": "mission", "turns_on_board": 10,
                      "crew": [ { "crew_id": c.who("Werner"), "position": "pilot" },
                                { "crew_id": c.who("Kurt"), "position": "observer" } ] }
                ],
                "kills": [ { "victim": "a1", "shooters": [c.who("Kurt")] } ],
                "missions": [
                    { "mission_id": allied["id"], "landed_safely": false, "target_observed": true },
                    { "mission_id": central["id"], "target_destroyed": true }
                ]
            }),
        )
        .await;
    assert_eq!(result["captures"].as_array().unwrap().len(), 1);
    // R4 by hand (observation gives nothing unless landed safely, R10):
    //   Ball   turns 10                                             = 10 → 156, captured
    //   Mott   sortie 5                                             =  5 → 120
    //   Werner turns 10 + bombing success (pilot) 10                = 20 → 146
    //   Kurt   sortie 5 + bombing success (observer) 20 + kill 24   = 49 → 129, 1 kill
    c.check_crew(&[
        ("Ball", 156, 0, "captured", 1),
        ("Mannock", 153, 2, "active", 0),
        ("Werner", 146, 0, "active", 1),
        ("Kurt", 129, 1, "active", 1),
        ("Mott", 120, 1, "active", 1),
        ("Voss", 91, 0, "killed", 0),
    ])
    .await;
    // R12: Allied 264 + 15 = 279, doubled 67 → 346. Central 147 + 69 = 216; the C-III's
    // bombing success (10 + 20) counts again: 50 + 30 = 80 → 296.
    // R13: Ada's best is now Ball (156), Bob's Werner (146).
    c.check_standings(
        &[
            ("Ball", 156),
            ("Mannock", 153),
            ("Werner", 146),
            ("Kurt", 129),
            ("Mott", 120),
            ("Voss", 91),
        ],
        [(279, 67, 346), (216, 80, 296)],
        "allied",
        &[("ada", "Ball", 156), ("bob", "Werner", 146)],
    )
    .await;

    // as_of_week=n gives back the standings as they were when week n closed.
    for (n, (board, totals, players)) in closed.iter().enumerate() {
        let week = n + 1;
        assert_eq!(
            &c.get(&format!("/leaderboard?as_of_week={week}")).await,
            board,
            "leaderboard as of week {week}"
        );
        let mut sides = c.get(&format!("/sides?as_of_week={week}")).await;
        let mut then = totals.clone();
        // The document echoes the week it is for.
        sides.as_object_mut().unwrap().remove("as_of_week");
        then.as_object_mut().unwrap().remove("as_of_week");
        assert_eq!(sides, then, "sides as of week {week}");
        assert_eq!(
            &c.get(&format!("/players?as_of_week={week}")).await,
            players,
            "players as of week {week}"
        );
    }
}
