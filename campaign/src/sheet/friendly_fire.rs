//! Friendly fire over one's own trenchlines (§7.05, optional): 1d6, 1–2 the ground
//! troops fire on the aircraft.

use super::{read_dice, SheetTable};
use crate::dice::Dice;
use crate::tables::Roll;

/// The highest die on which the troops fire (§7.05: 1–2).
pub const FIRE_AT_MOST: i32 = 2;

/// Tests for friendly fire; gives whether the troops fire.
pub fn roll_friendly_fire<D: Dice + ?Sized>(dice: &mut D) -> Roll<bool, SheetTable> {
    read_dice(SheetTable::FriendlyFire, dice, |die| die <= FIRE_AT_MOST)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::FixedDice;

    // §7.05: 1–2 fire, 3–6 hold their fire.
    #[test]
    fn s7_05_friendly_fire_boundaries() {
        let fire = |die| roll_friendly_fire(&mut FixedDice::new([die])).result;
        assert!(fire(1));
        assert!(fire(2));
        assert!(!fire(3));
        assert!(!fire(6));
    }
}
