//! Headless Chromium driven through chromedriver. Chromedriver runs in a process group
//! of its own with the browsers it starts, and the whole group is killed when the
//! `Browser` is closed or dropped (a failing test included), so no process outlives
//! the test.

use std::net::TcpStream;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::OnceLock;
use std::time::Duration;

use fantoccini::elements::Element;
use fantoccini::{Client, ClientBuilder, Locator};
use hyper_util::client::legacy::connect::HttpConnector;
use serde_json::{json, Value};

use crate::server::free_port;
use crate::support::password_of;
use crate::wait::until;

const CHROMEDRIVER: &str = "/usr/bin/chromedriver";
const CHROMIUM: &str = "/usr/bin/chromium";

/// How long a page, or chromedriver, may take to arrive before the test fails naming
/// what it waited for. Generous: a loaded two-core machine still answers in seconds.
const ARRIVAL_TIMEOUT: Duration = Duration::from_secs(30);

/// Sets a mark on the current document; the page that replaces it has none, so a wait
/// can tell the next page from the old one (which still has a `body`, a URL, …).
const MARK_DOCUMENT: &str = "document.documentElement.dataset.eaglesLeft = 'yes';";
/// True once a document without the mark has finished loading.
const NEW_PAGE_LOADED: &str = "return document.readyState === 'complete' \
     && !('eaglesLeft' in document.documentElement.dataset);";

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

impl Browser {
    /// Starts chromedriver on a free port and a headless Chromium with a fresh profile;
    /// `base` is the server's address.
    pub async fn start(base: &str) -> Browser {
        Self::launch(base, "normal").await
    }

    /// [`Browser::start`], but chromedriver waits for no page to load after a command
    /// (`pageLoadStrategy` none): a test that holds a page's answer up (`cdp`) still
    /// commands the browser, and waits for pages itself.
    pub async fn start_not_waiting_for_pages(base: &str) -> Browser {
        Self::launch(base, "none").await
    }

    async fn launch(base: &str, page_load_strategy: &str) -> Browser {
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
        until(
            &format!("chromedriver to listen on port {port}"),
            ARRIVAL_TIMEOUT,
            || async {
                TcpStream::connect(("127.0.0.1", port))
                    .map(drop)
                    .map_err(|e| e.to_string())
            },
        )
        .await;
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
        capabilities.insert("pageLoadStrategy".into(), json!(page_load_strategy));
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

    /// Opens a page of the server and waits until it has loaded.
    pub async fn open(&self, path: &str) {
        self.mark_document().await;
        self.client
            .goto(&format!("{}{path}", self.base))
            .await
            .unwrap_or_else(|e| panic!("open {path}: {e}"));
        self.wait_for_new_page(&format!("opening {path}")).await;
    }

    /// Follows the link with exactly this text and waits until its page has loaded.
    pub async fn follow(&self, text: &str) {
        let link = self
            .client
            .find(Locator::LinkText(text))
            .await
            .unwrap_or_else(|e| panic!("a link \"{text}\": {e}"));
        self.click_to_navigate(link, &format!("following the link \"{text}\""))
            .await;
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

    /// Clicks the submit button of the form holding the field `id` and waits until the
    /// page the server answers with has loaded.
    pub async fn submit(&self, id: &str) {
        let field = self.client.find(Locator::Id(id)).await.unwrap();
        let form = field.find(Locator::XPath("ancestor::form")).await.unwrap();
        let button = form
            .find(Locator::Css("button[type=submit]"))
            .await
            .unwrap();
        self.click_to_navigate(button, &format!("submitting the form of #{id}"))
            .await;
    }

    /// Presses the submit button with this id (one of several in its form, each
    /// sending its own value) and waits until the page the server answers with has
    /// loaded.
    pub async fn press(&self, id: &str) {
        let button = self
            .client
            .find(Locator::Id(id))
            .await
            .unwrap_or_else(|e| panic!("#{id}: {e}"));
        self.click_to_navigate(button, &format!("pressing #{id}"))
            .await;
    }

    async fn click_to_navigate(&self, element: Element, what: &str) {
        self.mark_document().await;
        element
            .click()
            .await
            .unwrap_or_else(|e| panic!("{what}: click: {e}"));
        self.wait_for_new_page(what).await;
    }

    async fn mark_document(&self) {
        self.client
            .execute(MARK_DOCUMENT, vec![])
            .await
            .expect("mark the current document");
    }

    /// Waits until the marked document is gone and its successor has loaded: the old
    /// page answering any question would otherwise pass for the new one.
    async fn wait_for_new_page(&self, what: &str) {
        until(
            &format!("the next page after {what}"),
            ARRIVAL_TIMEOUT,
            || async {
                match self.client.execute(NEW_PAGE_LOADED, vec![]).await {
                    Ok(Value::Bool(true)) => Ok(()),
                    Ok(_) => Err("the old page is still shown, or the new one loading".into()),
                    // While one document unloads there may be none to run a script in.
                    Err(e) => Err(format!("the browser answered {e}")),
                }
            },
        )
        .await
    }

    /// Clicks the element with this id (a checkbox, a button that stays on the page).
    pub async fn click(&self, id: &str) {
        self.client
            .find(Locator::Id(id))
            .await
            .unwrap_or_else(|e| panic!("#{id}: {e}"))
            .click()
            .await
            .unwrap();
    }

    /// Scrolls the element with this id into view.
    pub async fn scroll_to(&self, id: &str) {
        self.client
            .execute(
                "document.getElementById(arguments[0]).scrollIntoView();",
                vec![json!(id)],
            )
            .await
            .unwrap();
    }

    /// Signs in through the sign-in form and waits for the page it answers with.
    pub async fn sign_in(&self, username: &str, password: &str) {
        self.open("/sign-in").await;
        self.fill("username", username).await;
        self.fill("password", password).await;
        self.submit("password").await;
    }

    /// A browser on the server at `base` as `reader` of the demo, signed in with the
    /// demo accounts' `password` and home; anonymous when `reader` is none.
    pub async fn reading_as(base: &str, reader: Option<&str>, password: &str) -> Browser {
        let browser = Browser::start(base).await;
        if let Some(username) = reader {
            browser.sign_in(username, password).await;
            browser.assert_path("/").await;
        }
        browser
    }

    /// The page's width as the browser lays it out, and the window's, in CSS pixels.
    pub async fn widths(&self) -> (i64, i64) {
        let answer = self
            .client
            .execute(
                "return [document.documentElement.scrollWidth, window.innerWidth];",
                vec![],
            )
            .await
            .unwrap();
        (answer[0].as_i64().unwrap(), answer[1].as_i64().unwrap())
    }

    /// Widens the window to a laptop's (1280 × 1400) and asserts that `what` does not
    /// scroll sideways there.
    pub async fn assert_fits_a_laptop(&self, what: &str) {
        self.client.set_window_size(1280, 1400).await.unwrap();
        let (width, window) = self.widths().await;
        assert!(width <= window, "{what} is {width} px wide at {window} px");
    }

    /// Signs in as one of the harness's accounts ([`password_of`]), which leads home.
    pub async fn sign_in_as(&self, username: &str) {
        self.sign_in(username, &password_of(username)).await;
        self.assert_path("/").await;
    }

    /// Asserts that the page shown is the one at `path`.
    pub async fn assert_path(&self, path: &str) {
        assert_eq!(self.path().await, path);
    }

    /// Asserts that the element with this id is there and its text is `expected`.
    pub async fn assert_text(&self, id: &str, expected: &str) {
        assert_eq!(self.text(id).await.as_deref(), Some(expected), "#{id}");
    }

    /// Asserts what [`Browser::check_page`] checks of the page just loaded by GET,
    /// naming the page in the failure.
    pub async fn assert_well_formed(&self, page: &str) {
        let problems = self.check_page().await;
        assert!(problems.is_empty(), "{page}: {problems:?}");
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

    /// Whether the checkbox with this id is ticked.
    pub async fn checked(&self, id: &str) -> bool {
        let field = self
            .client
            .find(Locator::Id(id))
            .await
            .unwrap_or_else(|e| panic!("#{id}: {e}"));
        field.prop("checked").await.unwrap().as_deref() == Some("true")
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
    /// is closed and nested right), every visible field has a label, and axe-core (the
    /// engine of the `@axe-core/cli` the pages are judged with, all its default rules)
    /// finds no violation. Returns the problems found.
    pub async fn check_page(&self) -> Vec<String> {
        let mut problems = self.check_markup(None).await;
        problems.extend(self.axe_violations().await);
        problems
    }

    /// Every visible field has a label, and the page parses as XML: the page as
    /// loaded, or, with `posted` = `(form id, action)`, the page that form answers
    /// when posted there. Returns the problems found.
    pub async fn check_markup(&self, posted: Option<(&str, &str)>) -> Vec<String> {
        let script = r#"
            const done = arguments[arguments.length - 1];
            const problems = [];
            for (const el of document.querySelectorAll('input, select, textarea')) {
                if (el.type !== 'hidden' && el.labels.length === 0) {
                    problems.push('no label for ' + (el.id || el.name));
                }
            }
            const form = arguments[0] && document.getElementById(arguments[0]);
            const page = form
                ? fetch(arguments[1], { method: 'POST', body: new URLSearchParams(new FormData(form)) })
                : fetch(location.href);
            page.then(r => r.text()).then(source => {
                const doc = new DOMParser().parseFromString(source, 'application/xml');
                const error = doc.getElementsByTagName('parsererror')[0];
                if (error) { problems.push('not well-formed: ' + error.textContent); }
                done(problems);
            }, e => done(['fetch failed: ' + e]));
        "#;
        let (form, action) = posted.unzip();
        let result = self
            .client
            .execute_async(script, vec![json!(form), json!(action)])
            .await
            .unwrap();
        match result {
            Value::Array(items) => items
                .into_iter()
                .map(|v| v.as_str().unwrap_or_default().to_owned())
                .collect(),
            other => vec![format!("unexpected answer {other}")],
        }
    }

    /// axe-core's violations on the page, one line each with the elements concerned.
    /// The script is evaluated through WebDriver, which the pages' CSP does not govern.
    async fn axe_violations(&self) -> Vec<String> {
        let script = format!(
            "const done = arguments[arguments.length - 1];\n{}\n{}",
            axe_source(),
            r#"axe.run(document, { resultTypes: ['violations'] }).then(
                r => done(r.violations.map(v => 'axe ' + v.id + ': ' + v.help + ' at '
                    + v.nodes.map(n => n.target.join(' ')).join('; '))),
                e => done(['axe failed: ' + e]));"#
        );
        match self.client.execute_async(&script, vec![]).await.unwrap() {
            Value::Array(items) => items
                .into_iter()
                .map(|v| v.as_str().unwrap_or_default().to_owned())
                .collect(),
            other => vec![format!("unexpected answer from axe {other}")],
        }
    }

    /// Saves a screenshot of the page as `screenshots/<name>.png` for review.
    pub async fn screenshot(&self, name: &str) {
        let png = self.client.screenshot().await.unwrap();
        std::fs::write(Self::screenshot_file(name), png).unwrap();
    }

    /// Where [`Browser::screenshot`] saves `name`, its folder made.
    pub fn screenshot_file(name: &str) -> PathBuf {
        let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("screenshots");
        std::fs::create_dir_all(&dir).unwrap();
        dir.join(format!("{name}.png"))
    }

    /// Saves the whole page, as long as it is (up to 16,000 px), from its top, as a
    /// PNG at `file`; the window keeps its width and is 915 px high again after.
    pub async fn save_whole_page(&self, file: &std::path::Path) {
        let height = self
            .client
            .execute(
                "window.scrollTo(0, 0); return document.documentElement.scrollHeight;",
                vec![],
            )
            .await
            .unwrap()
            .as_u64()
            .unwrap();
        let (width, _) = self.client.get_window_size().await.unwrap();
        let width = u32::try_from(width).unwrap();
        let height = u32::try_from(height).unwrap().min(16_000);
        self.client.set_window_size(width, height).await.unwrap();
        let png = self.client.screenshot().await.unwrap();
        std::fs::write(file, png).unwrap();
        self.client.set_window_size(width, 915).await.unwrap();
    }

    /// Saves the whole page, at the window's width and as tall as the page, as
    /// `/tmp/<name>.png`, for a person to look at; the window is put back after.
    pub async fn whole_page_screenshot(&self, name: &str) {
        let (width, height) = self.client.get_window_size().await.unwrap();
        let tall = self
            .client
            .execute(
                "return document.documentElement.scrollHeight + window.outerHeight - window.innerHeight;",
                vec![],
            )
            .await
            .unwrap()
            .as_u64()
            .unwrap();
        let tall = u32::try_from(tall).unwrap();
        let width = u32::try_from(width).unwrap();
        self.client.set_window_size(width, tall).await.unwrap();
        let png = self.client.screenshot().await.unwrap();
        std::fs::write(format!("/tmp/{name}.png"), png).unwrap();
        let height = u32::try_from(height).unwrap();
        self.client.set_window_size(width, height).await.unwrap();
    }

    /// Ends the browser session (chromedriver quits Chromium), then the processes.
    pub async fn close(self) {
        let _ = self.client.clone().close().await;
        // Dropping the driver kills what is left of the process group.
    }
}

/// axe-core as `scripts/install-test-deps` installs it with its command line.
fn axe_source() -> &'static str {
    static SOURCE: OnceLock<String> = OnceLock::new();
    SOURCE.get_or_init(|| {
        let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
            .join("target/axe/node_modules/axe-core/axe.min.js");
        std::fs::read_to_string(&path).unwrap_or_else(|e| {
            panic!(
                "{}: {e}; run scripts/install-test-deps (it installs @axe-core/cli)",
                path.display()
            )
        })
    })
}
