//! Crew (API.md, Crew; R2, R3, R6, R7): creation rules, derived fields, ability picks.

use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::support::reports::{self, fly_alone, Seat, ALLIED, NIEUPORT};
use crate::support::{body, problem, TestApp};

struct Club {
    app: TestApp,
    referee: String,
    ada: String,
    campaign: i64,
}

async fn club() -> Club {
    let app = TestApp::spawn().await;
    let referee = app.sign_up("ref", false).await;
    let ada = app.sign_up("ada", false).await;
    let campaign = app.campaign(&referee, "1917-04-02", false).await;
    app.add_player(&referee, campaign, "ada", "allied").await;
    Club {
        app,
        referee,
        ada,
        campaign,
    }
}

impl Club {
    async fn create(&self, token: &str, crewman: Value) -> reqwest::Response {
        self.app
            .post(
                &format!("/api/v1/campaigns/{}/crew", self.campaign),
                Some(token),
                &crewman,
            )
            .await
    }

    async fn created(&self, token: &str, crewman: Value) -> Value {
        let response = self.create(token, crewman).await;
        assert_eq!(response.status(), StatusCode::CREATED);
        body(response).await
    }

    async fn crewman(&self, id: i64) -> Value {
        body(
            self.app
                .get(
                    &format!("/api/v1/campaigns/{}/crew/{id}", self.campaign),
                    Some(&self.ada),
                )
                .await,
        )
        .await
    }

    /// Gives pilot `crew_id` `points` XP: he flies that many turns alone in a
    /// debriefed game of the week (R5). Answers the game.
    async fn award(&self, crew_id: i64, points: u32) -> i64 {
        self.flies(reports::pilot(crew_id, 0), points).await
    }

    /// A debriefed game of the week in which `seat`, an Allied pilot, flies alone for
    /// `turns` turns and comes home as it says (R7); his aircraft is lost when he is
    /// killed.
    async fn flies(&self, seat: Seat, turns: u32) -> i64 {
        let office = self.app.referee("ref", self.campaign).await;
        let killed = seat.is_killed();
        let sortie = ALLIED.sweep("a1", NIEUPORT, turns, seat);
        let result = fly_alone(&office, if killed { sortie.lost() } else { sortie }).await;
        result["game_id"].as_i64().unwrap()
    }
}

fn pilot(name: &str) -> Value {
    json!({ "name": name, "role": "pilot", "nationality": "british" })
}

// R3: a player starts with at most two pilots and one observer, experienced at 50 XP.
#[tokio::test]
async fn r3_two_experienced_pilots_and_one_observer() {
    let club = club().await;
    let ball = club.created(&club.ada, pilot("Albert Ball")).await;
    assert_eq!(ball["role"], "pilot");
    assert_eq!(ball["side"], "allied");
    assert_eq!(ball["nationality"], "british");
    assert_eq!(ball["owner"], "ada");
    assert_eq!(ball["xp"], 50);
    assert_eq!(ball["novice"], false);
    assert_eq!(ball["kills"], 0);
    assert_eq!(ball["ace"], false);
    assert_eq!(ball["status"], "active");
    assert_eq!(ball["available"], true);
    assert_eq!(ball["out_until_week"], Value::Null);
    assert_eq!(ball["abilities"], json!([]));
    assert_eq!(ball["pending_picks"], json!({ "xp": 0, "ace": 0 }));
    assert_eq!(ball["spin_recovery_bonus"], 0);

    club.created(&club.ada, pilot("Mick Mannock")).await;
    let third = club.create(&club.ada, pilot("James McCudden")).await;
    let detail = problem(third, StatusCode::UNPROCESSABLE_ENTITY).await;
    assert!(detail.starts_with("§13.02:"), "{detail}");

    let observer = club
        .created(
            &club.ada,
            json!({ "name": "Tom Mottershead", "role": "observer", "nationality": "british" }),
        )
        .await;
    assert_eq!(observer["xp"], 50);
    let second_observer = club
        .create(
            &club.ada,
            json!({ "name": "Spare", "role": "observer", "nationality": "british" }),
        )
        .await;
    assert!(problem(second_observer, StatusCode::UNPROCESSABLE_ENTITY)
        .await
        .starts_with("§13.02:"));
}

// R3: a replacement only when none of the player's crew of that role is available;
// he starts as a novice with 0 XP.
#[tokio::test]
async fn r3_replacements_only_when_nobody_of_the_role_is_available() {
    let club = club().await;
    let a = club.created(&club.ada, pilot("A")).await["id"]
        .as_i64()
        .unwrap();
    let b = club.created(&club.ada, pilot("B")).await["id"]
        .as_i64()
        .unwrap();
    let replacement =
        json!({ "name": "R", "role": "pilot", "nationality": "british", "replacement": true });

    let refused = club.create(&club.ada, replacement.clone()).await;
    assert!(problem(refused, StatusCode::UNPROCESSABLE_ENTITY)
        .await
        .starts_with("§13.02:"));

    // One pilot killed, the other wounded until week 3: nobody available in week 1.
    club.flies(reports::pilot(a, 0).killed(), 10).await;
    let still = club.create(&club.ada, replacement.clone()).await;
    assert!(problem(still, StatusCode::UNPROCESSABLE_ENTITY)
        .await
        .starts_with("§13.02:"));
    // A minor injury in week 1, 1d6 3 − 1 = 2 weeks out (R7).
    club.flies(reports::pilot(b, 0).minor_injury(2), 10).await;

    let novice = club.created(&club.ada, replacement).await;
    assert_eq!(novice["xp"], 0);
    assert_eq!(novice["novice"], true);
    assert_eq!(club.crewman(a).await["status"], "killed");
    let wounded = club.crewman(b).await;
    assert_eq!(wounded["status"], "wounded");
    assert_eq!(wounded["available"], false);
    assert_eq!(wounded["out_until_week"], 3);
}

// R2: side follows nationality, and a player's crew fly for his side.
#[tokio::test]
async fn r2_crew_fly_for_their_players_side() {
    let club = club().await;
    let german = club
        .create(
            &club.ada,
            json!({ "name": "Max", "role": "pilot", "nationality": "german" }),
        )
        .await;
    let detail = problem(german, StatusCode::UNPROCESSABLE_ENTITY).await;
    assert!(
        detail.starts_with("§13.01:") && detail.contains("Central"),
        "{detail}"
    );

    // British crew are created by the tests above.
    for (nationality, side) in [
        ("french", "allied"),
        ("american", "allied"),
        ("italian", "allied"),
        ("belgian", "allied"),
        ("russian", "allied"),
        ("japanese", "allied"),
        ("commonwealth", "allied"),
        ("german", "central"),
        ("austro_hungarian", "central"),
        ("turkish", "central"),
    ] {
        let club = club_with_player_on(side).await;
        let c = club
            .created(
                &club.ada,
                json!({ "name": "X", "role": "pilot", "nationality": nationality }),
            )
            .await;
        assert_eq!(c["side"], side, "{nationality}");
    }
    let unknown = club
        .create(
            &club.ada,
            json!({ "name": "X", "role": "pilot", "nationality": "swiss" }),
        )
        .await;
    assert!(problem(unknown, StatusCode::BAD_REQUEST)
        .await
        .contains("nationality"));
}

async fn club_with_player_on(side: &str) -> Club {
    let app = TestApp::spawn().await;
    let referee = app.sign_up("ref", false).await;
    let ada = app.sign_up("ada", false).await;
    let campaign = app.campaign(&referee, "1917-04-02", false).await;
    app.add_player(&referee, campaign, "ada", side).await;
    Club {
        app,
        referee,
        ada,
        campaign,
    }
}

#[tokio::test]
async fn who_may_create_crew_for_whom() {
    let club = club().await;
    let bob = club.app.sign_up("bob", false).await;
    // A stranger may not; a player only for himself; the referee for a player.
    problem(club.create(&bob, pilot("X")).await, StatusCode::NOT_FOUND).await;
    club.app
        .add_player(&club.referee, club.campaign, "bob", "allied")
        .await;
    let for_ada = club
        .create(
            &bob,
            json!({ "name": "X", "role": "pilot", "nationality": "british", "owner": "ada" }),
        )
        .await;
    problem(for_ada, StatusCode::FORBIDDEN).await;
    let by_referee = club
        .created(
            &club.referee,
            json!({ "name": "X", "role": "pilot", "nationality": "british", "owner": "ada" }),
        )
        .await;
    assert_eq!(by_referee["owner"], "ada");
    // The referee has no side, so no crew of his own until he has one.
    let own = club.create(&club.referee, pilot("Y")).await;
    assert!(problem(own, StatusCode::UNPROCESSABLE_ENTITY)
        .await
        .contains("no side"));
    let outsider = club
        .create(
            &club.referee,
            json!({ "name": "X", "role": "pilot", "nationality": "british", "owner": "nobody" }),
        )
        .await;
    assert!(problem(outsider, StatusCode::UNPROCESSABLE_ENTITY)
        .await
        .contains("not a member"));
    problem(
        club.create(
            &club.ada,
            json!({ "name": "", "role": "pilot", "nationality": "british" }),
        )
        .await,
        StatusCode::UNPROCESSABLE_ENTITY,
    )
    .await;
    problem(
        club.create(
            &club.ada,
            json!({ "name": "X", "role": "gunner", "nationality": "british" }),
        )
        .await,
        StatusCode::BAD_REQUEST,
    )
    .await;
}

#[tokio::test]
async fn list_filters_by_side_and_role_and_hides_private_campaigns() {
    let club = club().await;
    club.app.sign_up("bob", false).await;
    club.app
        .add_player(&club.referee, club.campaign, "bob", "central")
        .await;
    club.created(&club.ada, pilot("Ball")).await;
    club.created(
        &club.ada,
        json!({ "name": "Obs", "role": "observer", "nationality": "british" }),
    )
    .await;
    club.created(
        &club.referee,
        json!({ "name": "Richthofen", "role": "pilot", "nationality": "german", "owner": "bob" }),
    )
    .await;
    let names = |v: Value| -> Vec<String> {
        v.as_array()
            .unwrap()
            .iter()
            .map(|c| c["name"].as_str().unwrap().to_owned())
            .collect()
    };
    let path = format!("/api/v1/campaigns/{}/crew", club.campaign);
    assert_eq!(
        names(body(club.app.get(&path, Some(&club.ada)).await).await),
        ["Ball", "Obs", "Richthofen"]
    );
    assert_eq!(
        names(
            body(
                club.app
                    .get(&format!("{path}?side=central"), Some(&club.ada))
                    .await
            )
            .await
        ),
        ["Richthofen"]
    );
    assert_eq!(
        names(
            body(
                club.app
                    .get(&format!("{path}?side=allied&role=pilot"), Some(&club.ada))
                    .await
            )
            .await
        ),
        ["Ball"]
    );
    problem(
        club.app
            .get(&format!("{path}?role=gunner"), Some(&club.ada))
            .await,
        StatusCode::BAD_REQUEST,
    )
    .await;
    problem(club.app.get(&path, None).await, StatusCode::NOT_FOUND).await;
    problem(
        club.app
            .get(&format!("{path}/999999"), Some(&club.ada))
            .await,
        StatusCode::NOT_FOUND,
    )
    .await;
}

// R6: novice under 50; slots at 100, 250, 500, …; ace slots per 5 kills; Spin Skill and
// Spin Recovery need 250 XP; each ability once; Spin Recovery +1 per 250 XP.
#[tokio::test]
async fn r6_derived_status_and_ability_picks() {
    let club = club().await;
    let ball = club.created(&club.ada, pilot("Ball")).await;
    let id = ball["id"].as_i64().unwrap();
    let pick = |ability: &'static str, token: String| {
        let club = &club;
        async move {
            club.app
                .post(
                    &format!("/api/v1/campaigns/{}/crew/{id}/abilities", club.campaign),
                    Some(&token),
                    &json!({ "ability": ability }),
                )
                .await
        }
    };

    // 50 XP: no slot yet.
    let early = pick("tailing", club.ada.clone()).await;
    assert!(problem(early, StatusCode::UNPROCESSABLE_ENTITY)
        .await
        .starts_with("§13.102:"));

    // 50 + 49 = 99: still none; +1 = 100: one slot (R6 boundary 99/100).
    let game = club.award(id, 49).await;
    assert_eq!(
        club.crewman(id).await["pending_picks"],
        json!({ "xp": 0, "ace": 0 })
    );
    club.award(id, 1).await;
    let at_100 = club.crewman(id).await;
    assert_eq!(at_100["xp"], 100);
    assert_eq!(at_100["pending_picks"], json!({ "xp": 1, "ace": 0 }));
    assert_eq!(at_100["awards"].as_array().unwrap().len(), 2);
    assert_eq!(
        at_100["awards"][0],
        json!({ "week": 1, "game_id": game, "points": 49, "reason": "49 turns on the board: 49" })
    );

    // Spin Skill needs 250 XP when chosen.
    let spin = pick("spin_skill", club.ada.clone()).await;
    let detail = problem(spin, StatusCode::UNPROCESSABLE_ENTITY).await;
    assert!(detail.contains("250"), "{detail}");
    // Observer abilities are not for pilots; ace abilities need an ace slot.
    assert!(problem(
        pick("bombardier", club.ada.clone()).await,
        StatusCode::UNPROCESSABLE_ENTITY
    )
    .await
    .starts_with("§13.102:"));
    assert!(problem(
        pick("fire_value", club.ada.clone()).await,
        StatusCode::UNPROCESSABLE_ENTITY
    )
    .await
    .starts_with("§13.102:"));
    // Another player may not pick for him.
    let bob = club.app.sign_up("bob", false).await;
    club.app
        .add_player(&club.referee, club.campaign, "bob", "allied")
        .await;
    problem(pick("tailing", bob).await, StatusCode::FORBIDDEN).await;
    problem(
        pick("tailing", "eagles_nothing".into()).await,
        StatusCode::UNAUTHORIZED,
    )
    .await;
    problem(
        pick("flying_circus", club.ada.clone()).await,
        StatusCode::BAD_REQUEST,
    )
    .await;

    let picked = pick("tailing", club.ada.clone()).await;
    assert_eq!(picked.status(), StatusCode::CREATED);
    let after = body(picked).await;
    assert_eq!(after["abilities"], json!(["tailing"]));
    assert_eq!(after["pending_picks"], json!({ "xp": 0, "ace": 0 }));
    // No slot left, and never the same ability twice.
    problem(
        pick("maneuver", club.ada.clone()).await,
        StatusCode::UNPROCESSABLE_ENTITY,
    )
    .await;

    // 249 → 250: the second slot; now Spin Recovery is allowed, +1 per 250 XP.
    club.award(id, 149).await;
    assert_eq!(club.crewman(id).await["pending_picks"]["xp"], 0);
    club.award(id, 1).await;
    assert_eq!(club.crewman(id).await["pending_picks"]["xp"], 1);
    let twice = pick("tailing", club.referee.clone()).await;
    assert!(problem(twice, StatusCode::UNPROCESSABLE_ENTITY)
        .await
        .starts_with("appendix D:"));
    let spin_recovery = body(pick("spin_recovery", club.referee.clone()).await).await;
    assert_eq!(
        spin_recovery["abilities"],
        json!(["tailing", "spin_recovery"])
    );
    assert_eq!(spin_recovery["spin_recovery_bonus"], 1);
    // 500 XP: third slot and bonus +2.
    club.award(id, 250).await;
    let at_500 = club.crewman(id).await;
    assert_eq!(at_500["spin_recovery_bonus"], 2);
    assert_eq!(at_500["pending_picks"], json!({ "xp": 1, "ace": 0 }));
}

// R6: novice below 50 XP (49/50 boundary).
#[tokio::test]
async fn r6_novice_boundary() {
    let club = club().await;
    let a = club.created(&club.ada, pilot("A")).await["id"]
        .as_i64()
        .unwrap();
    club.created(&club.ada, pilot("B")).await;
    let b_id = body(
        club.app
            .get(
                &format!("/api/v1/campaigns/{}/crew", club.campaign),
                Some(&club.ada),
            )
            .await,
    )
    .await[1]["id"]
        .as_i64()
        .unwrap();
    club.flies(reports::pilot(a, 0).killed(), 10).await;
    // A serious injury whose 3d6 are equal: sent home for the rest of the war (R7).
    club.flies(reports::pilot(b_id, 0).serious_injury([2, 2, 2]), 10)
        .await;
    assert_eq!(club.crewman(b_id).await["status"], "sent_home");
    let novice = club
        .created(
            &club.ada,
            json!({ "name": "N", "role": "pilot", "nationality": "british", "replacement": true }),
        )
        .await;
    let id = novice["id"].as_i64().unwrap();
    club.award(id, 49).await;
    assert_eq!(club.crewman(id).await["novice"], true);
    club.award(id, 1).await;
    assert_eq!(club.crewman(id).await["novice"], false);
}
