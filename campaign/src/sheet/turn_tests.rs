//! R23, the rules of the turn (§3.00): each refusal names the rulebook's section and
//! the man, and each rule lets the same thing through once the turn moves on.

use super::*;
use crate::sheet::aircraft::tests::{bristol_f2b, spad_xiii};
use crate::sheet::aircraft::Section;

fn names(seat: Role) -> String {
    match seat {
        Role::Pilot => "Albert Ball".to_owned(),
        Role::Observer => "Hooper".to_owned(),
    }
}

fn sum(marks: &[Mark]) -> SheetState {
    SheetState::from_marks(&bristol_f2b(), marks).unwrap()
}

fn rolled(table: SheetTable, seat: Role) -> Mark {
    Mark::Rolled {
        table,
        seat: Some(seat),
    }
}

fn jammed(seat: Role, on: bool) -> Mark {
    let name = match seat {
        Role::Pilot => Effect::JammedPilot,
        Role::Observer => Effect::JammedObserver,
    };
    Mark::Effect { name, on }
}

fn refusal(result: Result<(), RuleError>) -> String {
    let error = result.expect_err("refused");
    assert_eq!(error.rule(), "R23");
    error.to_string()
}

// R23, §3.50: one weapon, one attack a turn; the pilot's shot leaves the observer his.
#[test]
fn one_combat_roll_per_crewman_a_turn() {
    let mut marks = vec![
        Mark::Turn { turn: 1 },
        rolled(SheetTable::Combat, Role::Pilot),
    ];
    let s = sum(&marks);
    let text = refusal(check_roll(&s, SheetTable::Combat, Role::Pilot, names));
    assert!(
        text.starts_with("§3.50") && text.contains("Albert Ball"),
        "{text}"
    );
    assert!(check_roll(&s, SheetTable::Combat, Role::Observer, names).is_ok());
    marks.push(Mark::Turn { turn: 2 });
    assert!(check_roll(&sum(&marks), SheetTable::Combat, Role::Pilot, names).is_ok());
}

// R23, §3.701 and §3.80: a jammed weapon does not fire; it jammed in the problem phase,
// after recovery, so it is unjammed from the next turn, and fires the turn after that.
#[test]
fn a_jammed_weapon_is_unjammed_next_turn_and_fires_the_turn_after() {
    let mut marks = vec![Mark::Turn { turn: 1 }, jammed(Role::Observer, true)];
    let s = sum(&marks);
    let text = refusal(check_roll(&s, SheetTable::Combat, Role::Observer, names));
    assert!(
        text.starts_with("§3.701") && text.contains("Hooper"),
        "{text}"
    );
    let text = refusal(check_roll(&s, SheetTable::Unjam, Role::Observer, names));
    assert!(
        text.starts_with("§3.80") && text.contains("Hooper"),
        "{text}"
    );
    let text = refusal(check_mark(&s, &jammed(Role::Observer, false), names));
    assert!(text.starts_with("§3.80"), "{text}");

    marks.push(Mark::Turn { turn: 2 });
    assert!(check_roll(&sum(&marks), SheetTable::Unjam, Role::Observer, names).is_ok());
    marks.extend([
        rolled(SheetTable::Unjam, Role::Observer),
        jammed(Role::Observer, false),
    ]);
    let text = refusal(check_roll(
        &sum(&marks),
        SheetTable::Combat,
        Role::Observer,
        names,
    ));
    assert!(
        text.starts_with("§3.701") && text.contains("this turn"),
        "{text}"
    );
    marks.push(Mark::Turn { turn: 3 });
    assert!(check_roll(&sum(&marks), SheetTable::Combat, Role::Observer, names).is_ok());
}

// R23, §3.70: in the recovery phase a pilot attempts ONE of unjam or spin recovery; an
// observer one unjam; each man his own.
#[test]
fn one_recovery_attempt_per_man_a_turn() {
    let mut marks = vec![
        Mark::Turn { turn: 1 },
        jammed(Role::Pilot, true),
        jammed(Role::Observer, true),
        Mark::Turn { turn: 2 },
        rolled(SheetTable::SpinRecovery, Role::Pilot),
    ];
    let s = sum(&marks);
    let text = refusal(check_roll(&s, SheetTable::Unjam, Role::Pilot, names));
    assert!(
        text.starts_with("§3.70:")
            && text.contains("Albert Ball")
            && text.contains("spin recovery"),
        "{text}"
    );
    assert!(
        refusal(check_roll(&s, SheetTable::SpinRecovery, Role::Pilot, names)).starts_with("§3.70:")
    );
    assert!(check_roll(&s, SheetTable::Unjam, Role::Observer, names).is_ok());
    marks.push(rolled(SheetTable::Unjam, Role::Observer));
    let text = refusal(check_roll(
        &sum(&marks),
        SheetTable::Unjam,
        Role::Observer,
        names,
    ));
    assert!(text.contains("Hooper"), "{text}");
    marks.push(Mark::Turn { turn: 3 });
    assert!(check_roll(&sum(&marks), SheetTable::Unjam, Role::Pilot, names).is_ok());
}

// R23, §3.601, §3.30, §10.01: damage, fuel and wounds never exceed what is left.
#[test]
fn damage_fuel_and_wounds_stop_at_what_is_left() {
    let spad = spad_xiii();
    // SPAD XIII wings: 24 boxes and two triangles (appendix A).
    let s = SheetState::from_marks(&spad, &[]).unwrap();
    let damage = |boxes| Mark::Damage {
        section: Section::Wings,
        boxes,
        marker: None,
    };
    assert!(check_mark(&s, &damage(26), names).is_ok());
    let text = refusal(check_mark(&s, &damage(27), names));
    assert!(text.starts_with("§3.601") && text.contains("26"), "{text}");
    // Fuel: 52 boxes.
    assert!(check_mark(&s, &Mark::Fuel { boxes: 52 }, names).is_ok());
    assert!(refusal(check_mark(&s, &Mark::Fuel { boxes: 53 }, names)).starts_with("§3.30"));
    // Three wound boxes kill: with two crossed, one is left.
    let s = SheetState::from_marks(
        &spad,
        &[Mark::Wound {
            seat: Role::Pilot,
            boxes: 2,
        }],
    )
    .unwrap();
    let serious = Mark::Wound {
        seat: Role::Pilot,
        boxes: 2,
    };
    let text = refusal(check_mark(&s, &serious, names));
    assert!(
        text.starts_with("§10.01") && text.contains("Albert Ball"),
        "{text}"
    );
}

// R23, §3.541: a marker is cleared only when one of its colour is to draw.
#[test]
fn a_marker_is_cleared_only_when_one_is_to_draw() {
    let s = sum(&[Mark::Hit { blue: 1, red: 0 }]);
    let red = Mark::Drawn {
        marker: Marker::Red,
    };
    let text = refusal(check_mark(&s, &red, names));
    assert!(text.starts_with("§3.541") && text.contains("red"), "{text}");
    let blue = Mark::Damage {
        section: Section::Tail,
        boxes: 1,
        marker: Some(Marker::Blue),
    };
    assert!(check_mark(&s, &blue, names).is_ok());
}

// R23, §3.00: a turn mark moves on; it never goes back nor marks the same turn again.
#[test]
fn turns_never_go_back() {
    let s = sum(&[Mark::Turn { turn: 3 }]);
    let text = refusal(check_mark(&s, &Mark::Turn { turn: 2 }, names));
    assert!(
        text.starts_with("§3.00") && text.contains("turn 3"),
        "{text}"
    );
    assert!(check_mark(&s, &Mark::Turn { turn: 3 }, names).is_err());
    assert!(check_mark(&s, &Mark::Turn { turn: 4 }, names).is_ok());
}
