//! The weekly briefing (`/campaigns/{cid}/weeks/{n}/briefing`) of the demo campaign,
//! checked against values worked out by hand from the seed's entered dice and the
//! rules, and its access: the campaign's, 404 for a private one's outsiders.

use reqwest::StatusCode;

use crate::support::database;
use crate::support::form_client::{session_cookie, text, Visitor};
use crate::support::{server, TestApp};

/// The demo campaign (`eagles seed demo`: three closed weeks, week 4 open) on a fresh
/// database, served with its absolute links under `public_url` (the listener's own
/// address when `None`). Returns the app, the campaign's id and the demo accounts'
/// password.
pub async fn demo(public_url: Option<&str>) -> (TestApp, i64, String) {
    let (database, out) = database::demo_database().await;
    // "created the demo campaign 1 (…); sign in as demo-referee with the password P"
    let words: Vec<&str> = out.split_whitespace().collect();
    let campaign_id = words[4].parse().expect("the seed prints the campaign's id");
    let password = words
        .last()
        .expect("the seed prints the password")
        .to_string();
    let pool = eagles_db::build_pool(database.url(), eagles_db::PoolSettings::default());
    let address = match public_url {
        None => server::start(pool.clone()),
        Some(url) => {
            let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
            let address = format!("http://{}", listener.local_addr().unwrap());
            let public_url = eagles_web::PublicUrl::parse(url).unwrap();
            let served =
                eagles::server::run_public(listener, pool.clone(), Default::default(), public_url)
                    .expect("start the server");
            tokio::spawn(served);
            address
        }
    };
    let app = TestApp {
        address,
        pool,
        client: reqwest::Client::new(),
        _database: Some(database),
    };
    (app, campaign_id, password)
}

/// The content of the element with this id, up to the first closing `tag`.
fn element<'a>(html: &'a str, id: &str, tag: &str) -> &'a str {
    let at = html
        .find(&format!("id=\"{id}\""))
        .unwrap_or_else(|| panic!("no #{id} in the page"));
    let start = at + html[at..].find('>').unwrap() + 1;
    let end = start + html[start..].find(&format!("</{tag}>")).unwrap();
    &html[start..end]
}

/// The cells of each row of the table with this id, as text.
fn rows(html: &str, id: &str) -> Vec<Vec<String>> {
    let table = element(html, id, "table");
    let body = &table[table.find("<tbody>").unwrap()..];
    body.split("<tr>")
        .skip(1)
        .map(|row| {
            row.split("<td")
                .skip(1)
                .map(|cell| text(&format!("<td{cell}")))
                .collect()
        })
        .collect()
}

/// The items of the list with this id, as text.
fn items(html: &str, id: &str) -> Vec<String> {
    element(html, id, "ul")
        .split("<li>")
        .skip(1)
        .map(text)
        .collect()
}

#[tokio::test]
async fn the_demo_briefing_of_week_4_names_who_is_out_last_weeks_kills_and_the_change() {
    let (app, id, _) = demo(None).await;
    let response = app
        .get(&format!("/campaigns/{id}/weeks/4/briefing"), None)
        .await;
    assert_eq!(response.status(), StatusCode::OK);
    let html = response.text().await.unwrap();

    // R1: week 4 of a campaign from 1917-04-09 is dated 1917-04-30, late war.
    assert!(
        text(element(&html, "briefing-when", "p")).starts_with("30 April 1917, late war"),
        "{html}"
    );

    // Out (R7, R8), soonest back first. Kurt Wolff: a serious injury in week 2, 3d6 of
    // 2 5 6 = 13 weeks (not a triple, so not sent home) → out until week 2 + 13 = 15,
    // back in week 16. Georges Guynemer: captured in week 3, his capture 2d6 of 3 5 = 8
    // is not a 2 → a prisoner, out for the war.
    let out = rows(&html, "out");
    assert_eq!(
        out,
        [
            [
                "Kurt Wolff",
                "demo-carl",
                "injured",
                "out until week 15, back in week 16"
            ],
            [
                "Georges Guynemer",
                "demo-bert",
                "prisoner",
                "for the rest of the war"
            ],
        ]
    );
    // Julius Arigi: a minor injury in week 2, 1d6 − 1 of a 2 = 1 week (at least 1) →
    // out until week 3, back in week 4 (R7).
    assert_eq!(items(&html, "returning"), ["Julius Arigi (demo-dora)"]);
    // Who flies: everyone but the two out, by side and player.
    let flying = text(element(&html, "flying", "section"));
    assert!(flying.contains("demo-dora: Godwin Brumowski"), "{flying}");
    assert!(
        flying.contains("Julius Arigi (observer, 80 XP)"),
        "{flying}"
    );
    assert!(!flying.contains("Kurt Wolff") && !flying.contains("Georges Guynemer"));

    // Last week (3): Werner Voss shot down Guynemer's SPAD VII, and Guynemer was
    // captured; nobody was killed.
    assert_eq!(
        items(&html, "kills"),
        ["Werner Voss shot down the Allied SPAD VII (Georges Guynemer)"]
    );
    assert_eq!(
        items(&html, "captures"),
        ["Georges Guynemer (Allied, demo-bert)"]
    );
    assert!(html.contains("id=\"deaths\">Nobody was killed."));
    // R10: directing artillery with 3 trips of the 3 needed succeeded; the Central
    // fighter sweep succeeded, the Allies having lost more aircraft (1 to 0).
    let missions = items(&html, "missions");
    assert!(
        missions[0].contains("Allied directing artillery fire")
            && missions[0].ends_with("succeeded")
    );
    assert!(missions[1].contains("Central fighter sweep") && missions[1].ends_with("succeeded"));

    // The standings after week 3 and their change since week 2 (by XP, then kills;
    // crewmen level on both share a rank). Everyone started with 50 XP (R3).
    // XP earned (R4, R5): week 1 — Ball 20 turns + 10 Observe HQ success = 30;
    // Mottershead 5 sortie + 20 = 25; Mannock 20 + 2×2 red hits + 12 shared kill + 5
    // sweep success = 41; Guynemer 20 + 2 + 12 + 5 = 39; Voss 20 + 3×2 = 26 (his sweep
    // failed: his side lost more); Wolff 12 turns.
    // Week 2 — the Central side left on turn 15, so Allied pilots count 25 turns (R5):
    // Mannock 25 + 4×2 + 24 kill + 5 scramble success = 62; Nungesser 25 + 5 = 30;
    // Brumowski 15 + 5 strafing success + 20 (6 hexes × 4, capped at 20) = 40; Arigi 5
    // + 5 + 20 = 30; Wolff 15.
    // → after week 2: Mannock 153, Brumowski 90, Guynemer 89, Ball, Nungesser and Arigi
    // 80 (rank 4, level), Wolff 77, Voss 76, Mottershead 75, the rest 50 (rank 10).
    // Week 3: Ball 22 turns + 5 artillery success + 3×3 trips = 36; Chaput 5 + 5 + 6×3
    // = 28; Guynemer 9 turns; Voss 22 + 5×2 + 24 kill + 5 sweep success = 61;
    // Linke-Crawford 22 + 2 + 5 = 29 (on a sweep every aircraft of the side is on the
    // mission, R9).
    let standings = rows(&html, "standings");
    let line = |name: &str| -> Vec<String> {
        standings
            .iter()
            .find(|row| row[2] == name)
            .unwrap_or_else(|| panic!("{name} in the standings: {standings:?}"))
            .clone()
    };
    // [rank, change, name, side, player, XP, gained, kills, new kills], separated by
    // " | ": Mannock's and Voss's lines whole, the start of the others' (up to the name).
    for expected in [
        "1 | = | Mick Mannock | Allied | demo-ada | 153 | = | 2 | =",
        "2 | +6 | Werner Voss | Central | demo-carl | 137 | +61 | 1 | +1",
        "3 | +1 | Albert Ball | Allied | demo-ada | 116 | +36",
        "4 | −1 | Georges Guynemer | Allied | demo-bert | 98 | +9",
        "5 | −3 | Godwin Brumowski",
        "6 | −2 | Charles Nungesser",
        "6 | −2 | Julius Arigi",
        "8 | +2 | Frank Linke-Crawford | Central | demo-dora | 79 | +29",
        "9 | +1 | Jean Chaput | Allied | demo-bert | 78 | +28",
        "10 | −3 | Kurt Wolff",
        "11 | −2 | Tom Mottershead",
        "12 | −2 | Erwin Böhme",
    ] {
        let columns: Vec<&str> = expected.split(" | ").collect();
        let line = line(columns[2]);
        let shown = match columns.len() {
            9 => &line[..],
            n => &line[..n],
        };
        assert_eq!(shown.join(" | "), expected);
    }
    // R12: week 3 gave the Allies 36 + 28 + 9 = 73 game XP and the RE8's mission
    // awards (Ball 5 + 9, Chaput 5 + 18 = 37) again: +110; the Central side 61 + 29 =
    // +90 in single-seaters. Totals: Allied 135 + 30 (week 1's RE8 mission awards) + 92
    // + 110 = 367; Central 38 + 85 + 50 (the Albatros C-III's mission awards) + 90 = 263.
    let air_war = text(element(&html, "air-war", "p"));
    assert!(
        air_war.starts_with("The Allies lead the air war"),
        "{air_war}"
    );
    assert!(
        air_war.contains("Allied 367 (+110), Central 263 (+90)"),
        "{air_war}"
    );

    // The aircraft of May 1917 enter service on 1 May, which week 4 holds (R15).
    assert!(!items(&html, "new-aircraft").is_empty());
}

#[tokio::test]
async fn week_1_has_no_results_yet_and_weeks_outside_the_campaign_do_not_exist() {
    let (app, id, _) = demo(None).await;
    let html = app
        .get(&format!("/campaigns/{id}/weeks/1/briefing"), None)
        .await
        .text()
        .await
        .unwrap();
    assert!(!html.contains("id=\"last-week-h\"") && !html.contains("id=\"standings\""));
    assert!(html.contains("id=\"returning\">Nobody comes back this week."));
    // The week before's briefing is history, read as the campaign stood then: in week
    // 3 Arigi and Wolff were out (both until weeks 3 and 15) and nobody was captured.
    let html = app
        .get(&format!("/campaigns/{id}/weeks/3/briefing"), None)
        .await
        .text()
        .await
        .unwrap();
    let out: Vec<String> = rows(&html, "out")
        .into_iter()
        .map(|r| r[0].clone())
        .collect();
    assert_eq!(out, ["Julius Arigi", "Kurt Wolff"]);
    for week in [0, 5] {
        let response = app
            .get(&format!("/campaigns/{id}/weeks/{week}/briefing"), None)
            .await;
        assert_eq!(response.status(), StatusCode::NOT_FOUND, "week {week}");
    }
}

#[tokio::test]
async fn a_private_campaigns_briefing_is_404_to_outsiders_and_shown_to_members() {
    let app = TestApp::spawn().await;
    let referee = app.sign_up("ref", false).await;
    app.sign_up("outsider", false).await;
    let id = app.campaign(&referee, "1917-04-02", false).await;
    let path = format!("/campaigns/{id}/weeks/1/briefing");
    assert_eq!(app.get(&path, None).await.status(), StatusCode::NOT_FOUND);
    for (username, status) in [("outsider", StatusCode::NOT_FOUND), ("ref", StatusCode::OK)] {
        let visitor = Visitor::open(&app).await;
        let signed_in = visitor
            .sign_in(&app, username, &format!("password-of-{username}"))
            .await;
        let cookie = session_cookie(&signed_in).expect("a session");
        let response = visitor.get(&app, &path, &cookie).await;
        assert_eq!(response.status(), status, "{username}");
    }
}
