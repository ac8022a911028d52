//! `eagles seed bench`: a public campaign whose ledger holds about the asked number of
//! award rows, whose leaderboard (read from the maintained totals of migration 000009)
//! is what the ledger itself sums to, now and as of a past week, as are its side totals
//! (R12, read from the maintained totals of migration 000011), and whose prepared
//! debriefs the API accepts.

use std::collections::HashMap;
use std::process::Command;

use campaign::experience::AwardKind;
use campaign::sides::Nationality;
use campaign::standings::{side_totals, LedgerEntry};
use eagles_db::diesel;
use eagles_db::diesel::sql_types::{BigInt, Bool, Int4, Int8, Text};
use eagles_db::diesel::QueryableByName;
use eagles_db::diesel_async::RunQueryDsl;
use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::support::{body, TestApp};

const EAGLES: &str = env!("CARGO_BIN_EXE_eagles");

#[derive(QueryableByName)]
struct Sum {
    #[diesel(sql_type = Int8)]
    crew_id: i64,
    #[diesel(sql_type = BigInt)]
    xp: i64,
    #[diesel(sql_type = BigInt)]
    kills: i64,
}

/// Every crewman's XP and kills as of `week`, summed straight from the ledger and the
/// kill credits (R4: starting XP plus the awards made by the week; kills of games
/// played by then and not voided).
async fn ledger_sums(app: &TestApp, campaign: i64, week: i32) -> HashMap<i64, (i64, i64)> {
    let mut conn = app.pool.get().await.unwrap();
    let rows: Vec<Sum> = eagles_db::diesel::sql_query(
        "SELECT c.id AS crew_id,
                c.starting_xp + COALESCE((SELECT sum(a.points) FROM xp_awards a
                                          WHERE a.crew_id = c.id AND a.week <= $2), 0) AS xp,
                (SELECT count(*) FROM kill_shooters s JOIN kills k ON k.id = s.kill_id
                 JOIN games g ON g.id = k.game_id
                 WHERE s.crew_id = c.id AND g.week <= $2
                   AND (g.voided_week IS NULL OR g.voided_week > $2)) AS kills
         FROM crew c WHERE c.campaign_id = $1",
    )
    .bind::<Int8, _>(campaign)
    .bind::<Int4, _>(week)
    .load(&mut conn)
    .await
    .unwrap();
    rows.into_iter()
        .map(|r| (r.crew_id, (r.xp, r.kills)))
        .collect()
}

#[derive(QueryableByName)]
struct GroupSum {
    #[diesel(sql_type = Text)]
    nationality: String,
    #[diesel(sql_type = Text)]
    kind: String,
    #[diesel(sql_type = Bool)]
    two_seater_mission: bool,
    #[diesel(sql_type = BigInt)]
    points: i64,
}

/// The side totals as of `week` (R12, §13.204), summed straight from the ledger and
/// put through the rules crate, as `{"allied": [xp, doubled], "central": [...]}`.
async fn ledger_sides(app: &TestApp, campaign: i64, week: i32) -> Value {
    let mut conn = app.pool.get().await.unwrap();
    let rows: Vec<GroupSum> = eagles_db::diesel::sql_query(
        "SELECT c.nationality, a.kind, a.two_seater_mission, sum(a.points)::bigint AS points
         FROM xp_awards a JOIN crew c ON c.id = a.crew_id
         WHERE a.campaign_id = $1 AND a.week <= $2
         GROUP BY c.nationality, a.kind, a.two_seater_mission",
    )
    .bind::<Int8, _>(campaign)
    .bind::<Int4, _>(week)
    .load(&mut conn)
    .await
    .unwrap();
    let totals = side_totals(rows.iter().map(|r| LedgerEntry {
        side: r.nationality.parse::<Nationality>().unwrap().side(),
        points: i32::try_from(r.points).unwrap(),
        kind: r.kind.parse::<AwardKind>().unwrap(),
        in_two_seater: r.two_seater_mission,
    }));
    json!({
        "allied": [totals.allied.xp, totals.allied.doubled_mission_xp],
        "central": [totals.central.xp, totals.central.doubled_mission_xp],
    })
}

async fn sides(app: &TestApp, campaign: i64, query: &str) -> Value {
    let response = app
        .get(&format!("/api/v1/campaigns/{campaign}/sides{query}"), None)
        .await;
    assert_eq!(response.status(), StatusCode::OK);
    let view = body(response).await;
    let side = |s: &str| json!([view[s]["xp"], view[s]["doubled_mission_xp"]]);
    json!({ "allied": side("allied"), "central": side("central") })
}

async fn board(app: &TestApp, campaign: i64, query: &str) -> Vec<Value> {
    let response = app
        .get(
            &format!("/api/v1/campaigns/{campaign}/leaderboard{query}"),
            None,
        )
        .await;
    assert_eq!(response.status(), StatusCode::OK);
    body(response).await.as_array().unwrap().clone()
}

/// The leaderboard holds every crewman with the ledger's totals, ranked by XP, then
/// kills, level crewmen sharing a rank (R13's ordering of the standings).
fn assert_board_matches(board: &[Value], sums: &HashMap<i64, (i64, i64)>) {
    assert_eq!(board.len(), sums.len());
    for row in board {
        let id = row["crew_id"].as_i64().unwrap();
        let (xp, kills) = sums[&id];
        assert_eq!(row["xp"], xp, "crewman {id}'s XP");
        assert_eq!(row["kills"], kills, "crewman {id}'s kills");
    }
    for pair in board.windows(2) {
        let key = |r: &Value| (r["xp"].as_i64().unwrap(), r["kills"].as_i64().unwrap());
        assert!(key(&pair[0]) >= key(&pair[1]), "ordered by XP, then kills");
        let same = key(&pair[0]) == key(&pair[1]);
        assert_eq!(same, pair[0]["rank"] == pair[1]["rank"]);
    }
}

#[tokio::test]
async fn seed_bench_fills_a_ledger_the_leaderboard_agrees_with() {
    let test_db = crate::support::database::fresh_database().await;
    let url = test_db.url().to_owned();
    let debriefs = tempfile::NamedTempFile::new().unwrap();
    let output = Command::new(EAGLES)
        .args([
            "seed",
            "bench",
            "--awards",
            "2000",
            "--prefix",
            "tb",
            "--password",
            "bench password",
            "--open-games",
            "2",
            "--debriefs",
        ])
        .arg(debriefs.path())
        .env("DATABASE_URL", &url)
        .env("RUST_LOG", "warn")
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let id: i64 = String::from_utf8_lossy(&output.stdout)
        .trim()
        .parse()
        .unwrap();
    let app = TestApp::on_database(&url);

    // About 2000 rows: games are added until the ledger reaches 2000, and one game
    // gives fewer than 50 awards.
    let sums = {
        let mut conn = app.pool.get().await.unwrap();
        #[derive(QueryableByName)]
        struct Count {
            #[diesel(sql_type = BigInt)]
            n: i64,
        }
        let count: Count = eagles_db::diesel::sql_query(
            "SELECT count(*) AS n FROM xp_awards WHERE campaign_id = $1",
        )
        .bind::<Int8, _>(id)
        .get_result(&mut conn)
        .await
        .unwrap();
        assert!((2000..2050).contains(&count.n), "{} award rows", count.n);
        ledger_sums(&app, id, 21).await
    };

    // A public campaign in week 21: 2000 awards spread over 20 closed weeks.
    let campaigns = body(app.get("/api/v1/campaigns", None).await).await;
    let campaign = campaigns
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["id"] == id)
        .expect("listed without signing in");
    assert_eq!(campaign["public"], true);
    assert_eq!(campaign["current_week"], 21);

    let now = board(&app, id, "").await;
    assert_eq!(now.len(), 24, "eight players with three crewmen each (R3)");
    assert_board_matches(&now, &sums);
    assert!(now.iter().any(|r| r["kills"].as_i64().unwrap() > 0));
    let week_10 = board(&app, id, "?as_of_week=10").await;
    assert_board_matches(&week_10, &ledger_sums(&app, id, 10).await);
    assert_ne!(now[0]["xp"], week_10[0]["xp"], "the weeks after 10 count");
    let sides_now = sides(&app, id, "").await;
    assert_eq!(sides_now, ledger_sides(&app, id, 21).await);
    assert_eq!(
        sides(&app, id, "?as_of_week=10").await,
        ledger_sides(&app, id, 10).await
    );
    assert!(
        sides_now["allied"][1].as_i64().unwrap() > 0,
        "two-seater missions flown"
    );

    // The prepared debriefs are ones the API takes, and the totals follow them.
    let lines = std::fs::read_to_string(debriefs.path()).unwrap();
    let lines: Vec<&str> = lines.lines().collect();
    assert_eq!(lines.len(), 2);
    let (path, request) = lines[0].split_once('\t').unwrap();
    let token = body(
        app.post(
            "/api/v1/tokens",
            None,
            &json!({ "username": "tb-referee", "password": "bench password" }),
        )
        .await,
    )
    .await["token"]
        .as_str()
        .unwrap()
        .to_owned();
    let request: Value = serde_json::from_str(request).unwrap();
    let response = app.post(path, Some(&token), &request).await;
    assert_eq!(response.status(), StatusCode::CREATED);
    let after = board(&app, id, "").await;
    assert_board_matches(&after, &ledger_sums(&app, id, 21).await);
    let gained: i64 = after.iter().map(|r| r["xp"].as_i64().unwrap()).sum::<i64>()
        - now.iter().map(|r| r["xp"].as_i64().unwrap()).sum::<i64>();
    assert!(gained > 0, "the debrief's awards reach the leaderboard");
    let sides_after = sides(&app, id, "").await;
    assert_eq!(sides_after, ledger_sides(&app, id, 21).await);
    assert_ne!(sides_after, sides_now, "and the side totals");
}
