//! The mission table: 1d10 per side per game (appendix E, R9).

use serde::Serialize;

use super::{Roll, Table};
use crate::dice::{throw, Dice};
use crate::missions::MissionType;

/// The d10 roll that gives directing artillery, whose trips are rolled with it (R9).
pub const DIRECTING_ARTILLERY_ROLL: u32 = 6;

/// The mission a side flies in a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct RolledMission {
    /// The mission rolled.
    pub mission_type: MissionType,
    /// For directing artillery, the trips (1d6) that make it a success (R9).
    pub trips_needed: Option<u32>,
}

/// Rolls a side's mission: 1d10, and for directing artillery 1d6 of trips needed (R9).
pub fn roll_mission<D: Dice + ?Sized>(dice: &mut D) -> Roll<RolledMission> {
    let mut rolled = throw(dice, &[10]);
    let mission_type = MissionType::from_d10(rolled[0]).expect("a d10 shows 1 to 10");
    let trips_needed = (mission_type == MissionType::DirectArtillery).then(|| {
        let trips = dice.roll(6);
        rolled.push(trips);
        trips
    });
    Roll {
        table: Table::Mission,
        total: rolled[0] as i32,
        dice: rolled,
        modifiers: Vec::new(),
        result: RolledMission {
            mission_type,
            trips_needed,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::FixedDice;

    // Appendix E: 1d10 → mission; R9: a 6 rolls 1d6 for the trips needed.
    #[test]
    fn appendix_e_mission_roll() {
        let roll = roll_mission(&mut FixedDice::new([2]));
        assert_eq!(roll.result.mission_type, MissionType::ObserveHq);
        assert_eq!(roll.result.trips_needed, None);
        assert_eq!(roll.dice, [2]);

        let roll = roll_mission(&mut FixedDice::new([6, 4]));
        assert_eq!(roll.result.mission_type, MissionType::DirectArtillery);
        assert_eq!(roll.result.trips_needed, Some(4));
        assert_eq!(roll.dice, [6, 4]);
        assert_eq!(roll.total, 6);

        let roll = roll_mission(&mut FixedDice::new([10]));
        assert_eq!(roll.result.mission_type, MissionType::Scramble);
    }
}
