//! Session cookies: HttpOnly and SameSite=Strict, Secure behind TLS, a new id at
//! sign-in, gone at sign-out; and the security headers of the pages.

use reqwest::header::SET_COOKIE;
use reqwest::StatusCode;

use crate::support::{count, csrf_of, password_of, TestApp};

#[tokio::test]
async fn sessions_are_renewed_at_sign_in_and_deleted_at_sign_out() {
    let app = TestApp::spawn().await;
    app.add_user("rita", false).await;
    let mut visitor = app.visitor();
    let page = visitor.get("/sign-in").await;
    let set = page.headers()[SET_COOKIE].to_str().unwrap().to_owned();
    assert!(set.contains("HttpOnly"), "{set}");
    assert!(set.contains("SameSite=Strict"), "{set}");
    assert!(
        !set.contains("Secure"),
        "plain HTTP gets no Secure cookie: {set}"
    );
    let before_sign_in = visitor.cookie.clone().unwrap();
    let csrf = csrf_of(&page.text().await.unwrap());

    let password = password_of("rita");
    let response = visitor
        .post(
            "/sign-in",
            &[
                ("csrf", &csrf),
                ("username", "rita"),
                ("password", &password),
            ],
        )
        .await;
    assert_eq!(response.status(), StatusCode::SEE_OTHER);
    let signed_in = visitor.cookie.clone().unwrap();
    assert_ne!(signed_in, before_sign_in, "sign-in gives a new session id");
    // The visitor's session is gone: one session left, rita's.
    assert_eq!(count(&app, "SELECT count(*) FROM sessions").await, 1);
    assert_eq!(
        count(&app, "SELECT count(*) FROM sessions s JOIN users u ON u.id = s.user_id WHERE u.username = 'rita'").await,
        1
    );
    let home = visitor.get("/").await.text().await.unwrap();
    let csrf = csrf_of(&home);

    let response = visitor.post("/sign-out", &[("csrf", &csrf)]).await;
    assert_eq!(response.status(), StatusCode::SEE_OTHER);
    let removal = response.headers()[SET_COOKIE].to_str().unwrap().to_owned();
    assert!(removal.contains("Max-Age=0"), "{removal}");
    assert_eq!(count(&app, "SELECT count(*) FROM sessions").await, 0);
    // The old cookie no longer signs anyone in.
    visitor.cookie = Some(signed_in);
    let home = visitor.get("/").await.text().await.unwrap();
    assert!(!home.contains("Sign out"));
}

#[tokio::test]
async fn behind_a_tls_proxy_the_cookie_is_secure() {
    let app = TestApp::spawn().await;
    let response = reqwest::Client::new()
        .get(format!("{}/sign-in", app.address))
        .header("x-forwarded-proto", "https")
        .send()
        .await
        .unwrap();
    let set = response.headers()[SET_COOKIE].to_str().unwrap();
    assert!(set.contains("Secure") && set.contains("HttpOnly"), "{set}");
}

#[tokio::test]
async fn pages_carry_security_headers_and_error_pages_are_html() {
    let app = TestApp::spawn().await;
    let mut visitor = app.visitor();
    let response = visitor.get("/").await;
    let headers = response.headers();
    assert_eq!(
        headers["content-security-policy"],
        "default-src 'self'; frame-ancestors 'none'; form-action 'self'; base-uri 'none'"
    );
    assert_eq!(headers["x-content-type-options"], "nosniff");
    assert_eq!(headers["referrer-policy"], "same-origin");
    assert_eq!(headers["content-type"], "text/html; charset=utf-8");

    let missing = visitor.get("/campaigns/999").await;
    assert_eq!(missing.status(), StatusCode::NOT_FOUND);
    assert_eq!(
        missing.headers()["content-type"],
        "text/html; charset=utf-8"
    );
    let page = missing.text().await.unwrap();
    assert!(page.contains("<h1>404 Not Found</h1>"), "{page}");
    assert!(page.contains("there is no campaign 999"));

    let unknown = visitor.get("/no/such/page").await;
    assert_eq!(unknown.status(), StatusCode::NOT_FOUND);
    assert!(unknown
        .text()
        .await
        .unwrap()
        .contains("there is no page here"));

    // A wrong filter comes back next to its field, the input kept.
    let response = visitor
        .get("/aircraft?side=neutral&in_service_on=1917-13-01")
        .await;
    assert_eq!(response.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let page = response.text().await.unwrap();
    assert!(page.contains("id=\"side-error\">choose allied, central or any side<"));
    assert!(page.contains("id=\"in_service_on-error\">give the date as YYYY-MM-DD"));
    assert!(page.contains("value=\"1917-13-01\""));
}
