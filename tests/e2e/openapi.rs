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
