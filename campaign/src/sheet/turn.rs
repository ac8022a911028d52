//! The rules of the turn (R23, §3.00): what a mark or a roll may do on a sheet in the
//! state its marks sum to. Each crewman makes one combat roll a turn (§3.50); a jammed
//! weapon does not fire, nor in the turn it was unjammed (§3.701); a gun jammed in a
//! turn is unjammed from the next, as jamming is the problem phase (§3.80), after the
//! recovery phase; in the recovery phase a pilot attempts one of unjam or spin recovery
//! and an observer one unjam (§3.70); damage, fuel and wounds never exceed what the
//! sheet has left (§3.601, §3.30, §10.01); a marker is cleared only when one of its
//! colour is to draw (§3.541); turns never go back (§3.00).

use super::marks::{Effect, Mark, Marker};
use super::state::{CrewSheet, SheetState};
use super::wounds::KILLING_BOXES;
use super::SheetTable;
use crate::crew::Role;
use crate::error::RuleError;
use crate::error::{refused, SheetRefusal};

fn man_in(state: &SheetState, seat: Role) -> CrewSheet {
    state.crew(seat).copied().unwrap_or_default()
}

/// Refuses a mark posted on a sheet in `state` that breaks a rule of the turn; `name`
/// gives the name of the crewman in a seat, for the refusal.
pub fn check_mark(
    state: &SheetState,
    mark: &Mark,
    name: impl Fn(Role) -> String,
) -> Result<(), RuleError> {
    match *mark {
        Mark::Turn { turn } if turn <= state.turn => refused(SheetRefusal::TurnGoesBack {
            turn,
            now: state.turn,
        }),
        Mark::Damage { section, boxes, .. } if boxes > state.section(section).left() => {
            refused(SheetRefusal::DamagePastSection {
                section: section.label(),
                boxes,
                left: state.section(section).left(),
            })
        }
        Mark::Damage {
            marker: Some(marker),
            ..
        }
        | Mark::Drawn { marker } => {
            let left = match marker {
                Marker::Blue => state.to_draw.blue,
                Marker::Red => state.to_draw.red,
            };
            if left == 0 {
                return refused(SheetRefusal::NoMarkerToDraw {
                    colour: marker.label(),
                });
            }
            Ok(())
        }
        Mark::Fuel { boxes } if boxes > state.fuel_boxes - state.fuel_used => {
            refused(SheetRefusal::FuelPastTank {
                boxes,
                left: state.fuel_boxes - state.fuel_used,
            })
        }
        Mark::Wound { seat, boxes } => {
            let left = KILLING_BOXES.saturating_sub(man_in(state, seat).wound_boxes);
            if boxes > left {
                return refused(SheetRefusal::WoundPastBoxes {
                    man: name(seat),
                    boxes,
                    left,
                });
            }
            Ok(())
        }
        Mark::Effect {
            name: jam @ (Effect::JammedPilot | Effect::JammedObserver),
            on: false,
        } => unjam_now(state, jam.seat().unwrap_or(Role::Pilot), &name),
        _ => Ok(()),
    }
}

/// 422 while the weapon of `seat` jammed in the turn being played (§3.80).
fn unjam_now(
    state: &SheetState,
    seat: Role,
    name: &impl Fn(Role) -> String,
) -> Result<(), RuleError> {
    let man = man_in(state, seat);
    if man.jammed && man.jammed_in == Some(state.turn) {
        return refused(SheetRefusal::UnjamNextTurn { man: name(seat) });
    }
    Ok(())
}

/// Refuses a roll on `table` by the crewman in `seat` (the shooter, the man whose
/// weapon is unjammed, the man at the controls for a spin recovery) that breaks a rule
/// of the turn.
pub fn check_roll(
    state: &SheetState,
    table: SheetTable,
    seat: Role,
    name: impl Fn(Role) -> String,
) -> Result<(), RuleError> {
    let man = man_in(state, seat);
    match table {
        SheetTable::Combat if man.jammed => refused(SheetRefusal::FiringJammed { man: name(seat) }),
        SheetTable::Combat if man.unjammed_in == Some(state.turn) => {
            refused(SheetRefusal::FiringWhenUnjammed { man: name(seat) })
        }
        SheetTable::Combat if man.fired => {
            refused(SheetRefusal::OneAttackATurn { man: name(seat) })
        }
        SheetTable::Unjam | SheetTable::SpinRecovery => {
            if table == SheetTable::Unjam {
                unjam_now(state, seat, &name)?;
            }
            match man.recovery {
                Some(done) => refused(SheetRefusal::OneRecoveryAttempt {
                    man: name(seat),
                    done: done.label(),
                }),
                None => Ok(()),
            }
        }
        _ => Ok(()),
    }
}

#[cfg(test)]
#[path = "turn_tests.rs"]
mod tests;
