//! Standings at once and for any past week: the crew leaderboard (JSON and CSV), the
//! side totals of R12 and the player ranking of R13. Each endpoint reads the ledger in
//! one query with the week filters, so `as_of_week=n` gives the standings as they were
//! when week n closed.

mod leaderboard;
mod players;
mod sides;

use actix_web::web;
use eagles_db::campaigns::Campaign;

use crate::error::ApiError;

pub use leaderboard::{ranked as crew_ranking, LeaderboardQuery, LeaderboardRow};
pub use players::{ranked as player_ranking, PlayerRow, PlayersQuery};
pub use sides::{totals as air_war_totals, SideXpView, SidesQuery, SidesView};

/// Mounts this module's endpoints inside `/api/v1`.
pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(leaderboard::leaderboard)
        .service(leaderboard::leaderboard_csv)
        .service(sides::sides)
        .service(players::players);
}

/// This module's part of the OpenAPI document.
#[derive(utoipa::OpenApi)]
#[openapi(
    paths(
        leaderboard::leaderboard,
        leaderboard::leaderboard_csv,
        sides::sides,
        players::players
    ),
    components(schemas(LeaderboardRow, SidesView, SideXpView, PlayerRow)),
    tags((name = "standings"))
)]
pub struct Doc;

/// The week the standings are computed for: `as_of_week` when given, else the
/// campaign's current week. Weeks that have not begun have no standings (422).
fn as_of(campaign: &Campaign, as_of_week: Option<i32>) -> Result<i32, ApiError> {
    let current = campaign.current_week;
    match as_of_week {
        None => Ok(current),
        Some(week) if (1..=current).contains(&week) => Ok(week),
        Some(week) => Err(ApiError::invalid(format!(
            "as_of_week must be between 1 and the current week {current}, not {week}"
        ))),
    }
}

/// `i64` totals from the database as the rules crate's `u32` counts; negative or
/// enormous values only come from corrupt data.
fn count(value: i64, what: &str, crew_id: i64) -> Result<u32, ApiError> {
    u32::try_from(value)
        .map_err(|_| ApiError::Internal(format!("crewman {crew_id}: {what} is {value}")))
}
