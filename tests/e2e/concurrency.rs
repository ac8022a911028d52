//! Issue 6, acceptance 2: fifty conflicting writes sent at once, of each kind — the
//! debriefs of one game, the ability picks of one crewman with one slot (R6), and a
//! week close among debriefs (R15) — give exactly one winner, 409 for the others, no
//! 5xx (not even from a pool of 10 connections under 50 requests), and a ledger that
//! is exact.

use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::support::aircraft_id;
use crate::support::fixtures_debrief::{count, game, mission, squadron, Squadron};
use crate::support::reports::{fly_alone, pilot, ALLIED, NIEUPORT};
use crate::support::{body, TestApp};

const PARALLEL: usize = 50;

/// A game of the current week where each side flies fighter sweep: Ball in a Camel
/// against Voss in an Albatros, 10 turns each, nothing shot. Returns the game and its
/// debrief.
pub async fn sweep_game(app: &TestApp, s: &Squadron) -> (i64, Value) {
    let camel = aircraft_id(app, "Sopwith Camel").await;
    let albatros = aircraft_id(app, "Albatros D-III").await;
    let g = game(s).await;
    mission(s, g, "allied", "fighter_sweep", None, None).await;
    mission(s, g, "central", "fighter_sweep", None, None).await;
    let report = json!({
        "turns_played": 10,
        "sorties": [
            { "key": "a1", "aircraft_id": camel, "assignment": "mission", "turns_on_board": 10,
              "crew": [ { "crew_id": s.id("Ball"), "position": "pilot" } ] },
            { "key": "c1", "aircraft_id": albatros, "assignment": "mission", "turns_on_board": 10,
              "crew": [ { "crew_id": s.id("Voss"), "position": "pilot" } ] }
        ],
        "kills": [],
        "missions": []
    });
    (g, report)
}

/// Sends every request at once and returns the statuses.
async fn all_at_once(requests: Vec<reqwest::RequestBuilder>) -> Vec<StatusCode> {
    let sent: Vec<_> = requests
        .into_iter()
        .map(|r| tokio::spawn(async move { r.send().await.expect("a response").status() }))
        .collect();
    let mut statuses = Vec::new();
    for request in sent {
        statuses.push(request.await.expect("the request task"));
    }
    statuses
}

fn tally(statuses: &[StatusCode]) -> (usize, usize) {
    for s in statuses {
        assert!(!s.is_server_error(), "a 5xx among {statuses:?}");
    }
    let won = statuses.iter().filter(|s| s.is_success()).count();
    let refused = statuses
        .iter()
        .filter(|s| **s == StatusCode::CONFLICT)
        .count();
    (won, refused)
}

/// The XP ledger's rows and points for a game.
async fn ledger(app: &TestApp, game: i64) -> (i64, i64) {
    (
        count(
            app,
            "SELECT count(*) AS n FROM xp_awards WHERE game_id = $1",
            game,
        )
        .await,
        count(
            app,
            "SELECT coalesce(sum(points), 0)::bigint AS n FROM xp_awards WHERE game_id = $1",
            game,
        )
        .await,
    )
}

// R4 for the sweep game: Ball and Voss each 10 turns on the board = 10 XP; neither
// sweep succeeded (neither side lost an aircraft, R10). Two awards, 20 points.
#[tokio::test]
async fn fifty_debriefs_of_one_game_write_it_once() {
    let app = TestApp::spawn().await;
    let s = squadron(&app, "ref").await;
    let (g, report) = sweep_game(&app, &s).await;
    let path = format!("/api/v1/campaigns/{}/games/{g}/debrief", s.campaign);
    let requests = (0..PARALLEL)
        .map(|_| {
            app.request(reqwest::Method::POST, &path, Some(&s.referee))
                .json(&report)
        })
        .collect();
    let statuses = all_at_once(requests).await;
    assert_eq!(tally(&statuses), (1, PARALLEL - 1), "{statuses:?}");
    assert_eq!(ledger(&app, g).await, (2, 20));
    assert_eq!(
        count(
            &app,
            "SELECT count(*) AS n FROM sorties WHERE game_id = $1",
            g
        )
        .await,
        2
    );
    assert_eq!(
        count(
            &app,
            "SELECT count(*) AS n FROM sortie_crew WHERE game_id = $1",
            g
        )
        .await,
        2
    );
    let ball = body(
        app.get(
            &format!("/api/v1/campaigns/{}/crew/{}", s.campaign, s.id("Ball")),
            Some(&s.referee),
        )
        .await,
    )
    .await;
    assert_eq!(ball["xp"], 50 + 10);
}

// R6: a crewman with 100 XP has one XP slot. Fifty picks of different abilities for
// him at once: one is taken, the others are refused and one pick row is written.
#[tokio::test]
async fn fifty_picks_for_one_slot_take_it_once() {
    let app = TestApp::spawn().await;
    let s = squadron(&app, "ref").await;
    let ball = s.id("Ball");
    // 50 starting XP + 50 turns on the board = 100: the first slot (R5, R6).
    fly_alone(&s.office, ALLIED.sweep("a1", NIEUPORT, 50, pilot(ball, 0))).await;
    let crewman = body(
        app.get(
            &format!("/api/v1/campaigns/{}/crew/{ball}", s.campaign),
            Some(&s.referee),
        )
        .await,
    )
    .await;
    assert_eq!(crewman["pending_picks"]["xp"], 1, "{crewman}");
    let path = format!("/api/v1/campaigns/{}/crew/{ball}/abilities", s.campaign);
    let pilot_abilities = [
        "cannot_be_tailed",
        "maneuver",
        "tailing",
        "stability",
        "die_roll_add",
    ];
    let requests = (0..PARALLEL)
        .map(|i| {
            app.request(reqwest::Method::POST, &path, Some(&s.referee))
                .json(&json!({ "ability": pilot_abilities[i % pilot_abilities.len()] }))
        })
        .collect();
    let statuses = all_at_once(requests).await;
    // A pick that read the slot as free before the winner took it is a 409; one that
    // arrives after the winner committed finds no slot at all: R6's 422.
    let (won, conflicts) = tally(&statuses);
    let no_slot = statuses
        .iter()
        .filter(|s| **s == StatusCode::UNPROCESSABLE_ENTITY)
        .count();
    assert_eq!(
        (won, conflicts + no_slot),
        (1, PARALLEL - 1),
        "{statuses:?}"
    );
    assert_eq!(
        count(
            &app,
            "SELECT count(*) AS n FROM crew_abilities WHERE crew_id = $1",
            ball
        )
        .await,
        1
    );
}

// R15 with the debrief rule that a debrief is entered in its game's week: a close sent
// among 49 debriefs of a week-1 game. The week advances once; the debrief either
// landed before the close (stamped week 1) or every debrief was refused. The close
// abandons open games: one that comes first finds the game without a debrief, which a
// plain close refuses (409), and the race is between the debriefs and the close.
#[tokio::test]
async fn a_week_closed_among_fifty_debriefs_is_closed_once_and_the_debrief_is_whole() {
    let app = TestApp::spawn().await;
    let s = squadron(&app, "ref").await;
    let (g, report) = sweep_game(&app, &s).await;
    let debrief = format!("/api/v1/campaigns/{}/games/{g}/debrief", s.campaign);
    let close = format!("/api/v1/campaigns/{}/weeks/close", s.campaign);
    let requests = (0..PARALLEL)
        .map(|i| {
            if i == PARALLEL / 2 {
                app.request(reqwest::Method::POST, &close, Some(&s.referee))
                    .json(&json!({ "abandon_open_games": true }))
            } else {
                app.request(reqwest::Method::POST, &debrief, Some(&s.referee))
                    .json(&report)
            }
        })
        .collect();
    let statuses = all_at_once(requests).await;
    let (won, refused) = tally(&statuses);
    assert_eq!(statuses[PARALLEL / 2], StatusCode::OK, "the close");
    let debriefs_won = won - 1;
    assert!(debriefs_won <= 1, "{statuses:?}");
    assert_eq!(debriefs_won + refused, PARALLEL - 1, "{statuses:?}");

    let campaign = body(
        app.get(
            &format!("/api/v1/campaigns/{}", s.campaign),
            Some(&s.referee),
        )
        .await,
    )
    .await;
    assert_eq!(campaign["current_week"], 2);
    let (rows, points) = ledger(&app, g).await;
    let sorties = count(
        &app,
        "SELECT count(*) AS n FROM sorties WHERE game_id = $1",
        g,
    )
    .await;
    if debriefs_won == 1 {
        assert_eq!((rows, points, sorties), (2, 20, 2));
        assert_eq!(
            count(
                &app,
                "SELECT count(*) AS n FROM xp_awards WHERE game_id = $1 AND week = 1",
                g
            )
            .await,
            2
        );
    } else {
        assert_eq!((rows, points, sorties), (0, 0, 0));
    }
}
