//! The campaign feed's content: every closed week with its results as they stood when
//! it closed, and the campaign's end (§13.203) once it has ended. Public campaigns
//! only: a feed reader has no session, so a private campaign's feed does not exist
//! for anyone (404), members included.

pub use eagles_office::feed::{CampaignFeed, FeedEnd, FeedWeek};
use std::collections::HashMap;

use campaign::calendar::{self};
use campaign::missions::Reader;
use chrono::{DateTime, Utc};
use eagles_db::briefing::Weeks;

use crate::access::readable_campaign;
use crate::briefing::{results_of_weeks, WeekResults};
use crate::campaigns::outcome;
use crate::Service;
use eagles_office::feed::*;
use eagles_office::prelude::*;

#[async_trait::async_trait]
impl Feeds for Service {
    /// The feed of a public campaign; 404 for a private one, whoever asks.
    async fn feed(&self, campaign_id: i64) -> Result<CampaignFeed, Error> {
        let mut conn = self.conn().await?;
        let conn = &mut *conn;
        let scope = readable_campaign(conn, campaign_id, None).await?;
        let campaign = scope.campaign();
        let times = eagles_db::briefing::campaign_times(conn, campaign.id).await?;
        let last_closed = campaign.current_week - 1;
        // The week an ended campaign ended in is reported with its end.
        let last_reported = match campaign.ended_week {
            Some(week) => week,
            None => last_closed,
        };
        let mut results =
            results_of_weeks(conn, campaign, 1, last_reported, Reader::Public).await?;
        let closed: HashMap<i32, DateTime<Utc>> =
            eagles_db::briefing::weeks_closed(conn, campaign.id)
                .await?
                .into_iter()
                .map(|w| (w.week, w.at))
                .collect();
        let last_rolls: HashMap<i32, DateTime<Utc>> = eagles_db::briefing::last_rolls(
            conn,
            Weeks {
                campaign_id: campaign.id,
                first: 1,
                last: last_closed,
            },
        )
        .await?
        .into_iter()
        .map(|w| (w.week, w.at))
        .collect();
        // The dice of each closed week (R25): its chain head and its seed, now public,
        // and the commitment of the week its close opened.
        let heads: HashMap<i32, String> = eagles_db::fair_dice::chain_heads(conn, campaign.id)
            .await?
            .into_iter()
            .collect();
        let seeds: HashMap<i32, campaign::fair_dice::WeekSeed> =
            eagles_db::fair_dice::seeds(conn, campaign.id)
                .await?
                .into_iter()
                .map(|(week, seed)| Ok((week, crate::fair_dice::seeds::seed_of(&seed)?)))
                .collect::<Result<_, Error>>()?;
        let mut fallback = times.created_at;
        let mut weeks = Vec::new();
        for week in 1..=last_closed {
            let date = campaign.week_date(week);
            let closed_at = closed
                .get(&week)
                .or_else(|| last_rolls.get(&week))
                .copied()
                .unwrap_or(fallback);
            fallback = closed_at;
            weeks.push(FeedWeek {
                week,
                date,
                era: calendar::era_on(date),
                closed_at,
                results: results.remove(&week).unwrap_or_else(|| WeekResults {
                    week,
                    ..WeekResults::default()
                }),
                chain_head: heads.get(&week).cloned(),
                seed: seeds.get(&week).map(|s| s.reveal()),
                next_commitment: seeds.get(&(week + 1)).map(|s| s.commitment()),
            });
        }
        let end = match campaign.ended_week {
            Some(week) => Some(FeedEnd {
                ended_at: times.ended_at.unwrap_or(fallback),
                outcome: outcome(conn, campaign).await?,
                last_week: results.remove(&week).unwrap_or_else(|| WeekResults {
                    week,
                    ..WeekResults::default()
                }),
            }),
            None => None,
        };
        Ok(CampaignFeed {
            campaign_id: campaign.id,
            name: campaign.name.clone(),
            created_at: times.created_at,
            weeks,
            end,
        })
    }
}
