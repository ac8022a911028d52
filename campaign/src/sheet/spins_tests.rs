//! The spin test and recovery at their boundaries, with each modifier (R19).

use super::*;
use crate::dice::FixedDice;

const PILOT: AtTheControls<'static> = AtTheControls {
    seat: Role::Pilot,
    xp: Xp(50),
    wound_boxes: 0,
    abilities: &[],
};

fn spin(
    stability: Stability,
    controls: &AtTheControls<'_>,
    dice: [u32; 2],
) -> Roll<SpinTest, SheetTable> {
    roll_spin(stability, controls, &mut FixedDice::new(dice))
}

fn recover(stability: Stability, controls: &AtTheControls<'_>, dice: [u32; 2]) -> Recovery {
    roll_spin_recovery(stability, controls, &mut FixedDice::new(dice)).result
}

// R19: spins on 2–5. B, an experienced pilot: 2 + 3 = 5 spins, 3 + 3 = 6 holds.
#[test]
fn r19_spin_boundary_stability_b() {
    assert_eq!(spin(Stability::B, &PILOT, [1, 1]).result, SpinTest::Spins);
    assert_eq!(spin(Stability::B, &PILOT, [2, 3]).result, SpinTest::Spins);
    assert_eq!(spin(Stability::B, &PILOT, [3, 3]).result, SpinTest::Holds);
    assert_eq!(spin(Stability::B, &PILOT, [3, 3]).modifier_sum(), 0);
}

// R19: A +1: 4 + 1 = 5 spins, 5 + 1 = 6 holds. C −1: 6 − 1 = 5 spins, 7 − 1 = 6 holds.
#[test]
fn r19_spin_stability_modifiers() {
    assert_eq!(spin(Stability::A, &PILOT, [2, 2]).result, SpinTest::Spins);
    assert_eq!(spin(Stability::A, &PILOT, [2, 3]).result, SpinTest::Holds);
    assert_eq!(spin(Stability::C, &PILOT, [3, 3]).result, SpinTest::Spins);
    assert_eq!(spin(Stability::C, &PILOT, [3, 4]).result, SpinTest::Holds);
}

// R19: a novice at the controls −1 (49 XP: 6 − 1 = 5 spins); an observer flying
// counts as a novice whatever his XP (R18, §9.01).
#[test]
fn r19_spin_novice_at_the_controls() {
    let novice = AtTheControls {
        xp: Xp(49),
        ..PILOT
    };
    assert!(novice.novice());
    assert_eq!(spin(Stability::B, &novice, [3, 3]).result, SpinTest::Spins);
    assert_eq!(spin(Stability::B, &novice, [3, 4]).result, SpinTest::Holds);
    let observer = AtTheControls {
        seat: Role::Observer,
        xp: Xp(400),
        ..PILOT
    };
    assert!(observer.novice());
    assert_eq!(
        spin(Stability::B, &observer, [3, 3]).result,
        SpinTest::Spins
    );
    assert!(!PILOT.novice());
}

// R19: a seriously wounded pilot −1 (two boxes); a minor wound nothing.
#[test]
fn r19_spin_seriously_wounded_pilot() {
    let serious = AtTheControls {
        wound_boxes: 2,
        ..PILOT
    };
    assert_eq!(spin(Stability::B, &serious, [3, 3]).result, SpinTest::Spins);
    let minor = AtTheControls {
        wound_boxes: 1,
        ..PILOT
    };
    assert_eq!(spin(Stability::B, &minor, [3, 3]).result, SpinTest::Holds);
}

// Every penalty at once: C, a novice, seriously wounded: 8 − 1 − 1 − 1 = 5 spins;
// 9 − 3 = 6 holds.
#[test]
fn r19_spin_all_penalties() {
    let worst = AtTheControls {
        xp: Xp(0),
        wound_boxes: 2,
        ..PILOT
    };
    let roll = spin(Stability::C, &worst, [4, 4]);
    assert_eq!((roll.total, roll.result), (5, SpinTest::Spins));
    assert_eq!(spin(Stability::C, &worst, [4, 5]).result, SpinTest::Holds);
}

// R19: recovers on 7–12. B: 6 still spinning, 7 recovers. A: 5 + 1 = 6 still, 6 + 1
// = 7 recovers. C: 7 − 1 = 6 still, 8 − 1 = 7 recovers.
#[test]
fn r19_recovery_boundaries() {
    assert_eq!(
        recover(Stability::B, &PILOT, [3, 3]),
        Recovery::StillSpinning
    );
    assert_eq!(recover(Stability::B, &PILOT, [3, 4]), Recovery::Recovers);
    assert_eq!(recover(Stability::B, &PILOT, [6, 6]), Recovery::Recovers);
    assert_eq!(
        recover(Stability::A, &PILOT, [2, 3]),
        Recovery::StillSpinning
    );
    assert_eq!(recover(Stability::A, &PILOT, [3, 3]), Recovery::Recovers);
    assert_eq!(
        recover(Stability::C, &PILOT, [3, 4]),
        Recovery::StillSpinning
    );
    assert_eq!(recover(Stability::C, &PILOT, [4, 4]), Recovery::Recovers);
}

// R19: a novice and a seriously wounded pilot take −1 each on recovery too: 8 − 2 = 6.
#[test]
fn r19_recovery_penalties() {
    let worst = AtTheControls {
        xp: Xp(10),
        wound_boxes: 2,
        ..PILOT
    };
    assert_eq!(
        recover(Stability::B, &worst, [4, 4]),
        Recovery::StillSpinning
    );
    assert_eq!(recover(Stability::B, &worst, [4, 5]), Recovery::Recovers);
}

// Spin Recovery (R6, R19): +1 per 250 XP. At 250 XP: 6 + 1 = 7 recovers; at 749 XP
// (+2): 5 + 2 = 7 recovers, 4 + 2 = 6 does not. Without the ability 750 XP adds
// nothing.
#[test]
fn r19_spin_recovery_ability_bonus() {
    let skilled = |xp| AtTheControls {
        xp: Xp(xp),
        abilities: &[Ability::SpinRecovery],
        ..PILOT
    };
    assert_eq!(
        recover(Stability::B, &skilled(250), [3, 3]),
        Recovery::Recovers
    );
    assert_eq!(
        recover(Stability::B, &PILOT, [3, 3]),
        Recovery::StillSpinning
    );
    assert_eq!(
        recover(Stability::B, &skilled(749), [2, 3]),
        Recovery::Recovers
    );
    assert_eq!(
        recover(Stability::B, &skilled(749), [2, 2]),
        Recovery::StillSpinning
    );
    let plain = AtTheControls {
        xp: Xp(750),
        ..PILOT
    };
    assert_eq!(
        recover(Stability::B, &plain, [3, 3]),
        Recovery::StillSpinning
    );
    let roll = roll_spin_recovery(Stability::B, &skilled(749), &mut FixedDice::new([2, 3]));
    assert!(roll.modifiers.contains(&crate::tables::Modifier {
        name: "spin_recovery",
        value: 2
    }));
}

// R19, appendix D: a 2 always fails, whatever the bonus: A +1, 1000 XP +4: 2 + 5 = 7
// and still spinning; 3 + 5 = 8 recovers.
#[test]
fn r19_natural_two_always_fails() {
    let ace = AtTheControls {
        xp: Xp(1000),
        abilities: &[Ability::SpinRecovery],
        ..PILOT
    };
    let roll = roll_spin_recovery(Stability::A, &ace, &mut FixedDice::new([1, 1]));
    assert_eq!((roll.total, roll.result), (7, Recovery::StillSpinning));
    assert_eq!(recover(Stability::A, &ace, [1, 2]), Recovery::Recovers);
}

// The spin test takes no Spin Recovery bonus.
#[test]
fn r19_spin_test_has_no_recovery_bonus() {
    let skilled = AtTheControls {
        xp: Xp(1000),
        abilities: &[Ability::SpinRecovery],
        ..PILOT
    };
    assert_eq!(spin(Stability::B, &skilled, [2, 3]).result, SpinTest::Spins);
}
