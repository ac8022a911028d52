//! The evade table: 2d6 plus modifiers for each crewman who survives coming down on
//! the board (§11.03, appendix C, R8). The game's ground offensive is applied by the
//! table itself.

use serde::{Deserialize, Serialize};

use super::ground_offensive::GroundOffensive;
use super::{summed, Modifiers, Roll, Table};
use crate::dice::{throw, Dice};
use crate::sides::Side;
use crate::wire::wire_enum;

wire_enum! {
    /// Where a crewman came down relative to the trenchlines.
    pub enum SideOfLines {
        /// Behind his own trenchlines: +7.
        Own,
        /// In no-man's land.
        NoMansLand,
        /// Behind the enemy's trenchlines: −5.
        Enemy,
    }
}

/// The crewman's own modifiers for an evade roll (appendix C). A minor and a serious
/// injury both set count as the serious one.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EvadeModifiers {
    /// Where he came down.
    pub side_of_lines: SideOfLines,
    /// Hexes from the friendly trenchlines: 0–3 +1, 4–5 0, 6+ −1.
    pub hexes_from_friendly_trenches: u32,
    /// A minor injury: −1, only in enemy territory or no-man's land.
    #[serde(default)]
    pub minor_injury: bool,
    /// A serious injury: −3, only in enemy territory or no-man's land.
    #[serde(default)]
    pub serious_injury: bool,
}

/// What the distance from the friendly trenchlines does to the evade roll.
pub const fn distance_modifier(hexes: u32) -> i32 {
    match hexes {
        0..=3 => 1,
        4..=5 => 0,
        _ => -1,
    }
}

wire_enum! {
    /// The evade result, from worst to best (R8).
    #[derive(PartialOrd, Ord)]
    pub enum EvadeResult {
        /// Killed evading capture: 2 or less.
        Killed,
        /// Captured: 3–6; roll the capture table.
        Captured,
        /// Back to his own lines: 7 or more.
        Evaded,
    }
}

/// The result of a modified evade total: 7+ evaded, 3–6 captured, 2 or less killed
/// (R8).
pub fn evade_result(total: i32) -> EvadeResult {
    match total {
        7.. => EvadeResult::Evaded,
        3..=6 => EvadeResult::Captured,
        _ => EvadeResult::Killed,
    }
}

/// Rolls an evade for a crewman of `side` in a game with ground offensive
/// `offensive` (appendix C, R8).
pub fn roll_evade<D: Dice + ?Sized>(
    side: Side,
    offensive: GroundOffensive,
    mods: &EvadeModifiers,
    dice: &mut D,
) -> Roll<EvadeResult> {
    let mut m = Modifiers::default();
    let exposed = mods.side_of_lines != SideOfLines::Own;
    m.add(
        exposed && mods.minor_injury && !mods.serious_injury,
        "minor_injury",
        -1,
    );
    m.add(exposed && mods.serious_injury, "serious_injury", -3);
    m.add(
        true,
        "hexes_from_friendly_trenches",
        distance_modifier(mods.hexes_from_friendly_trenches),
    );
    m.add(true, "ground_offensive", offensive.evade_modifier(side));
    m.add(
        mods.side_of_lines == SideOfLines::Own,
        "own_side_of_lines",
        7,
    );
    m.add(
        mods.side_of_lines == SideOfLines::Enemy,
        "enemy_side_of_lines",
        -5,
    );
    summed(Table::Evade, throw(dice, &[6, 6]), m, evade_result)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::FixedDice;
    use EvadeResult::*;

    const NML: EvadeModifiers = EvadeModifiers {
        side_of_lines: SideOfLines::NoMansLand,
        hexes_from_friendly_trenches: 4,
        minor_injury: false,
        serious_injury: false,
    };

    fn evade(
        offensive: GroundOffensive,
        mods: EvadeModifiers,
        dice: [u32; 2],
    ) -> Roll<EvadeResult> {
        roll_evade(Side::Allied, offensive, &mods, &mut FixedDice::new(dice))
    }

    // R8: 7+ evaded, 3–6 captured, 2 or less killed.
    #[test]
    fn r8_evade_rows() {
        let q = GroundOffensive::Quiet;
        assert_eq!(evade(q, NML, [3, 4]).result, Evaded);
        assert_eq!(evade(q, NML, [6, 6]).result, Evaded);
        assert_eq!(evade(q, NML, [3, 3]).result, Captured);
        assert_eq!(evade(q, NML, [1, 2]).result, Captured);
        assert_eq!(evade(q, NML, [1, 1]).result, Killed);
        assert_eq!(evade_result(-4), Killed);
    }

    // Appendix C: distance from the friendly trenchlines.
    #[test]
    fn appendix_c_evade_distance() {
        let at = |hexes| EvadeModifiers {
            hexes_from_friendly_trenches: hexes,
            ..NML
        };
        let q = GroundOffensive::Quiet;
        assert_eq!(evade(q, at(0), [3, 3]).modifier_sum(), 1);
        assert_eq!(evade(q, at(3), [3, 3]).modifier_sum(), 1);
        assert_eq!(evade(q, at(4), [3, 3]).modifier_sum(), 0);
        assert_eq!(evade(q, at(5), [3, 3]).modifier_sum(), 0);
        assert_eq!(evade(q, at(6), [3, 3]).modifier_sum(), -1);
        assert_eq!(evade(q, at(3), [3, 3]).result, Evaded); // 6 + 1
    }

    // Appendix C: own side +7, enemy side −5.
    #[test]
    fn appendix_c_evade_side_of_lines() {
        let q = GroundOffensive::Quiet;
        let own = EvadeModifiers {
            side_of_lines: SideOfLines::Own,
            ..NML
        };
        let enemy = EvadeModifiers {
            side_of_lines: SideOfLines::Enemy,
            ..NML
        };
        assert_eq!(evade(q, own, [1, 1]).modifier_sum(), 7);
        assert_eq!(evade(q, own, [1, 1]).result, Evaded);
        assert_eq!(evade(q, enemy, [6, 6]).modifier_sum(), -5);
        assert_eq!(evade(q, enemy, [6, 6]).result, Evaded); // 12 − 5 = 7
        assert_eq!(evade(q, enemy, [5, 6]).result, Captured);
    }

    // Appendix C: injuries −1/−3, only from enemy territory or no-man's land.
    #[test]
    fn appendix_c_evade_injuries() {
        let q = GroundOffensive::Quiet;
        let minor = EvadeModifiers {
            minor_injury: true,
            ..NML
        };
        let serious = EvadeModifiers {
            serious_injury: true,
            ..NML
        };
        assert_eq!(evade(q, minor, [3, 4]).modifier_sum(), -1);
        assert_eq!(evade(q, serious, [3, 4]).modifier_sum(), -3);
        let enemy = EvadeModifiers {
            side_of_lines: SideOfLines::Enemy,
            ..serious
        };
        assert_eq!(evade(q, enemy, [3, 4]).modifier_sum(), -8);
        let home = EvadeModifiers {
            side_of_lines: SideOfLines::Own,
            ..serious
        };
        assert_eq!(evade(q, home, [3, 4]).modifier_sum(), 7);
        let both = EvadeModifiers {
            minor_injury: true,
            ..serious
        };
        assert_eq!(evade(q, both, [3, 4]).modifier_sum(), -3);
    }

    // R8: the game's ground offensive moves the roll by itself.
    #[test]
    fn r8_evade_takes_ground_offensive() {
        use GroundOffensive::*;
        assert_eq!(evade(MajorCentral, NML, [4, 4]).modifier_sum(), -3);
        assert_eq!(evade(MajorCentral, NML, [4, 4]).result, Captured); // 8 − 3
        assert_eq!(evade(MinorCentral, NML, [4, 4]).modifier_sum(), -1);
        assert_eq!(evade(MinorAllied, NML, [3, 3]).modifier_sum(), 1);
        assert_eq!(evade(MinorAllied, NML, [3, 3]).result, Evaded); // 6 + 1
        assert_eq!(evade(MajorAllied, NML, [2, 2]).modifier_sum(), 3);
        // a Central crewman sees the same attack from the other side
        let roll = roll_evade(
            Side::Central,
            MajorCentral,
            &NML,
            &mut FixedDice::new([2, 2]),
        );
        assert_eq!((roll.total, roll.result), (7, Evaded));
    }

    // §13.202 example: surviving in no-man's land during an enemy attack is worse,
    // during a friendly one better.
    #[test]
    fn s13_202_example() {
        let enemy_attack = evade(GroundOffensive::MajorCentral, NML, [4, 3]);
        let friendly_attack = evade(GroundOffensive::MajorAllied, NML, [2, 2]);
        assert_eq!(enemy_attack.result, Captured);
        assert_eq!(friendly_attack.result, Evaded);
    }
}
