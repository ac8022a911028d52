//! Waiting for a condition, never for a time: a check asked again and again until it
//! holds, bounded by a timeout that fails the test naming what was awaited and why it
//! did not hold.

use std::future::Future;
use std::time::{Duration, Instant};

/// How often a condition is asked again.
const POLL: Duration = Duration::from_millis(20);

/// Asks `check` until it answers `Ok`, and returns that answer. `Err` says why the
/// condition does not hold yet; past `timeout` the test fails with `what` and the last
/// such reason.
pub async fn until<T, F, Fut>(what: &str, timeout: Duration, mut check: F) -> T
where
    F: FnMut() -> Fut,
    Fut: Future<Output = Result<T, String>>,
{
    let deadline = Instant::now() + timeout;
    loop {
        let why_not = match check().await {
            Ok(done) => return done,
            Err(why_not) => why_not,
        };
        assert!(
            Instant::now() < deadline,
            "waited {timeout:?} for {what}: {why_not}"
        );
        tokio::time::sleep(POLL).await;
    }
}

/// Waits until `GET {address}/health` answers 200: the server is up and its database
/// reachable.
#[allow(dead_code)] // The browser tests share this module but start their servers in-process.
pub async fn until_healthy(client: &reqwest::Client, address: &str, timeout: Duration) {
    let url = format!("{address}/health");
    until(&format!("{url} to answer 200"), timeout, || async {
        match client.get(&url).send().await {
            Ok(r) if r.status() == reqwest::StatusCode::OK => Ok(()),
            Ok(r) => Err(format!("it answered {}", r.status())),
            Err(e) => Err(format!("no answer: {e}")),
        }
    })
    .await
}
