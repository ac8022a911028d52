//! Refusals in words (API v1.3, "Words"): across the API a refusal's `detail` cites the
//! rulebook's section and names fields, crewmen and aircraft as players do — never a
//! design number (`R17`), a field name (`tailed_last_turn`) or a bare id — while the
//! problem's `rule` keeps the design number and `path` the JSON path for programs.

use reqwest::{Method, Response, StatusCode};
use serde_json::{json, Value};

use crate::sheets::Night;
use crate::support::{aircraft_id, body};

/// The problem document of a 422.
async fn refusal(response: Response) -> Value {
    assert_eq!(response.status(), StatusCode::UNPROCESSABLE_ENTITY);
    body(response).await
}

/// `detail` says nothing only a program reads: no design number, no snake_case field
/// name, no code formatting, no bare number after "crewman", "aircraft type",
/// "sortie" or an id-like word.
fn in_words(detail: &str) {
    let words: Vec<&str> = detail
        .split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .filter(|w| !w.is_empty())
        .collect();
    for w in &words {
        let design =
            w.len() > 1 && w.starts_with('R') && w[1..].bytes().all(|b| b.is_ascii_digit());
        assert!(!design, "design number {w} in «{detail}»");
        assert!(
            !w.trim_matches('_').contains('_'),
            "field name {w} in «{detail}»"
        );
    }
    for pair in words.windows(2) {
        let bare_id = matches!(
            pair[0],
            "crewman" | "type" | "sortie" | "id" | "mission" | "game"
        ) && pair[1].bytes().all(|b| b.is_ascii_digit());
        assert!(
            !bare_id,
            "a bare id «{} {}» in «{detail}»",
            pair[0], pair[1]
        );
    }
    assert!(!detail.contains('`'), "code formatting in «{detail}»");
}

/// A single refusal: its rule, its detail in words starting with `starts`.
async fn refused(response: Response, rule: &str, starts: &str) -> Value {
    let problem = refusal(response).await;
    assert_eq!(problem["rule"], rule, "{problem}");
    let detail = problem["detail"].as_str().expect("a detail");
    in_words(detail);
    assert!(detail.starts_with(starts), "«{starts}» in «{detail}»");
    problem
}

#[tokio::test]
async fn refusals_across_the_api_are_in_words_and_keep_their_rule() {
    let night = Night::new().await;
    let [ball, hooper, mccudden, voss, _, _] = night.crew;
    let [a1, _, c1, _] = night.four_sorties().await;
    let campaign = format!("/api/v1/campaigns/{}", night.world.campaign);

    // R3 (§13.02): Ada already has her starting observer, Hooper.
    let second = night
        .app
        .post(
            &format!("{campaign}/crew"),
            night.token("ada"),
            &json!({ "name": "Second Observer", "role": "observer", "nationality": "british" }),
        )
        .await;
    refused(
        second,
        "R3",
        "§13.02: the player already has 1 starting observer(s)",
    )
    .await;

    // R6 (§13.102): Ball's 50 XP give no ability slot yet (the first comes at 100).
    let pick = night
        .app
        .post(
            &format!("{campaign}/crew/{ball}/abilities"),
            night.token("ada"),
            &json!({ "ability": "deflection" }),
        )
        .await;
    refused(
        pick,
        "R6",
        "§13.102: no ability slot is free: 50 XP gives 0 slot(s)",
    )
    .await;

    // R17 (§3.521): Hooper, an observer, fires with the tailing modifier.
    let shot = night
        .post(
            "ada",
            &format!("/sorties/{a1}/rolls"),
            json!({ "table": "combat", "shooter": hooper, "target_sortie": c1, "range": 1,
                    "burst": "short", "weapon": "flexible", "tailed_last_turn": true,
                    "dice": [5] }),
        )
        .await;
    let problem = refused(shot, "R17", "observers never take the tailing modifier").await;
    assert!(
        problem["detail"].as_str().unwrap().ends_with("(§3.521)"),
        "{problem}"
    );

    // R9 (§13.20): observing the enemy HQ (mission 2) needs a two-seater.
    let allied = night
        .made(
            "rita",
            "/missions",
            json!({ "side": "allied", "dice": [2] }),
        )
        .await;
    night
        .made(
            "rita",
            "/missions",
            json!({ "side": "central", "dice": [9] }),
        )
        .await;
    let spad = aircraft_id(&night.app, "SPAD XIII").await;
    let assign = night
        .app
        .request(
            Method::PUT,
            &night.path(&format!("/missions/{}/assignment", allied["id"])),
            night.token("rita"),
        )
        .json(&json!({ "aircraft_id": spad, "pilot_id": mccudden }))
        .send()
        .await
        .unwrap();
    refused(
        assign,
        "R9",
        "§13.20: observe enemy HQ needs a two-seater; SPAD XIII is not one",
    )
    .await;

    // A debrief of a second game, without a line-up: every problem at once, each in
    // words, with its design number and its path.
    let game = night
        .app
        .post(
            &format!("{campaign}/games"),
            night.token("rita"),
            &json!({ "dice": [3, 4] }),
        )
        .await;
    assert_eq!(game.status(), StatusCode::CREATED);
    let game = body(game).await["id"].as_i64().unwrap();
    for (side, die) in [("allied", 9), ("central", 9)] {
        let rolled = night
            .app
            .post(
                &format!("{campaign}/games/{game}/missions"),
                night.token("rita"),
                &json!({ "side": side, "dice": [die] }),
            )
            .await;
        assert_eq!(rolled.status(), StatusCode::CREATED);
    }
    let (bristol, albatros) = (
        aircraft_id(&night.app, "Bristol F2b").await,
        aircraft_id(&night.app, "Albatros D-III").await,
    );
    let report = json!({
        "turns_played": 3,
        "sorties": [
            { "key": "a1", "aircraft_id": spad, "assignment": "sweep", "turns_on_board": 3,
              "crew": [{ "crew_id": mccudden, "position": "pilot", "wound_boxes": 4 }] },
            { "key": "a2", "aircraft_id": bristol, "assignment": "sweep", "turns_on_board": 3,
              "crew": [{ "crew_id": ball, "position": "pilot", "wound_boxes": 2,
                         "dice": { "injury": [3] } },
                       { "crew_id": hooper, "position": "observer" }] },
            { "key": "c1", "aircraft_id": albatros, "assignment": "sweep", "turns_on_board": 3,
              "crew": [{ "crew_id": voss, "position": "pilot" }] }
        ],
        "kills": [{ "victim": "c1", "shooters": [mccudden] }],
        "missions": []
    });
    let debrief = night
        .app
        .post(
            &format!("{campaign}/games/{game}/debrief"),
            night.token("rita"),
            &report,
        )
        .await;
    let problem = refusal(debrief).await;
    in_words(problem["detail"].as_str().unwrap());
    let problems = problem["problems"].as_array().expect("a list of problems");
    let said: Vec<(&str, &str, &str)> = problems
        .iter()
        .map(|p| {
            let detail = p["detail"].as_str().unwrap();
            in_words(detail);
            (
                p["rule"].as_str().unwrap_or_default(),
                p["path"].as_str().unwrap_or_default(),
                detail,
            )
        })
        .collect();
    let find = |rule: &str| {
        said.iter()
            .find(|(r, _, _)| *r == rule)
            .unwrap_or_else(|| panic!("no {rule} in {problem}"))
    };
    // R7 (§10.01): three boxes kill; McCudden is named, his id is in the path.
    let (_, path, detail) = find("R7");
    assert_eq!(*path, format!("sorties[key=a1].crew[crew_id={mccudden}]"));
    assert!(
        detail.starts_with("§10.01: James McCudden has 4 wound boxes crossed off"),
        "{detail}"
    );
    // R4 (§13.103): a kill needs its victim lost.
    let (_, path, detail) = find("R4");
    assert_eq!(*path, "kills");
    assert_eq!(
        *detail,
        "§13.103: aircraft c1 is credited as a kill but is not marked lost"
    );
    // R14: a serious injury is rolled on 3d6, not one die.
    let (_, path, detail) = find("R14");
    assert!(path.starts_with("sorties[key=a2].crew"), "{path}");
    assert!(
        detail.contains("the serious injury table reads 3 dice; 1 were entered"),
        "{detail}"
    );
}
