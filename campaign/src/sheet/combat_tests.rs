//! A shot with the shooter's sheet and abilities: R17's abilities, its limits and
//! every prohibited combination.

use super::*;
use crate::dice::FixedDice;
use crate::sheet::combat_value::{TargetAltitude, Weapon};

fn shot(range: u32) -> Shot {
    crate::sheet::combat_value::tests::plain(range)
}

const PILOT: Shooter<'static> = Shooter {
    seat: Role::Pilot,
    wound_boxes: 0,
    passed_out: false,
    abilities: &[],
};

const OBSERVER: Shooter<'static> = Shooter {
    seat: Role::Observer,
    ..PILOT
};

const B_AIRCRAFT: ShootingAircraft = ShootingAircraft {
    stability: Stability::B,
    spinning: false,
    on_fire: false,
    observer_flying: false,
};

fn with(abilities: &'static [Ability]) -> Shooter<'static> {
    Shooter { abilities, ..PILOT }
}

fn fire(shot: &Shot, shooter: &Shooter<'_>, aircraft: &ShootingAircraft, die: u32) -> Combat {
    resolve_combat(shot, shooter, aircraft, die).unwrap()
}

fn refused(shot: &Shot, shooter: &Shooter<'_>, aircraft: &ShootingAircraft) -> Prohibition {
    match resolve_combat(shot, shooter, aircraft, 3) {
        Err(crate::RuleError::Sheet(crate::error::SheetRefusal::CombatProhibited {
            prohibition,
        })) => prohibition,
        other => panic!("expected a prohibition, got {other:?}"),
    }
}

// The example: range 1, medium burst, stability B, tailed last turn, target
// lower: 5 + 2 + 1 + 2 + 1 = 11; die 5 → B3R (line 11, column 5).
#[test]
fn r17_example_eleven_die_five_is_b3r() {
    let s = Shot {
        burst: Burst::Medium,
        tailed_last_turn: true,
        target_altitude: TargetAltitude::Lower,
        ..shot(1)
    };
    let c = fire(&s, &PILOT, &B_AIRCRAFT, 5);
    assert_eq!((c.value, c.line, c.column), (11, Some(11), 5));
    assert_eq!(c.hits, Hits::new(1, 3));
    assert_eq!(c.hits.to_string(), "B3R");
}

// R17: 0 or less has no effect, whatever the die: range 3, C, flexible: 2 − 1 − 2 =
// −1; die 6 → nothing.
#[test]
fn r17_value_zero_or_less_has_no_effect() {
    let s = Shot {
        weapon: Weapon::Flexible,
        ..shot(3)
    };
    let c_aircraft = ShootingAircraft {
        stability: Stability::C,
        ..B_AIRCRAFT
    };
    let c = fire(&s, &PILOT, &c_aircraft, 6);
    assert_eq!((c.value, c.line), (-1, None));
    assert!(c.hits.is_none());
    // Range 3, B, restricted maneuver, higher target: 2 + 0 − 1 − 2 = −1 too; with a
    // medium burst +1: 0, still nothing.
    let s = Shot {
        burst: Burst::Medium,
        restricted_maneuver: true,
        target_altitude: TargetAltitude::Higher,
        ..shot(3)
    };
    let c = fire(&s, &PILOT, &B_AIRCRAFT, 6);
    assert_eq!((c.value, c.line, c.hits), (0, None, Hits::NONE));
    // Range 3, B, short burst: 2 → line 2; die 4 → B.
    let c = fire(&shot(3), &PILOT, &B_AIRCRAFT, 4);
    assert_eq!((c.value, c.line, c.hits), (2, Some(2), Hits::new(1, 0)));
}

// R17: above 17 reads line 17. Range 0, A, long burst, dual, fired and tailed last
// turn: 7 + 3 + 4 + 2 + 2 + 2 = 20 → line 17; die 6 → 9R.
#[test]
fn r17_above_seventeen_reads_seventeen() {
    let s = Shot {
        burst: Burst::Long,
        dual_weapons: true,
        fired_last_turn: true,
        tailed_last_turn: true,
        ..shot(0)
    };
    let a_aircraft = ShootingAircraft {
        stability: Stability::A,
        ..B_AIRCRAFT
    };
    let c = fire(&s, &PILOT, &a_aircraft, 6);
    assert_eq!((c.value, c.line), (20, Some(17)));
    assert_eq!(c.hits, Hits::new(0, 9));
}

// Stability (R17, appendix D): the pilot's B counts as A. Range 1: B +1 becomes A's
// +2; plain shot 5 + 2 = 7; die 3 → 2B (line 7, column 3).
#[test]
fn r17_stability_ability_b_as_a() {
    let c = fire(&shot(1), &with(&[Ability::Stability]), &B_AIRCRAFT, 3);
    assert_eq!(c.value, 7);
    assert!(c.modifiers.contains(&Modifier {
        name: "stability_ability",
        value: 1
    }));
    assert_eq!(c.hits.to_string(), "2B");
    // Without it: 5 + 1 = 6; die 3 → B.
    assert_eq!(fire(&shot(1), &PILOT, &B_AIRCRAFT, 3).value, 6);
}

// Stability: C counts as B. Range 3: C −1 becomes B's 0: 2 + 0 = 2.
#[test]
fn r17_stability_ability_c_as_b() {
    let c_aircraft = ShootingAircraft {
        stability: Stability::C,
        ..B_AIRCRAFT
    };
    let c = fire(&shot(3), &with(&[Ability::Stability]), &c_aircraft, 1);
    assert_eq!(c.value, 2);
    assert_eq!(fire(&shot(3), &PILOT, &c_aircraft, 1).value, 1);
}

// Stability is the pilot's alone: an observer holding it (were it possible) fires at
// the aircraft's own class. Range 1, B, flexible: 5 + 1 − 1 = 5.
#[test]
fn r17_stability_ability_not_for_the_observer() {
    let s = Shot {
        weapon: Weapon::Flexible,
        ..shot(1)
    };
    let observer = Shooter {
        abilities: &[Ability::Stability],
        ..OBSERVER
    };
    assert_eq!(fire(&s, &observer, &B_AIRCRAFT, 1).value, 5);
}

// Deflection (R17): no deflection modifier. Range 3 with deflection: 2 + 0 − 3 = −1
// (no effect); with the ability 2 + 0 = 2.
#[test]
fn r17_deflection_ability() {
    let s = Shot {
        deflection: true,
        ..shot(3)
    };
    assert_eq!(fire(&s, &PILOT, &B_AIRCRAFT, 6).value, -1);
    let c = fire(&s, &with(&[Ability::Deflection]), &B_AIRCRAFT, 6);
    assert_eq!(c.value, 2);
    assert!(c.modifiers.contains(&Modifier {
        name: "deflection_ability",
        value: 3
    }));
    // Line 2, die 6 → B.
    assert_eq!(c.hits, Hits::new(1, 0));
}

// Range (R17): fires as one hex closer. Range 3 reads the range 2 column: 3 + 0 = 3;
// range 2 reads range 1's: 5 + 1 = 6; range 1 stays at 1 (never from 1 to 0): 6.
#[test]
fn r17_range_ability_one_hex_closer_never_to_zero() {
    let ace = with(&[Ability::Range]);
    let c = fire(&shot(3), &ace, &B_AIRCRAFT, 1);
    assert_eq!((c.range, c.column_range, c.value), (3, 2, 3));
    let c = fire(&shot(2), &ace, &B_AIRCRAFT, 1);
    assert_eq!((c.column_range, c.value), (1, 6));
    let c = fire(&shot(1), &ace, &B_AIRCRAFT, 1);
    assert_eq!((c.column_range, c.value), (1, 6));
    let c = fire(&shot(0), &ace, &B_AIRCRAFT, 1);
    assert_eq!((c.column_range, c.value), (0, 9));
}

// Range reads every row in the closer column, its `P`s too: a seriously wounded ace
// at range 3 reads range 2: 3 + 0 − 3 = 0 (fires, no effect) instead of being refused.
#[test]
fn r17_range_ability_reads_the_closer_columns_prohibitions() {
    let wounded_ace = Shooter {
        wound_boxes: 2,
        abilities: &[Ability::Range],
        ..PILOT
    };
    let c = fire(&shot(3), &wounded_ace, &B_AIRCRAFT, 6);
    assert_eq!((c.value, c.line), (0, None));
}

// Fire Value (R17): one line up. Range 1, B, medium: 5 + 2 + 1 = 8 → line 9; die 1 →
// 2B (line 8 would give B).
#[test]
fn r17_fire_value_one_line_up() {
    let s = Shot {
        burst: Burst::Medium,
        ..shot(1)
    };
    let c = fire(&s, &with(&[Ability::FireValue]), &B_AIRCRAFT, 1);
    assert_eq!((c.value, c.line, c.fire_value_shift()), (8, Some(9), 1));
    assert_eq!(c.hits, Hits::new(2, 0));
    assert_eq!(fire(&s, &PILOT, &B_AIRCRAFT, 1).hits, Hits::new(1, 0));
}

// Fire Value stays within the table: 17 stays 17; a value of 0 has no line to move.
#[test]
fn r17_fire_value_at_the_edges() {
    let ace = with(&[Ability::FireValue]);
    // Range 0, B, long, dual, fired last turn: 7 + 2 + 4 + 2 + 2 = 17.
    let s = Shot {
        burst: Burst::Long,
        dual_weapons: true,
        fired_last_turn: true,
        ..shot(0)
    };
    let c = fire(&s, &ace, &B_AIRCRAFT, 1);
    assert_eq!((c.value, c.line, c.fire_value_shift()), (17, Some(17), 0));
    // Range 3, B, medium, restricted, higher: 2 + 1 − 1 − 2 = 0: no effect.
    let s = Shot {
        burst: Burst::Medium,
        restricted_maneuver: true,
        target_altitude: TargetAltitude::Higher,
        ..shot(3)
    };
    let c = fire(&s, &ace, &B_AIRCRAFT, 6);
    assert_eq!((c.value, c.line, c.hits), (0, None, Hits::NONE));
}

// Die Roll Add (R17): +1 on the die. Line 11 (the example), die 4 + 1 → column 5:
// B3R; die 6 + 1 = 7 reads column 6: 4R.
#[test]
fn r17_die_roll_add() {
    let s = Shot {
        burst: Burst::Medium,
        tailed_last_turn: true,
        target_altitude: TargetAltitude::Lower,
        ..shot(1)
    };
    let gunner = with(&[Ability::DieRollAdd]);
    let c = fire(&s, &gunner, &B_AIRCRAFT, 4);
    assert_eq!((c.die, c.die_modifier, c.column), (4, 1, 5));
    assert_eq!(c.hits.to_string(), "B3R");
    let c = fire(&s, &gunner, &B_AIRCRAFT, 6);
    assert_eq!(c.column, 6);
    assert_eq!(c.hits.to_string(), "4R");
}

// R17: the shooter's wounds come from his sheet: 1 box −1, 2 boxes −3. Range 1, B:
// 5 + 1 − 1 = 5; 5 + 1 − 3 = 3.
#[test]
fn r17_wounds_from_the_sheet() {
    let boxes = |wound_boxes| Shooter {
        wound_boxes,
        ..PILOT
    };
    assert_eq!(fire(&shot(1), &boxes(1), &B_AIRCRAFT, 1).value, 5);
    assert_eq!(fire(&shot(1), &boxes(2), &B_AIRCRAFT, 1).value, 3);
}

// Every prohibited combination, each with its rule.
#[test]
fn r17_prohibited_combinations() {
    use Prohibition::*;
    let seriously_wounded = Shooter {
        wound_boxes: 2,
        ..PILOT
    };
    assert_eq!(
        refused(&shot(3), &seriously_wounded, &B_AIRCRAFT),
        SeriouslyWoundedAtLongRange
    );
    let cannon = Shot {
        cannon_free_firing: true,
        ..shot(3)
    };
    assert_eq!(refused(&cannon, &PILOT, &B_AIRCRAFT), CannonAtLongRange);
    let long_cannon = Shot {
        cannon_free_firing: true,
        burst: Burst::Long,
        ..shot(1)
    };
    assert_eq!(refused(&long_cannon, &PILOT, &B_AIRCRAFT), CannonBurst);
    let spinning_target = Shot {
        target_spinning: true,
        ..shot(3)
    };
    assert_eq!(
        refused(&spinning_target, &PILOT, &B_AIRCRAFT),
        SpinningTargetAtLongRange
    );
    let both = Shot {
        target_spinning: true,
        deflection: true,
        ..shot(1)
    };
    assert_eq!(
        refused(&both, &PILOT, &B_AIRCRAFT),
        DeflectionWithSpinningTarget
    );
    let tailing = Shot {
        tailed_last_turn: true,
        ..shot(1)
    };
    assert_eq!(refused(&tailing, &OBSERVER, &B_AIRCRAFT), ObserverTailing);
    let spinning = ShootingAircraft {
        spinning: true,
        ..B_AIRCRAFT
    };
    assert_eq!(refused(&shot(1), &PILOT, &spinning), ShooterSpinning);
    assert_eq!(refused(&shot(1), &OBSERVER, &spinning), ShooterSpinning);
    let burning = ShootingAircraft {
        on_fire: true,
        ..B_AIRCRAFT
    };
    assert_eq!(refused(&shot(1), &PILOT, &burning), PilotOnFire);
    assert_eq!(refused(&shot(4), &PILOT, &B_AIRCRAFT), OutOfRange);
    let dead = Shooter {
        wound_boxes: 3,
        ..PILOT
    };
    assert_eq!(refused(&shot(1), &dead, &B_AIRCRAFT), ShooterKilled);
    let fainted = Shooter {
        passed_out: true,
        ..OBSERVER
    };
    assert_eq!(refused(&shot(1), &fainted, &B_AIRCRAFT), ShooterPassedOut);
    let flown_by_observer = ShootingAircraft {
        observer_flying: true,
        ..B_AIRCRAFT
    };
    assert_eq!(
        refused(&shot(1), &OBSERVER, &flown_by_observer),
        ObserverFlying
    );
}

// What stays allowed beside the prohibitions: the observer fires from a burning
// aircraft (range 1, B, flexible: 5 + 1 − 1 = 5); a spinning target at range 2 takes
// −7 (3 + 0 − 7 = −4); the seriously wounded fire at range 2 (3 + 0 − 3 = 0).
#[test]
fn r17_allowed_beside_the_prohibitions() {
    let burning = ShootingAircraft {
        on_fire: true,
        ..B_AIRCRAFT
    };
    let flexible = Shot {
        weapon: Weapon::Flexible,
        ..shot(1)
    };
    assert_eq!(fire(&flexible, &OBSERVER, &burning, 1).value, 5);
    let spinning_target = Shot {
        target_spinning: true,
        ..shot(2)
    };
    assert_eq!(fire(&spinning_target, &PILOT, &B_AIRCRAFT, 1).value, -4);
    let seriously_wounded = Shooter {
        wound_boxes: 2,
        ..PILOT
    };
    assert_eq!(fire(&shot(2), &seriously_wounded, &B_AIRCRAFT, 1).value, 0);
}

#[test]
fn r17_prohibition_messages_keep_the_rule_and_cite_the_section() {
    let e = crate::error::SheetRefusal::CombatProhibited {
        prohibition: Prohibition::ObserverTailing,
    };
    assert_eq!(e.rule(), "R17");
    assert_eq!(
        e.to_string(),
        "observers never take the tailing modifier; untick \"tailed the target last turn\" (§3.521)"
    );
    let e = crate::error::SheetRefusal::CombatProhibited {
        prohibition: Prohibition::ShooterKilled,
    };
    assert_eq!(e.rule(), "R18");
    assert_eq!(e.to_string(), "a killed crewman does not fire (§10.01)");
}

// A refused shot rolls no die; an allowed one rolls the combat die.
#[test]
fn r14_roll_combat_rolls_only_an_allowed_shot() {
    let mut dice = FixedDice::new([5]);
    let spinning = ShootingAircraft {
        spinning: true,
        ..B_AIRCRAFT
    };
    assert!(roll_combat(&shot(1), &PILOT, &spinning, &mut dice).is_err());
    assert_eq!(dice.remaining(), &[5]);
    let c = roll_combat(&shot(1), &PILOT, &B_AIRCRAFT, &mut dice).unwrap();
    assert!(dice.is_exhausted());
    // Range 1, B: 5 + 1 = 6; die 5 → R.
    assert_eq!((c.die, c.hits), (5, Hits::new(0, 1)));
    assert_eq!(
        resolve_combat(&shot(1), &PILOT, &B_AIRCRAFT, 7).unwrap_err(),
        RuleError::DieOutOfRange {
            table: SheetTable::Combat.into(),
            position: 1,
            value: 7,
            sides: 6
        }
    );
}

// R14: the roll log keeps the die, every modifier with the abilities' own, the line
// read and the hits. Range 1, B, medium, with Fire Value and Die Roll Add: 5 + 2 + 1
// = 8 → line 9; die 3 + 1 → column 4: BR.
#[test]
fn r14_combat_as_the_roll_log_keeps_it() {
    let s = Shot {
        burst: Burst::Medium,
        ..shot(1)
    };
    let ace = with(&[Ability::FireValue, Ability::DieRollAdd]);
    let roll = fire(&s, &ace, &B_AIRCRAFT, 3).to_roll();
    assert_eq!(roll.table, SheetTable::Combat);
    assert_eq!(roll.dice, [3]);
    let names: Vec<_> = roll.modifiers.iter().map(|m| (m.name, m.value)).collect();
    assert_eq!(
        names,
        [
            ("medium_burst", 2),
            ("stability", 1),
            ("fire_value", 1),
            ("die_roll_add", 1)
        ]
    );
    assert_eq!((roll.total, roll.result), (9, Hits::new(1, 1)));
    // Without a line the total is the value: range 3, B, flexible, higher: 2 − 2 −
    // 2 = −2.
    let s = Shot {
        weapon: Weapon::Flexible,
        target_altitude: TargetAltitude::Higher,
        ..shot(3)
    };
    let roll = fire(&s, &PILOT, &B_AIRCRAFT, 6).to_roll();
    assert_eq!((roll.total, roll.result), (-2, Hits::NONE));
}
