//! Dice for the endpoints that roll (R14, R25): the server's dice derived from the
//! week's seed through its chain, or the physical dice a person entered, checked against
//! the table first. Every roll goes to the log, taking its place in the week's chain.

use campaign::dice::{check_dice, Dice, FixedDice};
use campaign::logged_table::LoggedTable;
use campaign::tables::{Roll, Table};
use eagles_db::diesel_async::AsyncPgConnection;
use eagles_db::rolls::{NewRoll, RollRecord};

use crate::error::ServiceError;
use crate::fair_dice::{DiceChain, ServerDice};

/// Where a roll's dice come from.
pub enum DiceSource {
    /// The server's, derived from the week's seed through its chain (R25).
    Server(ServerDice),
    Entered(FixedDice),
    /// A preview's stand-in for the server's dice (ones): read, never logged.
    StandIn(FixedDice),
}

impl DiceSource {
    /// The entered dice, checked against the table (422 when they do not fit), or the
    /// server's dice from the week's `chain` when none were entered.
    pub fn for_table(
        table: Table,
        entered: Option<&[u32]>,
        chain: Option<&DiceChain>,
    ) -> Result<Self, ServiceError> {
        match entered {
            None => Ok(match chain {
                Some(chain) => Self::Server(chain.server(Some(table.into()))),
                None => Self::StandIn(FixedDice::new(vec![1; 4])),
            }),
            Some(dice) => {
                check_dice(table, dice)?;
                Ok(Self::Entered(FixedDice::new(dice.to_vec())))
            }
        }
    }

    /// Whether a person entered the dice (a stand-in's are the server's still to roll).
    pub fn entered(&self) -> bool {
        matches!(self, Self::Entered(_))
    }
}

impl Dice for DiceSource {
    fn roll(&mut self, sides: u32) -> u32 {
        match self {
            Self::Server(d) => d.roll(sides),
            Self::Entered(d) | Self::StandIn(d) => d.roll(sides),
        }
    }
}

/// Who rolled what, where: the context of a log entry.
#[derive(Debug, Clone)]
pub struct RollContext {
    pub campaign_id: i64,
    pub week: i32,
    pub game_id: Option<i64>,
    pub side: Option<campaign::sides::Side>,
    pub rolled_by: Option<i64>,
    /// The week's chain the roll is logged on (R25); none for rolls that are not
    /// logged (a preview's).
    pub chain: Option<DiceChain>,
}

/// Writes a roll to the log. `result` is the snake_case result the API shows.
pub async fn record<R, T: Copy + Into<LoggedTable>>(
    conn: &mut AsyncPgConnection,
    context: &RollContext,
    roll: &Roll<R, T>,
    result: impl Into<String>,
    entered: bool,
) -> Result<RollRecord, ServiceError> {
    let new = log_entry(context, roll, result, entered);
    Ok(eagles_db::rolls::insert(conn, &new).await?)
}

/// The log entry of a roll, for [`record`] or for a writer that logs many at once.
pub fn log_entry<R, T: Copy + Into<LoggedTable>>(
    context: &RollContext,
    roll: &Roll<R, T>,
    result: impl Into<String>,
    entered: bool,
) -> NewRoll {
    let modifiers: serde_json::Map<String, serde_json::Value> = roll
        .modifiers
        .iter()
        .map(|m| (m.name.to_owned(), serde_json::Value::from(m.value)))
        .collect();
    let mut entry = NewRoll {
        campaign_id: context.campaign_id,
        week: context.week,
        game_id: context.game_id,
        side: context.side,
        table_name: roll.table.into(),
        dice: roll
            .dice
            .iter()
            .map(|&d| i32::try_from(d).unwrap_or(i32::MAX))
            .collect(),
        modifiers: serde_json::Value::Object(modifiers),
        total: roll.total,
        result: result.into(),
        entered,
        rolled_by: context.rolled_by,
        crew_id: None,
        sortie_id: None,
        link: Default::default(),
    };
    if let Some(chain) = &context.chain {
        chain.seal(&mut entry);
    }
    entry
}

#[cfg(test)]
mod tests {
    use super::*;

    // R14: entered dice must fit the table before anything is rolled.
    #[test]
    fn entered_dice_are_checked_against_the_table() {
        assert!(check_dice(Table::GroundOffensive, &[3, 4]).is_ok());
        assert!(check_dice(Table::GroundOffensive, &[3]).is_err());
        assert!(check_dice(Table::GroundOffensive, &[7, 1]).is_err());
    }
}
