//! The Concentrated Fire table (R19, appendix D): an ace's 1d6 by the target's clock
//! column gives the section all the damage goes into, some cells with a crew hit
//! check.

use crate::error::{refused, SheetRefusal};
use serde::{Deserialize, Serialize};

use super::aircraft::Section;
use super::{read_dice, SheetTable};
use crate::abilities::Ability;
use crate::dice::Dice;
use crate::error::RuleError;
use crate::tables::Roll;
use crate::wire::wire_enum;

/// The farthest range concentrated fire reaches: 1, one more with Range (appendix D).
pub const REACH: u32 = 1;

wire_enum! {
    /// The column of the table: where the shooter sits on the target's clock.
    pub enum ClockColumn {
        /// 12 o'clock.
        Twelve = "12",
        /// 10 or 2 o'clock.
        TenOrTwo = "10_2" as "10/2",
        /// 4 or 8 o'clock.
        FourOrEight = "4_8" as "4/8",
        /// 6 o'clock.
        Six = "6",
    }
}

/// A cell of the table: the target area and whether the crew is checked for a hit
/// (the table's `*`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct TargetArea {
    /// The section all the damage goes into.
    pub section: Section,
    /// Check for a crew hit.
    pub crew_hit: bool,
}

const fn area(section: Section, crew_hit: bool) -> TargetArea {
    TargetArea { section, crew_hit }
}

const E: TargetArea = area(Section::Engine, false);
const W: TargetArea = area(Section::Wings, false);
const F: TargetArea = area(Section::Fuselage, false);
const F_: TargetArea = area(Section::Fuselage, true);
const T: TargetArea = area(Section::Tail, false);

/// The table as printed: die 1 to 6, columns 12, 10/2, 4/8, 6.
const TABLE: [[TargetArea; 4]; 6] = [
    [E, E, T, T],
    [E, W, F, T],
    [E, W, F_, F],
    [F, W, F, F_],
    [W, F_, F_, F_],
    [W, F, W, F_],
];

/// The cell of `die` (1–6) in `column`.
pub fn target_area(column: ClockColumn, die: u32) -> TargetArea {
    let col = match column {
        ClockColumn::Twelve => 0,
        ClockColumn::TenOrTwo => 1,
        ClockColumn::FourOrEight => 2,
        ClockColumn::Six => 3,
    };
    TABLE[(die.clamp(1, 6) - 1) as usize][col]
}

/// Rolls concentrated fire: only an ace with the ability, at range 1 or 0 (2 with the
/// Range ability) (R19, appendix D).
pub fn roll_concentrated_fire<D: Dice + ?Sized>(
    abilities: &[Ability],
    range: u32,
    column: ClockColumn,
    dice: &mut D,
) -> Result<Roll<TargetArea, SheetTable>, RuleError> {
    if !abilities.contains(&Ability::ConcentratedFire) {
        return refused(SheetRefusal::ConcentratedFireNotAce);
    }
    let max = REACH + u32::from(abilities.contains(&Ability::Range));
    if range > max {
        return refused(SheetRefusal::ConcentratedFireRange { range, max });
    }
    Ok(read_dice(SheetTable::ConcentratedFire, dice, |die| {
        target_area(column, die.clamp(1, 6) as u32)
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::FixedDice;
    use crate::wire::testing::round_trips;
    use ClockColumn::*;

    const ACE: &[Ability] = &[Ability::ConcentratedFire];

    fn fire(column: ClockColumn, die: u32) -> TargetArea {
        roll_concentrated_fire(ACE, 1, column, &mut FixedDice::new([die]))
            .unwrap()
            .result
    }

    // Appendix D, column 12: E E E F W W.
    #[test]
    fn appendix_d_twelve_oclock() {
        assert_eq!(fire(Twelve, 1), E);
        assert_eq!(fire(Twelve, 3), E);
        assert_eq!(fire(Twelve, 4), F);
        assert_eq!(fire(Twelve, 5), W);
        assert_eq!(fire(Twelve, 6), W);
    }

    // Appendix D, column 10/2: E W W W F* F.
    #[test]
    fn appendix_d_ten_or_two() {
        assert_eq!(fire(TenOrTwo, 1), E);
        assert_eq!(fire(TenOrTwo, 2), W);
        assert_eq!(fire(TenOrTwo, 4), W);
        assert_eq!(fire(TenOrTwo, 5), area(Section::Fuselage, true));
        assert_eq!(fire(TenOrTwo, 6), area(Section::Fuselage, false));
    }

    // Appendix D, column 4/8: T F F* F F* W.
    #[test]
    fn appendix_d_four_or_eight() {
        assert_eq!(fire(FourOrEight, 1), T);
        assert_eq!(fire(FourOrEight, 2), F);
        assert!(fire(FourOrEight, 3).crew_hit);
        assert!(!fire(FourOrEight, 4).crew_hit);
        assert!(fire(FourOrEight, 5).crew_hit);
        assert_eq!(fire(FourOrEight, 6), W);
    }

    // Appendix D, column 6: T T F F* F* F*.
    #[test]
    fn appendix_d_six_oclock() {
        assert_eq!(fire(Six, 1), T);
        assert_eq!(fire(Six, 2), T);
        assert_eq!(fire(Six, 3), F);
        for die in 4..=6 {
            assert_eq!(fire(Six, die), F_, "die {die}");
        }
    }

    // R19, appendix D: an ace ability, at range 1 or 0; two hexes with Range.
    #[test]
    fn r19_concentrated_fire_needs_the_ability_and_range() {
        let roll = |abilities: &[Ability], range| {
            roll_concentrated_fire(abilities, range, Six, &mut FixedDice::new([1]))
        };
        let e = roll(&[Ability::FireValue], 1).unwrap_err();
        assert_eq!(
            e,
            crate::RuleError::Sheet(SheetRefusal::ConcentratedFireNotAce)
        );
        assert_eq!(e.rule(), "R19");
        assert!(roll(ACE, 0).is_ok());
        assert_eq!(
            roll(ACE, 2).unwrap_err(),
            crate::RuleError::Sheet(SheetRefusal::ConcentratedFireRange { range: 2, max: 1 })
        );
        let with_range = [Ability::ConcentratedFire, Ability::Range];
        assert!(roll(&with_range, 2).is_ok());
        assert_eq!(
            roll(&with_range, 3).unwrap_err(),
            crate::RuleError::Sheet(SheetRefusal::ConcentratedFireRange { range: 3, max: 2 })
        );
    }

    #[test]
    fn wire_names_round_trip() {
        round_trips(ClockColumn::ALL);
        assert_eq!(ClockColumn::TenOrTwo.as_str(), "10_2");
    }
}
