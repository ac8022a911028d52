//! What each roll on a sheet writes on it: every roll leaves a `rolled` mark (so the
//! sheet knows which tests are done), and its result the marks of its effect.

use super::combat::Combat;
use super::critical::{Critical, EngineFire};
use super::fire::{FireOut, SmokeOut};
use super::marks::{Effect, Mark};
use super::spins::{Recovery, SpinTest};
use super::wounds::CrewWound;
use super::SheetTable;
use crate::crew::Role;

fn rolled(table: SheetTable) -> Mark {
    // The crewman who rolled is the roll's, filled in as it is logged.
    Mark::Rolled { table, seat: None }
}

fn effect(name: Effect, on: bool) -> Mark {
    Mark::Effect { name, on }
}

const fn jammed(seat: Role) -> Effect {
    match seat {
        Role::Pilot => Effect::JammedPilot,
        Role::Observer => Effect::JammedObserver,
    }
}

/// A combat roll's marks: the shooter's sheet counts his red hits (R21); the
/// target's gets the markers to draw (§3.541).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CombatMarks {
    /// For the shooter's sheet.
    pub shooter: Vec<Mark>,
    /// For the target's sheet.
    pub target: Vec<Mark>,
}

/// The marks of a shot by the crewman in `seat`.
pub fn combat_marks(combat: &Combat, seat: Role) -> CombatMarks {
    let mut shooter = vec![rolled(SheetTable::Combat)];
    if combat.hits.red > 0 {
        shooter.push(Mark::RedHits {
            seat,
            count: combat.hits.red,
        });
    }
    let target = if combat.hits.is_none() {
        Vec::new()
    } else {
        vec![Mark::Hit {
            blue: combat.hits.blue,
            red: combat.hits.red,
        }]
    };
    CombatMarks { shooter, target }
}

/// The marks of the crew wound roll of the crewman in `seat` (R18).
pub fn wound_marks(seat: Role, wound: CrewWound) -> Vec<Mark> {
    let mut marks = vec![rolled(SheetTable::CrewWound)];
    if wound.boxes() > 0 {
        marks.push(Mark::Wound {
            seat,
            boxes: wound.boxes(),
        });
    }
    marks
}

/// The marks of the jam test of the weapon of `seat`.
pub fn jam_marks(seat: Role, jams: bool) -> Vec<Mark> {
    let mut marks = vec![rolled(SheetTable::Jam)];
    if jams {
        marks.push(effect(jammed(seat), true));
    }
    marks
}

/// The marks of an unjamming roll for the weapon of `seat`.
pub fn unjam_marks(seat: Role, unjammed: bool) -> Vec<Mark> {
    let mut marks = vec![rolled(SheetTable::Unjam)];
    if unjammed {
        marks.push(effect(jammed(seat), false));
    }
    marks
}

/// The marks of a spin test.
pub fn spin_marks(test: SpinTest) -> Vec<Mark> {
    let mut marks = vec![rolled(SheetTable::Spin)];
    if test == SpinTest::Spins {
        marks.push(effect(Effect::Spinning, true));
    }
    marks
}

/// The marks of a spin recovery roll.
pub fn recovery_marks(recovery: Recovery) -> Vec<Mark> {
    let mut marks = vec![rolled(SheetTable::SpinRecovery)];
    if recovery == Recovery::Recovers {
        marks.push(effect(Effect::Spinning, false));
    }
    marks
}

/// The marks of a critical damage roll: a seized engine, or a section broken apart.
pub fn critical_marks(critical: Critical) -> Vec<Mark> {
    let mut marks = vec![rolled(SheetTable::Critical)];
    match critical {
        Critical::NoEffect => {}
        Critical::EngineSeizes => marks.push(effect(Effect::EngineSeized, true)),
        Critical::Destroyed => marks.push(effect(Effect::BrokenUp, true)),
    }
    marks
}

/// The marks of the fire die after the engine seized.
pub fn engine_fire_marks(fire: EngineFire) -> Vec<Mark> {
    let mut marks = vec![rolled(SheetTable::EngineFire)];
    match fire {
        EngineFire::None => {}
        EngineFire::Smoke => marks.push(effect(Effect::Smoke, true)),
        EngineFire::Fire => marks.push(effect(Effect::Fire, true)),
    }
    marks
}

/// The marks of an attempt to put a fire out: out, it becomes smoke (R19).
pub fn fire_out_marks(result: FireOut) -> Vec<Mark> {
    let mut marks = vec![rolled(SheetTable::ExtinguishFire)];
    if result == FireOut::Smoke {
        marks.push(effect(Effect::Fire, false));
        marks.push(effect(Effect::Smoke, true));
    }
    marks
}

/// The marks of an attempt to put smoke out: out, or turned to fire (R19).
pub fn smoke_out_marks(result: SmokeOut) -> Vec<Mark> {
    let mut marks = vec![rolled(SheetTable::ExtinguishSmoke)];
    match result {
        SmokeOut::Smoking => {}
        SmokeOut::Out => marks.push(effect(Effect::Smoke, false)),
        SmokeOut::Fire => {
            marks.push(effect(Effect::Smoke, false));
            marks.push(effect(Effect::Fire, true));
        }
    }
    marks
}

/// The marks of the anoxia test of the crewman in `seat`: a pilot who passes out
/// spins, which the sheet derives from his mark (R19).
pub fn anoxia_marks(seat: Role, passed_out: bool) -> Vec<Mark> {
    let mut marks = vec![rolled(SheetTable::Anoxia)];
    if passed_out {
        let name = match seat {
            Role::Pilot => Effect::PassedOutPilot,
            Role::Observer => Effect::PassedOutObserver,
        };
        marks.push(effect(name, true));
    }
    marks
}

#[cfg(test)]
#[path = "effects_tests.rs"]
mod tests;
