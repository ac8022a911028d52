//! The mission aircraft is not given away (API v1.3, §13.20, R16, R20): as a player of
//! the other side, every view of a game with a line-up — the line-up, the sheets page
//! and its target and claim lists, the live page, the game page — shows the mission
//! sortie in the same shape as a sweep sortie (the same keys and markup; only values
//! differ), and the mission sortie's key follows the order declared. A debrief whose
//! line-up lacks the assigned aircraft is refused naming it.
//!
//! The night is sheets.rs's: ada and bea fly for the Allies, karl and kurt for the
//! Central Powers; both sides fly fighter sweep (appendix E: 9), the Central mission
//! assigned to Werner Voss (kurt's) in an Albatros D-III.

use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::sheets::Night;
use crate::support::form_client::Visitor;
use crate::support::{body, problem};

/// Rolls both missions and assigns the Central one to Voss's Albatros D-III.
async fn assigned(night: &Night) {
    let [_, _, _, voss, _, _] = night.crew;
    let mut central = 0;
    for side in ["allied", "central"] {
        let rolled = night
            .made("rita", "/missions", json!({ "side": side, "dice": [9] }))
            .await;
        central = rolled["id"].as_i64().unwrap();
    }
    night.assign(central, "Albatros D-III", voss, None).await;
}

/// The line-up of the night: Wolff's sweep declared first (c1), then the mission
/// aircraft as assigned (c2), then ada's Bristol (a1). Gives (c1, c2, a1).
async fn declared(night: &Night) -> (Value, Value, Value) {
    let wolff = night.crew[4];
    let c1 = night
        .declare("karl", "Albatros D-III", &[(wolff, "pilot")])
        .await;
    let c2 = night.voss_albatros().await;
    let a1 = night.balls_bristol().await;
    // The mission sortie takes the next key in the order declared (R16).
    assert_eq!([&c1["key"], &c2["key"], &a1["key"]], ["c1", "c2", "a1"]);
    assert_eq!(c1["assignment"], "sweep");
    assert_eq!(c2["assignment"], "mission");
    (c1, c2, a1)
}

/// The HTML of a page of the night's campaign as `who`, signed in with a session.
async fn page(night: &Night, cookie: &str, rest: &str) -> String {
    let url = format!(
        "{}/campaigns/{}{rest}",
        night.app.address, night.world.campaign
    );
    let response = night
        .app
        .client
        .get(url)
        .header("cookie", cookie)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::OK, "{rest}");
    response.text().await.unwrap()
}

/// The element of `html` that opens with `<{tag} id="{id}"` (or with the id among its
/// attributes), to its closing tag.
fn element<'a>(html: &'a str, tag: &str, id: &str) -> &'a str {
    let marker = format!("id=\"{id}\"");
    let at = html
        .find(&marker)
        .unwrap_or_else(|| panic!("no #{id} in the page:\n{html}"));
    let start = html[..at].rfind(&format!("<{tag}")).unwrap();
    let end = start + html[start..].find(&format!("</{tag}>")).unwrap();
    &html[start..end]
}

/// `text` with each whole-word `needle` (not inside a longer word or number) replaced.
fn replace_word(text: &str, needle: &str, with: &str) -> String {
    let word = |c: Option<char>| c.is_some_and(|c| c.is_alphanumeric());
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find(needle) {
        out.push_str(&rest[..at]);
        let after = rest[at + needle.len()..].chars().next();
        if word(out.chars().last()) || word(after) {
            out.push_str(needle);
        } else {
            out.push_str(with);
        }
        rest = &rest[at + needle.len()..];
    }
    out.push_str(rest);
    out
}

/// `fragment` with the values that may differ between two sorties replaced: their
/// ids, keys and crews' names. What is left is the shape.
fn shape(fragment: &str, sortie: &Value) -> String {
    let mut shape = replace_word(fragment, &sortie["id"].to_string(), "ID");
    shape = replace_word(&shape, sortie["key"].as_str().unwrap(), "KEY");
    for man in sortie["crew"].as_array().unwrap() {
        shape = shape.replace(man["name"].as_str().unwrap(), "NAME");
        shape = replace_word(&shape, &man["crew_id"].to_string(), "CREW");
    }
    shape
}

/// A JSON value's shape: the same objects with the same keys, every scalar null.
fn json_shape(value: &Value) -> Value {
    match value {
        Value::Object(map) => Value::Object(
            map.iter()
                .map(|(k, v)| (k.clone(), json_shape(v)))
                .collect(),
        ),
        Value::Array(items) => Value::Array(items.iter().map(json_shape).collect()),
        _ => Value::Null,
    }
}

/// The keys of a JSON object, sorted.
fn keys(value: &Value) -> Vec<String> {
    let mut keys: Vec<String> = value.as_object().unwrap().keys().cloned().collect();
    keys.sort();
    keys
}

// API v1.3, §13.20, R16, R20: ada, of the other side, reads the Central sweep (c1) and
// the Central mission sortie (c2) alike in every view before the debrief.
#[tokio::test]
async fn s13_20_the_other_side_sees_the_mission_sortie_as_any_other() {
    let night = Night::new().await;
    assigned(&night).await;
    let (sweep, mission, _) = declared(&night).await;
    let ada = Visitor::session_of(&night.app, "ada").await;
    let of = |lineup: &Value, sortie: &Value| -> Value {
        lineup
            .as_array()
            .unwrap()
            .iter()
            .find(|s| s["id"] == sortie["id"])
            .cloned()
            .unwrap()
    };

    // The line-up (API): the same keys, no assignment, aircraft and crew shown.
    let lineup = night.lineup("ada").await;
    let (seen_sweep, seen_mission) = (of(&lineup, &sweep), of(&lineup, &mission));
    assert_eq!(keys(&seen_sweep), keys(&seen_mission));
    assert!(!keys(&seen_mission).contains(&"assignment".to_owned()));
    assert_eq!(seen_mission["aircraft"]["name"], "Albatros D-III");
    assert_eq!(seen_mission["crew"][0]["name"], "Werner Voss");
    // The same JSON but for the values: the same keys at every depth.
    assert_eq!(json_shape(&seen_sweep), json_shape(&seen_mission));
    // kurt's side sees which sortie flies the mission.
    assert_eq!(
        of(&night.lineup("kurt").await, &mission)["assignment"],
        "mission"
    );
    // Neither sheet is ada's to read.
    for sortie in [&sweep, &mission] {
        let id = sortie["id"].as_i64().unwrap();
        assert_eq!(night.sheet("ada", id).await.status(), StatusCode::NOT_FOUND);
    }

    // The pages: the game page's line-up, the sheets page's rest of the line-up, the
    // live page's line-up; each row of c2 is c1's row with other values.
    let game = page(&night, &ada, &format!("/games/{}", night.game)).await;
    let sheets = page(&night, &ada, &format!("/games/{}/sheets", night.game)).await;
    let live = page(&night, &ada, "/live").await;
    for (view, html, tag, id) in [
        ("game page", &game, "li", "lineup-"),
        ("sheets page", &sheets, "li", "other-"),
        ("live page", &live, "li", "live-sortie-"),
    ] {
        let row = |s: &Value| element(html, tag, &format!("{id}{}", s["id"])).to_owned();
        let (row_sweep, row_mission) = (row(&sweep), row(&mission));
        assert!(
            row_mission.contains("Albatros D-III"),
            "{view}: {row_mission}"
        );
        assert_eq!(
            shape(&row_sweep, &sweep),
            shape(&row_mission, &mission),
            "{view}: the mission sortie's row is shaped like a sweep's"
        );
    }
    // No line of the sheets page tells one sortie's aircraft and crew as secret.
    assert!(!sheets.contains("aircraft and crew secret"), "{sheets}");
    assert!(!game.contains("aircraft and crew secret"), "{game}");
    // The target list of ada's own sheet names both alike.
    for sortie in [&sweep, &mission] {
        let option = format!(
            "value=\"{}\">{} · Albatros D-III</option>",
            sortie["id"],
            sortie["key"].as_str().unwrap()
        );
        assert!(sheets.contains(&option), "{option} in:\n{sheets}");
    }
}

// API v1.3, R16: a debrief of a game with a line-up but no sortie of its assigned
// mission aircraft is refused (409) naming the aircraft to declare; declared, it goes.
#[tokio::test]
async fn a_debrief_names_the_mission_aircraft_left_out_of_the_line_up() {
    let night = Night::new().await;
    assigned(&night).await;
    let [_, _, _, _, wolff, _] = night.crew;
    let c1 = night
        .declare("karl", "Albatros D-III", &[(wolff, "pilot")])
        .await;
    let debrief = |sorties: Vec<Value>| {
        let sorties: Vec<Value> = sorties
            .iter()
            .map(|s| json!({ "sortie_id": s["id"], "turns_on_board": 3 }))
            .collect();
        json!({ "turns_played": 3, "sorties": sorties, "kills": [], "missions": [] })
    };
    let refused = night
        .post("rita", "/debrief", debrief(vec![c1.clone()]))
        .await;
    let words = problem(refused, StatusCode::CONFLICT).await;
    for name in ["Albatros D-III", "Werner Voss", "§13.20"] {
        assert!(words.contains(name), "{name} in: {words}");
    }
    let [_, _, _, voss, _, _] = night.crew;
    // kurt's sheets page offers his side's mission aircraft as assigned, to declare
    // like any other sortie.
    let kurt = Visitor::session_of(&night.app, "kurt").await;
    let sheets = page(&night, &kurt, &format!("/games/{}/sheets", night.game)).await;
    assert!(sheets.contains("id=\"declare-assigned\""), "{sheets}");
    let pilot = format!("<option value=\"{voss}\" selected=\"selected\">Werner Voss</option>");
    assert!(sheets.contains(&pilot), "{sheets}");
    let c2 = night.voss_albatros().await;
    let answer = night.post("rita", "/debrief", debrief(vec![c1, c2])).await;
    let status = answer.status();
    assert_eq!(status, StatusCode::CREATED, "{}", body(answer).await);
}
