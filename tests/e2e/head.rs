//! `HEAD` for every `GET` (contract v1.2, "Corrections"): every `GET` path of the
//! OpenAPI document and every page of the web router answers `HEAD` with the status,
//! content type and length of its `GET`, and no body. The `HEAD` requests go over a
//! bare TCP connection, so a body sent after the head — or an event stream left open
//! — would show.

use std::time::Duration;

use reqwest::{Method, StatusCode};
use tokio::io::{AsyncReadExt, AsyncWriteExt};

use crate::support::fixtures_games::{Furnished, Loop};
use crate::support::form_client::{session_cookie, Visitor};
use crate::support::{body, TestApp};

/// How long one `HEAD` may take before the test fails: an answer that never ends.
const ONE_HEAD: Duration = Duration::from_secs(60);

/// A `HEAD` answer as it came over the wire.
struct Answer {
    status: u16,
    headers: Vec<(String, String)>,
    /// Whatever followed the head before the server closed the connection.
    after_head: Vec<u8>,
}

impl Answer {
    fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }
}

/// Sends `HEAD path` with `Connection: close` and reads until the server closes.
async fn raw_head(app: &TestApp, path: &str, extra: &[(&str, &str)]) -> Answer {
    let host = app.address.trim_start_matches("http://").to_owned();
    let mut request = format!("HEAD {path} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n");
    for (name, value) in extra {
        request.push_str(&format!("{name}: {value}\r\n"));
    }
    request.push_str("\r\n");
    let read = async {
        let mut stream = tokio::net::TcpStream::connect(&host).await.unwrap();
        stream.write_all(request.as_bytes()).await.unwrap();
        let mut bytes = Vec::new();
        stream.read_to_end(&mut bytes).await.unwrap();
        bytes
    };
    let bytes = tokio::time::timeout(ONE_HEAD, read)
        .await
        .unwrap_or_else(|_| panic!("HEAD {path} did not end within {ONE_HEAD:?}"));
    let end = bytes
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .unwrap_or_else(|| panic!("HEAD {path}: no complete head"));
    let head = String::from_utf8_lossy(&bytes[..end]).into_owned();
    let mut lines = head.split("\r\n");
    let status = lines
        .next()
        .unwrap()
        .split(' ')
        .nth(1)
        .unwrap()
        .parse()
        .unwrap();
    let headers = lines
        .filter_map(|line| line.split_once(':'))
        .map(|(n, v)| (n.trim().to_owned(), v.trim().to_owned()))
        .collect();
    Answer {
        status,
        headers,
        after_head: bytes[end + 4..].to_vec(),
    }
}

/// Compares `GET path` with `HEAD path`, both with the same credentials; `Err` says how
/// they differ.
async fn same_as_get(app: &TestApp, path: &str, auth: &[(&str, &str)]) -> Result<(), String> {
    // Redirects are compared, not followed.
    let client = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap();
    let mut get = client.request(Method::GET, format!("{}{path}", app.address));
    for (name, value) in auth {
        get = get.header(*name, *value);
    }
    let get = get.send().await.expect("GET");
    let head = raw_head(app, path, auth).await;
    let content_type = |v: Option<&str>| v.map(str::to_owned);
    let get_type = content_type(
        get.headers()
            .get("content-type")
            .and_then(|v| v.to_str().ok()),
    );
    let get_length = get
        .headers()
        .get("content-length")
        .and_then(|v| v.to_str().ok())
        .map(str::to_owned);
    let get_status = get.status().as_u16();
    // An event stream is left unread: dropping it closes it.
    drop(get);
    let mut wrong = Vec::new();
    if head.status != get_status {
        wrong.push(format!("status {} (GET {get_status})", head.status));
    }
    if content_type(head.header("content-type")) != get_type {
        wrong.push(format!(
            "content-type {:?} (GET {get_type:?})",
            head.header("content-type")
        ));
    }
    if let Some(length) = &get_length {
        if head.header("content-length") != Some(length) {
            wrong.push(format!(
                "content-length {:?} (GET {length})",
                head.header("content-length")
            ));
        }
    }
    if !head.after_head.is_empty() {
        wrong.push(format!("{} bytes of body", head.after_head.len()));
    }
    if wrong.is_empty() {
        Ok(())
    } else {
        Err(format!("HEAD {path}: {}", wrong.join(", ")))
    }
}

#[tokio::test]
async fn every_get_of_the_openapi_document_answers_head() {
    let furnished = Furnished::new(Loop::start("1917-04-02").await).await;
    let app = &furnished.game.app;
    let bearer = format!("Bearer {}", furnished.game.referee);
    let doc = body(app.get("/api/openapi.json", None).await).await;
    let mut failures = Vec::new();
    let mut tried = 0;
    let mut paths = vec![
        "/api/openapi.json".to_owned(),
        "/api/v1/no-such-thing".to_owned(),
    ];
    for (template, item) in doc["paths"].as_object().unwrap() {
        if item.get("get").is_some() {
            paths.push(furnished.fill(template));
        }
    }
    for path in &paths {
        // As the campaign's referee, and without a token (401s and 404s alike).
        for auth in [vec![("Authorization", bearer.as_str())], vec![]] {
            tried += 1;
            if let Err(e) = same_as_get(app, path, &auth).await {
                failures.push(e);
            }
        }
    }
    assert!(tried > 40, "only {tried} GETs tried");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The read cache answers a `HEAD` as its `GET`: the same ETag, a 304 for it, and a
/// `HEAD` first leaves the whole body for the `GET` after it.
#[tokio::test]
async fn head_shares_the_read_caches_etag_and_leaves_it_whole() {
    let game = Loop::start_campaign("1917-04-02", true).await;
    let app = &game.app;
    let path = game.path("/leaderboard");
    let head = raw_head(app, &path, &[]).await;
    assert_eq!(head.status, 200);
    let etag = head.header("etag").expect("an ETag on HEAD").to_owned();
    let get = app.get(&path, None).await;
    assert_eq!(get.status(), StatusCode::OK);
    assert_eq!(get.headers()["etag"].to_str().unwrap(), etag);
    let length = get.headers()["content-length"].to_str().unwrap().to_owned();
    let got = get.bytes().await.unwrap();
    assert_eq!(got.len().to_string(), length);
    assert!(!got.is_empty());
    assert_eq!(head.header("content-length"), Some(length.as_str()));
    let not_modified = raw_head(app, &path, &[("If-None-Match", &etag)]).await;
    assert_eq!(not_modified.status, 304);
    assert_eq!(not_modified.header("etag"), Some(etag.as_str()));
    assert!(not_modified.after_head.is_empty());
    // The page door too: a HEAD first, then the GET it was cached for.
    let page = format!("/campaigns/{}", game.campaign);
    let head = raw_head(app, &page, &[]).await;
    assert_eq!(head.status, 200);
    let html = app.get(&page, None).await.text().await.unwrap();
    assert!(html.contains("</html>"), "the GET after a HEAD is whole");
    assert_eq!(
        head.header("content-length"),
        Some(html.len().to_string().as_str())
    );
}

/// Every `GET` route of the web router (`web/src/lib.rs`, the `#[get]` handlers of
/// `web/src/pages`), filled with the demo campaign's ids.
const PAGES: &[&str] = &[
    "/",
    "/sign-in",
    "/aircraft",
    "/static/eagles.css",
    "/static/briefing.css",
    "/static/debrief.js",
    "/static/live.js",
    "/static/sheet.css",
    "/static/dice-check.js",
    "/static/receipts.js",
    "/campaigns/{cid}",
    "/campaigns/{cid}/home.json",
    "/campaigns/{cid}/feed.atom",
    "/campaigns/{cid}/leaderboard",
    "/campaigns/{cid}/players",
    "/campaigns/{cid}/crew",
    "/campaigns/{cid}/crew/{id}",
    "/campaigns/{cid}/members",
    "/campaigns/{cid}/id-cards",
    "/campaigns/{cid}/dice",
    "/campaigns/{cid}/club-night",
    "/campaigns/{cid}/live",
    "/campaigns/{cid}/games/{gid}",
    "/campaigns/{cid}/games/{gid}/sheets",
    "/campaigns/{cid}/weeks/{n}",
    "/campaigns/{cid}/weeks/{n}/briefing",
    "/campaigns/{cid}/weeks/{n}/dice-check",
    "/campaigns/{cid}/weeks/{n}/dice.json",
    "/account",
    "/join/{code}",
    "/reset/{token}",
];

/// The `#[get("…")]` routes of the page handlers, read from their sources.
fn routed_pages() -> Vec<String> {
    fn walk(dir: &std::path::Path, found: &mut Vec<String>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                walk(&path, found);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let source = std::fs::read_to_string(&path).unwrap();
                for part in source.split("#[get(\"").skip(1) {
                    found.push(part.split('"').next().unwrap().to_owned());
                }
            }
        }
    }
    let mut found = Vec::new();
    walk(
        &std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("web/src/pages"),
        &mut found,
    );
    found
}

/// The first number after `prefix` in `html`.
fn id_after(html: &str, prefix: &str) -> String {
    let start = html
        .find(prefix)
        .unwrap_or_else(|| panic!("a link starting {prefix}"))
        + prefix.len();
    html[start..]
        .chars()
        .take_while(char::is_ascii_digit)
        .collect()
}

#[tokio::test]
async fn every_page_of_the_demo_answers_head() {
    let mut routed = routed_pages();
    routed.sort();
    let mut listed: Vec<String> = PAGES.iter().map(|p| p.to_string()).collect();
    listed.sort();
    assert_eq!(routed, listed, "PAGES lists every GET route of the pages");

    let (app, campaign, password) = crate::briefing::demo(None).await;
    let visitor = Visitor::open(&app).await;
    let signed_in = visitor.sign_in(&app, "demo-referee", &password).await;
    let cookie = session_cookie(&signed_in).expect("signed in as demo-referee");
    let crew_page = visitor
        .page(&app, &format!("/campaigns/{campaign}/crew"), &cookie)
        .await;
    let crewman = id_after(&crew_page, &format!("/campaigns/{campaign}/crew/"));
    let week_page = visitor
        .page(&app, &format!("/campaigns/{campaign}/weeks/1"), &cookie)
        .await;
    let game = id_after(&week_page, &format!("/campaigns/{campaign}/games/"));
    let mut failures = Vec::new();
    let mut paths: Vec<String> = PAGES
        .iter()
        .map(|p| {
            p.replace("{cid}", &campaign.to_string())
                .replace("{id}", &crewman)
                .replace("{gid}", &game)
                .replace("{n}", "1")
                // An invitation and a reset link that are not there: 404 and 410.
                .replace("{code}", "no-such-invitation")
                .replace("{token}", "no-such-link")
        })
        .collect();
    // A page that is not there, a campaign that is not there, a week not yet played.
    paths.push("/no-such-page".into());
    paths.push("/campaigns/999999/leaderboard".into());
    paths.push(format!("/campaigns/{campaign}/weeks/99"));
    for path in &paths {
        // Signed in as the referee, and as a visitor without a session.
        for auth in [vec![("Cookie", cookie.as_str())], vec![]] {
            if let Err(e) = same_as_get(&app, path, &auth).await {
                failures.push(e);
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// `/health` and an event stream: the stream's `HEAD` ends with its head.
#[tokio::test]
async fn health_and_event_streams_answer_head_and_end() {
    let game = Loop::start_campaign("1917-04-02", true).await;
    let app = &game.app;
    same_as_get(app, "/health", &[]).await.unwrap();
    let events = raw_head(app, &game.path("/events"), &[]).await;
    assert_eq!(events.status, 200);
    assert!(events
        .header("content-type")
        .is_some_and(|t| t.starts_with("text/event-stream")));
    assert!(events.after_head.is_empty());
}
