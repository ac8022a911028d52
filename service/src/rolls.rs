//! Dice (R14): `POST …/rolls` rolls any table of the campaign with its modifiers, and
//! `GET …/rolls?week=` reads the roll log. Every roll made anywhere (games, missions,
//! debriefs, here) lands in the same log; the log is also the audit trail of this
//! endpoint's writes, so they add no audit entry of their own.

mod tables;

use campaign::calendar;
use campaign::sides::Side;
use campaign::tables::Table;
use chrono::{DateTime, Utc};
use eagles_db::diesel_async::AsyncPgConnection;
use eagles_db::roll_log::RollEntry;
use eagles_db::users::User;
use eagles_db::window::Window;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

pub use tables::{numeric_result, OffensiveFrom, OffensiveTaken};

use crate::access::readable_campaign;
use crate::campaigns::week_number;
use crate::dice::{record as record_roll, DiceSource, RollContext};
use crate::envelope::{self, Access, Change};
use crate::error::{Locus, ServiceError};
use campaign::events::EventKind;

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
}

/// An entry of the roll log (R14).
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct RollView {
    pub id: i64,
    pub week: i32,
    pub game_id: Option<i64>,
    pub side: Option<Side>,
    pub table: Table,
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
    /// In the answer of an evade roll: the ground offensive it took, and whether from
    /// the game, from the request's modifiers (no game given), or none given (R8).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ground_offensive: Option<OffensiveTaken>,
}

impl From<RollEntry> for RollView {
    fn from(entry: RollEntry) -> Self {
        let r = entry.roll;
        let result = match r.table_name {
            table if numeric_result(table) => r
                .result
                .parse::<i64>()
                .map(Value::from)
                .unwrap_or_else(|_| Value::from(r.result.clone())),
            _ => Value::from(r.result),
        };
        Self {
            id: r.id,
            week: r.week,
            game_id: r.game_id,
            side: r.side,
            table: r.table_name,
            dice: r.dice,
            modifiers: r.modifiers,
            total: r.total,
            result,
            entered: r.entered,
            rolled_by: entry.rolled_by,
            rolled_at: r.rolled_at,
            ground_offensive: None,
        }
    }
}

/// Rolls on a table for a member of the campaign and logs the roll (R14); the API and
/// the dice page both roll through here.
pub async fn roll(
    conn: &mut AsyncPgConnection,
    user: User,
    campaign_id: i64,
    request: RollRequest,
) -> Result<RollView, ServiceError> {
    let RollRequest {
        table,
        modifiers,
        dice,
        game_id,
        side,
    } = request;
    let (logged, offensive) = envelope::write(
        conn,
        campaign_id,
        &user,
        Access::Member("roll dice"),
        async |conn, scope, record| {
            let mut source = DiceSource::for_table(table, dice.as_deref())
                .map_err(|e| e.at(Locus::Field("dice")))?;
            let campaign = &scope.campaign;
            let game = match game_id {
                None => None,
                Some(id) => Some(
                    eagles_db::games::find(conn, campaign.id, id)
                        .await?
                        .ok_or_else(|| {
                            ServiceError::invalid(format!(
                                "game_id {id} is no game of this campaign"
                            ))
                            .at(Locus::Field("game_id"))
                        })?,
                ),
            };
            let week = game.as_ref().map_or(campaign.current_week, |g| g.week);
            let date = calendar::week_date(campaign.start_date, week_number(week));
            let offensive = game.as_ref().map(|g| g.ground_offensive);
            let circumstances = tables::Circumstances {
                date,
                era: calendar::era_on(date),
                side,
                offensive,
            };
            // What the table refuses that no other field explains is its modifiers.
            let rolled = tables::roll_table(table, modifiers, circumstances, &mut source)
                .map_err(|e| e.at(Locus::Field("modifiers")))?;
            let context = RollContext {
                campaign_id: campaign.id,
                week,
                game_id,
                side,
                rolled_by: Some(user.id),
            };
            let logged = record_roll(
                conn,
                &context,
                &rolled.roll,
                rolled.result,
                source.entered(),
            )
            .await?;
            let receipt = record
                .record(conn, Change::new(EventKind::Roll, logged.id))
                .await?;
            Ok(((logged, rolled.offensive), receipt))
        },
    )
    .await?;
    Ok(RollView {
        ground_offensive: offensive,
        ..RollView::from(RollEntry {
            roll: logged,
            rolled_by: Some(user.username),
        })
    })
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

/// The roll log of a campaign `caller` may read: one week's or all, in `window`.
pub async fn list(
    conn: &mut AsyncPgConnection,
    caller: Option<User>,
    campaign_id: i64,
    week: Option<i32>,
    window: Window,
) -> Result<Vec<RollView>, ServiceError> {
    let scope = readable_campaign(conn, campaign_id, caller).await?;
    let rolls = eagles_db::roll_log::list_window(conn, scope.campaign.id, week, window).await?;
    Ok(rolls.into_iter().map(RollView::from).collect())
}
