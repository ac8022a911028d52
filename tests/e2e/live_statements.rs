//! The live page reads its night with the same statements however many games the
//! week holds (issue 36): every game's line-up, seats, marks and aircraft are read
//! together, not one game after another. Counted per database by diesel's
//! instrumentation, so tests running alongside on other databases do not disturb the
//! count.
//!
//! The night is sheets.rs's: a public campaign, read by an anonymous projector. Each
//! game has both missions rolled (appendix E: 9, fighter sweep), Ball and Hooper's
//! Bristol F2b and Voss's Albatros D-III declared (R16), and a hit marked on each
//! sheet by its player (R18).

use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::sheets::Night;
use crate::support::statements::{count_statements, statements_so_far};
use crate::support::{aircraft_id, body};

/// The statements of one read of the live page by an anonymous reader, cache aside:
/// the cache's probe; the campaign; the week's games and their missions; the
/// line-ups' sorties, seats, marks and aircraft types (one each, for every game at
/// once); the crew and the aircraft types that name them; the week's rolls; the
/// leaderboard; the week's seal (its seed with its last link, R25). Read one game at
/// a time, the line-ups cost five more a game.
const LIVE_STATEMENTS: u64 = 13;

/// Rolls `game`'s missions, declares its two sorties and marks a hit on each sheet.
async fn furnish(night: &Night, game: i64) {
    let [ball, hooper, _, voss, _, _] = night.crew;
    let path = |rest: &str| {
        format!(
            "/api/v1/campaigns/{}/games/{game}{rest}",
            night.world.campaign
        )
    };
    let made = async |who: &str, rest: &str, request: Value| {
        let response = night
            .app
            .post(&path(rest), night.token(who), &request)
            .await;
        let status = response.status();
        let answer = body(response).await;
        assert_eq!(status, StatusCode::CREATED, "POST …{rest}: {answer}");
        answer
    };
    for side in ["allied", "central"] {
        made("rita", "/missions", json!({ "side": side, "dice": [9] })).await;
    }
    let bristol = aircraft_id(&night.app, "Bristol F2b").await;
    let albatros = aircraft_id(&night.app, "Albatros D-III").await;
    let crew = json!([
        { "crew_id": ball, "position": "pilot" },
        { "crew_id": hooper, "position": "observer" },
    ]);
    let a1 = made(
        "ada",
        "/sorties",
        json!({ "aircraft_id": bristol, "crew": crew }),
    )
    .await;
    let crew = json!([{ "crew_id": voss, "position": "pilot" }]);
    let c1 = made(
        "kurt",
        "/sorties",
        json!({ "aircraft_id": albatros, "crew": crew }),
    )
    .await;
    let hit = json!({ "kind": "damage", "section": "wings", "boxes": 2 });
    made("ada", &format!("/sorties/{}/marks", a1["id"]), hit.clone()).await;
    made("kurt", &format!("/sorties/{}/marks", c1["id"]), hit).await;
}

/// Opens another game of the week as the referee; its id.
async fn open_game(night: &Night) -> i64 {
    let path = format!("/api/v1/campaigns/{}/games", night.world.campaign);
    let game = night
        .app
        .post(&path, night.token("rita"), &json!({ "dice": [3, 4] }))
        .await;
    assert_eq!(game.status(), StatusCode::CREATED);
    body(game).await["id"].as_i64().unwrap()
}

/// The live page as the anonymous projector reads it, its handler run (a hard
/// reload's `no-cache`), with the statements it cost.
async fn live(night: &Night, database: &str) -> (String, u64) {
    let url = format!(
        "{}/campaigns/{}/live?fragment=1",
        night.app.address, night.world.campaign
    );
    let before = statements_so_far(database);
    let response = night
        .app
        .client
        .get(url)
        .header("cache-control", "no-cache")
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    let html = response.text().await.unwrap();
    (html, statements_so_far(database) - before)
}

#[tokio::test]
async fn the_live_page_reads_one_game_or_five_with_the_same_statements() {
    count_statements();
    let night = Night::new().await;
    let database = night.app._database.as_ref().unwrap().name().to_owned();
    furnish(&night, night.game).await;
    let (html, one) = live(&night, &database).await;
    assert_eq!(html.matches("class=\"live-lineup\"").count(), 1, "{html}");

    for _ in 0..4 {
        let game = open_game(&night).await;
        furnish(&night, game).await;
    }
    let (html, five) = live(&night, &database).await;
    // Five games, each with its two sorties in its line-up.
    assert_eq!(html.matches("class=\"live-lineup\"").count(), 5, "{html}");
    assert_eq!(html.matches("id=\"live-sortie-").count(), 10, "{html}");

    assert_eq!(one, five, "statements for one game, then for five");
    assert_eq!(one, LIVE_STATEMENTS, "the live page's designed statements");
}
