//! The Combat Values Table row by row, each number read from the book's table
//! (columns range 3, 2, 1, 0).

use super::*;

/// A plain shot: short burst, one rigid weapon, same altitude, no other modifier.
pub(crate) fn plain(range: u32) -> Shot {
    Shot {
        range,
        burst: Burst::Short,
        weapon: Weapon::Rigid,
        dual_weapons: false,
        cannon_free_firing: false,
        deflection: false,
        target_spinning: false,
        restricted_maneuver: false,
        fired_last_turn: false,
        tailed_last_turn: false,
        target_altitude: TargetAltitude::Same,
        target_stalled: false,
        speed_3_or_4: false,
    }
}

fn firer(stability: Stability, wounds: WoundLevel) -> Firer {
    Firer {
        stability,
        stability_ability: None,
        wounds,
        ignores_deflection: false,
    }
}

fn value(shot: &Shot, firer: &Firer) -> i32 {
    combat_value(shot, shot.range, firer).unwrap().value
}

/// What `change` adds to a plain shot of a B aircraft at `range`.
fn added_at(range: u32, change: &impl Fn(&mut Shot)) -> i32 {
    let f = firer(Stability::B, WoundLevel::Unhurt);
    let mut shot = plain(range);
    change(&mut shot);
    value(&shot, &f) - value(&plain(range), &f)
}

/// What `change` adds to a plain shot of a B aircraft at ranges 3, 2, 1, 0.
fn row_of(change: impl Fn(&mut Shot)) -> [i32; 4] {
    [3, 2, 1, 0].map(|range| added_at(range, &change))
}

/// The stability modifier of a class at ranges 3, 2, 1, 0, less the base.
fn stability_row_of(stability: Stability) -> [i32; 4] {
    let f = firer(stability, WoundLevel::Unhurt);
    [3, 2, 1, 0].map(|range| value(&plain(range), &f) - BASE[(3 - range) as usize])
}

// Base values: range 3: 2, 2: 3, 1: 5, 0: 7 (R17). A plain shot of a B aircraft adds
// B's 0, 0, +1, +2: 2, 3, 6, 9.
#[test]
fn r17_base_values() {
    let f = firer(Stability::B, WoundLevel::Unhurt);
    let cv = |r| combat_value(&plain(r), r, &f).unwrap();
    assert_eq!(cv(3).base, 2);
    assert_eq!(cv(2).base, 3);
    assert_eq!(cv(1).base, 5);
    assert_eq!(cv(0).base, 7);
    assert_eq!([3, 2, 1, 0].map(|r| cv(r).value), [2, 3, 6, 9]);
}

// Stability A +0 +1 +2 +3; B +0 +0 +1 +2; C −1 +0 +0 +1.
#[test]
fn r17_stability_rows() {
    assert_eq!(stability_row_of(Stability::A), [0, 1, 2, 3]);
    assert_eq!(stability_row_of(Stability::B), [0, 0, 1, 2]);
    assert_eq!(stability_row_of(Stability::C), [-1, 0, 0, 1]);
}

// Short burst +0; medium +1 +1 +2 +2; long +2 +2 +3 +4.
#[test]
fn r17_burst_rows() {
    assert_eq!(row_of(|s| s.burst = Burst::Short), [0, 0, 0, 0]);
    assert_eq!(row_of(|s| s.burst = Burst::Medium), [1, 1, 2, 2]);
    assert_eq!(row_of(|s| s.burst = Burst::Long), [2, 2, 3, 4]);
}

// Speed 3 or 4: −3 −2 −1 +0. Dual weapons +2 everywhere. Flexible −2 −1 −1 +0.
#[test]
fn r17_speed_weapons_rows() {
    assert_eq!(row_of(|s| s.speed_3_or_4 = true), [-3, -2, -1, 0]);
    assert_eq!(row_of(|s| s.dual_weapons = true), [2, 2, 2, 2]);
    assert_eq!(row_of(|s| s.weapon = Weapon::Flexible), [-2, -1, -1, 0]);
}

// Deflection −3 −2 −1 and "-" at range 0 (the same hex has none).
#[test]
fn r17_deflection_row() {
    assert_eq!(row_of(|s| s.deflection = true), [-3, -2, -1, 0]);
}

// Restricted maneuver −1 everywhere; fired at target last turn +0 +1 +1 +2; tailed
// last turn +1 +1 +2 +2.
#[test]
fn r17_maneuver_and_persistence_rows() {
    assert_eq!(row_of(|s| s.restricted_maneuver = true), [-1, -1, -1, -1]);
    assert_eq!(row_of(|s| s.fired_last_turn = true), [0, 1, 1, 2]);
    assert_eq!(row_of(|s| s.tailed_last_turn = true), [1, 1, 2, 2]);
}

// Target lower +0 +1 +1 +1; higher −2 −1 −1 −1; stalled +2 +2 +3 and "-" at 0.
#[test]
fn r17_target_rows() {
    assert_eq!(
        row_of(|s| s.target_altitude = TargetAltitude::Lower),
        [0, 1, 1, 1]
    );
    assert_eq!(
        row_of(|s| s.target_altitude = TargetAltitude::Higher),
        [-2, -1, -1, -1]
    );
    assert_eq!(row_of(|s| s.target_stalled = true), [2, 2, 3, 0]);
}

// Free firing a cannon: P −6 −6 −6; a spinning target: P −7 −6 "-".
#[test]
fn r17_cannon_and_spinning_target_rows() {
    let from_two = |change: fn(&mut Shot)| [2, 1, 0].map(|range| added_at(range, &change));
    assert_eq!(from_two(|s| s.cannon_free_firing = true), [-6, -6, -6]);
    assert_eq!(from_two(|s| s.target_spinning = true), [-7, -6, 0]);
    let f = firer(Stability::B, WoundLevel::Unhurt);
    let at_three = |change: fn(&mut Shot)| {
        let mut shot = plain(3);
        change(&mut shot);
        combat_value(&shot, 3, &f).unwrap_err()
    };
    assert_eq!(
        at_three(|s| s.cannon_free_firing = true),
        crate::RuleError::Sheet(crate::error::SheetRefusal::CombatProhibited {
            prohibition: Prohibition::CannonAtLongRange
        })
    );
    assert_eq!(
        at_three(|s| s.target_spinning = true),
        crate::RuleError::Sheet(crate::error::SheetRefusal::CombatProhibited {
            prohibition: Prohibition::SpinningTargetAtLongRange
        })
    );
}

// Minor wound −1 everywhere; serious wound P −3 −3 −3 (R17: 1 box minor, 2 serious).
#[test]
fn r17_wound_rows() {
    let wounded = |wounds, range| {
        combat_value(&plain(range), range, &firer(Stability::B, wounds)).map(|cv| cv.value)
    };
    let unhurt = |range| wounded(WoundLevel::Unhurt, range).unwrap();
    for range in 0..=3 {
        assert_eq!(wounded(WoundLevel::Minor, range), Ok(unhurt(range) - 1));
    }
    for range in 0..=2 {
        assert_eq!(wounded(WoundLevel::Serious, range), Ok(unhurt(range) - 3));
    }
    let e = wounded(WoundLevel::Serious, 3).unwrap_err();
    assert_eq!(
        e,
        crate::RuleError::Sheet(crate::error::SheetRefusal::CombatProhibited {
            prohibition: Prohibition::SeriouslyWoundedAtLongRange
        })
    );
    assert_eq!(e.rule(), "R17");
}

// The worked example of the issue and §3.54: range 1, medium burst, stability B,
// tailed last turn, target lower: 5 + 2 + 1 + 2 + 1 = 11.
#[test]
fn r17_worked_example_eleven() {
    let shot = Shot {
        burst: Burst::Medium,
        tailed_last_turn: true,
        target_altitude: TargetAltitude::Lower,
        ..plain(1)
    };
    let cv = combat_value(&shot, 1, &firer(Stability::B, WoundLevel::Unhurt)).unwrap();
    assert_eq!(cv.base, 5);
    assert_eq!(cv.value, 11);
    let names: Vec<_> = cv.modifiers.iter().map(|m| (m.name, m.value)).collect();
    assert_eq!(
        names,
        [
            ("medium_burst", 2),
            ("stability", 1),
            ("tailed_last_turn", 2),
            ("target_lower", 1)
        ]
    );
}

// Everything against at range 3: 2 (base) − 1 (C) − 3 (speed) − 2 (flexible) − 3
// (deflection) − 1 (restricted) − 2 (higher) − 1 (minor wound) = −11.
#[test]
fn r17_everything_against_at_range_three() {
    let shot = Shot {
        weapon: Weapon::Flexible,
        speed_3_or_4: true,
        deflection: true,
        restricted_maneuver: true,
        target_altitude: TargetAltitude::Higher,
        ..plain(3)
    };
    let f = firer(Stability::C, WoundLevel::Minor);
    assert_eq!(value(&shot, &f), -11);
}

// Everything for at range 0: 7 (base) + 4 (long) + 3 (A) + 2 (dual) + 2 (fired last
// turn) + 2 (tailed) + 1 (lower) = 21; stalled and deflection read "-" here.
#[test]
fn r17_everything_for_at_range_zero() {
    let shot = Shot {
        burst: Burst::Long,
        dual_weapons: true,
        fired_last_turn: true,
        tailed_last_turn: true,
        target_altitude: TargetAltitude::Lower,
        target_stalled: true,
        deflection: true,
        ..plain(0)
    };
    assert_eq!(value(&shot, &firer(Stability::A, WoundLevel::Unhurt)), 21);
}

// §3.53: the table has no column past range 3.
#[test]
fn r17_no_column_past_range_three() {
    let f = firer(Stability::B, WoundLevel::Unhurt);
    assert_eq!(
        combat_value(&plain(4), 4, &f).unwrap_err(),
        crate::RuleError::Sheet(crate::error::SheetRefusal::CombatProhibited {
            prohibition: Prohibition::OutOfRange
        })
    );
}

#[test]
fn shot_reads_from_the_roll_request() {
    let shot: Shot = serde_json::from_str(
        r#"{"range": 1, "burst": "medium", "weapon": "rigid", "tailed_last_turn": true, "target_altitude": "lower"}"#,
    )
    .unwrap();
    assert_eq!(
        shot,
        Shot {
            burst: Burst::Medium,
            tailed_last_turn: true,
            target_altitude: TargetAltitude::Lower,
            ..plain(1)
        }
    );
    assert!(serde_json::from_str::<Shot>(
        r#"{"range": 1, "burst": "short", "weapon": "rigid", "flaps": true}"#
    )
    .is_err());
}
