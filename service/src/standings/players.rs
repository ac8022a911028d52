//! The player ranking (R13, §13.203): each player by his best crewman.

use campaign::crew::CrewId;
use campaign::standings::{player_standings, CrewRecord};
use campaign::xp::Xp;
use eagles_db::campaigns::Campaign;
use eagles_db::diesel_async::AsyncPgConnection;
use eagles_db::standings::{CrewStanding, StandingsFilter};
pub use eagles_office::standings::{PlayerRow, PlayersQuery};

use super::{as_of, count};
use crate::error::ServiceError;

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
