//! Directing artillery: the trips that make the mission a success, 1d6 (appendix E,
//! R9).

use super::{summed, Modifiers, Roll, Table};
use crate::dice::{throw, Dice};

/// Rolls the trips needed for directing artillery: 1d6, rolled with the mission (R9).
pub fn roll_artillery_trips<D: Dice + ?Sized>(dice: &mut D) -> Roll<u32> {
    summed(
        Table::ArtilleryTrips,
        throw(dice, &[6]),
        Modifiers::default(),
        |total| total as u32,
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::FixedDice;

    // Appendix E, R9: the mission needs 1d6 trips.
    #[test]
    fn r9_trips_are_one_d6() {
        for die in 1..=6 {
            assert_eq!(roll_artillery_trips(&mut FixedDice::new([die])).result, die);
        }
    }
}
