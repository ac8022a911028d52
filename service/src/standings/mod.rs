//! Standings at once and for any past week: the crew leaderboard (JSON and CSV), the
//! side totals of R12 and the player ranking of R13. Each endpoint reads the ledger in
//! one query with the week filters, so `as_of_week=n` gives the standings as they were
//! when week n closed.

mod leaderboard;
mod players;
mod sides;

use crate::access::{readable_campaign, ReadAccess};
use eagles_db::campaigns::Campaign;

use crate::error::ServiceError;

use crate::Service;
use eagles_office::prelude::*;
pub use leaderboard::{ranked as crew_ranking, LeaderboardQuery, LeaderboardRow};
pub use players::{ranked as player_ranking, PlayerRow, PlayersQuery};
pub use sides::{totals as air_war_totals, SideXpView, SidesQuery, SidesView};

/// The week the standings are computed for: `as_of_week` when given, else the
/// campaign's current week. Weeks that have not begun have no standings (422).
fn as_of(campaign: &Campaign, as_of_week: Option<i32>) -> Result<i32, ServiceError> {
    let current = campaign.current_week;
    match as_of_week {
        None => Ok(current),
        Some(week) if (1..=current).contains(&week) => Ok(week),
        Some(week) => Err(ServiceError::invalid(format!(
            "the week asked for must be between 1 and the current week {current}, not {week}"
        ))),
    }
}

/// `i64` totals from the database as the rules crate's `u32` counts; negative or
/// enormous values only come from corrupt data.
fn count(value: i64, what: &str, crew_id: i64) -> Result<u32, ServiceError> {
    u32::try_from(value)
        .map_err(|_| ServiceError::Internal(format!("crewman {crew_id}: {what} is {value}")))
}

#[async_trait::async_trait]
impl Standings for Service {
    /// The crew leaderboard of a campaign `reader` may read.
    async fn leaderboard(
        &self,
        reader: ReadAccess,
        campaign_id: i64,
        query: LeaderboardQuery,
    ) -> Result<Vec<LeaderboardRow>, Error> {
        let mut conn = self.conn().await?;
        let conn = &mut *conn;
        let scope = readable_campaign(conn, campaign_id, reader).await?;
        crew_ranking(conn, scope.campaign(), &query).await
    }

    /// The player ranking of R13 in a campaign `reader` may read.
    async fn players(
        &self,
        reader: ReadAccess,
        campaign_id: i64,
        query: PlayersQuery,
    ) -> Result<Vec<PlayerRow>, Error> {
        let mut conn = self.conn().await?;
        let conn = &mut *conn;
        let scope = readable_campaign(conn, campaign_id, reader).await?;
        player_ranking(conn, scope.campaign(), query.as_of_week).await
    }

    /// The side totals of R12 in a campaign `reader` may read.
    async fn sides(
        &self,
        reader: ReadAccess,
        campaign_id: i64,
        query: SidesQuery,
    ) -> Result<SidesView, Error> {
        let mut conn = self.conn().await?;
        let conn = &mut *conn;
        let scope = readable_campaign(conn, campaign_id, reader).await?;
        air_war_totals(conn, scope.campaign(), query.as_of_week).await
    }
}
