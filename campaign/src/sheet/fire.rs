//! Putting out fire and smoke (R19, §3.1001, §3.1002).

use serde::{Deserialize, Serialize};

use super::{read_dice, SheetTable};
use crate::dice::Dice;
use crate::tables::Roll;

/// The lowest die that puts a fire out (R19: 5–6).
pub const FIRE_OUT_FROM: i32 = 5;
/// The lowest die that puts a fire out after a sideslip (R19: 4–6).
pub const FIRE_OUT_FROM_AFTER_SIDESLIP: i32 = 4;

/// What becomes of a fire.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FireOut {
    /// Out: the fire marker becomes smoke.
    Smoke,
    /// Still burning.
    Burning,
}

/// What becomes of smoke.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SmokeOut {
    /// 6: out.
    Out,
    /// 2–5: still smoking.
    Smoking,
    /// 1: it catches fire.
    Fire,
}

/// Tries to put a fire out: 5–6, or 4–6 after a sideslip (maneuver 8, 16 or 17);
/// out, it becomes smoke (R19). The sideslip widens the range rather than adding to
/// the die.
pub fn roll_fire_out<D: Dice + ?Sized>(sideslip: bool, dice: &mut D) -> Roll<FireOut, SheetTable> {
    let from = if sideslip {
        FIRE_OUT_FROM_AFTER_SIDESLIP
    } else {
        FIRE_OUT_FROM
    };
    read_dice(SheetTable::ExtinguishFire, dice, |die| {
        if die >= from {
            FireOut::Smoke
        } else {
            FireOut::Burning
        }
    })
}

/// Tries to put smoke out: 6 out, 1 fire; no sideslip helps (R19).
pub fn roll_smoke_out<D: Dice + ?Sized>(dice: &mut D) -> Roll<SmokeOut, SheetTable> {
    read_dice(SheetTable::ExtinguishSmoke, dice, |die| match die {
        6.. => SmokeOut::Out,
        2..=5 => SmokeOut::Smoking,
        _ => SmokeOut::Fire,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::FixedDice;

    fn fire(sideslip: bool, die: u32) -> FireOut {
        roll_fire_out(sideslip, &mut FixedDice::new([die])).result
    }

    // R19: fire out on 5–6.
    #[test]
    fn r19_fire_out_boundaries() {
        assert_eq!(fire(false, 1), FireOut::Burning);
        assert_eq!(fire(false, 4), FireOut::Burning);
        assert_eq!(fire(false, 5), FireOut::Smoke);
        assert_eq!(fire(false, 6), FireOut::Smoke);
    }

    // R19: after a sideslip, fire out on 4–6.
    #[test]
    fn r19_fire_out_after_sideslip() {
        assert_eq!(fire(true, 3), FireOut::Burning);
        assert_eq!(fire(true, 4), FireOut::Smoke);
        assert_eq!(fire(true, 6), FireOut::Smoke);
    }

    // R19: smoke out on 6, a 1 turns it to fire.
    #[test]
    fn r19_smoke_out_boundaries() {
        let smoke = |die| roll_smoke_out(&mut FixedDice::new([die])).result;
        assert_eq!(smoke(1), SmokeOut::Fire);
        assert_eq!(smoke(2), SmokeOut::Smoking);
        assert_eq!(smoke(5), SmokeOut::Smoking);
        assert_eq!(smoke(6), SmokeOut::Out);
    }
}
