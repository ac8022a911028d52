//! The crew leaderboard: by XP, then kills, as JSON or CSV.

pub use eagles_office::standings::{LeaderboardQuery, LeaderboardRow};
use std::collections::HashMap;

use campaign::crew::CrewId;
use campaign::sides::Side;
use campaign::standings::leaderboard_ranks;
use campaign::status;
use campaign::xp::Xp;
use eagles_db::campaigns::Campaign;
use eagles_db::diesel_async::AsyncPgConnection;
use eagles_db::standings::{CrewTotals, StandingsFilter};

use super::{as_of, count};
use crate::error::ServiceError;

/// The leaderboard of a campaign the caller may read (checked by the caller with
/// `readable_campaign`): one query. The API and the pages both rank through here.
pub async fn ranked(
    conn: &mut AsyncPgConnection,
    campaign: &Campaign,
    query: &LeaderboardQuery,
) -> Result<Vec<LeaderboardRow>, ServiceError> {
    let campaign_id = campaign.id;
    let week = as_of(campaign, query.as_of_week)?;
    let filter = StandingsFilter {
        role: query.role,
        nationalities: query.side.map(Side::nationalities),
    };
    let records = eagles_db::standings::leaderboard_as_of(conn, campaign_id, week, &filter).await?;
    let mut keys = records
        .iter()
        .map(|r| {
            let xp = i32::try_from(r.xp)
                .map_err(|_| ServiceError::Internal(format!("crewman {}: xp {}", r.id, r.xp)))?;
            Ok((CrewId(r.id), Xp(xp), count(r.kills, "kills", r.id)?))
        })
        .collect::<Result<Vec<_>, ServiceError>>()?;
    let ranks = leaderboard_ranks(&mut keys);
    let mut by_id: HashMap<i64, CrewTotals> = records.into_iter().map(|r| (r.id, r)).collect();
    ranks
        .into_iter()
        .filter_map(|(rank, CrewId(id))| by_id.remove(&id).map(|r| (rank, r)))
        .map(|(rank, r)| row(rank, r))
        .collect()
}

fn row(rank: u32, r: CrewTotals) -> Result<LeaderboardRow, ServiceError> {
    let (nationality, role) = (r.nationality, r.role);
    let kills = count(r.kills, "kills", r.id)?;
    Ok(LeaderboardRow {
        rank,
        crew_id: r.id,
        side: nationality.side(),
        role,
        ace: status::is_ace(kills),
        name: r.name,
        owner: r.owner,
        xp: r.xp,
        kills: r.kills,
    })
}
