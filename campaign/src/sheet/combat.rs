//! A shot at the table (R17): the Combat Values Table read with the shooter's wounds,
//! his aircraft's stability and his abilities; the combinations the rules forbid
//! refused; the Combat Result Table read with the die.

use crate::error::{refused, SheetRefusal};
use std::fmt;

use serde::Serialize;

use super::aircraft::Stability;
use super::combat_result::{column_for, line_for, read, Hits, LINES};
use super::combat_value::{combat_value, Burst, Firer, Shot, MAX_RANGE};
use super::wounds::WoundLevel;
use super::SheetTable;
use crate::abilities::Ability;
use crate::crew::Role;
use crate::dice::{throw, Dice};
use crate::error::RuleError;
use crate::tables::{Modifier, Roll};

/// The crewman who fires, as his sheet and the campaign know him.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Shooter<'a> {
    /// His seat.
    pub seat: Role,
    /// His crossed wound boxes (R17: 1 minor, 2 serious; R18: 3 kill).
    pub wound_boxes: u32,
    /// Whether he passed out from anoxia (R19).
    pub passed_out: bool,
    /// His abilities (appendix D).
    pub abilities: &'a [Ability],
}

/// The shooter's aircraft, as its sheet knows it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ShootingAircraft {
    /// Stability class (appendix A/B).
    pub stability: Stability,
    /// Spinning: nobody aboard fires (§3.812).
    pub spinning: bool,
    /// On fire: the pilot does not fire, observers may.
    pub on_fire: bool,
    /// The observer flies it (dual controls, the pilot dead or passed out): he does
    /// not fire while flying (§9.01).
    pub observer_flying: bool,
}

/// A combination of shooter, aircraft and shot the rules forbid (R17).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Prohibition {
    /// The table has no column beyond range 3 (§3.53).
    OutOfRange,
    /// A seriously wounded shooter at range 3: `P` (§10.03).
    SeriouslyWoundedAtLongRange,
    /// A free-firing cannon at range 3: `P` (§6.07).
    CannonAtLongRange,
    /// A free-firing cannon fires short bursts only (§6.07).
    CannonBurst,
    /// A spinning target at range 3: `P`.
    SpinningTargetAtLongRange,
    /// Deflection and a spinning target are not combined: the spinning modifier
    /// replaces deflection.
    DeflectionWithSpinningTarget,
    /// Observers never take the tailing modifier (§3.521).
    ObserverTailing,
    /// Nobody fires from a spinning aircraft (§3.812).
    ShooterSpinning,
    /// A pilot does not fire while his aircraft is on fire.
    PilotOnFire,
    /// A killed crewman (R18).
    ShooterKilled,
    /// A crewman passed out from anoxia does not fire (R19, §3.2193).
    ShooterPassedOut,
    /// An observer flying the aircraft does not fire (§9.01).
    ObserverFlying,
}

impl Prohibition {
    /// The decision that forbids it: R17, or R18/R19 for the crewman's own state.
    pub const fn rule(self) -> &'static str {
        match self {
            Prohibition::ShooterKilled => "R18",
            Prohibition::ShooterPassedOut => "R19",
            Prohibition::ObserverFlying => "§9.01",
            _ => "R17",
        }
    }

    /// The rulebook's place for it.
    pub const fn section(self) -> &'static str {
        use Prohibition::*;
        match self {
            OutOfRange => "§3.53",
            SeriouslyWoundedAtLongRange => "§10.03",
            CannonAtLongRange | CannonBurst => "§6.07",
            SpinningTargetAtLongRange | DeflectionWithSpinningTarget => "Combat Values Table",
            ObserverTailing => "§3.521",
            ShooterSpinning => "§3.812",
            PilotOnFire => "Effects of Fire",
            ShooterKilled => "§10.01",
            ShooterPassedOut => "§3.2193",
            ObserverFlying => "§9.01",
        }
    }
}

impl fmt::Display for Prohibition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use Prohibition::*;
        let what = match self {
            OutOfRange => "the Combat Values Table reads ranges 0 to 3; move closer",
            SeriouslyWoundedAtLongRange => {
                "a seriously wounded shooter may not fire at range 3"
            }
            CannonAtLongRange => "a free-firing cannon may not fire at range 3",
            CannonBurst => "a free-firing cannon fires a short burst only",
            SpinningTargetAtLongRange => "a spinning target may not be fired at from range 3",
            DeflectionWithSpinningTarget => {
                "a shot at a spinning target takes the spinning modifier instead of deflection; untick deflection"
            }
            ObserverTailing => {
                "observers never take the tailing modifier; untick \"tailed the target last turn\""
            }
            ShooterSpinning => "nobody fires from a spinning aircraft",
            PilotOnFire => "a pilot does not fire while his aircraft is on fire (his observer may)",
            ShooterKilled => "a killed crewman does not fire",
            ShooterPassedOut => "a crewman passed out from anoxia does not fire",
            ObserverFlying => "an observer flying the aircraft does not fire",
        };
        write!(f, "{what} ({})", self.section())
    }
}

/// A shot resolved: the combat value and its parts, the line and column read, the
/// hits (R17).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Combat {
    /// The hex range declared.
    pub range: u32,
    /// The range whose column was read: one closer with the Range ability.
    pub column_range: u32,
    /// That column's base value.
    pub base: i32,
    /// The Combat Values Table's modifiers that applied, the abilities' among them.
    pub modifiers: Vec<Modifier>,
    /// Base plus modifiers.
    pub value: i32,
    /// The Combat Result Table's line: after Fire Value's shift, at most 17; `None`
    /// when the value is 0 or less (no effect, the burst still fired).
    pub line: Option<u32>,
    /// The die rolled.
    pub die: u32,
    /// What abilities add to the die (Die Roll Add).
    pub die_modifier: u32,
    /// The column read: the modified die, at most 6.
    pub column: u32,
    /// The hits: none without a line.
    pub hits: Hits,
}

impl Combat {
    /// The lines Fire Value moved the line up from the value: 0 or 1.
    pub fn fire_value_shift(&self) -> u32 {
        match (self.line, line_for(self.value)) {
            (Some(line), Some(plain)) => line - plain,
            _ => 0,
        }
    }

    /// The shot as the roll log keeps it (R14): the combat die; every modifier by
    /// name, Fire Value's line and Die Roll Add's die among them; the line read as the
    /// total (the value when it reads none); the hits.
    pub fn to_roll(&self) -> Roll<Hits, SheetTable> {
        let mut modifiers = self.modifiers.clone();
        let mut ability = |name, value: u32| {
            if value > 0 {
                modifiers.push(Modifier {
                    name,
                    value: value as i32,
                });
            }
        };
        ability("fire_value", self.fire_value_shift());
        ability("die_roll_add", self.die_modifier);
        Roll {
            table: SheetTable::Combat,
            dice: vec![self.die],
            modifiers,
            total: self.line.map_or(self.value, |line| line as i32),
            result: self.hits,
        }
    }
}

/// Checks everything about a shot that needs no die: the prohibited combinations and
/// the combat value. Gives the combat value and the column range.
pub fn check_shot(
    shot: &Shot,
    shooter: &Shooter<'_>,
    aircraft: &ShootingAircraft,
) -> Result<super::combat_value::CombatValue, RuleError> {
    let refuse = |prohibition| refused(SheetRefusal::CombatProhibited { prohibition });
    let wounds = WoundLevel::from_boxes(shooter.wound_boxes);
    if wounds == WoundLevel::Killed {
        return refuse(Prohibition::ShooterKilled);
    }
    if shooter.passed_out {
        return refuse(Prohibition::ShooterPassedOut);
    }
    if aircraft.spinning {
        return refuse(Prohibition::ShooterSpinning);
    }
    if aircraft.on_fire && shooter.seat == Role::Pilot {
        return refuse(Prohibition::PilotOnFire);
    }
    if aircraft.observer_flying && shooter.seat == Role::Observer {
        return refuse(Prohibition::ObserverFlying);
    }
    if shot.range > MAX_RANGE {
        return refuse(Prohibition::OutOfRange);
    }
    if shot.cannon_free_firing && shot.burst != Burst::Short {
        return refuse(Prohibition::CannonBurst);
    }
    if shot.deflection && shot.target_spinning {
        return refuse(Prohibition::DeflectionWithSpinningTarget);
    }
    if shot.tailed_last_turn && shooter.seat == Role::Observer {
        return refuse(Prohibition::ObserverTailing);
    }
    let has = |a| shooter.abilities.contains(&a);
    // Range: one hex closer, never from 1 to 0 (R17, appendix D).
    let column_range = if has(Ability::Range) && shot.range >= 2 {
        shot.range - 1
    } else {
        shot.range
    };
    // Stability is the pilot's: his observer does not get it (appendix D).
    let stability_ability = (has(Ability::Stability) && shooter.seat == Role::Pilot)
        .then(|| aircraft.stability.one_better());
    let firer = Firer {
        stability: aircraft.stability,
        stability_ability,
        wounds,
        ignores_deflection: has(Ability::Deflection),
    };
    combat_value(shot, column_range, &firer)
}

/// Resolves a shot with the combat die `die` (1–6).
pub fn resolve_combat(
    shot: &Shot,
    shooter: &Shooter<'_>,
    aircraft: &ShootingAircraft,
    die: u32,
) -> Result<Combat, RuleError> {
    super::check_sheet_dice(SheetTable::Combat, &[die])?;
    let cv = check_shot(shot, shooter, aircraft)?;
    let has = |a| shooter.abilities.contains(&a);
    // Fire Value moves a line of the table up; a value with no line has none to move.
    let shift = u32::from(has(Ability::FireValue));
    let line = line_for(cv.value).map(|line| (line + shift).min(LINES));
    let die_modifier = u32::from(has(Ability::DieRollAdd));
    let column = column_for(die + die_modifier);
    Ok(Combat {
        range: shot.range,
        column_range: cv.column_range,
        base: cv.base,
        modifiers: cv.modifiers,
        value: cv.value,
        line,
        die,
        die_modifier,
        column,
        hits: line.map_or(Hits::NONE, |line| read(line, column)),
    })
}

/// Checks the shot, then rolls the combat die and resolves it: a refused shot rolls
/// no die.
pub fn roll_combat<D: Dice + ?Sized>(
    shot: &Shot,
    shooter: &Shooter<'_>,
    aircraft: &ShootingAircraft,
    dice: &mut D,
) -> Result<Combat, RuleError> {
    check_shot(shot, shooter, aircraft)?;
    let die = throw(dice, SheetTable::Combat.dice_sides())[0];
    resolve_combat(shot, shooter, aircraft, die)
}

#[cfg(test)]
#[path = "combat_tests.rs"]
mod tests;
