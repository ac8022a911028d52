//! Wounds at the table (R18, §10.00): the crew wound table and what a crewman's
//! crossed wound boxes make of him.

use serde::Serialize;

use super::{read_dice, SheetTable};
use crate::dice::Dice;
use crate::tables::Roll;
use crate::wire::wire_enum;

/// Wound boxes that kill (R18).
pub const KILLING_BOXES: u32 = 3;

/// A crewman's state by his crossed wound boxes: one box minor, two serious, three
/// killed (R17, R18).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum WoundLevel {
    /// No box crossed.
    Unhurt,
    /// One box: −1 on the Combat Values Table.
    Minor,
    /// Two boxes: −3, no fire at range 3, −1 on spin tests at the controls.
    Serious,
    /// Three boxes.
    Killed,
}

impl WoundLevel {
    /// The level of `boxes` crossed; three or more kill.
    pub const fn from_boxes(boxes: u32) -> WoundLevel {
        match boxes {
            0 => WoundLevel::Unhurt,
            1 => WoundLevel::Minor,
            2 => WoundLevel::Serious,
            _ => WoundLevel::Killed,
        }
    }
}

wire_enum! {
    /// The crew wound table's result (R18).
    pub enum CrewWound {
        /// 1–3.
        NoEffect as "no effect",
        /// 4–5: one box.
        Light,
        /// 6: two boxes.
        Serious,
    }
}

impl CrewWound {
    /// The wound boxes it crosses off: 0, 1 or 2 (R18).
    pub const fn boxes(self) -> u32 {
        match self {
            CrewWound::NoEffect => 0,
            CrewWound::Light => 1,
            CrewWound::Serious => 2,
        }
    }
}

/// The crew wound table: 1–3 no effect, 4–5 a light wound, 6 a serious one (R18).
pub const fn crew_wound(die: i32) -> CrewWound {
    match die {
        6.. => CrewWound::Serious,
        4..=5 => CrewWound::Light,
        _ => CrewWound::NoEffect,
    }
}

/// Rolls 1d6 on the crew wound table for one crewman (R18, §10.01).
pub fn roll_crew_wound<D: Dice + ?Sized>(dice: &mut D) -> Roll<CrewWound, SheetTable> {
    read_dice(SheetTable::CrewWound, dice, crew_wound)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::FixedDice;
    use crate::wire::testing::round_trips;

    fn wound(die: u32) -> CrewWound {
        roll_crew_wound(&mut FixedDice::new([die])).result
    }

    // R18: 1–3 no effect, 4–5 light (one box), 6 serious (two boxes).
    #[test]
    fn r18_crew_wound_table_boundaries() {
        assert_eq!(wound(1), CrewWound::NoEffect);
        assert_eq!(wound(3), CrewWound::NoEffect);
        assert_eq!(wound(4), CrewWound::Light);
        assert_eq!(wound(5), CrewWound::Light);
        assert_eq!(wound(6), CrewWound::Serious);
        assert_eq!(wound(3).boxes(), 0);
        assert_eq!(wound(4).boxes(), 1);
        assert_eq!(wound(6).boxes(), 2);
        let roll = roll_crew_wound(&mut FixedDice::new([5]));
        assert_eq!(
            (roll.table, roll.dice, roll.total),
            (SheetTable::CrewWound, vec![5], 5)
        );
    }

    // R17, R18: one box minor, two serious, three kill.
    #[test]
    fn r18_wound_boxes_make_the_level() {
        assert_eq!(WoundLevel::from_boxes(0), WoundLevel::Unhurt);
        assert_eq!(WoundLevel::from_boxes(1), WoundLevel::Minor);
        assert_eq!(WoundLevel::from_boxes(2), WoundLevel::Serious);
        assert_eq!(WoundLevel::from_boxes(KILLING_BOXES), WoundLevel::Killed);
        assert_eq!(WoundLevel::from_boxes(4), WoundLevel::Killed);
    }

    #[test]
    fn wire_names_round_trip() {
        round_trips(CrewWound::ALL);
    }
}
