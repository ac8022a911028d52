//! A campaign's live event stream (contract v1.1, "Live club night"): every write
//! leaves an event numbered by the campaign's revision (`eagles_db::events`), and a
//! stream sends them in that order, each once, from where the client left off.
//!
//! Each instance's listener (the `eagles` binary) hears every committed event through
//! Postgres `LISTEN/NOTIFY` and hands it to the [`Hub`], which fans it out to the
//! instance's streams. A notification can be missed (the listener reconnecting, a
//! stream lagging behind the broadcast), but never the table: whenever a stream cannot
//! be sure it saw the next revision, it reads what follows its last one from the log.

use std::collections::{HashMap, VecDeque};
use std::future::Future;
use std::pin::Pin;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use eagles_db::users::User;
use eagles_db::DbPool;
use eagles_office::access::CampaignScope;
use eagles_office::secrecy::GameSecrecy;
use tokio::sync::{broadcast, watch};
use tokio::time::{Instant, Sleep};

use crate::error::ServiceError;

/// How many events of the log one catch-up query reads.
const PAGE: i64 = 200;

/// How many signals the broadcast keeps for a slow stream; one that falls further
/// behind reads the log instead.
const BROADCAST_CAPACITY: usize = 1024;

use crate::Service;
use eagles_office::events::*;
pub use eagles_office::events::{CampaignEvent, StreamItem as Item};
use eagles_office::prelude::*;

/// The event of a row of the log.
fn event_of(e: eagles_db::events::Event) -> CampaignEvent {
    CampaignEvent {
        campaign_id: e.campaign_id,
        revision: e.revision,
        kind: e.kind,
        id: Some(e.entity_id),
        game_id: e.game_id,
        quiet: e.quiet,
    }
}

/// What the listener tells the streams.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Signal {
    /// An event was committed.
    Event(CampaignEvent),
    /// The listener has just (re)connected: notifications sent while it was away are
    /// lost, so every stream looks in the log for what it may have missed.
    Resync,
}

/// The streams' limits.
#[derive(Debug, Clone, Copy)]
pub struct StreamSettings {
    /// How long a stream may stay silent before it sends a keep-alive comment, so
    /// proxies do not close it as idle.
    pub heartbeat: Duration,
    /// How many streams one account (or, anonymous, one client address) may hold
    /// open on one instance.
    pub per_client: usize,
    /// How long one stream lasts before it ends and the client reconnects with
    /// `Last-Event-ID`: access is checked again and the load spreads over instances.
    pub lifetime: Duration,
}

impl Default for StreamSettings {
    fn default() -> Self {
        Self {
            heartbeat: Duration::from_secs(15),
            per_client: 8,
            lifetime: Duration::from_secs(3600),
        }
    }
}

/// The instance's fan-out from the listener to the open streams.
#[derive(Clone)]
pub struct Hub {
    signals: broadcast::Sender<Signal>,
    closing: watch::Sender<bool>,
    open: Arc<Mutex<HashMap<String, usize>>>,
    settings: StreamSettings,
}

impl Hub {
    pub fn new(settings: StreamSettings) -> Self {
        Self {
            signals: broadcast::channel(BROADCAST_CAPACITY).0,
            closing: watch::channel(false).0,
            open: Arc::default(),
            settings,
        }
    }

    pub fn settings(&self) -> StreamSettings {
        self.settings
    }

    /// Hands `signal` to every open stream.
    pub fn publish(&self, signal: Signal) {
        // No receiver is no error: no stream is open.
        let _ = self.signals.send(signal);
    }

    /// The server is shutting down: every stream ends now, so none holds up the
    /// graceful shutdown, and the listener stops.
    pub fn close(&self) {
        self.closing.send_replace(true);
    }

    /// Resolves once [`Hub::close`] was called.
    pub async fn closed(&self) {
        let mut closing = self.closing.subscribe();
        // The sender lives as long as `self`, so this only ends on `true`.
        let _ = closing.wait_for(|closing| *closing).await;
    }

    /// How many streams are open now, for every client.
    #[cfg(test)]
    fn open_streams(&self) -> usize {
        self.open
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .values()
            .sum()
    }

    /// One of `client`'s stream slots, or 429 when all are taken.
    fn claim(&self, client: String) -> Result<Slot, ServiceError> {
        let mut open = self.open.lock().unwrap_or_else(|p| p.into_inner());
        let count = open.entry(client.clone()).or_default();
        if *count >= self.settings.per_client {
            return Err(ServiceError::TooManyRequests {
                detail: format!(
                    "at most {} event streams per {} on one server: close one (another tab?) before opening more",
                    self.settings.per_client,
                    if client.starts_with("account:") { "account" } else { "client address" },
                ),
                retry_after: self.settings.heartbeat.as_secs().max(1),
            });
        }
        *count += 1;
        Ok(Slot {
            open: self.open.clone(),
            client,
        })
    }
}

/// A stream's place among its client's; given back when the stream is dropped.
struct Slot {
    open: Arc<Mutex<HashMap<String, usize>>>,
    client: String,
}

impl Drop for Slot {
    fn drop(&mut self) {
        let mut open = self.open.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(count) = open.get_mut(&self.client) {
            *count -= 1;
            if *count == 0 {
                open.remove(&self.client);
            }
        }
    }
}

/// What a stream that has sent up to `last_sent` does with a signal.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Step {
    /// Another campaign's, or one it already sent (from the log).
    Skip,
    /// The very next revision: send it.
    Send(CampaignEvent),
    /// Something may be missing between `last_sent` and this: read the log.
    CatchUp,
}

/// The merge of the live signals into a stream that has sent everything of
/// `campaign_id` up to `last_sent`: no event twice, none left out.
pub fn merge(campaign_id: i64, last_sent: i64, signal: Signal) -> Step {
    match signal {
        Signal::Event(e) if e.campaign_id != campaign_id || e.revision <= last_sent => Step::Skip,
        Signal::Event(e) if e.revision == last_sent + 1 => Step::Send(e),
        Signal::Event(_) | Signal::Resync => Step::CatchUp,
    }
}

/// Who holds a stream, for [`StreamSettings::per_client`].
fn client_key(caller: Option<&User>, address: &str) -> String {
    match caller {
        Some(user) => format!("account:{}", user.id),
        None => format!("address:{address}"),
    }
}

/// An open stream: its events in revision order, keep-alives when idle.
pub struct EventStream {
    pool: DbPool,
    /// The reader, as he was when the stream opened: a quiet sheet event names its
    /// sortie only if he may read that sheet.
    scope: CampaignScope,
    /// Whether the reader reads each sheet a quiet event named, asked once a sheet:
    /// its readers stay as they are while it takes marks (the debrief closes it).
    reads: HashMap<i64, bool>,
    campaign_id: i64,
    /// The revision of the last event sent (or skipped as seen before the stream).
    last_sent: i64,
    /// Whether the log may hold events after `last_sent` that are not in `pending`.
    catch_up: bool,
    /// Events read from the log, not sent yet.
    pending: VecDeque<CampaignEvent>,
    signals: broadcast::Receiver<Signal>,
    closing: watch::Receiver<bool>,
    /// Resolves when the server shuts down or the stream's lifetime is over. Made once
    /// and polled again after each signal: a future made per signal would register
    /// and drop its waker every time, for every stream, on every write.
    ends: Pin<Box<dyn Future<Output = ()> + Send>>,
    /// Wakes the stream when it may have been quiet for `heartbeat`.
    quiet: Pin<Box<Sleep>>,
    /// When the stream last sent something; the timer is moved on from it only when
    /// it fires, not at every event.
    quiet_since: Instant,
    heartbeat: Duration,
    _slot: Slot,
}

impl EventStream {
    /// The revision the stream starts after.
    pub fn last_sent(&self) -> i64 {
        self.last_sent
    }

    /// What to send next; `None` when the stream ends: the server shuts down, its
    /// lifetime is over, or the log cannot be read (the client reconnects with
    /// `Last-Event-ID` and loses nothing).
    pub async fn next(&mut self) -> Option<Item> {
        loop {
            if *self.closing.borrow() {
                return None;
            }
            if let Some(mut event) = self.pending.pop_front() {
                self.last_sent = event.revision;
                self.quiet_since = Instant::now();
                if event.quiet && !self.reads(event.id).await {
                    event.id = None;
                }
                return Some(Item::Event(event));
            }
            if self.catch_up {
                match read_log(&self.pool, self.campaign_id, self.last_sent).await {
                    Ok(page) => {
                        self.catch_up = page.len() as i64 == PAGE;
                        self.pending.extend(page);
                    }
                    Err(e) => {
                        tracing::warn!(error = %e, campaign = self.campaign_id, "an event stream could not read the log; it ends");
                        return None;
                    }
                }
                continue;
            }
            tokio::select! {
                biased;
                () = &mut self.ends => return None,
                signal = self.signals.recv() => {
                    let signal = match signal {
                        Ok(signal) => signal,
                        Err(broadcast::error::RecvError::Lagged(_)) => Signal::Resync,
                        Err(broadcast::error::RecvError::Closed) => return None,
                    };
                    match merge(self.campaign_id, self.last_sent, signal) {
                        Step::Skip => {}
                        Step::Send(event) => self.pending.push_back(event),
                        Step::CatchUp => self.catch_up = true,
                    }
                }
                () = &mut self.quiet => {
                    let due = self.quiet_since + self.heartbeat;
                    if due <= Instant::now() {
                        self.quiet_since = Instant::now();
                        self.quiet.as_mut().reset(self.quiet_since + self.heartbeat);
                        return Some(Item::KeepAlive);
                    }
                    self.quiet.as_mut().reset(due);
                }
            }
        }
    }
}

impl EventStream {
    /// Whether the stream's reader reads the sheet of `sortie_id`, asked once a sheet.
    async fn reads(&mut self, sortie_id: Option<i64>) -> bool {
        let Some(id) = sortie_id else {
            return false;
        };
        if let Some(&known) = self.reads.get(&id) {
            return known;
        }
        // A failed read hides the id this once and is asked again next time.
        let Some(reads) = reads_sheet(&self.pool, &self.scope, id).await else {
            return false;
        };
        self.reads.insert(id, reads);
        reads
    }
}

/// Whether the reader of `scope` may read the sheet of `sortie_id` (R20), as the one
/// place decides; a sheet gone is not his; `None` when the database cannot say.
async fn reads_sheet(pool: &DbPool, scope: &CampaignScope, sortie_id: i64) -> Option<bool> {
    if scope.is_referee() {
        return Some(true);
    }
    // A sheet changes quietly only while its game is on, when only its players and the
    // referees read it; one who is no member plays no sortie. So the hundreds of
    // anonymous screens of a club night (the projector, phones not signed in) never ask
    // the database.
    if !scope.is_member() {
        return Some(false);
    }
    let mut conn = pool.get().await.ok()?;
    let readers = eagles_db::lineup::sheet_readers(&mut conn, &[sortie_id])
        .await
        .ok()?;
    Some(
        readers.into_iter().any(|r| {
            GameSecrecy::of(scope, r.debriefed, r.voided, r.abandoned).reads_sheet(r.owners)
        }),
    )
}

/// The next page of `campaign_id`'s log after `last_sent`; the connection is held for
/// the query only.
async fn read_log(
    pool: &DbPool,
    campaign_id: i64,
    last_sent: i64,
) -> Result<Vec<CampaignEvent>, ServiceError> {
    let mut conn = pool.get().await.map_err(eagles_db::Error::from)?;
    let events = eagles_db::events::after(&mut conn, campaign_id, last_sent, PAGE).await?;
    Ok(events.into_iter().map(event_of).collect())
}

#[async_trait::async_trait]
impl Events for Service {
    async fn open_events(
        &self,
        Subscriber { reader, address }: Subscriber<'_>,
        campaign_id: i64,
        last_event_id: Option<i64>,
    ) -> Result<OpenStream, Error> {
        if last_event_id.is_some_and(|id| id < 0) {
            return Err(ServiceError::BadRequest(
                "the last event id is a revision: a number from 0".into(),
            ));
        }
        let client = client_key(reader.caller(), address);
        // Subscribed before the revision is read: whatever commits after the read is
        // then in the broadcast or, if the listener misses it, announced by a resync.
        let signals = self.hub.signals.subscribe();
        let scope = {
            let mut conn = self.conn().await?;
            crate::access::readable_campaign(&mut conn, campaign_id, reader).await?
        };
        let revision = scope.campaign().revision;
        let slot = self.hub.claim(client)?;
        // A client's id past the campaign's revision (a database restored from a backup)
        // would silence the stream until the campaign caught up with it.
        let last_sent = last_event_id.map_or(revision, |id| id.min(revision));
        let now = Instant::now();
        let lifetime = tokio::time::sleep_until(now + self.hub.settings.lifetime);
        let hub_closed = self.hub.clone();
        let stream = EventStream {
            pool: self.pool.clone(),
            scope,
            reads: HashMap::new(),
            campaign_id,
            last_sent,
            catch_up: last_sent < revision,
            pending: VecDeque::new(),
            signals,
            closing: self.hub.closing.subscribe(),
            ends: Box::pin(async move {
                tokio::select! {
                    () = hub_closed.closed() => {}
                    () = lifetime => {}
                }
            }),
            quiet: Box::pin(tokio::time::sleep_until(now + self.hub.settings.heartbeat)),
            quiet_since: now,
            heartbeat: self.hub.settings.heartbeat,
            _slot: slot,
        };
        let starts_after = stream.last_sent();
        let items = futures_util::stream::unfold(stream, |mut stream| async move {
            let item = stream.next().await?;
            Some((item, stream))
        });
        Ok(OpenStream {
            starts_after,
            items: Box::pin(items),
        })
    }
}

#[cfg(test)]
mod tests;
