//! Anoxia (R19, §3.2193): in late-war games a crewman at altitude 9 passes out on
//! 5–6, at altitude 10 on 3–6; a pilot passed out spins.

use super::{read_dice, SheetTable};
use crate::calendar::Era;
use crate::dice::Dice;
use crate::error::RuleError;
use crate::error::{refused, SheetRefusal};
use crate::tables::Roll;

/// The lowest altitude that tests (R19).
pub const FIRST_ALTITUDE: u32 = 9;

/// The altitude from which a crewman passes out on 3–6 (R19).
pub const THIN_AIR: u32 = 10;

/// The lowest die that passes out at `altitude`: 5 at 9, 3 at 10 and above (R19).
pub const fn passes_out_from(altitude: u32) -> i32 {
    if altitude >= THIN_AIR {
        3
    } else {
        5
    }
}

/// Tests one crewman for anoxia at `altitude` in a game of `era`; gives whether he
/// passed out. Early-war games and altitudes below 9 have no test (R19).
pub fn roll_anoxia<D: Dice + ?Sized>(
    era: Era,
    altitude: u32,
    dice: &mut D,
) -> Result<Roll<bool, SheetTable>, RuleError> {
    if era == Era::Early {
        return refused(SheetRefusal::AnoxiaEarlyWar);
    }
    if altitude < FIRST_ALTITUDE {
        return refused(SheetRefusal::AnoxiaAltitude { altitude });
    }
    let from = passes_out_from(altitude);
    Ok(read_dice(SheetTable::Anoxia, dice, |die| die >= from))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::FixedDice;

    fn passes_out(altitude: u32, die: u32) -> bool {
        roll_anoxia(Era::Late, altitude, &mut FixedDice::new([die]))
            .unwrap()
            .result
    }

    // R19: altitude 9 passes out on 5–6.
    #[test]
    fn r19_anoxia_altitude_9() {
        assert!(!passes_out(9, 1));
        assert!(!passes_out(9, 4));
        assert!(passes_out(9, 5));
        assert!(passes_out(9, 6));
    }

    // R19: altitude 10 passes out on 3–6; above 10 (the "10+" ceilings of appendix
    // B) reads as 10.
    #[test]
    fn r19_anoxia_altitude_10() {
        assert!(!passes_out(10, 2));
        assert!(passes_out(10, 3));
        assert!(passes_out(10, 6));
        assert!(!passes_out(11, 2));
        assert!(passes_out(11, 3));
    }

    // R19 (§3.2193): no test below altitude 9, none in an early-war game.
    #[test]
    fn r19_anoxia_only_late_war_and_high() {
        let e = roll_anoxia(Era::Late, 8, &mut FixedDice::new([6])).unwrap_err();
        assert_eq!(
            e,
            crate::RuleError::Sheet(SheetRefusal::AnoxiaAltitude { altitude: 8 })
        );
        assert_eq!(e.rule(), "R19");
        let e = roll_anoxia(Era::Early, 9, &mut FixedDice::new([6])).unwrap_err();
        assert_eq!(e, crate::RuleError::Sheet(SheetRefusal::AnoxiaEarlyWar));
    }
}
