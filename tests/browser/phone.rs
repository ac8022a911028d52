//! Issue #23: every page of the demo campaign fits a 412 px wide phone — no page wider
//! than the screen, read anonymously, by a player and by the referee — and passes axe
//! there; the XP chart's text is at least 11 px on it; and the pages say what a
//! person expects (the home's games are links, an absence reads one way, the
//! leaderboard says whether its week is closed, the ledger adds up to the XP, the
//! briefing names a player whose crew cannot fly).

use serde_json::{json, Value};

use crate::support::browser::Browser;
use crate::support::{campaign_pages, count, TestApp};

/// A phone's width in CSS pixels (a Pixel 7, and many others).
const PHONE: u32 = 412;

/// The ids one query lists, in order.
async fn ids(app: &TestApp, sql: &str) -> Vec<i64> {
    use eagles_db::diesel::sql_types::{Array, BigInt};
    use eagles_db::diesel_async::RunQueryDsl;
    let mut conn = app.pool.get().await.unwrap();
    eagles_db::diesel::dsl::sql::<Array<BigInt>>(sql)
        .get_result(&mut conn)
        .await
        .unwrap()
}

/// Every page of the demo: the site's, the campaign's, each game, each week and its
/// briefing, each crewman.
async fn every_page(app: &TestApp, cid: i64) -> Vec<String> {
    let mut pages: Vec<String> = ["/", "/sign-in", "/aircraft"].map(String::from).into();
    pages.extend(campaign_pages(cid));
    let campaign = format!("/campaigns/{cid}");
    pages.push(format!("{campaign}/leaderboard?as_of_week=2"));
    let games = ids(
        app,
        &format!("SELECT coalesce(array_agg(id ORDER BY id), '{{}}') FROM games WHERE campaign_id = {cid}"),
    )
    .await;
    for game in games {
        pages.push(format!("{campaign}/games/{game}"));
    }
    let week = count(
        app,
        &format!("SELECT current_week::bigint FROM campaigns WHERE id = {cid}"),
    )
    .await;
    for n in 1..=week {
        pages.push(format!("{campaign}/weeks/{n}"));
        pages.push(format!("{campaign}/weeks/{n}/briefing"));
        pages.push(format!("{campaign}/weeks/{n}/dice-check"));
    }
    let crew = ids(
        app,
        &format!("SELECT coalesce(array_agg(id ORDER BY id), '{{}}') FROM crew WHERE campaign_id = {cid}"),
    )
    .await;
    for crewman in crew {
        pages.push(format!("{campaign}/crew/{crewman}"));
    }
    pages
}

/// What stands wider than the window, for the failure message.
async fn too_wide(browser: &Browser) -> Value {
    let script =
        "const w = window.innerWidth; return Array.from(document.querySelectorAll('body *'))
        .filter(e => e.getBoundingClientRect().right > w + 0.5)
        .slice(0, 8)
        .map(e => e.tagName + (e.id ? '#' + e.id : '') + (e.className ? '.' + e.className : '')
            + ' ' + Math.round(e.getBoundingClientRect().right));";
    browser.client.execute(script, vec![]).await.unwrap()
}

/// The smallest text of the XP chart as shown, in CSS pixels.
async fn smallest_chart_text(browser: &Browser) -> Option<f64> {
    let script = "const svg = document.querySelector('#xp-chart svg');
        if (!svg) { return null; }
        // Without a viewBox the drawing would not scale: count that as unreadable.
        if (!svg.viewBox.baseVal || !svg.viewBox.baseVal.width) { return 0; }
        const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
        const sizes = Array.from(svg.querySelectorAll('text'))
            .map(t => parseFloat(t.getAttribute('font-size') || getComputedStyle(t).fontSize) * scale);
        return sizes.length ? Math.min(...sizes) : null;";
    browser
        .client
        .execute(script, vec![])
        .await
        .unwrap()
        .as_f64()
}

#[tokio::test]
async fn every_page_of_the_demo_fits_a_412_px_phone_and_passes_axe() {
    let (app, password) = TestApp::demo().await;
    let cid = count(&app, "SELECT max(id) FROM campaigns").await;
    let pages = every_page(&app, cid).await;
    let mut problems = Vec::new();
    for reader in [None, Some("demo-ada"), Some("demo-referee")] {
        let browser = Browser::reading_as(&app.address, reader, &password).await;
        browser.client.set_window_size(PHONE, 915).await.unwrap();
        let who = reader.unwrap_or("anonymous");
        for page in &pages {
            browser.open(page).await;
            let (width, window) = browser.widths().await;
            assert_eq!(window, i64::from(PHONE), "the window is a phone's");
            if width > window {
                problems.push(format!(
                    "{page} as {who}: {width} px wide: {}",
                    too_wide(&browser).await
                ));
            }
            for problem in browser.check_page().await {
                problems.push(format!("{page} as {who}: {problem}"));
            }
            if page.contains("/crew/") {
                if let Some(px) = smallest_chart_text(&browser).await {
                    if px < 11.0 {
                        problems.push(format!("{page}: chart text of {px:.1} px"));
                    }
                }
            }
            if reader.is_none() && page == &format!("/campaigns/{cid}") {
                browser.screenshot("phone-home").await;
            }
            if reader.is_none() && page.ends_with("/leaderboard") {
                browser.screenshot("phone-leaderboard").await;
            }
        }
        browser.close().await;
    }
    assert!(problems.is_empty(), "{problems:#?}");
}

/// The crewman page: the ledger's first line is his starting XP (R3) and the lines add
/// up to his XP; his absence reads as every page words it.
#[tokio::test]
async fn the_ledger_adds_up_and_an_absence_reads_one_way() {
    let (app, _) = TestApp::demo().await;
    let cid = count(&app, "SELECT max(id) FROM campaigns").await;
    let browser = Browser::start(&app.address).await;
    let crew = ids(
        &app,
        &format!("SELECT array_agg(id ORDER BY id) FROM crew WHERE campaign_id = {cid}"),
    )
    .await;
    for crewman in &crew {
        browser
            .open(&format!("/campaigns/{cid}/crew/{crewman}"))
            .await;
        let script = "return Array.from(document.querySelectorAll('#ledger tbody tr'))
            .map(r => Number(r.cells[2].textContent.trim()));";
        let points: Vec<i64> =
            serde_json::from_value(browser.client.execute(script, vec![]).await.unwrap()).unwrap();
        let xp: i64 = browser
            .text("xp")
            .await
            .unwrap()
            .split_whitespace()
            .next()
            .unwrap()
            .parse()
            .unwrap();
        assert_eq!(
            points.iter().sum::<i64>(),
            xp,
            "crewman {crewman}: {points:?}"
        );
        assert_eq!(
            browser.text("ledger-total").await.as_deref(),
            Some(xp.to_string().as_str())
        );
        let start = browser.text("ledger-start").await.unwrap();
        assert!(start.contains("(§13.02)"), "{start}");
    }
    // The demo's first crew started experienced: 50 XP (R3).
    browser
        .open(&format!("/campaigns/{cid}/crew/{}", crew[0]))
        .await;
    let start = browser.text("ledger-start").await.unwrap();
    assert!(start.contains("50"), "{start}");
    browser.client.set_window_size(PHONE, 915).await.unwrap();
    browser.screenshot("phone-crewman").await;

    // Whoever is out reads "out until week N, back in week N+1" on the home, the crew
    // list, his page, the briefing and the projector.
    let latest = format!(
        "WITH latest AS (
             SELECT DISTINCT ON (c.crew_id) c.crew_id, c.out_until_week
             FROM casualties c JOIN crew w ON w.id = c.crew_id
             LEFT JOIN games g ON g.id = c.game_id
             WHERE w.campaign_id = {cid} AND g.voided_week IS NULL
             ORDER BY c.crew_id, c.id DESC)
         SELECT crew_id, out_until_week FROM latest
         WHERE out_until_week >= (SELECT current_week FROM campaigns WHERE id = {cid})"
    );
    let out = count(
        &app,
        &format!("SELECT coalesce(max(out_until_week), 0)::bigint FROM ({latest}) o"),
    )
    .await;
    assert!(out > 0, "the demo has someone out and coming back");
    let words = format!("out until week {out}, back in week {}", out + 1);
    let week = count(
        &app,
        &format!("SELECT current_week::bigint FROM campaigns WHERE id = {cid}"),
    )
    .await;
    for page in [
        format!("/campaigns/{cid}"),
        format!("/campaigns/{cid}/crew"),
        format!("/campaigns/{cid}/live"),
        format!("/campaigns/{cid}/weeks/{week}/briefing"),
    ] {
        browser.open(&page).await;
        let body = browser.body().await;
        assert!(body.contains(&words), "{page} says {words:?}: {body}");
        for old in ["week(s)", "(out until week"] {
            assert!(!body.contains(old), "{page} still says {old:?}");
        }
    }
    let who = count(
        &app,
        &format!("SELECT min(crew_id) FROM ({latest}) o WHERE out_until_week = {out}"),
    )
    .await;
    browser.open(&format!("/campaigns/{cid}/crew/{who}")).await;
    let status = browser.text("status").await.unwrap();
    assert!(status.ends_with(&words), "{status}");
    browser.close().await;
}

/// The home's games link to their pages; the leaderboard says "at the close of week
/// N" for a closed week only.
#[tokio::test]
async fn the_home_links_its_games_and_the_leaderboard_says_which_week() {
    let (app, _) = TestApp::demo().await;
    let cid = count(&app, "SELECT max(id) FROM campaigns").await;
    let week = count(
        &app,
        &format!("SELECT current_week::bigint FROM campaigns WHERE id = {cid}"),
    )
    .await;
    let browser = Browser::start(&app.address).await;
    let games = ids(
        &app,
        &format!(
            "SELECT coalesce(array_agg(id ORDER BY id), '{{}}') FROM games
             WHERE campaign_id = {cid} AND week = {week}"
        ),
    )
    .await;
    browser.open(&format!("/campaigns/{cid}")).await;
    for game in &games {
        let href = browser
            .client
            .execute(
                "const a = document.querySelector('#game-' + arguments[0] + ' a'); return a && a.getAttribute('href');",
                vec![json!(game)],
            )
            .await
            .unwrap();
        assert_eq!(href, json!(format!("/campaigns/{cid}/games/{game}")));
    }
    if let Some(game) = games.first() {
        browser.follow(&format!("Game {game}")).await;
        browser
            .assert_path(&format!("/campaigns/{cid}/games/{game}"))
            .await;
    }

    browser.open(&format!("/campaigns/{cid}/leaderboard")).await;
    let open = browser.text("board-when").await.unwrap();
    assert!(
        open.starts_with(&format!(
            "The board so far in week {week}, which is still open"
        )),
        "{open}"
    );
    assert!(!open.contains("at the close of"), "{open}");
    browser
        .open(&format!(
            "/campaigns/{cid}/leaderboard?as_of_week={}",
            week - 1
        ))
        .await;
    let closed = browser.text("board-when").await.unwrap();
    assert!(
        closed.starts_with(&format!("The board at the close of week {}", week - 1)),
        "{closed}"
    );
    browser.close().await;
}
