//! The player ranking (R13, §13.203): each player by his best crewman.

use campaign::crew::CrewId;
use campaign::standings::{player_standings, CrewRecord};
use campaign::xp::Xp;
use eagles_db::campaigns::Campaign;
use eagles_db::diesel_async::AsyncPgConnection;
use eagles_db::standings::{CrewStanding, StandingsFilter};
use serde::{Deserialize, Serialize};

use super::{as_of, count};
use crate::error::ServiceError;

/// The week of the ranking.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[serde(deny_unknown_fields)]
#[into_params(parameter_in = Query)]
pub struct PlayersQuery {
    /// Rank as things stood when this week closed; the current week by default.
    pub as_of_week: Option<i32>,
}

/// A player's place in the campaign.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct PlayerRow {
    /// 1 for the leader; players level on XP, kills and weeks out share a rank.
    pub rank: u32,
    pub username: String,
    /// His best crewman, pilot or observer.
    pub best_crew_id: i64,
    /// That crewman's XP.
    pub best_xp: i64,
    /// That crewman's kills (the first tie-break).
    pub best_kills: u32,
    /// The weeks that crewman spent out of service (the second tie-break, fewer is
    /// better): for each injury or capture in a game not voided, the weeks after it
    /// up to his return week, counting only weeks up to the ranking's week; a crewman
    /// killed, sent home or captured for the war counts every week since.
    pub best_weeks_out: u32,
}

/// The players of a campaign the caller may read, ranked by their best crewman (R13):
/// one query. The API and the pages both rank through here.
pub async fn ranked(
    conn: &mut AsyncPgConnection,
    campaign: &Campaign,
    as_of_week: Option<i32>,
) -> Result<Vec<PlayerRow>, ServiceError> {
    let week = as_of(campaign, as_of_week)?;
    let crew =
        eagles_db::standings::crew_as_of(conn, campaign.id, week, &StandingsFilter::default())
            .await?;
    let records = crew
        .into_iter()
        .map(
            |CrewStanding {
                 totals: c,
                 weeks_out,
             }| {
                let xp = i32::try_from(c.xp).map_err(|_| {
                    ServiceError::Internal(format!("crewman {}: xp {}", c.id, c.xp))
                })?;
                Ok(CrewRecord {
                    kills: count(c.kills, "kills", c.id)?,
                    weeks_out: count(weeks_out, "weeks out", c.id)?,
                    player: c.owner,
                    crew: CrewId(c.id),
                    xp: Xp(xp),
                })
            },
        )
        .collect::<Result<Vec<_>, ServiceError>>()?;
    Ok(player_standings(&records)
        .into_iter()
        .map(|p| PlayerRow {
            rank: p.rank,
            username: p.player,
            best_crew_id: p.best_crew.0,
            best_xp: i64::from(p.best_xp.get()),
            best_kills: p.kills,
            best_weeks_out: p.weeks_out,
        })
        .collect())
}
