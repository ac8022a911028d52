//! Headless Chromium driven through chromedriver. Chromedriver runs in a process group
//! of its own with the browsers it starts, and the whole group is killed when the
//! `Browser` is closed or dropped (a failing test included), so no process outlives
//! the test.

use std::net::{TcpListener, TcpStream};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use fantoccini::{Client, ClientBuilder, Locator};
use hyper_util::client::legacy::connect::HttpConnector;
use serde_json::{json, Value};

const CHROMEDRIVER: &str = "/usr/bin/chromedriver";
const CHROMIUM: &str = "/usr/bin/chromium";

/// A browser session and the processes behind it.
pub struct Browser {
    pub client: Client,
    base: String,
    // Dropped after the client: the processes, then their profile folder.
    _driver: DriverProcess,
    _profile: tempfile::TempDir,
}

/// Chromedriver and everything it started, killed as a group when dropped.
struct DriverProcess(Child);

impl Drop for DriverProcess {
    fn drop(&mut self) {
        // The group's id is chromedriver's pid (process_group(0)).
        let group = self.0.id() as libc::pid_t;
        // SAFETY: killpg only sends a signal to our own child's process group.
        unsafe {
            libc::killpg(group, libc::SIGKILL);
        }
        let _ = self.0.wait();
    }
}

fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

impl Browser {
    /// Starts chromedriver on a free port and a headless Chromium with a fresh profile;
    /// `base` is the server's address.
    pub async fn start(base: &str) -> Browser {
        use std::os::unix::process::CommandExt;
        let port = free_port();
        let driver = DriverProcess(
            Command::new(CHROMEDRIVER)
                .arg(format!("--port={port}"))
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .process_group(0)
                .spawn()
                .unwrap_or_else(|e| {
                    panic!("start {CHROMEDRIVER} (scripts/install-test-deps installs it): {e}")
                }),
        );
        let profile = tempfile::tempdir().unwrap();
        let mut tries = 0;
        while TcpStream::connect(("127.0.0.1", port)).is_err() {
            tries += 1;
            assert!(tries < 100, "chromedriver did not listen on port {port}");
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        let mut capabilities = serde_json::Map::new();
        capabilities.insert(
            "goog:chromeOptions".into(),
            json!({
                "binary": CHROMIUM,
                "args": [
                    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                    "--no-first-run", "--disable-background-networking",
                    "--disable-component-update", "--disable-sync",
                    "--window-size=1000,1200",
                    format!("--user-data-dir={}", profile.path().display()),
                ],
            }),
        );
        let client = ClientBuilder::new(HttpConnector::new())
            .capabilities(capabilities)
            .connect(&format!("http://127.0.0.1:{port}"))
            .await
            .expect("a chromedriver session");
        Browser {
            client,
            base: base.to_owned(),
            _driver: driver,
            _profile: profile,
        }
    }

    /// Opens a page of the server.
    pub async fn open(&self, path: &str) {
        self.client
            .goto(&format!("{}{path}", self.base))
            .await
            .unwrap();
    }

    /// The path of the current page.
    pub async fn path(&self) -> String {
        self.client.current_url().await.unwrap().path().to_owned()
    }

    /// Types into the field with this id, replacing its value.
    pub async fn fill(&self, id: &str, value: &str) {
        let field = self.client.find(Locator::Id(id)).await.unwrap();
        field.clear().await.unwrap();
        field.send_keys(value).await.unwrap();
    }

    /// Sets a field's value directly (date inputs type differently per locale).
    pub async fn set_value(&self, id: &str, value: &str) {
        self.client
            .execute(
                "document.getElementById(arguments[0]).value = arguments[1];",
                vec![json!(id), json!(value)],
            )
            .await
            .unwrap();
    }

    /// Chooses an option of the select with this id by its value.
    pub async fn select(&self, id: &str, value: &str) {
        let select = self.client.find(Locator::Id(id)).await.unwrap();
        select.select_by_value(value).await.unwrap();
    }

    /// Clicks the submit button of the form holding the field `id` and waits for the
    /// next page.
    pub async fn submit(&self, id: &str) {
        let field = self.client.find(Locator::Id(id)).await.unwrap();
        let form = field.find(Locator::XPath("ancestor::form")).await.unwrap();
        form.find(Locator::Css("button[type=submit]"))
            .await
            .unwrap()
            .click()
            .await
            .unwrap();
        self.client
            .wait()
            .for_element(Locator::Css("body"))
            .await
            .unwrap();
    }

    /// The text of the element with this id, if there is one.
    pub async fn text(&self, id: &str) -> Option<String> {
        match self.client.find(Locator::Id(id)).await {
            Ok(e) => Some(e.text().await.unwrap()),
            Err(_) => None,
        }
    }

    /// The value of the field with this id.
    pub async fn value(&self, id: &str) -> String {
        let field = self.client.find(Locator::Id(id)).await.unwrap();
        field.prop("value").await.unwrap().unwrap_or_default()
    }

    /// The visible text of the page.
    pub async fn body(&self) -> String {
        self.client
            .find(Locator::Css("body"))
            .await
            .unwrap()
            .text()
            .await
            .unwrap()
    }

    /// The option values of the select with this id.
    pub async fn options(&self, id: &str) -> Vec<String> {
        let select = self.client.find(Locator::Id(id)).await.unwrap();
        let mut values = Vec::new();
        for option in select.find_all(Locator::Css("option")).await.unwrap() {
            values.push(option.attr("value").await.unwrap().unwrap_or_default());
        }
        values
    }

    /// Checks the page just loaded by GET: its source parses as XML (so every element
    /// is closed and nested right) and every visible field has a label. Returns the
    /// problems found.
    pub async fn check_page(&self) -> Vec<String> {
        let script = r#"
            const done = arguments[arguments.length - 1];
            const problems = [];
            for (const el of document.querySelectorAll('input, select, textarea')) {
                if (el.type !== 'hidden' && el.labels.length === 0) {
                    problems.push('no label for ' + (el.id || el.name));
                }
            }
            fetch(location.href).then(r => r.text()).then(source => {
                const doc = new DOMParser().parseFromString(source, 'application/xml');
                const error = doc.getElementsByTagName('parsererror')[0];
                if (error) { problems.push('not well-formed: ' + error.textContent); }
                done(problems);
            }, e => done(['fetch failed: ' + e]));
        "#;
        let result = self.client.execute_async(script, vec![]).await.unwrap();
        match result {
            Value::Array(items) => items
                .into_iter()
                .map(|v| v.as_str().unwrap_or_default().to_owned())
                .collect(),
            other => vec![format!("unexpected answer {other}")],
        }
    }

    /// Saves a screenshot of the page as `screenshots/<name>.png` for review.
    pub async fn screenshot(&self, name: &str) {
        let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("screenshots");
        std::fs::create_dir_all(&dir).unwrap();
        let png = self.client.screenshot().await.unwrap();
        std::fs::write(dir.join(format!("{name}.png")), png).unwrap();
    }

    /// Ends the browser session (chromedriver quits Chromium), then the processes.
    pub async fn close(self) {
        let _ = self.client.clone().close().await;
        // Dropping the driver kills what is left of the process group.
    }
}
