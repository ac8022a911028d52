//! A campaign's live event stream (contract v1.1, "Live club night"), as the doors
//! send it: one [`StreamItem`] after another, in revision order.

use campaign::events::EventKind;
use futures_util::stream::BoxStream;
use serde::{Deserialize, Serialize};

use crate::access::ReadAccess;

/// One event, as the stream's `data:` line carries it and the notification's payload
/// brings it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct CampaignEvent {
    pub campaign_id: i64,
    /// The campaign's revision after the write; also the message's `id:`.
    pub revision: i64,
    /// The kind of write; also the message's `event:`.
    pub kind: EventKind,
    /// The id of what was written: the roll, game, mission, debriefed game, crewman,
    /// sortie… Left out of a quiet `sheet` event for a reader who may not read that
    /// sheet: the sortie's id alone would tell which sheets are busy (API v1.3, R20).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub id: Option<i64>,
    /// The game the write concerns, when its kind says which: the game opened or
    /// debriefed, a mission's or an assignment's game, the game a roll was tagged
    /// with. Absent for a roll of no game and for the other kinds, so a page can tell
    /// whether an event changes what it shows.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub game_id: Option<i64>,
    /// A sheet's write that changed no open fact: told by the notification, never sent.
    #[serde(default, skip_serializing)]
    pub quiet: bool,
}

impl CampaignEvent {
    /// The event a notification's payload describes; `None` for one that does not.
    pub fn from_notification(payload: &str) -> Option<Self> {
        serde_json::from_str(payload).ok()
    }
}

/// What a stream sends next.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StreamItem {
    Event(CampaignEvent),
    /// Nothing happened for a heartbeat.
    KeepAlive,
}

/// Who opens an event stream: the reader, as every read takes him, and the address he
/// calls from.
#[derive(Debug, Clone)]
pub struct Subscriber<'a> {
    pub reader: ReadAccess,
    pub address: &'a str,
}

/// An open stream: the revision it starts after, then its items until it ends (the
/// server shuts down, its lifetime is over, or the log cannot be read).
pub struct OpenStream {
    pub starts_after: i64,
    pub items: BoxStream<'static, StreamItem>,
}

#[async_trait::async_trait]
pub trait Events {
    /// Opens `campaign_id`'s event stream for `subscriber`: 404 unless he may read the
    /// campaign, 429 when he holds too many streams already. With `last_event_id` (the
    /// last revision the client saw) it starts with the events after it, else with the
    /// next write.
    async fn open_events(
        &self,
        subscriber: Subscriber<'_>,
        campaign_id: i64,
        last_event_id: Option<i64>,
    ) -> Result<OpenStream, crate::Error>;
}
