//! A public campaign's feed: its closed weeks with their results, and its end.

use crate::briefing::WeekResults;
use crate::campaigns::CampaignEnd;
use campaign::calendar::Era;
use chrono::{DateTime, NaiveDate, Utc};
use serde::Serialize;

/// A public campaign's feed.
#[derive(Debug, Serialize)]
pub struct CampaignFeed {
    pub campaign_id: i64,
    pub name: String,
    pub created_at: DateTime<Utc>,
    /// The closed weeks, oldest first.
    pub weeks: Vec<FeedWeek>,
    pub end: Option<FeedEnd>,
}

/// A closed week.
#[derive(Debug, Serialize)]
pub struct FeedWeek {
    pub week: i32,
    pub date: NaiveDate,
    pub era: Era,
    /// When the referee closed it; for a week closed before the campaign was imported
    /// here, the time of its last roll, or failing that the campaign's creation.
    pub closed_at: DateTime<Utc>,
    pub results: WeekResults,
    /// The last link of the week's dice chain (R25); null for a week without rolls or
    /// closed before the dice could be checked.
    pub chain_head: Option<String>,
    /// The seed of the week, revealed by its close (R25); null for a week closed
    /// before the dice could be checked.
    pub seed: Option<String>,
    /// The commitment of the week it opened (week n + 1's), public from its start.
    pub next_commitment: Option<String>,
}

/// How the campaign ended.
#[derive(Debug, Serialize)]
pub struct FeedEnd {
    pub ended_at: DateTime<Utc>,
    pub outcome: CampaignEnd,
    /// The results of the week it ended in, which never closed.
    pub last_week: WeekResults,
}

impl CampaignFeed {
    /// When anything in the feed last changed.
    pub fn updated(&self) -> DateTime<Utc> {
        self.end
            .as_ref()
            .map(|e| e.ended_at)
            .into_iter()
            .chain(self.weeks.iter().map(|w| w.closed_at))
            .max()
            .unwrap_or(self.created_at)
    }
}

/// A public campaign's feed.
#[async_trait::async_trait]
pub trait Feeds {
    /// A public campaign's closed weeks and its end, for the Atom feed.
    async fn feed(&self, campaign_id: i64) -> Result<CampaignFeed, crate::Error>;
}
