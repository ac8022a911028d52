//! Dice for the endpoints that roll (R14): the server's random dice, or the physical
//! dice a person entered, checked against the table first. Every roll goes to the log.

use campaign::dice::{check_dice, Dice, FixedDice};
use campaign::logged_table::LoggedTable;
use campaign::tables::{Roll, Table};
use eagles_db::diesel_async::AsyncPgConnection;
use eagles_db::rolls::{NewRoll, RollRecord};
use rand::Rng;

use crate::error::ServiceError;

/// The server's dice: uniform, seeded by the operating system.
pub struct ServerDice(rand::rngs::StdRng);

impl ServerDice {
    pub fn new() -> Self {
        use rand::SeedableRng;
        Self(rand::rngs::StdRng::from_entropy())
    }
}

impl Default for ServerDice {
    fn default() -> Self {
        Self::new()
    }
}

impl Dice for ServerDice {
    fn roll(&mut self, sides: u32) -> u32 {
        self.0.gen_range(1..=sides)
    }
}

/// Where a roll's dice come from.
pub enum DiceSource {
    // Boxed: the generator's state is large and most sources are entered dice.
    Server(Box<ServerDice>),
    Entered(FixedDice),
}

impl DiceSource {
    /// The entered dice, checked against the table (422 when they do not fit), or the
    /// server's dice when none were entered.
    pub fn for_table(table: Table, entered: Option<&[u32]>) -> Result<Self, ServiceError> {
        match entered {
            None => Ok(Self::Server(Box::default())),
            Some(dice) => {
                check_dice(table, dice)?;
                Ok(Self::Entered(FixedDice::new(dice.to_vec())))
            }
        }
    }

    /// Whether a person entered the dice.
    pub fn entered(&self) -> bool {
        matches!(self, Self::Entered(_))
    }
}

impl Dice for DiceSource {
    fn roll(&mut self, sides: u32) -> u32 {
        match self {
            Self::Server(d) => d.roll(sides),
            Self::Entered(d) => d.roll(sides),
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
    NewRoll {
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
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn server_dice_stay_on_the_die() {
        let mut dice = ServerDice::new();
        for sides in [6, 10, 100] {
            for _ in 0..1000 {
                assert!((1..=sides).contains(&dice.roll(sides)));
            }
        }
    }

    // R14: entered dice must fit the table before anything is rolled.
    #[test]
    fn entered_dice_are_checked_against_the_table() {
        assert!(DiceSource::for_table(Table::GroundOffensive, Some(&[3, 4])).is_ok());
        assert!(DiceSource::for_table(Table::GroundOffensive, Some(&[3])).is_err());
        assert!(DiceSource::for_table(Table::GroundOffensive, Some(&[7, 1])).is_err());
        assert!(!DiceSource::for_table(Table::Mission, None)
            .unwrap()
            .entered());
    }
}
