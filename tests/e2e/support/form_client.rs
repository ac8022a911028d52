//! The sign-in page driven over plain HTTP: a visitor's session cookie and CSRF token,
//! then the form posted with them.

use reqwest::redirect::Policy;
use reqwest::Response;

use super::TestApp;

/// A visitor's session: the cookie to send and the CSRF token of its forms.
pub struct Visitor {
    pub cookie: String,
    pub csrf: String,
    client: reqwest::Client,
}

impl Visitor {
    /// Opens the sign-in page as a new visitor.
    pub async fn open(app: &TestApp) -> Visitor {
        let client = reqwest::Client::builder()
            .redirect(Policy::none())
            .build()
            .unwrap();
        let response = client
            .get(format!("{}/sign-in", app.address))
            .send()
            .await
            .unwrap();
        let cookie = session_cookie(&response).expect("a visitor's session cookie");
        let html = response.text().await.unwrap();
        let csrf = hidden_value(&html, "csrf").expect("a CSRF token in the form");
        Visitor {
            cookie,
            csrf,
            client,
        }
    }

    /// The session cookie of `username`, an account of [`TestApp::sign_up`], signed in
    /// through the sign-in page by a new visitor.
    pub async fn session_of(app: &TestApp, username: &str) -> String {
        let password = format!("password-of-{username}");
        let response = Self::open(app)
            .await
            .sign_in(app, username, &password)
            .await;
        session_cookie(&response).expect("signed in")
    }

    /// Posts the sign-in form.
    pub async fn sign_in(&self, app: &TestApp, username: &str, password: &str) -> Response {
        self.client
            .post(format!("{}/sign-in", app.address))
            .header("cookie", &self.cookie)
            .form(&[
                ("csrf", self.csrf.as_str()),
                ("username", username),
                ("password", password),
            ])
            .send()
            .await
            .unwrap()
    }

    /// A GET of a page with this session's cookie.
    pub async fn get(&self, app: &TestApp, path: &str, cookie: &str) -> Response {
        self.client
            .get(format!("{}{path}", app.address))
            .header("cookie", cookie)
            .send()
            .await
            .unwrap()
    }

    /// The HTML of a page read with this session's cookie.
    pub async fn page(&self, app: &TestApp, path: &str, cookie: &str) -> String {
        self.get(app, path, cookie).await.text().await.unwrap()
    }
}

/// The `name=value` of the session cookie a response sets.
pub fn session_cookie(response: &Response) -> Option<String> {
    response
        .headers()
        .get_all("set-cookie")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .find(|v| v.starts_with("eagles_session="))
        .and_then(|v| v.split(';').next())
        .map(str::to_owned)
}

/// The value of the hidden input `name` in a page.
pub fn hidden_value(html: &str, name: &str) -> Option<String> {
    let marker = format!("name=\"{name}\" value=\"");
    let start = html.find(&marker)? + marker.len();
    let end = html[start..].find('"')?;
    Some(html[start..start + end].to_owned())
}

/// The text of an HTML page or fragment, tags dropped and spaces collapsed.
pub fn text(html: &str) -> String {
    let mut out = String::new();
    let mut in_tag = false;
    for c in html.chars() {
        match c {
            '<' => in_tag = true,
            '>' => in_tag = false,
            c if !in_tag => out.push(c),
            _ => {}
        }
    }
    out.split_whitespace().collect::<Vec<_>>().join(" ")
}
