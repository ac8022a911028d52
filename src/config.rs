//! Configuration from the environment; command-line flags override it.
//!
//! | variable | meaning | default |
//! |---|---|---|
//! | `DATABASE_URL` | the Postgres to use | unset: the embedded default under `EAGLES_DATA_DIR/pg` |
//! | `EAGLES_BIND` | address `eagles serve` listens on | `127.0.0.1:8080` |
//! | `EAGLES_EVENTS_HEARTBEAT_MS` | how long an event stream stays silent before a `: keep-alive` comment | `15000` |
//! | `EAGLES_EVENTS_STREAM_LIFETIME_MS` | how long one event stream lasts before the client reconnects with `Last-Event-ID` | `3600000` (an hour) |
//! | `EAGLES_EVENTS_STREAMS_PER_CLIENT` | event streams one account (anonymous: one client address) may hold per instance | `8` |
//! | `EAGLES_DATA_DIR` | where the embedded default keeps its cluster | `.eagles` |
//! | `EAGLES_POOL_SIZE` | database connections per instance for its HTTP workers, shared out among them | `10` |
//! | `EAGLES_PUBLIC_URL` | where people reach the service, for absolute links (the feed, invitations, reset links) | `http://<bind address>` |
//! | `EAGLES_SIGN_UP` | who may make an account: `invitation` (with a campaign's invitation), `open` (anyone), `closed` (only `eagles user add`) | `invitation` |
//! | `EAGLES_WEBHOOK_ALLOW_PRIVATE` | `true`: webhooks may go to loopback and private addresses | `false` |
//! | `EAGLES_WEBHOOK_POLL_MS` | how often the delivery worker looks for due deliveries | `1000` |
//! | `EAGLES_WEBHOOK_RETRY_BASE_MS` | the first retry's delay, doubled per failure (at most an hour) | `10000` |
//! | `EAGLES_WEBHOOK_TIMEOUT_MS` | how long a receiver may take to answer a delivery | `10000` |
//! | `RUST_LOG` | log filter | `info` |

use std::fmt;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

/// A database URL, which carries a password: it never prints.
#[derive(Clone)]
pub struct DatabaseUrl(pub String);

impl fmt::Debug for DatabaseUrl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("DatabaseUrl(<hidden>)")
    }
}

/// Where the data lives.
#[derive(Debug, Clone)]
pub struct DatabaseConfig {
    /// `DATABASE_URL`, when set.
    pub url: Option<DatabaseUrl>,
    /// The embedded default's folder.
    pub data_dir: PathBuf,
    pub pool_size: usize,
}

impl DatabaseConfig {
    /// Reads `DATABASE_URL`, `EAGLES_DATA_DIR` and `EAGLES_POOL_SIZE`.
    pub fn from_env() -> Result<Self, String> {
        let url = std::env::var("DATABASE_URL")
            .ok()
            .filter(|u| !u.trim().is_empty())
            .map(DatabaseUrl);
        let data_dir = std::env::var_os("EAGLES_DATA_DIR")
            .map(PathBuf::from)
            .unwrap_or_else(|| PathBuf::from(".eagles"));
        let pool_size =
            match std::env::var("EAGLES_POOL_SIZE") {
                Ok(v) => v.parse::<usize>().ok().filter(|n| *n > 0).ok_or_else(|| {
                    format!("EAGLES_POOL_SIZE must be a positive number, not {v:?}")
                })?,
                Err(_) => 10,
            };
        Ok(Self {
            url,
            data_dir,
            pool_size,
        })
    }
}

/// The webhook deliveries: who may receive them and the worker's pace.
#[derive(Debug, Clone, Copy)]
pub struct WebhookConfig {
    /// `EAGLES_WEBHOOK_ALLOW_PRIVATE`.
    pub policy: eagles_service::webhooks::AddressPolicy,
    /// `EAGLES_WEBHOOK_POLL_MS`.
    pub poll: Duration,
    /// `EAGLES_WEBHOOK_RETRY_BASE_MS`.
    pub retry_base: Duration,
    /// `EAGLES_WEBHOOK_TIMEOUT_MS`.
    pub timeout: Duration,
}

impl WebhookConfig {
    /// Reads the `EAGLES_WEBHOOK_*` variables.
    pub fn from_env() -> Result<Self, String> {
        let allow_private = match std::env::var("EAGLES_WEBHOOK_ALLOW_PRIVATE") {
            Ok(v) => match v.trim() {
                "true" | "1" => true,
                "false" | "0" | "" => false,
                other => {
                    return Err(format!(
                        "EAGLES_WEBHOOK_ALLOW_PRIVATE must be true or false, not {other:?}"
                    ))
                }
            },
            Err(_) => false,
        };
        Ok(Self {
            policy: eagles_service::webhooks::AddressPolicy { allow_private },
            poll: millis("EAGLES_WEBHOOK_POLL_MS", 1000)?,
            retry_base: millis("EAGLES_WEBHOOK_RETRY_BASE_MS", 10_000)?,
            timeout: millis("EAGLES_WEBHOOK_TIMEOUT_MS", 10_000)?,
        })
    }
}

/// The live event streams' limits (`EAGLES_EVENTS_*`).
pub fn event_streams() -> Result<eagles_service::events::StreamSettings, String> {
    let defaults = eagles_service::events::StreamSettings::default();
    let per_client = match std::env::var("EAGLES_EVENTS_STREAMS_PER_CLIENT") {
        Ok(v) => v
            .trim()
            .parse::<usize>()
            .ok()
            .filter(|n| *n > 0)
            .ok_or_else(|| {
                format!("EAGLES_EVENTS_STREAMS_PER_CLIENT must be a positive number, not {v:?}")
            })?,
        Err(_) => defaults.per_client,
    };
    Ok(eagles_service::events::StreamSettings {
        heartbeat: millis(
            "EAGLES_EVENTS_HEARTBEAT_MS",
            defaults.heartbeat.as_millis() as u64,
        )?,
        per_client,
        lifetime: millis(
            "EAGLES_EVENTS_STREAM_LIFETIME_MS",
            defaults.lifetime.as_millis() as u64,
        )?,
    })
}

/// A positive number of milliseconds from `variable`, or `default`.
fn millis(variable: &str, default: u64) -> Result<Duration, String> {
    match std::env::var(variable) {
        Ok(v) => v
            .trim()
            .parse::<u64>()
            .ok()
            .filter(|n| *n > 0)
            .map(Duration::from_millis)
            .ok_or_else(|| {
                format!("{variable} must be a positive number of milliseconds, not {v:?}")
            }),
        Err(_) => Ok(Duration::from_millis(default)),
    }
}

/// `EAGLES_PUBLIC_URL`: the address people and feed readers reach the service at (e.g.
/// `https://eagles.example.org` behind a proxy), which absolute links start with; by
/// default `http://` and the address the service listens on.
pub fn public_url(listening_on: SocketAddr) -> Result<eagles_web::PublicUrl, String> {
    match std::env::var("EAGLES_PUBLIC_URL") {
        Ok(url) if !url.trim().is_empty() => {
            eagles_web::PublicUrl::parse(&url).map_err(|e| format!("EAGLES_PUBLIC_URL: {e}"))
        }
        _ => Ok(eagles_web::PublicUrl::of_address(listening_on)),
    }
}

/// `EAGLES_SIGN_UP`: who may make an account (R26); an unknown value stops the start.
pub fn sign_up() -> Result<eagles_office::sign_up::SignUpPolicy, String> {
    match std::env::var("EAGLES_SIGN_UP") {
        Ok(value) => eagles_office::sign_up::SignUpPolicy::parse(&value),
        Err(_) => Ok(Default::default()),
    }
}
