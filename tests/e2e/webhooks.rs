//! Webhooks (issue 14, contract v1.1 "Outside the club room"): a referee subscribes a
//! URL; each event is queued with the write that makes it and delivered by the
//! `eagles serve` workers, signed, retried until a 2xx, at least once and never lost —
//! through a SIGKILL and with two instances on one Postgres. The receiver is a small
//! HTTP server in the test.

use std::collections::BTreeMap;
use std::process::Child;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use hmac::{Hmac, KeyInit, Mac};
use reqwest::{Method, StatusCode};
use serde_json::{json, Value};
use sha2::Sha256;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpListener;

use crate::support::form_client::{session_cookie, Visitor};
use crate::support::serve_command;
use crate::support::server::free_port;
use crate::support::wait::{until, until_healthy};
use crate::support::{body, problem, TestApp};

/// Long enough for a loaded machine; the waits end as soon as their condition holds.
const BOUND: Duration = Duration::from_secs(60);

/// One request the receiver got.
#[derive(Debug, Clone)]
struct Receipt {
    signature: String,
    body: Vec<u8>,
    /// The status it answered.
    answered: u16,
}

impl Receipt {
    fn json(&self) -> Value {
        serde_json::from_slice(&self.body).expect("a JSON delivery")
    }

    fn delivery_id(&self) -> String {
        self.json()["delivery_id"].as_str().unwrap().to_owned()
    }
}

/// A webhook receiver on a loopback port: answers 500 to its first `failures`
/// requests and while it is `down`, else 200, and keeps every request.
struct Receiver {
    url: String,
    receipts: Arc<Mutex<Vec<Receipt>>>,
    down: Arc<AtomicBool>,
}

impl Receiver {
    async fn start(failures: usize) -> Receiver {
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let url = format!("http://{}/hook", listener.local_addr().unwrap());
        let receipts = Arc::new(Mutex::new(Vec::new()));
        let down = Arc::new(AtomicBool::new(false));
        let failures = Arc::new(AtomicUsize::new(failures));
        let (r, d) = (receipts.clone(), down.clone());
        tokio::spawn(async move {
            loop {
                let Ok((stream, _)) = listener.accept().await else {
                    return;
                };
                let (r, d, f) = (r.clone(), d.clone(), failures.clone());
                tokio::spawn(async move {
                    let _ = serve_one(stream, r, d, f).await;
                });
            }
        });
        Receiver {
            url,
            receipts,
            down,
        }
    }

    fn receipts(&self) -> Vec<Receipt> {
        self.receipts.lock().unwrap().clone()
    }

    /// How many requests answered 200 each delivery id had.
    fn delivered(&self) -> BTreeMap<String, usize> {
        let mut counts = BTreeMap::new();
        for r in self.receipts().iter().filter(|r| r.answered == 200) {
            *counts.entry(r.delivery_id()).or_insert(0) += 1;
        }
        counts
    }
}

/// Reads one HTTP/1.1 request (headers, then `Content-Length` bytes) and answers it,
/// closing the connection.
async fn serve_one(
    mut stream: tokio::net::TcpStream,
    receipts: Arc<Mutex<Vec<Receipt>>>,
    down: Arc<AtomicBool>,
    failures: Arc<AtomicUsize>,
) -> std::io::Result<()> {
    let mut buffer = Vec::new();
    let mut chunk = [0u8; 4096];
    let head_end = loop {
        let n = stream.read(&mut chunk).await?;
        if n == 0 {
            return Ok(());
        }
        buffer.extend_from_slice(&chunk[..n]);
        if let Some(at) = buffer.windows(4).position(|w| w == b"\r\n\r\n") {
            break at + 4;
        }
    };
    let head = String::from_utf8_lossy(&buffer[..head_end]).to_string();
    let header = |name: &str| {
        head.lines()
            .filter_map(|l| l.split_once(':'))
            .find(|(k, _)| k.trim().eq_ignore_ascii_case(name))
            .map(|(_, v)| v.trim().to_owned())
    };
    let length: usize = header("content-length")
        .and_then(|v| v.parse().ok())
        .unwrap_or(0);
    while buffer.len() < head_end + length {
        let n = stream.read(&mut chunk).await?;
        if n == 0 {
            break;
        }
        buffer.extend_from_slice(&chunk[..n]);
    }
    let failing = down.load(Ordering::SeqCst)
        || failures
            .fetch_update(Ordering::SeqCst, Ordering::SeqCst, |n| n.checked_sub(1))
            .is_ok();
    let answered = if failing { 500 } else { 200 };
    receipts.lock().unwrap().push(Receipt {
        signature: header("x-eagles-signature").unwrap_or_default(),
        body: buffer[head_end..].to_vec(),
        answered,
    });
    let reason = if failing {
        "Internal Server Error"
    } else {
        "OK"
    };
    stream
        .write_all(
            format!(
                "HTTP/1.1 {answered} {reason}\r\ncontent-length: 0\r\nconnection: close\r\n\r\n"
            )
            .as_bytes(),
        )
        .await?;
    stream.shutdown().await
}

/// Whether `header` is `sha256=` and the HMAC-SHA256 of `body` under `secret` in
/// lower-case hex, checked as a receiver checks it: the hex decoded and the MAC
/// verified, independently of the service's signing code.
fn signed_by(header: &str, secret: &str, body: &[u8]) -> bool {
    let Some(hex) = header.strip_prefix("sha256=") else {
        return false;
    };
    let lower_hex = |b: u8| b.is_ascii_digit() || (b'a'..=b'f').contains(&b);
    if hex.len() != 64 || !hex.bytes().all(lower_hex) {
        return false;
    }
    let tag: Vec<u8> = (0..hex.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&hex[i..i + 2], 16).unwrap())
        .collect();
    let mut mac = Hmac::<Sha256>::new_from_slice(secret.as_bytes()).unwrap();
    mac.update(body);
    mac.verify_slice(&tag).is_ok()
}

/// `eagles serve` as a process on the test's database, its worker polling often and
/// retrying soon. Killed with SIGKILL when dropped.
struct Service {
    child: Child,
    address: String,
}

impl Service {
    async fn start(database_url: &str, allow_private: bool) -> Service {
        Self::start_with(database_url, allow_private, 50).await
    }

    /// [`Service::start`] with the first retry `retry_base_ms` after a failure.
    async fn start_with(database_url: &str, allow_private: bool, retry_base_ms: u64) -> Service {
        let port = free_port();
        let child = serve_command(database_url, port)
            .env(
                "EAGLES_WEBHOOK_ALLOW_PRIVATE",
                if allow_private { "true" } else { "false" },
            )
            .env("EAGLES_WEBHOOK_POLL_MS", "20")
            .env("EAGLES_WEBHOOK_RETRY_BASE_MS", retry_base_ms.to_string())
            .env("EAGLES_WEBHOOK_TIMEOUT_MS", "5000")
            .spawn()
            .expect("start eagles serve");
        let service = Service {
            child,
            address: format!("http://127.0.0.1:{port}"),
        };
        until_healthy(&reqwest::Client::new(), &service.address, BOUND).await;
        service
    }

    /// Stops it as a crash would: SIGKILL, no shutdown.
    fn kill(mut self) {
        self.child.kill().unwrap();
        self.child.wait().unwrap();
    }
}

impl Drop for Service {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A public campaign refereed by rita on a fresh database, reached through `app`.
struct Setup {
    app: TestApp,
    referee: String,
    campaign: i64,
}

impl Setup {
    async fn new() -> Setup {
        let app = TestApp::spawn().await;
        let referee = app.sign_up("rita", false).await;
        let campaign = app.campaign(&referee, "1917-04-02", true).await;
        Setup {
            app,
            referee,
            campaign,
        }
    }

    fn database_url(&self) -> &str {
        self.app._database.as_ref().unwrap().url()
    }

    async fn call(
        &self,
        address: &str,
        method: Method,
        path: &str,
        json: Option<Value>,
    ) -> reqwest::Response {
        let mut request = self
            .app
            .client
            .request(
                method,
                format!("{address}/api/v1/campaigns/{}{path}", self.campaign),
            )
            .bearer_auth(&self.referee);
        if let Some(json) = json {
            request = request.json(&json);
        }
        request.send().await.unwrap()
    }

    /// Subscribes `url` to closed weeks through the service at `address`.
    async fn subscribe(&self, address: &str, url: &str) -> Value {
        let response = self
            .call(
                address,
                Method::POST,
                "/webhooks",
                Some(json!({ "url": url, "events": ["week_closed"] })),
            )
            .await;
        assert_eq!(response.status(), StatusCode::CREATED);
        body(response).await
    }

    async fn close_week(&self, address: &str) {
        let response = self.call(address, Method::POST, "/weeks/close", None).await;
        assert_eq!(
            response.status(),
            StatusCode::OK,
            "{}",
            body(response).await
        );
    }

    /// `GET …/webhooks` through the service at `address`.
    async fn webhooks(&self, address: &str) -> Value {
        let response = self.call(address, Method::GET, "/webhooks", None).await;
        assert_eq!(response.status(), StatusCode::OK);
        body(response).await
    }

    /// Waits until the one webhook's deliveries number `count` and each satisfies
    /// `done`; returns them.
    async fn until_deliveries(
        &self,
        address: &str,
        what: &str,
        count: usize,
        done: impl Fn(&Value) -> bool,
    ) -> Vec<Value> {
        until(what, BOUND, || async {
            let hooks = self.webhooks(address).await;
            let deliveries = hooks[0]["deliveries"]
                .as_array()
                .cloned()
                .unwrap_or_default();
            if deliveries.len() == count && deliveries.iter().all(&done) {
                Ok(deliveries)
            } else {
                Err(format!("the webhooks read {hooks}"))
            }
        })
        .await
    }
}

// Acceptance 2: 500, 500, then 200 — three tries of one delivery, the same id and a
// valid signature each time, then marked delivered with its three tries.
#[tokio::test]
async fn a_delivery_is_retried_until_a_2xx_with_one_id_and_a_valid_signature() {
    let setup = Setup::new().await;
    let receiver = Receiver::start(2).await;
    let service = Service::start(setup.database_url(), true).await;

    let created = setup.subscribe(&service.address, &receiver.url).await;
    assert_eq!(created["url"], receiver.url);
    assert_eq!(created["events"], json!(["week_closed"]));
    assert!(created["id"].is_i64());
    let secret = created["secret"]
        .as_str()
        .expect("the secret, shown once")
        .to_owned();
    assert!(secret.len() >= 32, "a generated secret: {secret}");

    setup.close_week(&service.address).await;
    let receipts = until("three tries of the week-1 delivery", BOUND, || async {
        let receipts = receiver.receipts();
        if receipts.len() >= 3 {
            Ok(receipts)
        } else {
            Err(format!("{} so far", receipts.len()))
        }
    })
    .await;
    assert_eq!(
        receipts.iter().map(|r| r.answered).collect::<Vec<_>>(),
        [500, 500, 200]
    );
    let first = receipts[0].json();
    for receipt in &receipts {
        assert!(
            signed_by(&receipt.signature, &secret, &receipt.body),
            "{}",
            receipt.signature
        );
        assert_eq!(receipt.json(), first, "every try carries the same delivery");
    }
    assert!(!signed_by(
        &receipts[0].signature,
        "not the secret",
        &receipts[0].body
    ));
    assert_eq!(first["event"], "week_closed");
    assert_eq!(first["campaign_id"], setup.campaign);
    assert!(first["revision"].is_i64());
    assert!(first["delivery_id"]
        .as_str()
        .is_some_and(|id| !id.is_empty()));
    assert_eq!(
        first["content"],
        "Bloody April: week 1 closed — 0 kills, 0 deaths"
    );
    assert_eq!(first["data"]["closed_week"], 1);
    assert_eq!(first["data"]["current_week"], 2);

    let deliveries = setup
        .until_deliveries(&service.address, "the delivery marked delivered", 1, |d| {
            d["status"] == "delivered"
        })
        .await;
    let delivery = &deliveries[0];
    assert_eq!(delivery["delivery_id"], first["delivery_id"]);
    assert_eq!(delivery["revision"], first["revision"]);
    let statuses: Vec<Value> = delivery["attempts"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a["http_status"].clone())
        .collect();
    assert_eq!(statuses, [json!(500), json!(500), json!(200)]);
    assert!(delivery["attempts"][0]["error"]
        .as_str()
        .unwrap()
        .contains("500"));
    assert!(delivery["attempts"][2]["error"].is_null());
    assert!(delivery["finished_at"].is_string() && delivery["next_attempt_at"].is_null());

    // The referee sees the webhook and its tries on the members page.
    let visitor = Visitor::open(&setup.app).await;
    let signed_in = visitor
        .sign_in(&setup.app, "rita", "password-of-rita")
        .await;
    let cookie = session_cookie(&signed_in).expect("signed in");
    let page = visitor
        .page(
            &setup.app,
            &format!("/campaigns/{}/members", setup.campaign),
            &cookie,
        )
        .await;
    for shown in [
        format!("Webhook {}", created["id"]),
        "week 1 closed".to_owned(),
        "delivered".to_owned(),
        "the receiver answered 500".to_owned(),
        "answered 200".to_owned(),
    ] {
        assert!(
            page.contains(&shown),
            "the members page shows {shown:?}: {page}"
        );
    }

    // The next event's revision is higher.
    setup.close_week(&service.address).await;
    let deliveries = setup
        .until_deliveries(&service.address, "the week-2 delivery", 2, |d| {
            d["status"] == "delivered"
        })
        .await;
    assert!(deliveries[0]["revision"].as_i64() > deliveries[1]["revision"].as_i64());
    assert_eq!(receiver.delivered().len(), 2);
}

// Contract v1.1 (caching) for the members page, which lists the webhooks and their
// tries to the referee: those change with no write to the campaign, and its ETag
// moves with them — a webhook added, a try made and a webhook deleted each answer
// the page's last ETag with 200 and a new one, and nothing else does.
#[tokio::test]
async fn the_members_page_etag_moves_with_the_webhooks_and_their_tries() {
    let setup = Setup::new().await;
    let receiver = Receiver::start(0).await;
    receiver.down.store(true, Ordering::SeqCst);
    // Tries a few hundred milliseconds apart: several within the test's waits.
    let service = Service::start_with(setup.database_url(), true, 300).await;
    let visitor = Visitor::open(&setup.app).await;
    let signed_in = visitor
        .sign_in(&setup.app, "rita", "password-of-rita")
        .await;
    let cookie = session_cookie(&signed_in).expect("signed in");
    let members = MembersPage {
        setup: &setup,
        cookie,
    };

    let (first, _) = members.changed_since(None).await;
    members.unchanged(&first).await;

    let created = setup.subscribe(&service.address, &receiver.url).await;
    let webhook = format!("Webhook {}", created["id"]);
    let (subscribed, page) = members.changed_since(Some(&first)).await;
    assert!(page.contains(&webhook), "{page}");
    members.unchanged(&subscribed).await;

    // A failed try, then the page; then a later try, made by the worker alone.
    setup.close_week(&service.address).await;
    setup
        .until_deliveries(&service.address, "a first failed try", 1, |d| {
            !d["attempts"].as_array().unwrap().is_empty()
        })
        .await;
    let (tried, page) = members.changed_since(Some(&subscribed)).await;
    let failures = page.matches("the receiver answered 500").count();
    assert!(failures >= 1, "{page}");
    setup
        .until_deliveries(&service.address, "another try", 1, |d| {
            d["attempts"].as_array().unwrap().len() > failures
        })
        .await;
    let (retried, page) = members.changed_since(Some(&tried)).await;
    assert!(
        page.matches("the receiver answered 500").count() > failures,
        "{page}"
    );

    // Delivered, it rests: the page's ETag holds until the webhook is deleted.
    receiver.down.store(false, Ordering::SeqCst);
    setup
        .until_deliveries(&service.address, "the delivery delivered", 1, |d| {
            d["status"] == "delivered"
        })
        .await;
    let (delivered, _) = members.changed_since(Some(&retried)).await;
    members.unchanged(&delivered).await;
    let response = setup
        .call(
            &service.address,
            Method::DELETE,
            &format!("/webhooks/{}", created["id"]),
            None,
        )
        .await;
    assert_eq!(response.status(), StatusCode::NO_CONTENT);
    let (_, page) = members.changed_since(Some(&delivered)).await;
    assert!(!page.contains(&webhook), "{page}");
}

/// The members page as the referee `cookie` signed in, with `If-None-Match`.
struct MembersPage<'a> {
    setup: &'a Setup,
    cookie: String,
}

impl MembersPage<'_> {
    async fn get(&self, if_none_match: Option<&str>) -> reqwest::Response {
        let app = &self.setup.app;
        let mut request = app
            .client
            .get(format!(
                "{}/campaigns/{}/members",
                app.address, self.setup.campaign
            ))
            .header("cookie", &self.cookie);
        if let Some(etag) = if_none_match {
            request = request.header("if-none-match", etag);
        }
        request.send().await.unwrap()
    }

    /// Asserts a 200 with an ETag other than `etag`; the new ETag and the page.
    async fn changed_since(&self, etag: Option<&str>) -> (String, String) {
        let response = self.get(etag).await;
        assert_eq!(response.status(), StatusCode::OK, "after {etag:?}");
        let new = response.headers()["etag"].to_str().unwrap().to_owned();
        assert_ne!(Some(new.as_str()), etag);
        (new, response.text().await.unwrap())
    }

    /// Asserts a 304 to `etag`.
    async fn unchanged(&self, etag: &str) {
        let response = self.get(Some(etag)).await;
        assert_eq!(response.status(), StatusCode::NOT_MODIFIED, "{etag}");
    }
}

// Acceptance 2: deliveries queued (failing, waiting for their next try) when the
// service is killed with SIGKILL are delivered once it runs again.
#[tokio::test]
async fn queued_deliveries_survive_a_sigkill_and_go_out_after_a_restart() {
    let setup = Setup::new().await;
    let receiver = Receiver::start(0).await;
    receiver.down.store(true, Ordering::SeqCst);
    // Retries a second apart: the kill lands between tries, not in one (a try cut off
    // would be taken again only when its lease ends).
    let first = Service::start_with(setup.database_url(), true, 1000).await;
    setup.subscribe(&first.address, &receiver.url).await;
    for _ in 0..3 {
        setup.close_week(&first.address).await;
    }
    setup
        .until_deliveries(
            &first.address,
            "three deliveries tried and failed",
            3,
            |d| d["status"] == "pending" && !d["attempts"].as_array().unwrap().is_empty(),
        )
        .await;
    first.kill();
    receiver.down.store(false, Ordering::SeqCst);
    assert!(receiver.delivered().is_empty());

    let second = Service::start(setup.database_url(), true).await;
    let deliveries = setup
        .until_deliveries(
            &second.address,
            "the three delivered after the restart",
            3,
            |d| d["status"] == "delivered",
        )
        .await;
    let delivered = receiver.delivered();
    for d in &deliveries {
        let id = d["delivery_id"].as_str().unwrap();
        assert_eq!(
            delivered.get(id),
            Some(&1),
            "{id} answered 200 once: {delivered:?}"
        );
    }
}

// Acceptance 2: two instances on one Postgres share the outbox without doubling it:
// each event reaches the receiver once.
#[tokio::test]
async fn two_instances_deliver_each_event_once() {
    let setup = Setup::new().await;
    let receiver = Receiver::start(0).await;
    let a = Service::start(setup.database_url(), true).await;
    let b = Service::start(setup.database_url(), true).await;
    setup.subscribe(&a.address, &receiver.url).await;
    const EVENTS: usize = 8;
    for week in 0..EVENTS {
        let through = if week % 2 == 0 { &a } else { &b };
        setup.close_week(&through.address).await;
    }
    let deliveries = setup
        .until_deliveries(&b.address, "every week's delivery delivered", EVENTS, |d| {
            d["status"] == "delivered"
        })
        .await;
    let delivered = receiver.delivered();
    assert_eq!(delivered.len(), EVENTS, "{delivered:?}");
    assert!(delivered.values().all(|n| *n == 1), "{delivered:?}");
    assert_eq!(receiver.receipts().len(), EVENTS);
    for d in &deliveries {
        assert_eq!(d["attempts"].as_array().unwrap().len(), 1, "{d}");
    }
}

// Acceptance 3: private and loopback addresses are refused unless the operator allows
// them.
#[tokio::test]
async fn private_and_loopback_addresses_are_refused_unless_allowed() {
    let setup = Setup::new().await;
    // The in-process server runs with the default: refused.
    let local = setup.app.address.clone();
    for (url, kind) in [
        ("http://127.0.0.1:9/hook", "loopback"),
        ("http://localhost:9/hook", "loopback"),
        ("http://[::1]:9/hook", "loopback"),
        ("https://10.1.2.3/hook", "private"),
        ("https://192.168.0.10/hook", "private"),
        ("http://169.254.169.254/latest", "link-local"),
        ("http://[fd00::1]/hook", "unique-local"),
        ("http://0.0.0.0:9/hook", "unspecified"),
    ] {
        let response = setup
            .call(
                &local,
                Method::POST,
                "/webhooks",
                Some(json!({ "url": url, "events": ["week_closed"] })),
            )
            .await;
        let detail = problem(response, StatusCode::UNPROCESSABLE_ENTITY).await;
        assert!(
            detail.contains(kind) && detail.contains("EAGLES_WEBHOOK_ALLOW_PRIVATE"),
            "{url}: {detail}"
        );
    }
    assert_eq!(setup.webhooks(&local).await, json!([]));

    // Allowed by the setting.
    let allowing = Service::start(setup.database_url(), true).await;
    let created = setup
        .subscribe(&allowing.address, "http://127.0.0.1:9/hook")
        .await;
    assert_eq!(created["url"], "http://127.0.0.1:9/hook");
    allowing.kill();

    // A webhook whose host has come to resolve to a private address since it was
    // made: the worker refuses to send it, and says why.
    let receiver = Receiver::start(0).await;
    let refusing = Service::start(setup.database_url(), false).await;
    let response = setup
        .call(
            &refusing.address,
            Method::DELETE,
            &format!("/webhooks/{}", created["id"]),
            None,
        )
        .await;
    assert_eq!(response.status(), StatusCode::NO_CONTENT);
    // It was made when the address was allowed: through the use case with the
    // setting on, as the allowing server above took it.
    let office = setup.app.referee("rita", setup.campaign).await;
    office
        .webhook_allowing_private(&receiver.url, &["week_closed"])
        .await;
    setup.close_week(&refusing.address).await;
    let deliveries = setup
        .until_deliveries(&refusing.address, "a try refused for its address", 1, |d| {
            d["attempts"].as_array().is_some_and(|a| !a.is_empty())
        })
        .await;
    let attempt = &deliveries[0]["attempts"][0];
    assert!(attempt["http_status"].is_null());
    assert!(
        attempt["error"].as_str().unwrap().contains("loopback"),
        "{attempt}"
    );
    assert!(receiver.receipts().is_empty(), "nothing was sent");
}

// Bad input: clear 422s naming the field; the referee only; delete.
#[tokio::test]
async fn bad_webhooks_are_422s_that_say_why_and_only_referees_manage_them() {
    let setup = Setup::new().await;
    let local = setup.app.address.clone();
    for (input, field, says) in [
        (
            json!({ "url": "/hook", "events": ["week_closed"] }),
            "url",
            "absolute",
        ),
        (
            json!({ "url": "example.com/hook", "events": ["week_closed"] }),
            "url",
            "absolute",
        ),
        (
            json!({ "url": "ftp://example.com/hook", "events": ["week_closed"] }),
            "url",
            "http or https",
        ),
        (json!({ "events": ["week_closed"] }), "url", "required"),
        (
            json!({ "url": "https://example.com/hook", "events": [] }),
            "events",
            "at least one",
        ),
        (
            json!({ "url": "https://example.com/hook" }),
            "events",
            "at least one",
        ),
        (
            json!({ "url": "https://example.com/hook", "events": ["week_closed", "goal"] }),
            "events",
            "\"goal\"",
        ),
        (
            json!({ "url": "https://example.com/hook", "events": ["debrief"], "secret": "" }),
            "secret",
            "1 to 256",
        ),
    ] {
        let response = setup
            .call(&local, Method::POST, "/webhooks", Some(input.clone()))
            .await;
        let detail = problem(response, StatusCode::UNPROCESSABLE_ENTITY).await;
        assert!(
            detail.to_lowercase().contains(field) && detail.contains(says),
            "{input}: {detail}"
        );
    }
    let unknown = setup
        .call(
            &local,
            Method::POST,
            "/webhooks",
            Some(json!({ "url": "https://example.com", "events": ["debrief"], "colour": 1 })),
        )
        .await;
    problem(unknown, StatusCode::BAD_REQUEST).await;

    // A player may not see or add them.
    let ada = setup.app.sign_up("ada", false).await;
    setup
        .app
        .add_player(&setup.referee, setup.campaign, "ada", "allied")
        .await;
    for method in [Method::GET, Method::POST] {
        let response = setup
            .app
            .request(
                method,
                &format!("/api/v1/campaigns/{}/webhooks", setup.campaign),
                Some(&ada),
            )
            .json(&json!({ "url": "https://example.com/hook", "events": ["debrief"] }))
            .send()
            .await
            .unwrap();
        problem(response, StatusCode::FORBIDDEN).await;
    }

    // Allowed by the setting, with a secret of the referee's choosing; then deleted.
    let service = Service::start(setup.database_url(), true).await;
    let response = setup
        .call(
            &service.address,
            Method::POST,
            "/webhooks",
            Some(json!({ "url": "http://127.0.0.1:9/x", "events": ["debrief", "campaign_ended", "debrief"], "secret": "s3cret" })),
        )
        .await;
    assert_eq!(response.status(), StatusCode::CREATED);
    let created = body(response).await;
    assert_eq!(created["events"], json!(["debrief", "campaign_ended"]));
    assert_eq!(created["secret"], "s3cret");
    let listed = setup.webhooks(&local).await;
    assert_eq!(listed[0]["id"], created["id"]);
    assert!(
        listed[0].get("secret").is_none(),
        "the secret is shown once: {listed}"
    );
    let path = format!("/webhooks/{}", created["id"]);
    let response = setup.call(&local, Method::DELETE, &path, None).await;
    assert_eq!(response.status(), StatusCode::NO_CONTENT);
    let again = setup.call(&local, Method::DELETE, &path, None).await;
    problem(again, StatusCode::NOT_FOUND).await;
    assert_eq!(setup.webhooks(&local).await, json!([]));

    // The events are listed in the OpenAPI document like the other enums.
    let doc = body(setup.app.get("/api/openapi.json", None).await).await;
    assert_eq!(
        doc["components"]["schemas"]["WebhookEvent"]["enum"],
        json!(campaign::webhooks::WebhookEvent::NAMES)
    );
}

// The hand-kept schema names only columns migration 000014 made.
#[tokio::test]
async fn the_webhook_tables_match_the_schema() {
    use eagles_db::diesel::prelude::*;
    use eagles_db::diesel_async::RunQueryDsl;
    use eagles_db::schema::{webhook_attempts, webhook_deliveries, webhook_events, webhooks};
    let app = TestApp::spawn().await;
    let mut conn = app.pool.get().await.unwrap();
    webhooks::table
        .select(webhooks::all_columns)
        .limit(0)
        .execute(&mut conn)
        .await
        .unwrap();
    webhook_events::table
        .select(webhook_events::all_columns)
        .limit(0)
        .execute(&mut conn)
        .await
        .unwrap();
    webhook_deliveries::table
        .select(webhook_deliveries::all_columns)
        .limit(0)
        .execute(&mut conn)
        .await
        .unwrap();
    webhook_attempts::table
        .select(webhook_attempts::all_columns)
        .limit(0)
        .execute(&mut conn)
        .await
        .unwrap();
}

// Contract v1.1: a debrief and the campaign's end are events too, each queued with the
// write that makes it; a webhook gets only the events it subscribed to, with a
// `content` line a Discord channel shows as it is.
#[tokio::test]
async fn debriefs_and_the_end_are_delivered_to_their_subscribers() {
    let setup = Setup::new().await;
    let receiver = Receiver::start(0).await;
    let service = Service::start(setup.database_url(), true).await;
    let address = &service.address;
    let created = setup
        .call(
            address,
            Method::POST,
            "/webhooks",
            Some(json!({ "url": receiver.url, "events": ["debrief", "campaign_ended"] })),
        )
        .await;
    assert_eq!(created.status(), StatusCode::CREATED);

    let game = setup
        .call(
            address,
            Method::POST,
            "/games",
            Some(json!({ "dice": [3, 4] })),
        )
        .await;
    assert_eq!(game.status(), StatusCode::CREATED);
    let game_id = body(game).await["id"].as_i64().unwrap();
    // A debrief needs both sides' missions (API v1.2): both roll fighter sweep (d10 9).
    for side in ["allied", "central"] {
        let rolled = setup
            .call(
                address,
                Method::POST,
                &format!("/games/{game_id}/missions"),
                Some(json!({ "side": side, "dice": [9] })),
            )
            .await;
        assert_eq!(rolled.status(), StatusCode::CREATED);
    }
    let debriefed = setup
        .call(
            address,
            Method::POST,
            &format!("/games/{game_id}/debrief"),
            Some(json!({ "turns_played": 10, "sorties": [] })),
        )
        .await;
    assert_eq!(
        debriefed.status(),
        StatusCode::CREATED,
        "{}",
        body(debriefed).await
    );
    // A closed week is not subscribed to: nothing is queued for it.
    setup.close_week(address).await;
    let ended = setup.call(address, Method::POST, "/end", None).await;
    assert_eq!(ended.status(), StatusCode::OK);

    setup
        .until_deliveries(address, "the debrief and the end delivered", 2, |d| {
            d["status"] == "delivered"
        })
        .await;
    let mut events: Vec<Value> = receiver.receipts().iter().map(Receipt::json).collect();
    events.sort_by_key(|e| e["revision"].as_i64());
    let kinds: Vec<&str> = events
        .iter()
        .map(|e| e["event"].as_str().unwrap())
        .collect();
    assert_eq!(kinds, ["debrief", "campaign_ended"]);
    assert_eq!(events[0]["data"]["game_id"], game_id);
    assert!(
        events[0]["content"]
            .as_str()
            .unwrap()
            .contains(&format!("game {game_id}")),
        "{}",
        events[0]
    );
    assert!(
        events[1]["content"]
            .as_str()
            .unwrap()
            .contains("ended in week 2"),
        "{}",
        events[1]
    );
    // Each names the campaign's revision it was made at: the game's opening raised it
    // to 1, its two missions to 3, the debrief to 4, the week's close to 5 and the end
    // to 6 (contract v1.1).
    assert_eq!(events[0]["revision"], 4);
    assert_eq!(events[1]["revision"], 6);
    let campaign = setup.call(address, Method::GET, "", None).await;
    assert_eq!(body(campaign).await["revision"], 6);
}
