//! Plain dice (d6, 2d6, d10, d100): the total, nothing more (R14).

use super::{summed, Modifiers, Roll, Table};
use crate::dice::{roll_for, Dice};

/// Rolls the dice of `table` and gives their plain sum. Meant for `d6`, `2d6`, `d10`
/// and `d100`; on any other table it is the raw sum of its dice.
pub fn roll_plain<D: Dice + ?Sized>(table: Table, dice: &mut D) -> Roll<u32> {
    summed(table, roll_for(table, dice), Modifiers::default(), |t| {
        t as u32
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::FixedDice;

    #[test]
    fn plain_sums() {
        assert_eq!(
            roll_plain(Table::TwoD6, &mut FixedDice::new([3, 5])).result,
            8
        );
        assert_eq!(
            roll_plain(Table::D100, &mut FixedDice::new([73])).result,
            73
        );
        assert_eq!(roll_plain(Table::D10, &mut FixedDice::new([10])).result, 10);
        assert_eq!(roll_plain(Table::D6, &mut FixedDice::new([1])).result, 1);
    }
}
