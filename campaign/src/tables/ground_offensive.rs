//! The ground offensive table: 2d6 once per game (appendix E, §13.202); it moves the
//! evade roll (R8).

use super::{summed, Modifiers, Roll, Table};
use crate::dice::{throw, Dice};
use crate::sides::Side;
use crate::wire::wire_enum;

wire_enum! {
    /// What the ground troops are doing during a game.
    #[derive(PartialOrd, Ord)]
    pub enum GroundOffensive {
        /// 2: major Central attack in progress.
        MajorCentral as "Major Central attack",
        /// 3: minor Central attack in progress.
        MinorCentral as "Minor Central attack",
        /// 4–10: all is quiet on the front.
        Quiet as "all quiet",
        /// 11: minor Allied attack in progress.
        MinorAllied as "Minor Allied attack",
        /// 12: major Allied attack in progress.
        MajorAllied as "Major Allied attack",
    }
}

impl GroundOffensive {
    /// The result of a 2d6 total (appendix E).
    pub fn from_total(total: u32) -> GroundOffensive {
        match total {
            ..=2 => GroundOffensive::MajorCentral,
            3 => GroundOffensive::MinorCentral,
            4..=10 => GroundOffensive::Quiet,
            11 => GroundOffensive::MinorAllied,
            _ => GroundOffensive::MajorAllied,
        }
    }

    /// What the offensive adds to the evade roll of a crewman of `side` (R8, appendix
    /// C): a major enemy attack −3, a minor −1, a minor friendly +1, a major +3.
    pub fn evade_modifier(self, side: Side) -> i32 {
        let for_allied = match self {
            GroundOffensive::MajorCentral => -3,
            GroundOffensive::MinorCentral => -1,
            GroundOffensive::Quiet => 0,
            GroundOffensive::MinorAllied => 1,
            GroundOffensive::MajorAllied => 3,
        };
        match side {
            Side::Allied => for_allied,
            Side::Central => -for_allied,
        }
    }
}

/// Rolls the game's ground offensive: 2d6, no modifiers (appendix E).
pub fn roll_ground_offensive<D: Dice + ?Sized>(dice: &mut D) -> Roll<GroundOffensive> {
    summed(
        Table::GroundOffensive,
        throw(dice, &[6, 6]),
        Modifiers::default(),
        |total| GroundOffensive::from_total(total as u32),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::FixedDice;
    use crate::wire::testing::round_trips;
    use GroundOffensive::*;

    // Appendix E: 2 major Central, 3 minor Central, 4–10 quiet, 11 minor Allied,
    // 12 major Allied.
    #[test]
    fn appendix_e_ground_offensive_rows() {
        let expected = [
            (2, MajorCentral),
            (3, MinorCentral),
            (4, Quiet),
            (7, Quiet),
            (10, Quiet),
            (11, MinorAllied),
            (12, MajorAllied),
        ];
        for (total, result) in expected {
            assert_eq!(GroundOffensive::from_total(total), result, "{total}");
        }
        let roll = roll_ground_offensive(&mut FixedDice::new([5, 6]));
        assert_eq!((roll.total, roll.result), (11, MinorAllied));
        round_trips(GroundOffensive::ALL);
    }

    // R8, appendix C: the offensive's evade modifier, seen from each side.
    #[test]
    fn r8_offensive_evade_modifiers() {
        assert_eq!(MajorCentral.evade_modifier(Side::Allied), -3); // major enemy
        assert_eq!(MinorCentral.evade_modifier(Side::Allied), -1); // minor enemy
        assert_eq!(MinorAllied.evade_modifier(Side::Allied), 1); // minor friendly
        assert_eq!(MajorAllied.evade_modifier(Side::Allied), 3); // major friendly
        assert_eq!(MajorCentral.evade_modifier(Side::Central), 3);
        assert_eq!(MinorCentral.evade_modifier(Side::Central), 1);
        assert_eq!(MinorAllied.evade_modifier(Side::Central), -1);
        assert_eq!(MajorAllied.evade_modifier(Side::Central), -3);
        assert_eq!(Quiet.evade_modifier(Side::Allied), 0);
        assert_eq!(Quiet.evade_modifier(Side::Central), 0);
    }
}
