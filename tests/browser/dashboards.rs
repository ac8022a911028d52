//! The dashboards: the campaign home, leaderboard, player standings, crewman page with
//! his service record and XP chart, ID cards and the dice page, on the demo campaign
//! (`eagles seed demo`) in headless Chromium, with the numbers shown checked against
//! the API's; their forms over plain HTTP (CSRF, roles, R2); a private campaign's
//! pages refused to a stranger; and each page's query count the same on an empty
//! campaign and on the demo.

use reqwest::StatusCode;
use serde_json::Value;

use crate::queries::{count_db_name, count_queries, queries_of};
use crate::support::browser::Browser;
use crate::support::{
    add_crewman, add_player, count, give_xp, new_campaign, text_of_id, TestApp, Visitor,
    ALBERT_BALL,
};

/// The server over a database holding the demo campaign; returns the app, the demo
/// campaign's id and the demo accounts' password.
async fn demo_app() -> (TestApp, i64, String) {
    let (app, password) = TestApp::demo().await;
    let campaign = count(&app, "SELECT max(id) FROM campaigns").await;
    (app, campaign, password)
}

/// A JSON answer of the API, read anonymously (the demo is public).
async fn api(app: &TestApp, path: &str) -> Value {
    let response = reqwest::get(format!("{}/api/v1{path}", app.address))
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::OK, "{path}");
    response.json().await.unwrap()
}

/// The texts of a table's body cells, row by row.
async fn table_rows(browser: &Browser, id: &str) -> Vec<Vec<String>> {
    let script = "return Array.from(document.querySelectorAll('#' + arguments[0] + ' tbody tr'))
        .map(r => Array.from(r.cells).map(c => c.textContent.trim()));";
    let value = browser
        .client
        .execute(script, vec![serde_json::json!(id)])
        .await
        .unwrap();
    serde_json::from_value(value).unwrap()
}

async fn count_in_page(browser: &Browser, css: &str) -> usize {
    let value = browser
        .client
        .execute(
            "return document.querySelectorAll(arguments[0]).length;",
            vec![serde_json::json!(css)],
        )
        .await
        .unwrap();
    value.as_u64().unwrap() as usize
}

#[tokio::test]
async fn the_demo_dashboards_in_a_browser() {
    let (app, cid, password) = demo_app().await;
    let browser = Browser::start(&app.address).await;

    // Home: the air war as the API totals it (R12), the top five of the leaderboard,
    // the kills, who is out.
    browser.open(&format!("/campaigns/{cid}")).await;
    browser.assert_well_formed("home").await;
    let sides = api(&app, &format!("/campaigns/{cid}/sides")).await;
    assert_eq!(
        browser.text("allied-total").await.unwrap(),
        sides["allied"]["total"].to_string()
    );
    assert_eq!(
        browser.text("central-total").await.unwrap(),
        sides["central"]["total"].to_string()
    );
    // R12: a side's total is its game XP plus its two-seater mission XP once more.
    for side in ["allied", "central"] {
        let s = &sides[side];
        assert_eq!(
            s["total"].as_i64().unwrap(),
            s["xp"].as_i64().unwrap() + s["doubled_mission_xp"].as_i64().unwrap()
        );
    }
    let board = api(&app, &format!("/campaigns/{cid}/leaderboard")).await;
    let top = table_rows(&browser, "top-crews").await;
    assert_eq!(top.len(), 5);
    for (row, api_row) in top.iter().zip(board.as_array().unwrap()) {
        assert_eq!(row[1], api_row["name"].as_str().unwrap());
        assert_eq!(row[3], api_row["xp"].to_string());
    }
    // The demo's three closed weeks each have a kill (§11: a kill per aircraft down).
    let kills = table_rows(&browser, "kills").await;
    assert_eq!(kills.len(), 3, "{kills:?}");
    assert_eq!(kills[0][0], "3", "newest first: {kills:?}");
    let out = table_rows(&browser, "out").await;
    assert!(!out.is_empty(), "the demo has casualties: {out:?}");
    browser.screenshot("dashboard-home").await;

    // Leaderboard with filters: the same rows as the API's for the same filters.
    browser.open(&format!("/campaigns/{cid}/leaderboard")).await;
    browser.assert_well_formed("leaderboard").await;
    assert_eq!(
        table_rows(&browser, "leaderboard").await.len(),
        board.as_array().unwrap().len()
    );
    browser.select("side", "allied").await;
    browser.select("role", "pilot").await;
    browser.select("as_of_week", "2").await;
    browser.submit("side").await;
    browser.assert_well_formed("leaderboard filtered").await;
    let filtered = api(
        &app,
        &format!("/campaigns/{cid}/leaderboard?side=allied&role=pilot&as_of_week=2"),
    )
    .await;
    let rows = table_rows(&browser, "leaderboard").await;
    let expected: Vec<(String, String)> = filtered
        .as_array()
        .unwrap()
        .iter()
        .map(|r| (r["name"].as_str().unwrap().to_owned(), r["xp"].to_string()))
        .collect();
    let shown: Vec<(String, String)> = rows
        .iter()
        .map(|r| (r[1].trim_end_matches(" (ace)").to_owned(), r[5].clone()))
        .collect();
    assert_eq!(shown, expected);
    assert_eq!(
        rows.len(),
        4,
        "two allied players with two pilots each (R3)"
    );
    browser.assert_text("board-week", "2").await;
    let csv = browser
        .client
        .find(fantoccini::Locator::Id("csv"))
        .await
        .unwrap()
        .attr("href")
        .await
        .unwrap()
        .unwrap();
    assert!(
        csv.ends_with("leaderboard.csv?side=allied&role=pilot&as_of_week=2"),
        "{csv}"
    );
    browser.screenshot("dashboard-leaderboard-filtered").await;

    // Player standings: the API's order (R13), the winner on top.
    browser.open(&format!("/campaigns/{cid}/players")).await;
    browser.assert_well_formed("players").await;
    let players = api(&app, &format!("/campaigns/{cid}/players")).await;
    let rows = table_rows(&browser, "players").await;
    let shown: Vec<&str> = rows.iter().map(|r| r[1].as_str()).collect();
    let expected: Vec<&str> = players
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["username"].as_str().unwrap())
        .collect();
    assert_eq!(shown, expected);
    assert!(browser.text("winner").await.unwrap().contains(expected[0]));
    browser.screenshot("dashboard-players").await;

    // The crewman page: his record sortie by sortie as the API's, a chart dot per week.
    let mannock = count(&app, "SELECT id FROM crew WHERE name = 'Mick Mannock'").await;
    browser
        .open(&format!("/campaigns/{cid}/crew/{mannock}"))
        .await;
    browser.assert_well_formed("crewman").await;
    let record = api(&app, &format!("/campaigns/{cid}/crew/{mannock}/record")).await;
    let sorties: usize = record["weeks"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| w["sorties"].as_array().unwrap().len())
        .sum();
    assert!(sorties > 0);
    assert_eq!(table_rows(&browser, "record").await.len(), sorties);
    // Weeks 1 to 4, the current one: four dots, the last at his XP now.
    assert_eq!(count_in_page(&browser, "#xp-chart svg circle").await, 4);
    let by_week = table_rows(&browser, "xp-by-week").await;
    let xp_now = browser.text("xp").await.unwrap();
    assert_eq!(
        by_week[0].last().unwrap(),
        xp_now.split(' ').next().unwrap()
    );
    browser.screenshot("dashboard-crewman").await;

    // The leaderboard and his page change when his XP does.
    give_xp(&app, "demo-referee", cid, mannock, 7).await;
    browser
        .open(&format!("/campaigns/{cid}/crew/{mannock}"))
        .await;
    let before: i64 = xp_now.split(' ').next().unwrap().parse().unwrap();
    let after: i64 = browser
        .text("xp")
        .await
        .unwrap()
        .split(' ')
        .next()
        .unwrap()
        .parse()
        .unwrap();
    assert_eq!(after, before + 7);
    browser.open(&format!("/campaigns/{cid}/leaderboard")).await;
    let rows = table_rows(&browser, "leaderboard").await;
    let line = rows
        .iter()
        .find(|r| r[1].starts_with("Mick Mannock"))
        .unwrap();
    assert_eq!(line[5], after.to_string());

    // ID cards: one per crewman, with the rulebook's fields.
    browser.open(&format!("/campaigns/{cid}/id-cards")).await;
    browser.assert_well_formed("id cards").await;
    assert_eq!(count_in_page(&browser, ".id-card").await, 12);
    let card = browser.text(&format!("card-{mannock}")).await.unwrap();
    for field in [
        "Player",
        "Aircraft type flown",
        "Nationality",
        "Pilot name",
        "Experience",
        "Kills",
        "Skills",
    ] {
        assert!(card.contains(field), "{field} on {card}");
    }
    browser.select("side", "central").await;
    browser.submit("side").await;
    assert_eq!(count_in_page(&browser, ".id-card").await, 6);
    browser.screenshot("dashboard-id-cards").await;

    // The dice page: the referee rolls 2d6 with physical dice 3 and 4 → 7 (R14).
    browser.sign_in("demo-referee", &password).await;
    browser.open(&format!("/campaigns/{cid}/dice")).await;
    browser.assert_well_formed("dice").await;
    browser.select("table", "2d6").await;
    browser.fill("dice", "3 4").await;
    browser.submit("dice").await;
    browser.assert_text("last-result", "7").await;
    browser.assert_text("last-dice", "3 4").await;
    let logged = api(&app, &format!("/campaigns/{cid}/rolls?week=4")).await;
    let last = logged.as_array().unwrap().last().unwrap();
    assert_eq!(last["dice"], serde_json::json!([3, 4]));
    assert_eq!(last["entered"], true);
    assert_eq!(
        table_rows(&browser, "rolls").await.len(),
        logged.as_array().unwrap().len()
    );
    browser.screenshot("dashboard-dice").await;

    // A die that does not fit the table comes back with the reason and the input.
    browser.select("table", "d6").await;
    browser.fill("dice", "9").await;
    browser.submit("dice").await;
    assert!(browser.text("dice-error").await.is_some());
    assert_eq!(browser.value("dice").await, "9");
    browser.close().await;
}

/// A private campaign of rita's, paul and pat playing; returns its id.
async fn private_campaign(app: &TestApp, rita: &mut Visitor, csrf: &str) -> i64 {
    let cid = new_campaign(app, rita, csrf, "Private April", false).await;
    for player in ["paul", "pat"] {
        add_player(rita, csrf, cid, player, "allied").await;
    }
    cid
}

#[tokio::test]
async fn dashboard_forms_check_csrf_roles_and_rules() {
    let app = TestApp::spawn().await;
    app.add_users(&["rita", "paul", "pat", "sam"]).await;
    let (mut rita, csrf) = app.signed_in("rita").await;
    let cid = private_campaign(&app, &mut rita, &csrf).await;
    let dice = format!("/campaigns/{cid}/dice");
    let switch = format!("/campaigns/{cid}/members/pat/side");

    // Every form refuses a missing or wrong CSRF token.
    for (path, fields) in [
        (&dice, vec![("table", "d6")]),
        (&switch, vec![("side", "central")]),
    ] {
        let response = rita.post(path, &fields).await;
        assert_eq!(response.status(), StatusCode::FORBIDDEN, "{path}");
        let mut wrong = fields.clone();
        wrong.push(("csrf", "not-the-token"));
        let response = rita.post(path, &wrong).await;
        assert_eq!(response.status(), StatusCode::FORBIDDEN, "{path}");
    }
    assert_eq!(count(&app, "SELECT count(*) FROM dice_rolls").await, 0);

    // Paul may not move pat (only pat himself or the referee, R2); sam, a stranger,
    // may not roll in a private campaign he cannot see (404, as its pages).
    let (mut paul, paul_csrf) = app.signed_in("paul").await;
    let response = paul
        .post(&switch, &[("csrf", &paul_csrf), ("side", "central")])
        .await;
    assert_eq!(response.status(), StatusCode::FORBIDDEN);
    let (mut sam, sam_csrf) = app.signed_in("sam").await;
    let response = sam
        .post(&dice, &[("csrf", &sam_csrf), ("table", "d6")])
        .await;
    assert_eq!(response.status(), StatusCode::NOT_FOUND);
    assert_eq!(count(&app, "SELECT count(*) FROM dice_rolls").await, 0);

    // The referee moves pat: two Allied players become one a side (R2).
    let response = rita
        .post(&switch, &[("csrf", &csrf), ("side", "central")])
        .await;
    assert_eq!(response.status(), StatusCode::SEE_OTHER);
    // Moving paul too would leave 0 Allied and 2 Central: refused next to his field.
    let response = rita
        .post(
            &format!("/campaigns/{cid}/members/paul/side"),
            &[("csrf", &csrf), ("side", "central")],
        )
        .await;
    assert_eq!(response.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let page = response.text().await.unwrap();
    let reason = text_of_id(&page, "side-of-paul-error").unwrap();
    assert!(reason.contains("§13.01"), "{reason}");
    assert!(reason.contains("0 Allied and 2 Central"), "{reason}");

    // A player rolls; a wrong die comes back next to the dice field, input kept.
    let response = paul
        .post(
            &dice,
            &[("csrf", &paul_csrf), ("table", "2d6"), ("dice", "6 6")],
        )
        .await;
    assert_eq!(response.status(), StatusCode::SEE_OTHER);
    let response = paul
        .post(
            &dice,
            &[("csrf", &paul_csrf), ("table", "d6"), ("dice", "7")],
        )
        .await;
    assert_eq!(response.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let page = response.text().await.unwrap();
    assert!(text_of_id(&page, "dice-error").is_some());
    assert!(page.contains("value=\"7\""));
    // A modifier the table does not have, next to the modifiers field.
    let response = paul
        .post(
            &dice,
            &[
                ("csrf", &paul_csrf),
                ("table", "d6"),
                ("terrain", "shell_holes"),
            ],
        )
        .await;
    assert_eq!(response.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let page = response.text().await.unwrap();
    assert!(text_of_id(&page, "modifiers-error")
        .unwrap()
        .contains("unknown modifier"));
    assert_eq!(count(&app, "SELECT count(*) FROM dice_rolls").await, 1);

    // A stranger is refused every page of the private campaign.
    let crewman = add_crewman(&app, &mut rita, &csrf, cid, ALBERT_BALL).await;
    let pages = dashboard_pages(cid, crewman);
    for page in &pages {
        let response = sam.get(page).await;
        assert_eq!(response.status(), StatusCode::NOT_FOUND, "{page}");
        assert!(!response.text().await.unwrap().contains("Private April"));
        assert_eq!(rita.get(page).await.status(), StatusCode::OK, "{page}");
    }
    // A filter that is not a week of the campaign comes back with its reason.
    let response = rita
        .get(&format!("/campaigns/{cid}/leaderboard?as_of_week=9"))
        .await;
    assert_eq!(response.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let page = response.text().await.unwrap();
    assert!(text_of_id(&page, "as_of_week-error").is_some());
    // The CSV link's endpoint keeps the API's access rules.
    let response = sam
        .get(&format!("/api/v1/campaigns/{cid}/leaderboard.csv"))
        .await;
    assert_eq!(response.status(), StatusCode::NOT_FOUND);
}

fn dashboard_pages(cid: i64, crewman: i64) -> Vec<String> {
    vec![
        format!("/campaigns/{cid}"),
        format!("/campaigns/{cid}/leaderboard?side=allied&role=pilot&as_of_week=1"),
        format!("/campaigns/{cid}/players"),
        format!("/campaigns/{cid}/crew/{crewman}"),
        format!("/campaigns/{cid}/id-cards"),
        format!("/campaigns/{cid}/dice"),
        format!("/campaigns/{cid}/members"),
    ]
}

// No query per row: each dashboard costs the same queries on a campaign with one
// crewman and nothing played as on the demo's three played weeks of twelve crewmen.
#[tokio::test]
async fn dashboards_cost_the_same_queries_on_an_empty_campaign_and_the_demo() {
    count_queries();
    let (app, demo, _) = demo_app().await;
    let database = count_db_name(&app).await;
    app.add_users(&["rita", "paul"]).await;
    let (mut rita, csrf) = app.signed_in("rita").await;
    let small = new_campaign(&app, &mut rita, &csrf, "Quiet front", true).await;
    add_player(&mut rita, &csrf, small, "paul", "allied").await;
    let lone = add_crewman(&app, &mut rita, &csrf, small, ALBERT_BALL).await;
    let mannock = count(&app, "SELECT id FROM crew WHERE name = 'Mick Mannock'").await;
    let mut visitor = app.visitor();
    // A first visit settles the visitor's session, whatever that costs.
    visitor.get("/").await;
    let mut few = Vec::new();
    for page in dashboard_pages(small, lone) {
        few.push(queries_of(&database, &mut visitor, &page).await);
    }
    let mut many = Vec::new();
    for page in dashboard_pages(demo, mannock) {
        many.push(queries_of(&database, &mut visitor, &page).await);
    }
    assert_eq!(few, many, "queries per page");
    assert!(few.iter().all(|&n| n > 0), "{few:?}");
}
