//! Each roll's marks, summed on a sheet: the state the rules say the roll leaves.

use super::*;
use crate::dice::FixedDice;
use crate::sheet::aircraft::tests::{bristol_f2b, spad_xiii};
use crate::sheet::aircraft::{Section, SheetAircraft, Stability};
use crate::sheet::combat::{resolve_combat, Shooter, ShootingAircraft};
use crate::sheet::combat_result::Hits;
use crate::sheet::combat_value::{Burst, Shot, TargetAltitude};
use crate::sheet::state::{Due, SheetState};

fn after(aircraft: &SheetAircraft, marks: &[Mark]) -> SheetState {
    SheetState::from_marks(aircraft, marks).unwrap()
}

// R17, R21: the example by a pilot: range 1, medium, B, tailed, target lower:
// 11, die 5 → B3R. The shooter counts 3 red hits; the target draws one blue and
// three red markers.
#[test]
fn r21_combat_counts_red_hits_and_markers_to_draw() {
    let shot = Shot {
        burst: Burst::Medium,
        tailed_last_turn: true,
        target_altitude: TargetAltitude::Lower,
        ..crate::sheet::combat_value::tests::plain(1)
    };
    let shooter = Shooter {
        seat: Role::Pilot,
        wound_boxes: 0,
        passed_out: false,
        abilities: &[],
    };
    let aircraft = ShootingAircraft {
        stability: Stability::B,
        spinning: false,
        on_fire: false,
        observer_flying: false,
    };
    let combat = resolve_combat(&shot, &shooter, &aircraft, 5).unwrap();
    let marks = combat_marks(&combat, Role::Pilot);
    let spad = spad_xiii();
    assert_eq!(after(&spad, &marks.shooter).pilot.red_hits, 3);
    let target = after(&spad, &marks.target);
    assert_eq!(target.to_draw, Hits::new(1, 3));
    assert_eq!(target.due(), [Due::Draw]);
    // A shot that reads no line (a value of 0 or less) leaves the target nothing.
    let miss = Combat {
        line: None,
        hits: Hits::NONE,
        ..combat
    };
    assert!(combat_marks(&miss, Role::Pilot).target.is_empty());
}

// R18: a serious wound (6) then a light one (4) kill the pilot of a single-seater:
// it spins.
#[test]
fn r18_wounds_to_death() {
    let mut marks = wound_marks(Role::Pilot, CrewWound::Serious);
    marks.extend(wound_marks(Role::Pilot, CrewWound::NoEffect));
    assert_eq!(after(&spad_xiii(), &marks).pilot.wound_boxes, 2);
    marks.extend(wound_marks(Role::Pilot, CrewWound::Light));
    let s = after(&spad_xiii(), &marks);
    assert!(s.pilot.killed() && s.spinning());
}

// R19: a long burst jams on 5; the jam stays until an unjam succeeds.
#[test]
fn r19_jam_then_unjam() {
    let bristol = bristol_f2b();
    let jams = crate::sheet::guns::roll_jam(Burst::Long, &mut FixedDice::new([5]))
        .unwrap()
        .result;
    let mut marks = jam_marks(Role::Observer, jams);
    assert!(after(&bristol, &marks).observer.unwrap().jammed);
    marks.extend(unjam_marks(Role::Observer, false));
    assert!(after(&bristol, &marks).observer.unwrap().jammed);
    marks.extend(unjam_marks(Role::Observer, true));
    let s = after(&bristol, &marks);
    assert!(!s.observer.unwrap().jammed && !s.pilot.jammed);
}

// R19: a spin test that spins makes recovery due; a recovery ends the spin.
#[test]
fn r19_spin_and_recovery() {
    let spad = spad_xiii();
    let mut marks = vec![Mark::Damage {
        section: Section::Tail,
        boxes: 2,
        marker: Some(crate::sheet::marks::Marker::Red),
    }];
    assert_eq!(after(&spad, &marks).due(), [Due::Spin]);
    marks.extend(spin_marks(SpinTest::Spins));
    let s = after(&spad, &marks);
    assert!(s.spinning());
    assert_eq!(s.due(), [Due::SpinRecovery]);
    marks.extend(recovery_marks(Recovery::StillSpinning));
    let s = after(&spad, &marks);
    assert!(s.spinning() && s.due().is_empty());
    marks.push(Mark::Turn { turn: 2 });
    marks.extend(recovery_marks(Recovery::Recovers));
    assert!(!after(&spad, &marks).spinning());
}

// R19: critical damage seizes the engine (it glides); its fire die 6 sets it on
// fire; put out (5) it smokes; a 1 on the smoke sets it on fire again.
#[test]
fn r19_seized_engine_fire_and_smoke() {
    let spad = spad_xiii();
    let mut marks = critical_marks(Critical::EngineSeizes);
    assert!(after(&spad, &marks).gliding());
    marks.extend(engine_fire_marks(EngineFire::Fire));
    assert!(after(&spad, &marks).fire);
    marks.extend(fire_out_marks(FireOut::Burning));
    assert!(after(&spad, &marks).fire);
    marks.extend(fire_out_marks(FireOut::Smoke));
    let s = after(&spad, &marks);
    assert!(s.smoke && !s.fire);
    marks.extend(smoke_out_marks(SmokeOut::Fire));
    let s = after(&spad, &marks);
    assert!(s.fire && !s.smoke);
    let s = after(&spad, &smoke_out_marks(SmokeOut::Out));
    assert!(!s.smoke);
    assert!(after(&spad, &engine_fire_marks(EngineFire::Smoke)).smoke);
}

// R19: a wing, fuselage or tail section breaking apart destroys the aircraft.
#[test]
fn r19_critical_section_breaks_apart() {
    assert!(after(&spad_xiii(), &critical_marks(Critical::Destroyed)).destroyed());
    assert!(!after(&spad_xiii(), &critical_marks(Critical::NoEffect)).destroyed());
}

// R19: a pilot passed out spins; an observer passed out does not spin it.
#[test]
fn r19_anoxia_marks() {
    let bristol = bristol_f2b();
    assert!(after(&bristol, &anoxia_marks(Role::Pilot, true)).spinning());
    let s = after(&bristol, &anoxia_marks(Role::Observer, true));
    assert!(!s.spinning());
    assert_eq!(s.observer.unwrap().state(), "passed_out");
    assert!(!after(&bristol, &anoxia_marks(Role::Pilot, false)).spinning());
}
