//! The instance's ear on the database: one connection of its own that `LISTEN`s on
//! the events channel (`eagles_db::events::CHANNEL`) and hands every committed event
//! to this instance's open streams through the [`Hub`]. Writes made by any instance
//! on the same Postgres reach the streams of all of them.
//!
//! When the connection drops it comes back with a growing delay; each (re)connection
//! tells the streams to look in the event log for what was notified while nobody
//! listened, so a stream misses nothing.

use std::time::Duration;

use eagles_db::diesel_async::{AsyncConnection, AsyncPgConnection, SimpleAsyncConnection};
use eagles_db::DbPool;
use eagles_service::events::{CampaignEvent, Hub, Signal};
use futures_util::StreamExt;
use tokio::time::{timeout, Instant};

/// The delay before the first reconnection, doubled after each failed one.
const FIRST_RETRY: Duration = Duration::from_millis(100);
/// The longest delay between two tries.
const LAST_RETRY: Duration = Duration::from_secs(10);
/// How long connecting, or a ping, may take before the database counts as unreachable.
const CONNECT_TIMEOUT: Duration = Duration::from_secs(5);
/// How long the connection may stay silent before it is pinged: a connection cut
/// without a word (a dead host, a dropped route) would otherwise look merely quiet.
const PING_AFTER: Duration = Duration::from_secs(30);

/// Where the listener's connection comes from.
#[derive(Clone)]
pub enum Source {
    /// A connection of its own to this URL (`DATABASE_URL`), outside the pool, so a
    /// busy pool never keeps the listener waiting: an instance holds pool + 1.
    Url(String),
    /// A connection taken out of this pool for good (the pool may open another in its
    /// place): for servers started in-process, which have a pool and no URL.
    Pool(DbPool),
}

/// Listens in the background until the hub closes (the server shuts down).
pub fn spawn(source: Source, hub: Hub) -> tokio::task::JoinHandle<()> {
    tokio::spawn(async move {
        tokio::select! {
            _ = hub.closed() => {}
            _ = listen(&source, &hub) => {}
        }
    })
}

/// Connects, relays, and when the connection is lost, connects again.
async fn listen(source: &Source, hub: &Hub) {
    let mut retry = FIRST_RETRY;
    loop {
        match connect(source).await {
            Ok(mut conn) => {
                // Nobody listened until now: what was notified meanwhile is in the log.
                hub.publish(Signal::Resync);
                let connected = Instant::now();
                let why = relay(&mut conn, hub).await;
                tracing::warn!(reason = %why, "the event listener lost its database connection; reconnecting");
                // A connection that held for a while starts the delays over; one that
                // drops as soon as it is made keeps them growing.
                if connected.elapsed() > LAST_RETRY {
                    retry = FIRST_RETRY;
                }
            }
            Err(e) => {
                tracing::warn!(error = %e, retry_in = ?retry, "the event listener cannot reach the database");
            }
        }
        tokio::time::sleep(retry).await;
        retry = (retry * 2).min(LAST_RETRY);
    }
}

/// A connection that listens on the channel.
async fn connect(source: &Source) -> Result<AsyncPgConnection, String> {
    let mut conn = match source {
        Source::Url(url) => timeout(CONNECT_TIMEOUT, AsyncPgConnection::establish(url))
            .await
            .map_err(|_| format!("no connection within {CONNECT_TIMEOUT:?}"))?
            .map_err(|e| e.to_string())?,
        Source::Pool(pool) => eagles_db::DbConn::take(pool.get().await.map_err(|e| e.to_string())?),
    };
    subscribe(&mut conn).await?;
    Ok(conn)
}

/// `LISTEN`s on the channel; again on a listening connection, it is a ping.
async fn subscribe(conn: &mut AsyncPgConnection) -> Result<(), String> {
    timeout(
        CONNECT_TIMEOUT,
        conn.batch_execute(&format!("LISTEN {}", eagles_db::events::CHANNEL)),
    )
    .await
    .map_err(|_| format!("no answer within {CONNECT_TIMEOUT:?}"))?
    .map_err(|e| e.to_string())
}

/// Hands each notification to the hub until the connection fails; returns why.
async fn relay(conn: &mut AsyncPgConnection, hub: &Hub) -> String {
    loop {
        // The stream borrows the connection: made anew for each wait, so a ping can
        // use the connection in between (the notifications queue up meanwhile).
        let next = {
            let mut notifications = std::pin::pin!(conn.notifications_stream());
            timeout(PING_AFTER, notifications.next()).await
        };
        match next {
            Ok(Some(Ok(notification))) => {
                match CampaignEvent::from_notification(&notification.payload) {
                    Some(event) => hub.publish(Signal::Event(event)),
                    None => tracing::warn!(
                        payload = %notification.payload,
                        "the event listener got a notification it cannot read"
                    ),
                }
            }
            Ok(Some(Err(e))) => return e.to_string(),
            Ok(None) => return "the connection closed".into(),
            Err(_quiet) => {
                if let Err(e) = subscribe(conn).await {
                    return format!("the ping failed: {e}");
                }
            }
        }
    }
}
