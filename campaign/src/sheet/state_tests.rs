//! A sheet as the sum of its marks (R17, R18, R21): damage to critical and destroyed,
//! wounds to death, who flies, undo.

use super::*;
use crate::sheet::aircraft::tests::{bristol_f2b, spad_xiii};
use crate::sheet::aircraft::Stability;
use crate::sheet::damage::SectionState;

fn damage(section: Section, boxes: u32) -> Mark {
    Mark::Damage {
        section,
        boxes,
        marker: None,
    }
}

fn wound(seat: Role, boxes: u32) -> Mark {
    Mark::Wound { seat, boxes }
}

fn effect(name: Effect, on: bool) -> Mark {
    Mark::Effect { name, on }
}

fn sum(aircraft: &SheetAircraft, marks: &[Mark]) -> SheetState {
    SheetState::from_marks(aircraft, marks).unwrap()
}

// R17: the sheet starts from appendix A's row: SPAD XIII wings 24 boxes and two
// triangles, fuel 52, a pilot and no observer.
#[test]
fn r17_a_new_sheet_is_the_aircraft_row() {
    let s = sum(&spad_xiii(), &[]);
    let wings = s.section(Section::Wings);
    assert_eq!((wings.boxes, wings.triangles, wings.crossed), (24, 2, 0));
    assert_eq!((s.fuel_boxes, s.fuel_used), (52, 0));
    assert!(s.observer.is_none());
    assert_eq!(s.at_the_controls(), Some(Role::Pilot));
    assert!(!s.spinning() && !s.destroyed() && !s.gliding());
    assert!(s.due().is_empty());
}

// R17, §3.601: the SPAD's tail has 6 boxes: 4 + 2 cross them all (not critical), one
// more is the first triangle (critical), the last destroys the aircraft.
#[test]
fn r17_damage_past_the_boxes_is_critical_then_destroyed() {
    let spad = spad_xiii();
    let mut marks = vec![damage(Section::Tail, 4), damage(Section::Tail, 2)];
    assert_eq!(
        sum(&spad, &marks).section(Section::Tail).state(),
        SectionState::Damaged
    );
    marks.push(damage(Section::Tail, 1));
    let s = sum(&spad, &marks);
    assert_eq!(s.section(Section::Tail).state(), SectionState::Critical);
    assert!(!s.destroyed());
    marks.push(damage(Section::Tail, 1));
    let s = sum(&spad, &marks);
    assert!(s.destroyed());
    assert!(s.open().destroyed);
}

// §3.602, §5.03: a destroyed engine does not destroy the aircraft; it glides. The
// SPAD's engine: 8 boxes + 2 triangles = 10.
#[test]
fn r17_a_destroyed_engine_glides() {
    let s = sum(&spad_xiii(), &[damage(Section::Engine, 10)]);
    assert!(s.section(Section::Engine).destroyed());
    assert!(s.gliding() && !s.destroyed());
}

// §3.301: the last fuel box makes it glide. 52 boxes: 51 used still flies.
#[test]
fn fuel_out_glides() {
    let spad = spad_xiii();
    assert!(!sum(&spad, &[Mark::Fuel { boxes: 51 }]).gliding());
    let s = sum(&spad, &[Mark::Fuel { boxes: 51 }, Mark::Fuel { boxes: 4 }]);
    assert_eq!(s.fuel_used, 52);
    assert!(s.gliding());
}

// R18: three wound boxes kill: a light (1) then a serious (2) wound.
#[test]
fn r18_three_boxes_kill() {
    let spad = spad_xiii();
    let s = sum(&spad, &[wound(Role::Pilot, 1)]);
    assert_eq!((s.pilot.wound_boxes, s.pilot.state()), (1, "active"));
    let s = sum(&spad, &[wound(Role::Pilot, 1), wound(Role::Pilot, 2)]);
    assert!(s.pilot.killed());
    assert_eq!(s.pilot.state(), "killed");
    // Two serious wounds cross three boxes, not four.
    let s = sum(&spad, &[wound(Role::Pilot, 2), wound(Role::Pilot, 2)]);
    assert_eq!(s.pilot.wound_boxes, 3);
}

// R18: a killed pilot without dual controls spins; nobody flies.
#[test]
fn r18_killed_pilot_without_dual_controls_spins() {
    let s = sum(
        &spad_xiii(),
        &[wound(Role::Pilot, 2), wound(Role::Pilot, 1)],
    );
    assert_eq!(s.at_the_controls(), None);
    assert!(s.spinning() && s.open().spinning);
    // No recovery is due: nobody can try it.
    assert!(!s.due().contains(&Due::SpinRecovery));
    // The Bristol F2b has dual controls, but a dead observer cannot fly it.
    let s = sum(
        &bristol_f2b(),
        &[
            effect(Effect::ObserverKilled, true),
            effect(Effect::PilotKilled, true),
        ],
    );
    assert_eq!(s.at_the_controls(), None);
    assert!(s.spinning());
    // A two-seater without dual controls spins with a living observer aboard.
    let mut no_dual = bristol_f2b();
    no_dual.dual_controls = false;
    let s = sum(&no_dual, &[effect(Effect::PilotKilled, true)]);
    assert!(s.spinning());
}

// R18, §9.01: with dual controls and a living observer, the observer takes the
// controls and the aircraft does not spin.
#[test]
fn r18_observer_takes_the_dual_controls() {
    let s = sum(
        &bristol_f2b(),
        &[wound(Role::Pilot, 2), wound(Role::Pilot, 2)],
    );
    assert!(s.pilot.killed());
    assert_eq!(s.at_the_controls(), Some(Role::Observer));
    assert!(!s.spinning());
    // Flying, he does not fire (§9.01); the aircraft is not spinning.
    let shooting = s.shooting_aircraft();
    assert_eq!(shooting.stability, Stability::A);
    assert!(shooting.observer_flying && !shooting.spinning && !shooting.on_fire);
}

// R19: a pilot passed out spins, and stays spinning when he comes to until a
// recovery is marked.
#[test]
fn r19_pilot_passed_out_spins() {
    let spad = spad_xiii();
    let mut marks = vec![effect(Effect::PassedOutPilot, true)];
    let s = sum(&spad, &marks);
    assert_eq!(s.pilot.state(), "passed_out");
    assert!(s.spinning());
    marks.push(effect(Effect::PassedOutPilot, false));
    let s = sum(&spad, &marks);
    assert!(s.spinning());
    assert_eq!(s.due(), [Due::SpinRecovery]);
    marks.push(effect(Effect::Spinning, false));
    assert!(!sum(&spad, &marks).spinning());
}

// An undo restores the state before the mark; nothing is deleted.
#[test]
fn undo_restores_the_state() {
    let spad = spad_xiii();
    let before = vec![damage(Section::Wings, 4), wound(Role::Pilot, 1)];
    let mut marks = before.clone();
    marks.push(damage(Section::Tail, 8));
    assert!(sum(&spad, &marks).destroyed());
    marks.push(Mark::Undo { mark: 2 });
    assert_eq!(sum(&spad, &marks), sum(&spad, &before));
    // Undoing the undo brings the destruction back.
    marks.push(Mark::Undo { mark: 3 });
    assert!(sum(&spad, &marks).destroyed());
    // An undone wound no longer counts.
    let s = sum(
        &spad,
        &[
            wound(Role::Pilot, 2),
            wound(Role::Pilot, 1),
            Mark::Undo { mark: 1 },
        ],
    );
    assert_eq!(s.pilot.wound_boxes, 2);
    assert!(!s.pilot.killed());
}

// §3.541, §3.603: hits add markers to draw; each drawn marker clears one; red damage
// to the wings or tail makes a spin test due until one is rolled.
#[test]
fn markers_to_draw_and_the_spin_test_due() {
    let spad = spad_xiii();
    let mut marks = vec![Mark::Hit { blue: 1, red: 1 }];
    let s = sum(&spad, &marks);
    assert_eq!(s.to_draw, Hits::new(1, 1));
    assert_eq!(s.due(), [Due::Draw]);
    marks.push(Mark::Damage {
        section: Section::Wings,
        boxes: 3,
        marker: Some(Marker::Red),
    });
    marks.push(Mark::Drawn {
        marker: Marker::Blue,
    });
    let s = sum(&spad, &marks);
    assert_eq!(s.to_draw, Hits::NONE);
    assert_eq!(s.due(), [Due::Spin]);
    marks.push(Mark::Rolled {
        table: SheetTable::Spin,
        seat: None,
    });
    assert!(sum(&spad, &marks).due().is_empty());
    // Red damage to the fuselage calls for no spin test.
    let s = sum(
        &spad,
        &[Mark::Damage {
            section: Section::Fuselage,
            boxes: 2,
            marker: Some(Marker::Red),
        }],
    );
    assert!(s.due().is_empty());
}

// §3.100: fire and smoke are to be fought once a turn.
#[test]
fn fire_and_smoke_are_due_each_turn() {
    let spad = spad_xiii();
    let mut marks = vec![Mark::Turn { turn: 3 }, effect(Effect::Fire, true)];
    assert_eq!(sum(&spad, &marks).due(), [Due::ExtinguishFire]);
    marks.push(Mark::Rolled {
        table: SheetTable::ExtinguishFire,
        seat: None,
    });
    assert!(sum(&spad, &marks).due().is_empty());
    marks.push(Mark::Turn { turn: 4 });
    let s = sum(&spad, &marks);
    assert_eq!(s.turn, 4);
    assert_eq!(s.due(), [Due::ExtinguishFire]);
    marks.push(effect(Effect::Fire, false));
    marks.push(effect(Effect::Smoke, true));
    let s = sum(&spad, &marks);
    assert_eq!(s.due(), [Due::ExtinguishSmoke]);
    assert!(s.open().smoke && !s.open().fire);
}

// R21: red hits are counted per shooter.
#[test]
fn r21_red_hits_per_shooter() {
    let s = sum(
        &bristol_f2b(),
        &[
            Mark::RedHits {
                seat: Role::Pilot,
                count: 3,
            },
            Mark::RedHits {
                seat: Role::Observer,
                count: 1,
            },
            Mark::RedHits {
                seat: Role::Pilot,
                count: 2,
            },
        ],
    );
    assert_eq!(s.pilot.red_hits, 5);
    assert_eq!(s.observer.unwrap().red_hits, 1);
}

// A log with a mark that does not fit the aircraft is refused whole.
#[test]
fn a_misfit_mark_refuses_the_log() {
    let e = SheetState::from_marks(&spad_xiii(), &[wound(Role::Observer, 1)]).unwrap_err();
    assert_eq!(e.rule(), "R9");
    let e = SheetState::from_marks(&spad_xiii(), &[Mark::Undo { mark: 0 }]).unwrap_err();
    assert_eq!(
        e,
        crate::RuleError::Sheet(crate::error::SheetRefusal::UndoUnknownMark { undo: 0, mark: 0 })
    );
}

// An aircraft out of the game owes no test.
#[test]
fn nothing_is_due_after_the_end() {
    let spad = spad_xiii();
    let s = sum(&spad, &[effect(Effect::Fire, true), Mark::Down]);
    assert!(s.due().is_empty());
    assert!(s.open().down);
    let s = sum(&spad, &[effect(Effect::Exploded, true)]);
    assert!(s.destroyed());
}
