//! Leaderboards at any week: crews, players, and the sides' totals (R12).

use crate::access::ReadAccess;
use campaign::crew::Role;
use campaign::sides::Side;
use campaign::standings::Leader;
use campaign::standings::SideXp;
use serde::{Deserialize, Serialize};

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

/// The week of the side totals.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[serde(deny_unknown_fields)]
#[into_params(parameter_in = Query)]
pub struct SidesQuery {
    /// Count only awards made in weeks up to this one; the current week by default.
    pub as_of_week: Option<i32>,
}

/// One side's XP for the air war.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct SideXpView {
    /// XP its crews earned in games; starting XP does not count.
    pub xp: i64,
    /// Mission awards earned in two-seaters, counted a second time.
    pub doubled_mission_xp: i64,
    /// `xp + doubled_mission_xp`.
    pub total: i64,
}

/// Both sides' totals and who leads (R12).
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct SidesView {
    pub allied: SideXpView,
    pub central: SideXpView,
    /// `allied`, `central` or `tied`, on `total`.
    pub leader: Leader,
    /// The week these totals stand at.
    pub as_of_week: i32,
}

impl From<SideXp> for SideXpView {
    fn from(s: SideXp) -> Self {
        SideXpView {
            xp: s.xp,
            doubled_mission_xp: s.doubled_mission_xp,
            total: s.total,
        }
    }
}

/// Leaderboards at any week, and the sides' totals (R12).
#[async_trait::async_trait]
pub trait Standings {
    /// The crew ranked by XP.
    async fn leaderboard(
        &self,
        reader: ReadAccess,
        campaign_id: i64,
        query: LeaderboardQuery,
    ) -> Result<Vec<LeaderboardRow>, crate::Error>;

    /// The players ranked by their crews' XP.
    async fn players(
        &self,
        reader: ReadAccess,
        campaign_id: i64,
        query: PlayersQuery,
    ) -> Result<Vec<PlayerRow>, crate::Error>;

    /// The sides' XP totals (R13).
    async fn sides(
        &self,
        reader: ReadAccess,
        campaign_id: i64,
        query: SidesQuery,
    ) -> Result<SidesView, crate::Error>;
}
