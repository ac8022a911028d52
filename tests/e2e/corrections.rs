//! The corrections of contract v1.2 (issue #23), each test citing its rule: landing
//! safely (§9.00, R10), a debrief needs its missions (R9), closing a week with games
//! still open, and each man's `fate` in the debrief's answer (R7, R8; every debrief
//! test checks it through `debrief_ok`).

use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::support::aircraft_id;
use crate::support::fixtures_debrief::{
    aw, awards_of, ball_and_smith_fly, debrief_ok, game, mission, post_debrief, row_counts,
    squadron, sweep_game, Squadron,
};
use crate::support::fixtures_games::Loop;
use crate::support::form_client::Visitor;
use crate::support::{body, problem, TestApp};

fn fate(result: &Value, crew: i64) -> Value {
    result["crew"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["crew_id"] == crew)
        .unwrap_or_else(|| panic!("crewman {crew} is not in {result}"))["fate"]
        .clone()
}

/// A game in which the Allies observe the enemy HQ in a `two_seater` assigned to Ball
/// (pilot) and Smith (observer), and the Central side flies fighter sweep; the report
/// of its 10 turns, the two-seater home with Ball's and Smith's `outcomes`, and the
/// mission reported observed and landed safely.
async fn observation(
    app: &TestApp,
    s: &Squadron,
    two_seater: &str,
    (ball, smith): (&str, &str),
) -> (i64, i64, Value) {
    let aircraft = aircraft_id(app, two_seater).await;
    let g = game(s).await;
    let hq = ball_and_smith_fly(s, (g, aircraft), "observe_hq").await;
    mission(s, g, "central", "fighter_sweep", None, None).await;
    let seat = |name: &str, position: &str, outcome: &str| json!({ "crew_id": s.id(name), "position": position, "outcome": outcome });
    let report = json!({
        "turns_played": 10,
        "sorties": [
            { "key": "a1", "aircraft_id": aircraft, "assignment": "mission", "turns_on_board": 10,
              "crew": [seat("Ball", "pilot", ball), seat("Smith", "observer", smith)] }
        ],
        "missions": [ { "mission_id": hq, "target_observed": true, "landed_safely": true } ]
    });
    (g, hq, report)
}

fn success(result: &Value, mission: i64) -> Value {
    result["missions"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["mission_id"] == mission)
        .unwrap()["success"]
        .clone()
}

// §9.00, R10 (API v1.2): a two-seater whose observer was killed and whose pilot
// brought it home landed safely, so its observation succeeds and its awards stand.
// R4, appendix E worked by hand: Ball (pilot) 10 turns on the board = 10, observe HQ
// success pilot 10 → 20; Smith (observer) sortie 5, observe HQ success observer 20 →
// 25, his though he was killed ("a game's awards stand even if the crewman was
// killed"). The Central sweep lost nothing and downed nothing: no success, no award.
#[tokio::test]
async fn s9_observer_killed_and_pilot_home_lands_safely_with_its_awards() {
    let app = TestApp::spawn().await;
    let s = squadron(&app, "ref").await;
    let (g, hq, report) = observation(&app, &s, "RAF RE8", ("unharmed", "killed")).await;
    let result = debrief_ok(&app, &s, g, &report).await;
    assert_eq!(success(&result, hq), true);
    // Each man's awards and fate.
    for (name, awards, his_fate) in [
        (
            "Ball",
            [
                aw(10, "10 turns on the board: 10"),
                aw(10, "observe enemy HQ succeeded: 10"),
            ],
            "unharmed",
        ),
        (
            "Smith",
            [
                aw(5, "sortie flown on observe enemy HQ: 5"),
                aw(20, "observe enemy HQ succeeded: 20"),
            ],
            "killed",
        ),
    ] {
        assert_eq!(awards_of(&result, s.id(name)), awards, "{name}'s awards");
        assert_eq!(fate(&result, s.id(name)), his_fate, "{name}'s fate");
    }
    assert_eq!(result["deaths"], json!([s.id("Smith")]));
}

// §9.00, §9.01: the Bristol F2b has dual controls; its observer flies home the
// aircraft of a pilot killed aboard, so it may land safely and the observation
// succeeds. R4 as above: Ball 10 + 10 = 20 (his awards stand), Smith 5 + 20 = 25.
#[tokio::test]
async fn s9_dead_pilot_with_dual_controls_and_a_living_observer_may_land_safely() {
    let app = TestApp::spawn().await;
    let s = squadron(&app, "ref").await;
    let (g, hq, report) = observation(&app, &s, "Bristol F2b", ("killed", "unharmed")).await;
    let result = debrief_ok(&app, &s, g, &report).await;
    assert_eq!(success(&result, hq), true);
    let points = |name: &str| -> i64 { awards_of(&result, s.id(name)).iter().map(|a| a.0).sum() };
    assert_eq!((points("Ball"), points("Smith")), (20, 25));
    assert_eq!(fate(&result, s.id("Ball")), "killed");
    assert_eq!(fate(&result, s.id("Smith")), "unharmed");
}

// §9.00, R10: the RAF RE8 has no dual controls; with its pilot killed nobody flew it
// home, so `landed_safely: true` is refused (422 naming the sortie) and nothing is
// written. A pilot killed by three wound boxes is as dead (R7); captured, as gone.
#[tokio::test]
async fn s9_dead_pilot_without_dual_controls_did_not_land_safely() {
    let app = TestApp::spawn().await;
    let s = squadron(&app, "ref").await;
    let (g, _, report) = observation(&app, &s, "RAF RE8", ("killed", "unharmed")).await;
    let mut by_wounds = report.clone();
    by_wounds["sorties"][0]["crew"][0]["outcome"] = json!("unharmed");
    by_wounds["sorties"][0]["crew"][0]["wound_boxes"] = json!(3);
    for report in [report, by_wounds] {
        let before = row_counts(&app).await;
        let detail = problem(
            post_debrief(&app, &s, g, &report).await,
            StatusCode::UNPROCESSABLE_ENTITY,
        )
        .await;
        assert!(detail.starts_with("appendix E (§9.00)"), "{detail}");
        assert!(detail.contains("mission aircraft a1"), "{detail}");
        assert!(detail.contains("no dual controls"), "{detail}");
        assert_eq!(row_counts(&app).await, before);
    }
    let stored = app.get(&s.debrief_path(g), Some(&s.referee)).await;
    assert_eq!(stored.status(), StatusCode::NOT_FOUND);
}

// R9, API v1.2: each side rolls its mission at each game, so a debrief before both
// missions are rolled is a 409 saying which is missing, and writes nothing; once both
// are rolled the same report is accepted.
#[tokio::test]
async fn r9_a_debrief_before_both_missions_is_refused_and_writes_nothing() {
    let app = TestApp::spawn().await;
    let s = squadron(&app, "ref").await;
    let camel = aircraft_id(&app, "Sopwith Camel").await;
    let g = game(&s).await;
    let report = json!({
        "turns_played": 10,
        "sorties": [ { "key": "a1", "aircraft_id": camel, "assignment": "sweep",
                       "turns_on_board": 10, "crew": [ { "crew_id": s.id("Ball"), "position": "pilot" } ] } ]
    });
    let refused = |expected: &'static str| {
        let (app, s, report) = (&app, &s, &report);
        async move {
            let before = row_counts(app).await;
            let detail = problem(post_debrief(app, s, g, report).await, StatusCode::CONFLICT).await;
            assert_eq!(
                detail,
                format!(
                    "game {g} cannot be debriefed yet: {expected}; roll both sides' missions first"
                )
            );
            assert_eq!(row_counts(app).await, before);
            let game = body(
                app.get(&s.api(&format!("/games/{g}")), Some(&s.referee))
                    .await,
            )
            .await;
            assert_eq!(
                (game["debriefed"].clone(), game["state"].clone()),
                (json!(false), json!("awaiting_missions"))
            );
        }
    };
    refused("neither side's mission is rolled").await;
    mission(&s, g, "allied", "fighter_sweep", None, None).await;
    refused("the Central side's mission is not rolled").await;
    mission(&s, g, "central", "scramble", None, None).await;
    let game_view = body(
        app.get(&s.api(&format!("/games/{g}")), Some(&s.referee))
            .await,
    )
    .await;
    assert_eq!(game_view["state"], "in_progress");
    debrief_ok(&app, &s, g, &report).await;
}

async fn close(lp: &Loop, body: Option<&Value>) -> reqwest::Response {
    let request = lp.app.request(
        reqwest::Method::POST,
        &lp.path("/weeks/close"),
        Some(&lp.referee),
    );
    match body {
        Some(body) => request.json(body),
        None => request,
    }
    .send()
    .await
    .expect("POST /weeks/close")
}

async fn page(lp: &Loop, path: &str) -> String {
    let response = lp.app.get(path, None).await;
    assert_eq!(response.status(), StatusCode::OK, "{path}");
    response.text().await.unwrap()
}

// API v1.2: a week whose game has no debrief closes only when the referee says to
// abandon it: the close is a 409 naming the game as the pages do, with or without a
// body; `abandon_open_games: true` closes it, and the game shows as abandoned (no
// awards, no casualties) in the week's API and page, the Atom feed and the next
// week's briefing, and takes no debrief or mission any more.
#[tokio::test]
async fn closing_a_week_with_an_open_game_asks_to_abandon_it() {
    let lp = Loop::start_campaign("1917-04-23", true).await;
    let open = lp.open_game([3, 4]).await["id"].as_i64().unwrap();
    lp.mission(open, "allied", &[9]).await;
    let debriefed = lp.open_game([5, 6]).await["id"].as_i64().unwrap();
    lp.mission(debriefed, "allied", &[9]).await;
    lp.mission(debriefed, "central", &[9]).await;
    lp.debrief_unflown(debriefed).await;

    let expected = format!(
        "game {open} (week 1) has no debrief; debrief it first, or close the week choosing to abandon open games, to abandon it (no awards, no casualties)"
    );
    for sent in [
        None,
        Some(json!(null)),
        Some(json!({})),
        Some(json!({ "abandon_open_games": false })),
    ] {
        let detail = problem(close(&lp, sent.as_ref()).await, StatusCode::CONFLICT).await;
        assert_eq!(detail, expected, "{sent:?}");
    }
    for bad in [
        json!({ "abandon_open_games": "yes" }),
        json!({ "abandon": true }),
    ] {
        assert_eq!(
            close(&lp, Some(&bad)).await.status(),
            StatusCode::BAD_REQUEST
        );
    }
    let campaign = body(lp.get("", Some(&lp.referee)).await).await;
    assert_eq!(campaign["current_week"], 1);

    let closed = close(&lp, Some(&json!({ "abandon_open_games": true }))).await;
    assert_eq!(closed.status(), StatusCode::OK);
    let closed = body(closed).await;
    assert_eq!(
        (
            closed["current_week"].clone(),
            closed["abandoned_games"].clone()
        ),
        (json!(2), json!([open]))
    );

    let week = body(lp.get("/weeks/1", None).await).await;
    let state = |id: i64| {
        let g = week["games"]
            .as_array()
            .unwrap()
            .iter()
            .find(|g| g["id"] == id)
            .unwrap();
        (g["state"].clone(), g["abandoned"].clone())
    };
    assert_eq!(state(open), (json!("abandoned"), json!(true)));
    // §13.20 keeps an assignment secret until the debrief; an abandoned game is over
    // without one, so nothing of it stays secret.
    let abandoned = week["games"]
        .as_array()
        .unwrap()
        .iter()
        .find(|g| g["id"] == open)
        .unwrap();
    assert_eq!(abandoned["missions"][0]["assignment_hidden"], false);
    assert_eq!(state(debriefed), (json!("debriefed"), json!(false)));

    let cid = lp.campaign;
    let week_page = page(&lp, &format!("/campaigns/{cid}/weeks/1")).await;
    assert!(
        week_page.contains(&format!("id=\"abandoned-{open}\"")),
        "{week_page}"
    );
    assert!(week_page.contains("Abandoned when week 1 closed without its debrief"));
    let feed = page(&lp, &format!("/campaigns/{cid}/feed.atom")).await;
    assert!(
        feed.contains(&format!(
            "Game {open} was abandoned without a debrief when the week closed (no awards, no casualties)."
        )),
        "{feed}"
    );
    let briefing = page(&lp, &format!("/campaigns/{cid}/weeks/2/briefing")).await;
    assert!(
        briefing.contains("id=\"last-week-abandoned\""),
        "{briefing}"
    );
    assert!(briefing.contains(&format!("game {open}</a>")), "{briefing}");
    // The abandoned game counts as no game played.
    assert!(briefing.contains("One game."), "{briefing}");

    let refused = lp
        .post(
            &format!("/games/{open}/missions"),
            Some(&lp.referee),
            &json!({ "side": "central", "dice": [1] }),
        )
        .await;
    let detail = problem(refused, StatusCode::CONFLICT).await;
    assert!(
        detail.contains("was abandoned when week 1 closed"),
        "{detail}"
    );
    let refused = lp
        .post(
            &format!("/games/{open}/debrief"),
            Some(&lp.referee),
            &json!({ "turns_played": 1, "sorties": [] }),
        )
        .await;
    let detail = problem(refused, StatusCode::CONFLICT).await;
    assert!(detail.contains("abandoned"), "{detail}");

    // A week with nothing open closes with no body at all, as before.
    let closed = close(&lp, None).await;
    assert_eq!(closed.status(), StatusCode::OK);
    assert_eq!(body(closed).await["abandoned_games"], json!([]));
}

// API v1.2: after the debrief the game and week pages say who flew what, with each
// man's fate — the worse of his wounds and his outcome (R7): Voss, sent "unharmed"
// with two wound boxes, is seriously injured — and who shot down whom, each shooter
// with his aircraft and sortie, the victim with its aircraft and crew (R4).
#[tokio::test]
async fn the_pages_show_who_flew_what_and_who_shot_down_whom() {
    let app = TestApp::spawn().await;
    let s = squadron(&app, "ref").await;
    let (camel, bristol, albatros) = (
        aircraft_id(&app, "Sopwith Camel").await,
        aircraft_id(&app, "Bristol F2b").await,
        aircraft_id(&app, "Albatros D-III").await,
    );
    let g = sweep_game(&s).await;
    let seat = |name: &str, position: &str| json!({ "crew_id": s.id(name), "position": position });
    let report = json!({
        "turns_played": 12,
        "sorties": [
            { "key": "a1", "aircraft_id": camel, "assignment": "sweep", "turns_on_board": 12,
              "crew": [seat("Ball", "pilot")] },
            { "key": "a2", "aircraft_id": bristol, "assignment": "sweep", "turns_on_board": 12,
              "crew": [seat("Mannock", "pilot"), seat("Jones", "observer")] },
            { "key": "c1", "aircraft_id": albatros, "assignment": "sweep", "turns_on_board": 8,
              "aircraft_lost": true, "crew": [seat("Boelcke", "pilot")] },
            { "key": "c2", "aircraft_id": albatros, "assignment": "sweep", "turns_on_board": 10,
              "aircraft_lost": true, "crew": [
                { "crew_id": s.id("Voss"), "position": "pilot", "wound_boxes": 2,
                  "outcome": "unharmed", "dice": { "injury": [2, 3, 4] } } ] }
        ],
        "kills": [
            { "victim": "c1", "shooters": [s.id("Ball")] },
            { "victim": "c2", "shooters": [s.id("Ball"), s.id("Jones")] }
        ]
    });
    let result = debrief_ok(&app, &s, g, &report).await;
    assert_eq!(fate(&result, s.id("Voss")), "serious_injury");

    let cookie = Visitor::session_of(&app, "ref").await;
    let page = |path: String| {
        let (app, cookie) = (&app, &cookie);
        async move {
            let response = app
                .request(reqwest::Method::GET, &path, None)
                .header("cookie", cookie)
                .send()
                .await
                .unwrap();
            assert_eq!(response.status(), StatusCode::OK, "{path}");
            response.text().await.unwrap()
        }
    };
    let cid = s.campaign;
    for html in [
        page(format!("/campaigns/{cid}/games/{g}")).await,
        page(format!("/campaigns/{cid}/weeks/1")).await,
    ] {
        for line in [
            "Ball (Sopwith Camel, a1) shot down c1 (Albatros D-III, Boelcke)",
            "Ball (Sopwith Camel, a1) and Jones (Bristol F2b, a2) shot down c2 (Albatros D-III, Voss)",
        ] {
            assert!(html.contains(line), "«{line}» in {html}");
        }
        for (name, fate) in [
            ("Ball", "unharmed"),
            ("Jones", "unharmed"),
            ("Voss", "serious injury"),
        ] {
            let id = format!("id=\"fate-{g}-{}\">{fate}<", s.id(name));
            assert!(html.contains(&id), "{name}: {fate} in {html}");
        }
        assert!(html.contains(&format!("id=\"sortie-{g}-c2\"")), "{html}");
    }
    // The game page's crew rolls name the fate, and the outcome sent only beside it.
    let game = page(format!("/campaigns/{cid}/games/{g}")).await;
    let voss = s.id("Voss");
    assert!(
        game.contains(&format!(
            "<strong id=\"fate-{voss}\">serious injury</strong>"
        )),
        "{game}"
    );
    assert!(
        game.contains(&format!(
            "<small id=\"outcome-{voss}\">(from his wounds; the debrief said unharmed)</small>"
        )),
        "{game}"
    );
}
