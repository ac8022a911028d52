//! The crew leaderboard: by XP, then kills, as JSON or CSV.

use std::collections::HashMap;

use campaign::crew::{CrewId, Role};
use campaign::sides::Side;
use campaign::standings::leaderboard_ranks;
use campaign::status;
use campaign::xp::Xp;
use eagles_db::campaigns::Campaign;
use eagles_db::diesel_async::AsyncPgConnection;
use eagles_db::standings::{CrewTotals, StandingsFilter};
use serde::{Deserialize, Serialize};

use super::{as_of, count};
use crate::error::ServiceError;

/// Filters of the leaderboard.
#[derive(Debug, Default, Deserialize, utoipa::IntoParams)]
#[serde(deny_unknown_fields)]
#[into_params(parameter_in = Query)]
pub struct LeaderboardQuery {
    /// Count only what happened in weeks up to this one; the current week by default.
    pub as_of_week: Option<i32>,
    pub side: Option<Side>,
    pub role: Option<Role>,
}

/// A crewman's place on the leaderboard. The CSV has these columns in this order.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct LeaderboardRow {
    /// 1 for the most XP; crewmen level on XP and kills share a rank.
    pub rank: u32,
    pub crew_id: i64,
    pub name: String,
    pub side: Side,
    pub role: Role,
    /// The owning player's username.
    pub owner: String,
    /// Starting XP plus the awards made by the week.
    pub xp: i64,
    /// Kills of games not voided by the week, shared ones included.
    pub kills: i64,
    /// At least 5 kills (R6).
    pub ace: bool,
}

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
