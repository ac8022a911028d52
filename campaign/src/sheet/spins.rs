//! The spin test and spin recovery (R19, §3.702, §3.811): 2d6 with the aircraft's
//! stability, a novice at the controls and a seriously wounded pilot; recovery adds
//! Spin Recovery's bonus (R6).

use serde::{Deserialize, Serialize};

use super::aircraft::Stability;
use super::wounds::WoundLevel;
use super::SheetTable;
use crate::abilities::Ability;
use crate::crew::Role;
use crate::dice::{throw, Dice};
use crate::status::{is_novice, spin_recovery_bonus};
use crate::tables::{summed, Modifiers, Roll};
use crate::xp::Xp;

/// The highest modified total that spins (R19: 2–5).
pub const SPINS_AT_MOST: i32 = 5;
/// The lowest modified total that recovers (R19: 7–12).
pub const RECOVERS_AT_LEAST: i32 = 7;
/// The dice that always fail to recover, whatever the modifiers (R19, appendix D).
pub const ALWAYS_FAILS: u32 = 2;

/// The man at the controls, as the campaign and the sheet know him.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AtTheControls<'a> {
    /// His seat: an observer flying counts as a novice (R18, §9.01).
    pub seat: Role,
    /// His XP: below 50 a novice (R6).
    pub xp: Xp,
    /// His crossed wound boxes: two or more, seriously wounded.
    pub wound_boxes: u32,
    /// His abilities: Spin Recovery adds +1 per 250 XP to recovery (R6).
    pub abilities: &'a [Ability],
}

impl AtTheControls<'_> {
    /// Whether he flies as a novice: below 50 XP, or an observer at the controls.
    pub fn novice(&self) -> bool {
        self.seat == Role::Observer || is_novice(self.xp)
    }

    fn modifiers(&self, stability: Stability) -> Modifiers {
        let mut m = Modifiers::default();
        m.add(true, "stability", stability.spin_modifier());
        m.add(self.novice(), "novice", -1);
        m.add(
            WoundLevel::from_boxes(self.wound_boxes) >= WoundLevel::Serious,
            "serious_wound",
            -1,
        );
        m
    }
}

/// The spin test's result.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SpinTest {
    /// 5 or less: the aircraft spins.
    Spins,
    /// 6 or more.
    Holds,
}

/// Spin recovery's result.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Recovery {
    /// 7 or more, and not a natural 2.
    Recovers,
    /// Still spinning.
    StillSpinning,
}

/// Tests for a spin: 2d6 plus stability A +1, B 0, C −1, a novice at the controls −1,
/// a seriously wounded man at the controls −1; spins on 5 or less (R19, §3.811).
pub fn roll_spin<D: Dice + ?Sized>(
    stability: Stability,
    controls: &AtTheControls<'_>,
    dice: &mut D,
) -> Roll<SpinTest, SheetTable> {
    let table = SheetTable::Spin;
    summed(
        table,
        throw(dice, table.dice_sides()),
        controls.modifiers(stability),
        |total| {
            if total <= SPINS_AT_MOST {
                SpinTest::Spins
            } else {
                SpinTest::Holds
            }
        },
    )
}

/// Tries to recover from a spin: the spin test's modifiers plus Spin Recovery's bonus;
/// recovers on 7 or more, never on a natural 2 (R19, §3.702, appendix D).
pub fn roll_spin_recovery<D: Dice + ?Sized>(
    stability: Stability,
    controls: &AtTheControls<'_>,
    dice: &mut D,
) -> Roll<Recovery, SheetTable> {
    let table = SheetTable::SpinRecovery;
    let rolled = throw(dice, table.dice_sides());
    let natural_two = rolled.iter().sum::<u32>() == ALWAYS_FAILS;
    let mut m = controls.modifiers(stability);
    m.add(
        true,
        "spin_recovery",
        spin_recovery_bonus(controls.xp, controls.abilities),
    );
    summed(table, rolled, m, |total| {
        if total >= RECOVERS_AT_LEAST && !natural_two {
            Recovery::Recovers
        } else {
            Recovery::StillSpinning
        }
    })
}

#[cfg(test)]
#[path = "spins_tests.rs"]
mod tests;
