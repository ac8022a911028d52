use reqwest::StatusCode;

use crate::support::{body, server, TestApp};

#[tokio::test]
async fn health_reports_the_database_up() {
    let app = TestApp::spawn().await;
    let response = app.get("/health", None).await;
    assert_eq!(response.status(), StatusCode::OK);
    let health = body(response).await;
    assert_eq!(health["status"], "ok");
    assert_eq!(health["database"], "up");
}

#[tokio::test]
async fn health_reports_the_database_down_with_503() {
    let app = TestApp::spawn().await;
    // A pool pointed at a port where nothing listens.
    let dead = eagles_db::build_pool(
        "postgres://nobody:nothing@127.0.0.1:1/none",
        eagles_db::PoolSettings {
            create_timeout: std::time::Duration::from_millis(500),
            wait_timeout: std::time::Duration::from_millis(500),
            ..eagles_db::PoolSettings::default()
        },
    );
    let address = server::start(dead);
    let response = app
        .client
        .get(format!("{address}/health"))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::SERVICE_UNAVAILABLE);
    assert_eq!(body(response).await["database"], "down");
}
