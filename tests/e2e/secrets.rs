//! Secrets stay out of the log, and every response carries the security headers.
//! The real `eagles serve` runs with the most verbose log for our crates and the HTTP
//! stack; after signing in through the API and the sign-in page, the captured log must
//! contain none of the passwords, tokens or session ids used.

use std::process::Command;
use std::time::Duration;

use reqwest::StatusCode;
use serde_json::json;

use crate::support::form_client::{session_cookie, Visitor};
use crate::support::server::free_port;
use crate::support::wait::until_healthy;
use crate::support::{body, builders, database, TestApp};

const EAGLES: &str = env!("CARGO_BIN_EXE_eagles");

#[tokio::test]
async fn passwords_tokens_and_sessions_never_reach_the_log() {
    let test_db = database::fresh_database().await;
    let url = test_db.url().to_owned();
    let port = free_port();
    let log_dir = tempfile::tempdir().unwrap();
    let log_path = log_dir.path().join("eagles.log");
    let log = std::fs::File::create(&log_path).unwrap();
    let mut server = Command::new(EAGLES)
        .args(["serve", "--bind", &format!("127.0.0.1:{port}")])
        .env("DATABASE_URL", &url)
        .env(
            "RUST_LOG",
            "trace,tokio=info,runtime=info,h2=info,hyper=info,mio=info",
        )
        .stdout(log.try_clone().unwrap())
        .stderr(log)
        .spawn()
        .expect("start eagles serve");

    let app = TestApp {
        address: format!("http://127.0.0.1:{port}"),
        pool: eagles_db::build_pool(&url, eagles_db::PoolSettings::default()),
        client: reqwest::Client::new(),
        _database: Some(test_db),
    };
    until_healthy(&app.client, &app.address, Duration::from_secs(60)).await;

    let password = "Zebra-Quartz-7731-secret";
    builders::account(&app.pool, "rita", password, false).await;
    let wrong_password = "Wrong-Guess-0042-secret";
    let refused = app
        .post(
            "/api/v1/tokens",
            None,
            &json!({ "username": "rita", "password": wrong_password }),
        )
        .await;
    assert_eq!(refused.status(), StatusCode::UNAUTHORIZED);
    let mut tokens = Vec::new();
    for _ in 0..2 {
        let created = app
            .post(
                "/api/v1/tokens",
                None,
                &json!({ "username": "rita", "password": password }),
            )
            .await;
        assert_eq!(created.status(), StatusCode::CREATED);
        tokens.push(body(created).await["token"].as_str().unwrap().to_owned());
    }
    let campaigns = app.get("/api/v1/campaigns", Some(&tokens[0])).await;
    assert_eq!(campaigns.status(), StatusCode::OK);
    let signed_out = app
        .request(
            reqwest::Method::DELETE,
            "/api/v1/tokens/current",
            Some(&tokens[1]),
        )
        .send()
        .await
        .unwrap();
    assert_eq!(signed_out.status(), StatusCode::NO_CONTENT);
    // The revoked token, refused, must not be echoed either.
    assert_eq!(
        app.get("/api/v1/campaigns", Some(&tokens[1]))
            .await
            .status(),
        StatusCode::UNAUTHORIZED
    );

    let visitor = Visitor::open(&app).await;
    assert_eq!(
        visitor.sign_in(&app, "rita", wrong_password).await.status(),
        StatusCode::UNAUTHORIZED
    );
    let signed_in = visitor.sign_in(&app, "rita", password).await;
    assert_eq!(signed_in.status(), StatusCode::SEE_OTHER);
    let session = session_cookie(&signed_in).expect("a session cookie");
    let home = visitor.get(&app, "/", &session).await;
    assert_eq!(home.status(), StatusCode::OK);

    let stopped = Command::new("kill")
        .args(["-TERM", &server.id().to_string()])
        .status()
        .unwrap();
    assert!(stopped.success());
    server.wait().unwrap();

    let log = std::fs::read_to_string(&log_path).unwrap();
    // The log is verbose enough to have seen the requests at all.
    assert!(
        log.contains("/api/v1/tokens"),
        "the log saw no requests:\n{log}"
    );
    let session_id = session.split_once('=').unwrap().1.to_owned();
    let visitor_id = visitor.cookie.split_once('=').unwrap().1.to_owned();
    for secret in [
        password.to_owned(),
        wrong_password.to_owned(),
        tokens[0].clone(),
        tokens[1].clone(),
        session_id,
        visitor_id,
        visitor.csrf.clone(),
    ] {
        assert!(
            !log.contains(&secret),
            "the log contains the secret {secret:?}"
        );
    }
}

#[tokio::test]
async fn pages_and_api_answers_carry_the_security_headers() {
    let app = TestApp::spawn().await;
    let token = app.sign_up("rita", false).await;
    for response in [
        app.get("/sign-in", None).await,
        app.get("/api/v1/campaigns", Some(&token)).await,
        app.get("/api/v1/campaigns/999", Some(&token)).await,
    ] {
        let headers = response.headers();
        let csp = headers["content-security-policy"].to_str().unwrap();
        assert!(csp.contains("default-src 'self'"), "{csp}");
        assert!(csp.contains("frame-ancestors 'none'"), "{csp}");
        assert_eq!(headers["x-content-type-options"], "nosniff");
        assert_eq!(headers["x-frame-options"], "DENY");
    }
}
