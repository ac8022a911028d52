//! Issue #37, acceptance 2: every kind of page, read on a 412 px phone, speaks the
//! club's language and fits the screen. The crawl reads one page of each kind of the
//! demo campaign (`eagles seed demo`) — with its open fourth week played a few turns on
//! the sheets, so the night's sheets, rolls and open facts are there — as anonymous,
//! a player (demo-ada, whose crew fly tonight), the referee and the projector, and
//! finds in the text a person reads (the body's innerText, never attributes):
//! - no JSON, no snake_case word, no design number (R1…R26: the rulebook's sections
//!   are what a page cites), no ISO date (a date reads "9 April 1917");
//! - no word laid out over two lines (a name broken letter by letter): each word's
//!   boxes as the browser lays them out (`Range.getClientRects`) stand on one line,
//!   a break after a hyphen or a slash being a word's own;
//! - `scrollWidth` at most the phone's 412 px, and axe clean.
//!
//! The names people chose (usernames, crew, campaign) are theirs and are not judged
//! for their words. Every problem is reported at once, each with its page and text.

use reqwest::Method;
use serde_json::{json, Value};

use crate::support::api::Api;
use crate::support::browser::Browser;
use crate::support::{campaign_pages, count, TestApp};

/// A phone's width in CSS pixels (a Pixel 7, and many others).
const PHONE: u32 = 412;

/// Reads the page shown: the problems of its text and layout, one line each. Its
/// argument is the list of names people chose, left out of the words' checks.
const READ_THE_PAGE: &str = r#"
const names = arguments[0];
const problems = [];
const around = (text, at, length) =>
    text.slice(Math.max(0, at - 25), at + length + 25).replace(/\s+/g, ' ').trim();
let text = document.body.innerText;
// A chosen name is the player's; longest first, so "Bloody April (demo)" goes whole.
for (const name of names) { text = text.split(name).join('Name'); }
const checks = [
    ['JSON', /[{\[]\s*"[^"]*"\s*:|"[a-z_]+"\s*:\s*["{\[\d]/g],
    ['a snake_case word', /\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b/g],
    ['a design number', /\bR(?:[1-9]|1[0-9]|2[0-6])\b/g],
    ['an ISO date', /(?<!\d)\d{4}-\d{2}-\d{2}(?!\d)/g],
];
for (const [what, pattern] of checks) {
    for (const m of text.matchAll(pattern)) {
        problems.push(what + ' "' + m[0] + '" in «' + around(text, m.index, m[0].length) + '»');
    }
}
// Each word of each shown text node: its boxes must stand on one line.
const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
const range = document.createRange();
const broken = new Set();
for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (!parent || parent.closest('script, style, noscript, svg, option, select, textarea')) { continue; }
    // Words, and within a word the parts a hyphen, slash or dash may end a line after.
    for (const m of node.data.matchAll(/[^\s\-\/–—]+[\-\/–—]?/g)) {
        if (m[0].length < 2) { continue; }
        range.setStart(node, m.index);
        range.setEnd(node, m.index + m[0].length);
        const rects = Array.from(range.getClientRects()).filter(r => r.width > 0);
        if (rects.length < 2) { continue; }
        const tops = rects.map(r => r.top);
        const spread = Math.max(...tops) - Math.min(...tops);
        if (spread > rects[0].height / 2) {
            broken.add('"' + m[0] + '" over ' + rects.length + ' lines in <'
                + parent.tagName.toLowerCase() + '> «' + around(node.data, m.index, m[0].length) + '»');
        }
    }
}
for (const b of broken) { problems.push('a word laid out over two lines: ' + b); }
const width = document.documentElement.scrollWidth;
if (width > window.innerWidth) {
    const wide = Array.from(document.querySelectorAll('body *'))
        .filter(e => e.getBoundingClientRect().right > window.innerWidth + 0.5)
        .slice(0, 5)
        .map(e => e.tagName.toLowerCase() + (e.id ? '#' + e.id : '') + ' «'
            + (e.innerText || '').slice(0, 40).replace(/\s+/g, ' ') + '»');
    problems.push('the page is ' + width + ' px wide: ' + wide.join(', '));
}
return problems;
"#;

/// The API as the demo's referee, signed in with the demo accounts' `password`.
pub(crate) async fn demo_referee(app: &TestApp, password: &str) -> Api {
    Api::signed_in(app, "demo-referee", password).await
}

/// The demo's week 4 game, played a few turns on its sheets by the referee: Werner
/// Voss's Albatros D-III (c1) fires a long burst at the Strutter of Mick Mannock and
/// Tom Mottershead (a1), which is hit, smokes, its observer wounded and firing back.
/// Every die is entered, so each result is the rulebook's.
pub(crate) async fn play_tonight(app: &TestApp, password: &str, cid: i64) -> i64 {
    let referee = demo_referee(app, password).await;
    let game = count(
        app,
        &format!("SELECT max(id) FROM games WHERE campaign_id = {cid}"),
    )
    .await;
    let sorties = format!("/api/v1/campaigns/{cid}/games/{game}/sorties");
    let lineup = referee.read(&sorties).await;
    let sortie = |key: &str| {
        lineup
            .as_array()
            .unwrap()
            .iter()
            .find(|s| s["key"] == key)
            .unwrap_or_else(|| panic!("no sortie {key} in {lineup}"))
            .clone()
    };
    let (a1, c1) = (sortie("a1"), sortie("c1"));
    let crew = |s: &Value, position: &str| {
        s["crew"]
            .as_array()
            .unwrap()
            .iter()
            .find(|c| c["position"] == position)
            .unwrap()["crew_id"]
            .clone()
    };
    let (voss, mottershead) = (crew(&c1, "pilot"), crew(&a1, "observer"));
    let on = |s: &Value, what: &str| format!("{sorties}/{}/{what}", s["id"]);
    let burst = json!({ "table": "combat", "shooter": voss, "target_sortie": a1["id"],
                        "range": 1, "burst": "long", "weapon": "rigid", "dice": [4, 2] });
    referee.write(Method::POST, &on(&c1, "rolls"), burst).await;
    for mark in [
        json!({ "kind": "damage", "section": "fuselage", "boxes": 2 }),
        json!({ "kind": "wound", "crew_id": mottershead, "boxes": 1 }),
        json!({ "kind": "effect", "name": "smoke", "on": true }),
    ] {
        referee.write(Method::POST, &on(&a1, "marks"), mark).await;
    }
    let back = json!({ "table": "combat", "shooter": mottershead, "target_sortie": c1["id"],
                       "range": 2, "burst": "short", "weapon": "flexible", "dice": [6] });
    referee.write(Method::POST, &on(&a1, "rolls"), back).await;
    let wound = json!({ "table": "crew_wound", "dice": [3, 5] });
    referee.write(Method::POST, &on(&a1, "rolls"), wound).await;
    for s in [&a1, &c1] {
        referee
            .write(
                Method::POST,
                &on(s, "marks"),
                json!({ "kind": "turn", "turn": 2 }),
            )
            .await;
    }
    game
}

/// One page of each kind: the site's, the campaign's, a debriefed game and tonight's
/// game with its sheets, a closed week and tonight's, a briefing, a crewman's service
/// record; the projector reads the live page alone.
async fn pages_of_each_kind(app: &TestApp, cid: i64, tonight: i64) -> Vec<String> {
    let campaign = format!("/campaigns/{cid}");
    let mut pages: Vec<String> = ["/", "/sign-in", "/aircraft"].map(String::from).into();
    pages.extend(campaign_pages(cid));
    let first_game = count(
        app,
        &format!("SELECT min(id) FROM games WHERE campaign_id = {cid}"),
    )
    .await;
    let week = count(
        app,
        &format!("SELECT current_week::bigint FROM campaigns WHERE id = {cid}"),
    )
    .await;
    // The crewman with the longest service record: the most sorties.
    let veteran = count(
        app,
        &format!(
            "SELECT s.crew_id FROM sortie_crew s JOIN crew c ON c.id = s.crew_id
             WHERE c.campaign_id = {cid} GROUP BY s.crew_id ORDER BY count(*) DESC, s.crew_id
             LIMIT 1"
        ),
    )
    .await;
    pages.extend([
        format!("{campaign}/games/{first_game}"),
        format!("{campaign}/games/{tonight}"),
        format!("{campaign}/games/{tonight}/sheets"),
        format!("{campaign}/weeks/1"),
        format!("{campaign}/weeks/{week}"),
        format!("{campaign}/weeks/{}/briefing", week - 1),
        format!("{campaign}/weeks/1/dice-check"),
        format!("{campaign}/crew/{veteran}"),
    ]);
    pages
}

/// The account pages (R26): the account, and an invitation of the demo's campaign made
/// by its referee (which the members page then lists with its QR code).
async fn account_pages(app: &TestApp, password: &str, cid: i64) -> Vec<String> {
    let referee = demo_referee(app, password).await;
    let invitation = referee
        .write(
            Method::POST,
            &format!("/api/v1/campaigns/{cid}/invitations"),
            json!({ "role": "player", "uses": 3 }),
        )
        .await;
    let code = invitation["code"].as_str().unwrap();
    vec!["/account".to_owned(), format!("/join/{code}")]
}

/// The names people chose, longest first: usernames, crewmen, campaigns.
async fn chosen_names(app: &TestApp) -> Vec<String> {
    use eagles_db::diesel::sql_types::{Array, Text};
    use eagles_db::diesel_async::RunQueryDsl;
    let mut conn = app.pool.get().await.unwrap();
    eagles_db::diesel::dsl::sql::<Array<Text>>(
        "SELECT array_agg(name ORDER BY length(name) DESC) FROM (
             SELECT username AS name FROM users UNION SELECT name FROM crew
             UNION SELECT name FROM campaigns) n",
    )
    .get_result(&mut conn)
    .await
    .unwrap()
}

#[tokio::test]
async fn every_kind_of_page_reads_in_words_and_fits_a_412_px_phone() {
    let (app, password) = TestApp::demo().await;
    let cid = count(&app, "SELECT max(id) FROM campaigns").await;
    let tonight = play_tonight(&app, &password, cid).await;
    let mut pages = pages_of_each_kind(&app, cid, tonight).await;
    pages.extend(account_pages(&app, &password, cid).await);
    let names = chosen_names(&app).await;
    let projector = vec![format!("/campaigns/{cid}/live?projector")];
    // Each problem with the readers who met it, in the order found.
    let mut problems: Vec<(String, Vec<&str>)> = Vec::new();
    for (who, reader, pages) in [
        ("anonymous", None, &pages),
        ("the player demo-ada", Some("demo-ada"), &pages),
        ("the referee", Some("demo-referee"), &pages),
        ("the projector", None, &projector),
    ] {
        let browser = Browser::reading_as(&app.address, reader, &password).await;
        browser.client.set_window_size(PHONE, 915).await.unwrap();
        for page in pages {
            browser.open(page).await;
            let (_, window) = browser.widths().await;
            assert_eq!(window, i64::from(PHONE), "the window is a phone's");
            let found = browser
                .client
                .execute(READ_THE_PAGE, vec![json!(names)])
                .await
                .unwrap();
            let mut found: Vec<String> = serde_json::from_value(found).unwrap();
            found.extend(browser.check_page().await);
            for problem in found {
                let problem = format!("{page}: {problem}");
                match problems.iter_mut().find(|(p, _)| *p == problem) {
                    Some((_, readers)) => readers.push(who),
                    None => problems.push((problem, vec![who])),
                }
            }
            if reader == Some("demo-ada") {
                let name = page.trim_start_matches('/').replace(['/', '?'], "-");
                let file = Browser::screenshot_file(&format!("crawl-{name}"));
                browser.save_whole_page(&file).await;
            }
        }
        browser.close().await;
    }
    let report: Vec<String> = problems
        .iter()
        .map(|(problem, readers)| format!("{problem} (as {})", readers.join(", ")))
        .collect();
    assert!(
        report.is_empty(),
        "{} problems:\n{}",
        report.len(),
        report.join("\n")
    );
}
