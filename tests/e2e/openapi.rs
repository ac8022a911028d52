//! The OpenAPI document describes every route the contract lists.

use reqwest::StatusCode;

use crate::support::{body, problem, TestApp};

#[tokio::test]
async fn the_document_lists_the_contract_routes() {
    let app = TestApp::spawn().await;
    let response = app.get("/api/openapi.json", None).await;
    assert_eq!(response.status(), StatusCode::OK);
    let doc = body(response).await;
    assert!(doc["openapi"].as_str().unwrap().starts_with("3."));
    for (path, method) in [
        ("/health", "get"),
        ("/api/v1/tokens", "post"),
        ("/api/v1/tokens/current", "delete"),
        ("/api/v1/aircraft", "get"),
        ("/api/v1/abilities", "get"),
        ("/api/v1/campaigns", "post"),
        ("/api/v1/campaigns", "get"),
        ("/api/v1/campaigns/{cid}", "get"),
        ("/api/v1/campaigns/{cid}/members", "post"),
        ("/api/v1/campaigns/{cid}/crew", "post"),
        ("/api/v1/campaigns/{cid}/crew", "get"),
        ("/api/v1/campaigns/{cid}/crew/{id}", "get"),
        ("/api/v1/campaigns/{cid}/crew/{id}/abilities", "post"),
        // API v1.3, Accounts (R26).
        ("/api/v1/accounts", "post"),
        ("/api/v1/campaigns/{cid}/members/{username}", "delete"),
        ("/api/v1/accounts/current/password", "put"),
        ("/api/v1/accounts/current/sessions", "delete"),
        ("/api/v1/accounts/{username}/reset", "post"),
        ("/api/v1/campaigns/{cid}/invitations", "post"),
        ("/api/v1/campaigns/{cid}/invitations", "get"),
        ("/api/v1/campaigns/{cid}/invitations/{id}", "delete"),
        ("/api/v1/invitations/{code}", "get"),
        ("/api/v1/invitations/{code}/accept", "post"),
    ] {
        assert!(
            doc["paths"][path][method].is_object(),
            "{method} {path} is documented"
        );
    }
    assert_eq!(
        doc["components"]["securitySchemes"]["bearer"]["scheme"],
        "bearer"
    );
}

#[tokio::test]
async fn unknown_routes_are_problem_404s() {
    let app = TestApp::spawn().await;
    let detail = problem(
        app.get("/api/v1/nothing-here", None).await,
        StatusCode::NOT_FOUND,
    )
    .await;
    assert!(detail.contains("openapi"));
}

/// Issue 16: every enum of the wire (sides, roles, nationalities, statuses, mission
/// types, tables, outcomes) is documented with its allowed values, and the fields that
/// carry one point at it instead of at a plain string.
#[tokio::test]
async fn the_document_lists_the_allowed_values_of_every_enum() {
    use campaign::crew::{CrewStatus, Role};
    use campaign::injuries::Outcome;
    use campaign::missions::MissionType;
    use campaign::sides::{Nationality, Side};
    use campaign::tables::Table;

    let app = TestApp::spawn().await;
    let doc = body(app.get("/api/openapi.json", None).await).await;
    let schemas = &doc["components"]["schemas"];
    for (name, names) in [
        ("Side", Side::NAMES),
        ("Role", Role::NAMES),
        ("Nationality", Nationality::NAMES),
        ("CrewStatus", CrewStatus::NAMES),
        ("MissionType", MissionType::NAMES),
        ("Table", Table::NAMES),
        ("Outcome", Outcome::NAMES),
    ] {
        let listed: Vec<&str> = schemas[name]["enum"]
            .as_array()
            .unwrap_or_else(|| panic!("{name} has an enum list: {}", schemas[name]))
            .iter()
            .map(|v| v.as_str().unwrap())
            .collect();
        assert_eq!(listed, names, "{name}");
    }
    // R2: the two sides; §13: pilots and observers.
    assert_eq!(
        schemas["Side"]["enum"],
        serde_json::json!(["allied", "central"])
    );
    assert_eq!(
        schemas["Role"]["enum"],
        serde_json::json!(["pilot", "observer"])
    );

    let crewman = &schemas["CrewmanView"]["properties"];
    for (field, name) in [
        ("side", "Side"),
        ("role", "Role"),
        ("nationality", "Nationality"),
        ("status", "CrewStatus"),
    ] {
        assert_eq!(
            crewman[field]["$ref"],
            format!("#/components/schemas/{name}"),
            "CrewmanView.{field}"
        );
    }
    let roll = &schemas["RollRequest"]["properties"];
    assert_eq!(roll["table"]["$ref"], "#/components/schemas/Table");
}
