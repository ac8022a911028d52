//! The aircraft data sheet at the table (R17–R21): the game's own tables, rolled with
//! what the campaign knows of the crew, and the sheet as the sum of its marks.
//!
//! - [`aircraft`]: an aircraft type's boxes, triangles and stability (appendix A/B,
//!   §12.01).
//! - [`combat_value`], [`combat_result`], [`combat`]: the Combat Values Table, the
//!   Combat Result Table and a shot with its abilities and prohibitions (R17).
//! - [`wounds`]: the crew wound table (R18, §10.00).
//! - [`spins`]: the spin test and spin recovery (R19, §3.702, §3.811).
//! - [`guns`]: jamming after a long burst and unjamming (R19, §3.701, §3.801).
//! - [`critical`]: critical damage and the seized engine's fire (R19, §3.604).
//! - [`fire`]: putting out fire and smoke (R19, §3.100).
//! - [`anoxia`]: crew passing out at altitude 9 and 10 (R19, §3.2193).
//! - [`concentrated_fire`]: the ace's target area by clock column (R19, appendix D).
//! - [`friendly_fire`]: ground troops over their own trenchlines (§7.05).
//! - [`damage`]: a section's boxes and triangles as they are crossed (R17, §3.601).
//! - [`marks`], [`state`]: the marks of a sheet and their sum (R17, R18, R21).
//! - [`effects`]: the marks each roll writes on the sheet.
//! - [`turn`]: the rules of the turn a mark or a roll must keep (R23, §3.00).

pub mod aircraft;
pub mod anoxia;
pub mod combat;
pub mod combat_result;
pub mod combat_value;
pub mod concentrated_fire;
pub mod critical;
pub mod damage;
pub mod effects;
pub mod fire;
pub mod friendly_fire;
pub mod guns;
pub mod marks;
pub mod spins;
pub mod state;
pub mod turn;
pub mod wounds;

use crate::dice::{throw, Dice};
use crate::error::RuleError;
use crate::tables::{summed, Modifiers, Roll};
use crate::wire::wire_enum;

wire_enum! {
    /// A table of the aircraft data sheet (R14, R17–R19), with its name on the wire.
    pub enum SheetTable {
        /// 1d6 on the Combat Result Table's column (R17).
        Combat,
        /// 1d6 a crewman (R18).
        CrewWound as "crew wound",
        /// 1d6 after a long burst (R19).
        Jam,
        /// 1d6 (R19).
        Unjam,
        /// 2d6 (R19).
        Spin,
        /// 2d6 (R19).
        SpinRecovery as "spin recovery",
        /// 1d6 for a critically damaged section (R19).
        Critical,
        /// 1d6 after the engine seized (R19).
        EngineFire as "engine fire",
        /// 1d6 (R19).
        ExtinguishFire as "extinguish fire",
        /// 1d6 (R19).
        ExtinguishSmoke as "extinguish smoke",
        /// 1d6 a crewman (R19).
        Anoxia,
        /// 1d6 on the clock column (R19, appendix D).
        ConcentratedFire as "concentrated fire",
        /// 1d6 (§7.05).
        FriendlyFire as "friendly fire",
    }
}

impl SheetTable {
    /// The sides of each die the table reads for one roll.
    pub fn dice_sides(self) -> &'static [u32] {
        match self {
            SheetTable::Spin | SheetTable::SpinRecovery => &[6, 6],
            _ => &[6],
        }
    }
}

/// Checks dice entered for one roll on `table`: as many as it reads, each within its
/// die (R14).
pub fn check_sheet_dice(table: SheetTable, dice: &[u32]) -> Result<(), RuleError> {
    crate::dice::check_against(table.into(), table.dice_sides(), dice)
}

/// Rolls the dice of one roll on `table`.
pub fn roll_sheet_dice<D: Dice + ?Sized>(table: SheetTable, dice: &mut D) -> Vec<u32> {
    throw(dice, table.dice_sides())
}

/// Rolls `table`'s dice and reads their unmodified total with `read`: the sheet's
/// tables other than combat and spins take no modifier, their abilities widen the
/// range that succeeds instead.
pub(crate) fn read_dice<R, D: Dice + ?Sized>(
    table: SheetTable,
    dice: &mut D,
    read: impl FnOnce(i32) -> R,
) -> Roll<R, SheetTable> {
    summed(
        table,
        throw(dice, table.dice_sides()),
        Modifiers::default(),
        read,
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::FixedDice;
    use crate::wire::testing::round_trips;

    #[test]
    fn wire_names_round_trip() {
        round_trips(SheetTable::ALL);
        assert_eq!(SheetTable::SpinRecovery.as_str(), "spin_recovery");
        assert_eq!(SheetTable::SpinRecovery.label(), "spin recovery");
    }

    // R14: entered dice are as many as the table reads, each within its die.
    #[test]
    fn r14_sheet_dice_are_checked() {
        assert!(check_sheet_dice(SheetTable::Spin, &[1, 6]).is_ok());
        assert_eq!(
            check_sheet_dice(SheetTable::Spin, &[4]),
            Err(RuleError::WrongDiceCount {
                table: SheetTable::Spin.into(),
                expected: 2,
                got: 1
            })
        );
        let e = check_sheet_dice(SheetTable::Combat, &[7]).unwrap_err();
        assert_eq!(
            e,
            RuleError::DieOutOfRange {
                table: SheetTable::Combat.into(),
                position: 1,
                value: 7,
                sides: 6
            }
        );
        assert_eq!(e.rule(), "R14");
        assert_eq!(
            e.to_string(),
            "die 1 of the combat roll is a d6 and cannot show 7"
        );
        assert!(check_sheet_dice(SheetTable::Jam, &[0]).is_err());
        assert_eq!(
            roll_sheet_dice(SheetTable::SpinRecovery, &mut FixedDice::new([2, 5])),
            [2, 5]
        );
    }
}
