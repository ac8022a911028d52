//! Reference data: appendices A and B (aircraft, R11) and appendix D (abilities).

use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::support::{body, problem, TestApp};

fn by_name<'a>(list: &'a [Value], name: &str) -> &'a Value {
    list.iter()
        .find(|a| a["name"] == name)
        .unwrap_or_else(|| panic!("{name} is listed"))
}

#[tokio::test]
async fn all_66_types_of_appendices_a_and_b_with_their_values() {
    let app = TestApp::spawn().await;
    let response = app.get("/api/v1/aircraft", None).await;
    assert_eq!(response.status(), StatusCode::OK);
    let list: Vec<Value> = serde_json::from_value(body(response).await).unwrap();
    assert_eq!(list.len(), 66);
    assert_eq!(list.iter().filter(|a| a["side"] == "allied").count(), 35);
    assert_eq!(list.iter().filter(|a| a["side"] == "central").count(), 31);

    // Appendix A: SPAD XIII  B 8 24 20 6 52 2R 4 2 - - 9 May'17.
    let spad = by_name(&list, "SPAD XIII");
    for (field, value) in [
        ("side", json!("allied")),
        ("stability", json!("B")),
        ("engine", json!(8)),
        ("wings", json!(24)),
        ("fuselage", json!(20)),
        ("tail", json!(6)),
        ("fuel", json!(52)),
        ("armament", json!("2R")),
        ("dive", json!("4")),
        ("climb", json!(2)),
        ("dual_controls", json!(false)),
        ("early_altitude", Value::Null),
        ("late_altitude", json!("9")),
        ("service_start", json!("1917-05")),
        ("crew", json!(1)),
    ] {
        assert_eq!(spad[field], value, "SPAD XIII {field}");
    }

    // Appendix A: Bristol F2b  A 8 40 28 6 67 1R/1FO 3 1 Y - 9 Jul'17; R11: crew 2.
    let bristol = by_name(&list, "Bristol F2b");
    assert_eq!(bristol["crew"], 2);
    assert_eq!(bristol["dual_controls"], true);
    assert_eq!(bristol["armament"], "1R/1FO");
    assert_eq!(bristol["service_start"], "1917-07");

    // Appendix B: Fokker Dr1  C 6 18 19 5 37 2R 3 3 - - 8+ Oct'17.
    let dr1 = by_name(&list, "Fokker Dr1");
    assert_eq!(dr1["stability"], "C");
    assert_eq!(dr1["fuel"], 37);
    assert_eq!(dr1["late_altitude"], "8+");
    assert_eq!(dr1["service_start"], "1917-10");
    assert_eq!(dr1["crew"], 1);

    // The BE2c/BE2e's dive is given as 1/2 in appendix A.
    assert_eq!(by_name(&list, "RAF BE2c/BE2e")["dive"], "1/2");
}

#[tokio::test]
async fn filter_by_side_and_service_date() {
    let app = TestApp::spawn().await;
    let response = app
        .get(
            "/api/v1/aircraft?in_service_on=1916-03-01&side=central",
            None,
        )
        .await;
    let list: Vec<Value> = serde_json::from_value(body(response).await).unwrap();
    let mut names: Vec<&str> = list.iter().map(|a| a["name"].as_str().unwrap()).collect();
    names.sort_unstable();
    // Appendix B types whose service start is March 1916 or earlier (R15: a type is in
    // service from the first day of its month).
    assert_eq!(
        names,
        [
            "AGO CIII",
            "Albatros C-I",
            "Albatros C-III",
            "Fokker E-III",
            "Pfalz A-1",
            "Pfalz E-III",
        ]
    );
    assert!(list.iter().all(|a| a["side"] == "central"));

    // The first of the month counts: the SPAD XIII (May 1917) is in on 1917-05-01, not
    // on 1917-04-30.
    let on = |date: &'static str| {
        let app = &app;
        async move {
            let list: Vec<Value> = serde_json::from_value(
                body(
                    app.get(
                        &format!("/api/v1/aircraft?side=allied&in_service_on={date}"),
                        None,
                    )
                    .await,
                )
                .await,
            )
            .unwrap();
            list.iter().any(|a| a["name"] == "SPAD XIII")
        }
    };
    assert!(!on("1917-04-30").await);
    assert!(on("1917-05-01").await);
}

#[tokio::test]
async fn bad_filters_are_400() {
    let app = TestApp::spawn().await;
    for query in ["side=neutral", "in_service_on=1917-13-01", "colour=red"] {
        let response = app.get(&format!("/api/v1/aircraft?{query}"), None).await;
        problem(response, StatusCode::BAD_REQUEST).await;
    }
}

#[tokio::test]
async fn the_abilities_of_appendix_d() {
    let app = TestApp::spawn().await;
    let list: Vec<Value> =
        serde_json::from_value(body(app.get("/api/v1/abilities", None).await).await).unwrap();
    let mut codes: Vec<&str> = list.iter().map(|a| a["code"].as_str().unwrap()).collect();
    codes.sort_unstable();
    let mut expected = [
        "cannot_be_tailed",
        "maneuver",
        "spin_skill",
        "spin_recovery",
        "tailing",
        "stability",
        "die_roll_add",
        "unjamming",
        "deflection",
        "observing",
        "bombardier",
        "concentrated_fire",
        "fire_value",
        "range",
    ];
    expected.sort_unstable();
    assert_eq!(codes, expected);
    let spin = list.iter().find(|a| a["code"] == "spin_skill").unwrap();
    // R6: Spin Skill and Spin Recovery need 250 XP when chosen.
    assert_eq!(spin["min_xp"], 250);
    assert_eq!(spin["kind"], "pilot");
    let range = list.iter().find(|a| a["code"] == "range").unwrap();
    assert_eq!(range["kind"], "ace");
    assert_eq!(range["min_xp"], 0);
}

// Appendix D, Contract v1.1 "Abilities explained": every ability carries `effect`, a
// sentence or two on what it does at the table, loaded with the reference data.
#[tokio::test]
async fn every_ability_says_what_it_does() {
    let app = TestApp::spawn().await;
    let list: Vec<Value> =
        serde_json::from_value(body(app.get("/api/v1/abilities", None).await).await).unwrap();
    assert_eq!(list.len(), 14);
    for ability in &list {
        let effect = ability["effect"].as_str().unwrap_or_default();
        assert!(
            effect.len() > 20 && effect.ends_with('.'),
            "{}: effect {effect:?}",
            ability["code"]
        );
    }
    // Appendix D: Spin Recovery gives +1 per 250 XP and a 2 always fails; Unjamming
    // clears a jam on 3 to 6.
    let effect = |code: &str| {
        list.iter().find(|a| a["code"] == code).unwrap()["effect"]
            .as_str()
            .unwrap()
            .to_owned()
    };
    assert!(effect("spin_recovery").contains("+1") && effect("spin_recovery").contains("250"));
    assert!(effect("unjamming").contains("3, 4, 5 or 6"));
}
