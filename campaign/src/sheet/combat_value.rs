//! The Combat Values Table (R17, §3.53, the combat tables): a base value by range
//! plus every modifier that applies, each read in the range's column.

use crate::error::{refused, SheetRefusal};
use serde::{Deserialize, Serialize};

use super::aircraft::Stability;
use super::combat::Prohibition;
use super::wounds::WoundLevel;
use crate::error::RuleError;
use crate::tables::{Modifier, Modifiers};
use crate::wire::wire_enum;

/// The longest range the table has a column for, in hexes.
pub const MAX_RANGE: u32 = 3;

/// An entry of the table: a value, `P` (prohibited, may not fire; with what forbids
/// it) or `-` (does not apply at that range).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Entry {
    Add(i32),
    P(Prohibition),
    NotApplicable,
}

use Entry::{Add, NotApplicable as NA, P};
use Prohibition::{CannonAtLongRange, SeriouslyWoundedAtLongRange, SpinningTargetAtLongRange};

/// A row of the table, its columns in the book's order: range 3, 2, 1, 0.
type Row = [Entry; 4];

const fn row(values: [i32; 4]) -> Row {
    [
        Add(values[0]),
        Add(values[1]),
        Add(values[2]),
        Add(values[3]),
    ]
}

const BASE: [i32; 4] = [2, 3, 5, 7];
const MEDIUM_BURST: Row = row([1, 1, 2, 2]);
const LONG_BURST: Row = row([2, 2, 3, 4]);
const STABILITY_A: Row = row([0, 1, 2, 3]);
const STABILITY_B: Row = row([0, 0, 1, 2]);
const STABILITY_C: Row = row([-1, 0, 0, 1]);
const SPEED_3_OR_4: Row = row([-3, -2, -1, 0]);
const DUAL_WEAPONS: Row = row([2, 2, 2, 2]);
const CANNON_FREE_FIRING: Row = [P(CannonAtLongRange), Add(-6), Add(-6), Add(-6)];
const FLEXIBLE_WEAPON: Row = row([-2, -1, -1, 0]);
const DEFLECTION: Row = [Add(-3), Add(-2), Add(-1), NA];
const TARGET_SPINNING: Row = [P(SpinningTargetAtLongRange), Add(-7), Add(-6), NA];
const RESTRICTED_MANEUVER: Row = row([-1, -1, -1, -1]);
const FIRED_LAST_TURN: Row = row([0, 1, 1, 2]);
const TAILED_LAST_TURN: Row = row([1, 1, 2, 2]);
const TARGET_LOWER: Row = row([0, 1, 1, 1]);
const TARGET_HIGHER: Row = row([-2, -1, -1, -1]);
const TARGET_STALLED: Row = [Add(2), Add(2), Add(3), NA];
const MINOR_WOUND: Row = row([-1, -1, -1, -1]);
const SERIOUS_WOUND: Row = [P(SeriouslyWoundedAtLongRange), Add(-3), Add(-3), Add(-3)];

wire_enum! {
    /// The burst plotted on the sheet (§3.531). A free-firing cannon fires a short
    /// burst (§6.07).
    pub enum Burst {
        /// +0.
        Short,
        /// Longer bursts add more at closer range.
        Medium,
        /// Tested for jamming after firing (R19).
        Long,
    }
}

wire_enum! {
    /// The weapon's mounting class (§3.514); wing mounting changes nothing.
    pub enum Weapon {
        /// Fixed, aimed with the aircraft.
        Rigid,
        /// On a swivel: a wider arc, less accurate.
        Flexible,
    }
}

wire_enum! {
    /// The target's altitude against the shooter's (§3.5393, §3.5394).
    #[derive(Default)]
    pub enum TargetAltitude {
        /// One level below the shooter.
        Lower,
        /// The shooter's level.
        #[default]
        Same,
        /// One level above the shooter.
        Higher,
    }
}

/// What the shooter declares of a shot: the range and every modifier of the table
/// that the table shows (§3.53). Flags default to false, the altitude to the same.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Shot {
    /// Hex range: hexes between the aircraft plus the target's, 0 in the same hex.
    pub range: u32,
    /// The burst fired.
    pub burst: Burst,
    /// Rigid or flexible.
    pub weapon: Weapon,
    /// Twin weapons: +2 (§3.537).
    #[serde(default)]
    pub dual_weapons: bool,
    /// Free firing a cannon: −6, prohibited at range 3; a short burst only (§6.07).
    #[serde(default)]
    pub cannon_free_firing: bool,
    /// Fired from any angle but dead ahead or dead astern (§3.539).
    #[serde(default)]
    pub deflection: bool,
    /// The target is spinning: instead of deflection, prohibited at range 3.
    #[serde(default)]
    pub target_spinning: bool,
    /// The shooter performed a restricted maneuver this turn or recovered from a spin
    /// last turn (§3.536).
    #[serde(default)]
    pub restricted_maneuver: bool,
    /// The shooter fired at the same target last turn (§3.5391).
    #[serde(default)]
    pub fired_last_turn: bool,
    /// The shooter tailed the target this turn's tailing phase (§3.5392).
    #[serde(default)]
    pub tailed_last_turn: bool,
    /// The target's altitude against the shooter's.
    #[serde(default)]
    pub target_altitude: TargetAltitude,
    /// The target performed a stall maneuver this turn (§3.533).
    #[serde(default)]
    pub target_stalled: bool,
    /// The shooter flew at speed 3 or 4 (§3.534).
    #[serde(default)]
    pub speed_3_or_4: bool,
}

/// A combat value: the base of the column read, the modifiers that applied, their
/// total.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct CombatValue {
    /// The range whose column was read.
    pub column_range: u32,
    /// The column's base value.
    pub base: i32,
    /// The modifiers that applied, by name.
    pub modifiers: Vec<Modifier>,
    /// Base plus modifiers.
    pub value: i32,
}

/// What the shooter and his abilities bring to the table beside the shot.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Firer {
    /// The aircraft's stability class (appendix A/B).
    pub stability: Stability,
    /// The class the Stability ability makes of it, when it applies (R17).
    pub stability_ability: Option<Stability>,
    /// His wounds (R17: one box minor, two serious).
    pub wounds: WoundLevel,
    /// The Deflection ability: no deflection modifier (R17).
    pub ignores_deflection: bool,
}

/// Reads the shot's combat value in the column of `column_range` (the range, or one
/// hex closer with the Range ability). Refuses what the column marks `P`.
pub fn combat_value(
    shot: &Shot,
    column_range: u32,
    firer: &Firer,
) -> Result<CombatValue, RuleError> {
    if column_range > MAX_RANGE {
        return refused(SheetRefusal::CombatProhibited {
            prohibition: Prohibition::OutOfRange,
        });
    }
    let col = (MAX_RANGE - column_range) as usize;
    let mut m = Modifiers::default();
    let mut read = |applies: bool, name: &'static str, row: &Row| match row[col] {
        Add(value) => {
            m.add(applies, name, value);
            Ok(())
        }
        P(prohibition) if applies => refused(SheetRefusal::CombatProhibited { prohibition }),
        P(_) | NA => Ok(()),
    };
    read(shot.burst == Burst::Medium, "medium_burst", &MEDIUM_BURST)?;
    read(shot.burst == Burst::Long, "long_burst", &LONG_BURST)?;
    read(true, "stability", stability_row(firer.stability))?;
    if let Some(better) = firer.stability_ability {
        let gain = entry(stability_row(better), col) - entry(stability_row(firer.stability), col);
        read(true, "stability_ability", &row([gain; 4]))?;
    }
    read(shot.speed_3_or_4, "speed_3_or_4", &SPEED_3_OR_4)?;
    read(shot.dual_weapons, "dual_weapons", &DUAL_WEAPONS)?;
    read(
        shot.cannon_free_firing,
        "cannon_free_firing",
        &CANNON_FREE_FIRING,
    )?;
    let flexible = shot.weapon == Weapon::Flexible;
    read(flexible, "flexible_weapon", &FLEXIBLE_WEAPON)?;
    read(shot.deflection, "deflection", &DEFLECTION)?;
    if shot.deflection && firer.ignores_deflection {
        let cancel = -entry(&DEFLECTION, col);
        read(true, "deflection_ability", &row([cancel; 4]))?;
    }
    read(shot.target_spinning, "target_spinning", &TARGET_SPINNING)?;
    read(
        shot.restricted_maneuver,
        "restricted_maneuver",
        &RESTRICTED_MANEUVER,
    )?;
    read(shot.fired_last_turn, "fired_last_turn", &FIRED_LAST_TURN)?;
    read(shot.tailed_last_turn, "tailed_last_turn", &TAILED_LAST_TURN)?;
    let altitude = shot.target_altitude;
    read(
        altitude == TargetAltitude::Lower,
        "target_lower",
        &TARGET_LOWER,
    )?;
    read(
        altitude == TargetAltitude::Higher,
        "target_higher",
        &TARGET_HIGHER,
    )?;
    read(shot.target_stalled, "target_stalled", &TARGET_STALLED)?;
    read(
        firer.wounds == WoundLevel::Minor,
        "minor_wound",
        &MINOR_WOUND,
    )?;
    read(
        firer.wounds == WoundLevel::Serious,
        "serious_wound",
        &SERIOUS_WOUND,
    )?;
    let modifiers = m.into_vec();
    let base = BASE[col];
    let value = base + modifiers.iter().map(|m| m.value).sum::<i32>();
    Ok(CombatValue {
        column_range,
        base,
        modifiers,
        value,
    })
}

fn stability_row(stability: Stability) -> &'static Row {
    match stability {
        Stability::A => &STABILITY_A,
        Stability::B => &STABILITY_B,
        Stability::C => &STABILITY_C,
    }
}

/// The value of a row that has one in every column.
fn entry(row: &Row, col: usize) -> i32 {
    match row[col] {
        Add(value) => value,
        P(_) | NA => 0,
    }
}

#[cfg(test)]
#[path = "combat_value_tests.rs"]
pub(crate) mod tests;
