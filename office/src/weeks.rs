//! The campaign's weeks (R15): closing one, and a week with its games and rolls.

use crate::access::ReadAccess;
use crate::campaigns::Campaign;
use crate::debrief::GameRecords;
use crate::games::{GameView, Names};
use crate::reference::AircraftView;
use crate::rolls::RollView;
use crate::User;
use campaign::calendar::Era;
use chrono::NaiveDate;
use serde::{Deserialize, Serialize};

/// How to close a week (API v1.2); no body is `{}`.
#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CloseWeekRequest {
    /// `true`: the week's games without a debrief are abandoned (no awards, no
    /// casualties); absent or `false`: such a game refuses the close (409).
    #[serde(default)]
    pub abandon_open_games: bool,
}

/// What closing a week did.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct ClosedWeek {
    pub closed_week: i32,
    pub current_week: i32,
    /// The new current week's date.
    #[schema(value_type = String, format = Date)]
    pub week_date: NaiveDate,
    pub era: Era,
    /// Crewmen whose time out ended with the closed week: available again now (R7, R8).
    pub returned: Vec<i64>,
    /// Types in service on the new week's date that were not on the closed week's.
    pub new_aircraft: Vec<AircraftView>,
    /// The games of the closed week abandoned without a debrief (`abandon_open_games`).
    pub abandoned_games: Vec<i64>,
}

/// A week of the campaign.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct WeekView {
    pub week: i32,
    #[schema(value_type = String, format = Date)]
    pub date: NaiveDate,
    pub era: Era,
    /// Whether the week has been closed (it is before the current week).
    pub closed: bool,
    pub games: Vec<GameView>,
    /// The week's roll log, oldest first.
    pub rolls: Vec<RollView>,
}

/// The campaign's weeks (R15).
#[async_trait::async_trait]
pub trait Weeks {
    /// Closes the current week (R15): referee only.
    async fn close_week(
        &self,
        user: User,
        campaign_id: i64,
        request: CloseWeekRequest,
    ) -> Result<ClosedWeek, crate::Error>;

    /// A week of the campaign with its games and rolls, as `reader` may see them (§13.20).
    async fn week(
        &self,
        reader: ReadAccess,
        campaign_id: i64,
        week: i32,
    ) -> Result<WeekView, crate::Error>;

    /// A week as its page draws it (§13.20 applied): the week, its names, what its
    /// debriefs recorded and what its close brought into service.
    async fn week_page(
        &self,
        reader: ReadAccess,
        campaign_id: i64,
        week: i32,
    ) -> Result<WeekPage, crate::Error>;
}

/// A week as its page draws it: the week with its games as the reader may see them
/// (§13.20) and its rolls, the names its lines give, what its debriefs recorded, and
/// the types that entered service when it closed (R15).
#[derive(Debug)]
pub struct WeekPage {
    pub campaign: Campaign,
    pub week: WeekView,
    pub names: Names,
    pub records: GameRecords,
    /// Empty while the week is open.
    pub new_aircraft: Vec<AircraftView>,
}
