//! Watching an open page follow the campaign's event stream: what it shows, read in
//! one step (the page's script may swap a part in between a find and a read, which
//! would leave a stale element), waited for until it changes, and whether the window
//! stayed the same (a reload or a navigation loses its mark).

use std::time::Duration;

use serde_json::{json, Value};

use super::browser::Browser;
use crate::wait::until;

/// How long a change may take to reach an open page: the write, the event, the
/// fetch. Generous for a loaded two-core machine.
pub const ARRIVAL: Duration = Duration::from_secs(30);

/// True once the page's script has its event stream open.
const STREAM_OPEN: &str = "return document.body.dataset.stream === 'open';";
/// Marks the window; a reload or a navigation would lose the mark.
const MARK_WINDOW: &str = "window.eaglesStayed = 'yes';";
const WINDOW_MARKED: &str = "return window.eaglesStayed === 'yes';";

/// The text of the element with this id, read in one step.
pub async fn text(browser: &Browser, id: &str) -> Option<String> {
    let script = "const e = document.getElementById(arguments[0]); return e && e.innerText;";
    match browser
        .client
        .execute(script, vec![json!(id)])
        .await
        .unwrap()
    {
        Value::String(text) => Some(text),
        _ => None,
    }
}

/// Waits until the element with this id holds `expected` in its text.
pub async fn until_text(browser: &Browser, id: &str, expected: &str) {
    until(&format!("#{id} to show {expected:?}"), ARRIVAL, || async {
        match text(browser, id).await {
            Some(text) if text.contains(expected) => Ok(()),
            Some(text) => Err(format!("it shows {text:?}")),
            None => Err("there is no such element".into()),
        }
    })
    .await;
}

/// Waits until the page's script has the campaign's event stream open.
pub async fn until_stream_open(browser: &Browser) {
    until("the event stream to open", ARRIVAL, || async {
        match browser.client.execute(STREAM_OPEN, vec![]).await {
            Ok(Value::Bool(true)) => Ok(()),
            other => Err(format!("{other:?}")),
        }
    })
    .await;
}

pub async fn mark_window(browser: &Browser) {
    browser.client.execute(MARK_WINDOW, vec![]).await.unwrap();
}

pub async fn assert_window_kept(browser: &Browser, when: &str) {
    let kept = browser.client.execute(WINDOW_MARKED, vec![]).await.unwrap();
    assert_eq!(kept, Value::Bool(true), "the page was reloaded {when}");
}
