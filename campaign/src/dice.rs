//! Dice: a trait the server implements with a random generator, fixed dice for tests
//! and for physical dice entered by a person, and the check that entered dice fit the
//! table (R14).

use crate::error::RuleError;
use crate::logged_table::LoggedTable;
use crate::tables::Table;

/// Something that rolls dice. The server implements it with an OS-seeded generator;
/// [`FixedDice`] replays given values.
pub trait Dice {
    /// One die with `sides` faces: a value in `1..=sides`.
    fn roll(&mut self, sides: u32) -> u32;
}

impl<D: Dice + ?Sized> Dice for &mut D {
    fn roll(&mut self, sides: u32) -> u32 {
        (**self).roll(sides)
    }
}

/// Dice that replay given values in order: for tests, and for physical dice a person
/// entered.
///
/// # Panics
/// [`Dice::roll`] panics when the values run out or when the next value cannot be
/// shown by the die asked for. Entered dice are checked with [`check_dice`] first, so
/// this only happens through a programming error.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FixedDice {
    values: Vec<u32>,
    next: usize,
}

impl FixedDice {
    /// Dice that will show `values`, in order.
    pub fn new(values: impl Into<Vec<u32>>) -> Self {
        FixedDice {
            values: values.into(),
            next: 0,
        }
    }

    /// The values not rolled yet.
    pub fn remaining(&self) -> &[u32] {
        &self.values[self.next..]
    }

    /// Whether every value has been rolled.
    pub fn is_exhausted(&self) -> bool {
        self.next == self.values.len()
    }
}

impl Dice for FixedDice {
    fn roll(&mut self, sides: u32) -> u32 {
        let value = *self
            .values
            .get(self.next)
            .unwrap_or_else(|| panic!("FixedDice ran out after {} dice", self.values.len()));
        assert!(
            (1..=sides).contains(&value),
            "FixedDice: die {} is {value}, which a d{sides} cannot show",
            self.next + 1
        );
        self.next += 1;
        value
    }
}

/// Rolls `sides.len()` dice, one per entry.
pub(crate) fn throw<D: Dice + ?Sized>(dice: &mut D, sides: &[u32]) -> Vec<u32> {
    sides.iter().map(|&s| dice.roll(s)).collect()
}

/// Checks dice entered for `table`: the number the table reads, in the order it reads
/// them, each within its die (R14). Tables with a follow-up die (the mission table's
/// trips for artillery, the capture table's weeks on an escape) need it exactly when
/// the first dice call for it.
pub fn check_dice(table: Table, dice: &[u32]) -> Result<(), RuleError> {
    check_against(table.into(), &table.dice_sides(dice), dice)
}

/// Checks dice entered for `table`, which reads dice of `sides`.
pub(crate) fn check_against(
    table: LoggedTable,
    sides: &[u32],
    dice: &[u32],
) -> Result<(), RuleError> {
    match misfit(sides, dice) {
        None => Ok(()),
        Some(Misfit::Count { expected, got }) => Err(RuleError::WrongDiceCount {
            table,
            expected,
            got,
        }),
        Some(Misfit::Range {
            position,
            value,
            sides,
        }) => Err(RuleError::DieOutOfRange {
            table,
            position,
            value,
            sides,
        }),
    }
}

/// How entered dice fail to fit the dice a table reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Misfit {
    /// Too many or too few dice.
    Count { expected: usize, got: usize },
    /// Die `position` (1-based) cannot show `value`.
    Range {
        position: usize,
        value: u32,
        sides: u32,
    },
}

/// The first way `dice` fail to fit `sides`, one die per entry; `None` when they fit.
pub(crate) fn misfit(sides: &[u32], dice: &[u32]) -> Option<Misfit> {
    if sides.len() != dice.len() {
        return Some(Misfit::Count {
            expected: sides.len(),
            got: dice.len(),
        });
    }
    dice.iter()
        .zip(sides)
        .enumerate()
        .find(|(_, (&value, &sides))| !(1..=sides).contains(&value))
        .map(|(i, (&value, &sides))| Misfit::Range {
            position: i + 1,
            value,
            sides,
        })
}

/// Rolls every die `table` reads, follow-up dice included, in the order
/// [`check_dice`] expects them.
pub fn roll_for<D: Dice + ?Sized>(table: Table, dice: &mut D) -> Vec<u32> {
    let mut rolled = throw(dice, &table.dice_sides(&[]));
    loop {
        let sides = table.dice_sides(&rolled);
        if sides.len() == rolled.len() {
            return rolled;
        }
        let more = sides[rolled.len()];
        rolled.push(dice.roll(more));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fixed_dice_replay_in_order() {
        let mut dice = FixedDice::new([3, 6, 1]);
        assert_eq!(dice.roll(6), 3);
        assert_eq!(dice.remaining(), &[6, 1]);
        assert_eq!(dice.roll(6), 6);
        assert_eq!(dice.roll(6), 1);
        assert!(dice.is_exhausted());
    }

    #[test]
    #[should_panic(expected = "ran out")]
    fn fixed_dice_panic_when_exhausted() {
        FixedDice::new([]).roll(6);
    }

    #[test]
    #[should_panic(expected = "cannot show")]
    fn fixed_dice_panic_on_impossible_value() {
        FixedDice::new([7]).roll(6);
    }

    // R14: entered dice must be as many as the table reads, each within its die.
    #[test]
    fn r14_check_dice_count_and_range() {
        assert!(check_dice(Table::Evade, &[3, 4]).is_ok());
        assert_eq!(
            check_dice(Table::Evade, &[3]),
            Err(RuleError::WrongDiceCount {
                table: Table::Evade.into(),
                expected: 2,
                got: 1
            })
        );
        assert_eq!(
            check_dice(Table::Evade, &[3, 7]),
            Err(RuleError::DieOutOfRange {
                table: Table::Evade.into(),
                position: 2,
                value: 7,
                sides: 6
            })
        );
        assert!(check_dice(Table::Mission, &[10]).is_ok());
        assert!(check_dice(Table::Mission, &[0]).is_err());
        assert!(check_dice(Table::SeriousInjury, &[1, 2, 3]).is_ok());
        assert!(check_dice(Table::SeriousInjury, &[1, 2]).is_err());
        assert!(check_dice(Table::D100, &[100]).is_ok());
        assert!(check_dice(Table::D100, &[101]).is_err());
        let e = check_dice(Table::TwoD6, &[]).unwrap_err();
        assert_eq!(e.rule(), "R14");
        assert_eq!(e.to_string(), "the 2d6 table reads 2 dice; 0 were entered");
    }

    // R9: a 6 on the mission table (directing artillery) takes the 1d6 of trips.
    #[test]
    fn r9_mission_dice_with_trips() {
        assert!(check_dice(Table::Mission, &[6, 4]).is_ok());
        assert!(check_dice(Table::Mission, &[6]).is_err());
        assert!(check_dice(Table::Mission, &[5, 4]).is_err());
        assert_eq!(
            roll_for(Table::Mission, &mut FixedDice::new([6, 2])),
            [6, 2]
        );
        assert_eq!(roll_for(Table::Mission, &mut FixedDice::new([9])), [9]);
    }

    // R8: a 2 on the capture roll takes the 1d100 of weeks out.
    #[test]
    fn r8_capture_dice_with_weeks() {
        assert!(check_dice(Table::Capture, &[1, 1, 40]).is_ok());
        assert!(check_dice(Table::Capture, &[1, 1]).is_err());
        assert!(check_dice(Table::Capture, &[1, 2]).is_ok());
        assert!(check_dice(Table::Capture, &[1, 2, 40]).is_err());
        assert_eq!(
            roll_for(Table::Capture, &mut FixedDice::new([1, 1, 99])),
            [1, 1, 99]
        );
    }
}
