//! The campaign's tables rolled on screen and the roll log (R14): the request, the
//! logged roll and the log's filters.

use crate::access::ReadAccess;
use crate::window::Window;
use crate::User;
use campaign::logged_table::LoggedTable;
use campaign::sheet::SheetTable;
use campaign::sides::Side;
use campaign::tables::ground_offensive::GroundOffensive;
use campaign::tables::Table;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

/// A roll to make.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct RollRequest {
    /// The table: `mission`, `ground_offensive`, `anti_aircraft`, `landing`, `crash`,
    /// `bail_out`, `evade`, `capture`, `minor_injury`, `serious_injury`,
    /// `artillery_trips`, `bomb`, `d6`, `2d6`, `d10` or `d100`.
    pub table: Table,
    /// The rulebook's modifiers of that table, by name, e.g.
    /// `{"terrain": "shell_holes", "minor_wound": true}`. Bail-out also takes the
    /// crewman's `nationality` (parachutes, §13.03); evade without `game_id` may name
    /// the `ground_offensive`. A modifier the table does not have → 422.
    #[serde(default)]
    #[schema(value_type = Object)]
    pub modifiers: Map<String, Value>,
    /// Physical dice, in the order the table reads them; the server rolls without.
    pub dice: Option<Vec<u32>>,
    /// The game the roll belongs to; the roll is then of the game's week, and an evade
    /// takes the game's ground offensive (R8).
    pub game_id: Option<i64>,
    /// The side the roll is for; an evade needs it.
    pub side: Option<Side>,
    /// A player's nonce (1–64 of `A–Z a–z 0–9 _ -`, R25): the server's dice follow from
    /// it too, so nobody holding the database knows them before he asks. A referee's
    /// roll takes none (422).
    pub nonce: Option<String>,
}

/// An entry of the roll log (R14).
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct RollView {
    pub id: i64,
    pub week: i32,
    pub game_id: Option<i64>,
    pub side: Option<Side>,
    /// One of the campaign's tables, or one of a sheet's (rolled at the table).
    pub table: LoggedTable,
    pub dice: Vec<i32>,
    /// The modifiers that applied, by name, with what each added.
    #[schema(value_type = Object)]
    pub modifiers: Value,
    /// Dice plus modifiers.
    pub total: i32,
    /// A snake_case name, or a number for the injury tables (weeks out), artillery
    /// trips and plain dice (the total).
    #[schema(value_type = Object)]
    pub result: Value,
    /// Whether a person entered physical dice (otherwise the server rolled).
    pub entered: bool,
    /// Username of whoever rolled.
    pub rolled_by: Option<String>,
    pub rolled_at: DateTime<Utc>,
    /// The crewman whose roll it was, when it was one man's.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub crew_id: Option<i64>,
    /// The sortie whose sheet it was rolled on (R17–R19).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sortie_id: Option<i64>,
    /// In the answer of an evade roll: the ground offensive it took, and whether from
    /// the game, from the request's modifiers (no game given), or none given (R8).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ground_offensive: Option<OffensiveTaken>,
    /// Undone on the sheet it was made on: its marks reversed on every sheet, the roll
    /// kept in the log (R24).
    pub undone: bool,
    /// The roll's receipt (R25).
    #[serde(flatten)]
    pub receipt: crate::fair_dice::Receipt,
}

/// Filter of the roll log.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[serde(deny_unknown_fields)]
#[into_params(parameter_in = Query)]
pub struct RollQuery {
    /// Only this week's rolls; all weeks when absent.
    pub week: Option<i32>,
    /// At most this many rolls (1 to 1000, default 1000); a `Link` header with
    /// `rel="next"` points to the rest.
    pub limit: Option<u32>,
    /// Skip this many rolls first.
    pub offset: Option<u32>,
}

/// Which rolls of a campaign's log to read: one week's, or every week's when `week` is
/// `None`, within `window`.
#[derive(Debug, Clone, Copy)]
pub struct RollFilter {
    pub week: Option<i32>,
    pub window: Window,
}

/// The ground offensive an evade roll took, and where it came from: the answer says
/// so, since without a game the roll can only know it from the request (R8).
#[derive(Debug, Clone, Copy, serde::Serialize, utoipa::ToSchema)]
pub struct OffensiveTaken {
    /// The offensive applied.
    pub result: GroundOffensive,
    /// `game` (the game's own roll), `modifiers` (named in the request, no game given)
    /// or `assumed_quiet` (neither: no offensive was applied).
    pub from: OffensiveFrom,
}

/// Where an evade's ground offensive came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum OffensiveFrom {
    Game,
    Modifiers,
    AssumedQuiet,
}

/// Whether the table's result is a number (weeks out, trips, a plain total); the API
/// shows those as JSON numbers, the others as snake_case names.
pub fn numeric_result(table: impl Into<LoggedTable>) -> bool {
    use Table::*;
    matches!(
        table.into(),
        LoggedTable::Campaign(
            MinorInjury | SeriousInjury | ArtilleryTrips | D6 | TwoD6 | D10 | D100
        )
    )
}

/// Whether the table's result is an object stored as JSON text: the combat roll's
/// `{combat_value, blue, red}` (R17), concentrated fire's `{section, crew_hit}`.
pub fn object_result(table: impl Into<LoggedTable>) -> bool {
    matches!(
        table.into(),
        LoggedTable::Sheet(SheetTable::Combat | SheetTable::ConcentratedFire)
    )
}

/// The campaign's tables rolled on screen, and the roll log (R14).
#[async_trait::async_trait]
pub trait Rolls {
    /// Rolls one of the campaign's tables (R14).
    async fn roll(
        &self,
        user: User,
        campaign_id: i64,
        request: RollRequest,
    ) -> Result<RollView, crate::Error>;

    /// The roll log of a campaign, or of one week of it.
    async fn rolls(
        &self,
        reader: ReadAccess,
        campaign_id: i64,
        filter: RollFilter,
    ) -> Result<Vec<RollView>, crate::Error>;
}
