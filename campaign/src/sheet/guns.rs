//! Jamming after a long burst and unjamming (R19, §3.701, §3.801).

use super::combat_value::Burst;
use super::{read_dice, SheetTable};
use crate::abilities::Ability;
use crate::dice::Dice;
use crate::error::RuleError;
use crate::error::{refused, SheetRefusal};
use crate::tables::Roll;

/// The lowest die that jams (R19: 5–6).
pub const JAMS_FROM: i32 = 5;
/// The lowest die that unjams (R19: 4–6).
pub const UNJAMS_FROM: i32 = 4;
/// The lowest die that unjams with the Unjamming ability (R19: 3–6).
pub const UNJAMS_FROM_WITH_ABILITY: i32 = 3;

/// Tests the weapon after a burst: only a long burst is tested; 5–6 jams (R19).
/// Gives whether it jammed.
pub fn roll_jam<D: Dice + ?Sized>(
    burst: Burst,
    dice: &mut D,
) -> Result<Roll<bool, SheetTable>, RuleError> {
    if burst != Burst::Long {
        return refused(SheetRefusal::JamWithoutLongBurst { burst });
    }
    Ok(read_dice(SheetTable::Jam, dice, |die| die >= JAMS_FROM))
}

/// Tries to unjam: 4–6, or 3–6 with the Unjamming ability (R19). Gives whether the
/// weapon is unjammed. The ability widens the range rather than adding to the die.
pub fn roll_unjam<D: Dice + ?Sized>(abilities: &[Ability], dice: &mut D) -> Roll<bool, SheetTable> {
    let from = if abilities.contains(&Ability::Unjamming) {
        UNJAMS_FROM_WITH_ABILITY
    } else {
        UNJAMS_FROM
    };
    read_dice(SheetTable::Unjam, dice, |die| die >= from)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::FixedDice;

    fn jam(die: u32) -> bool {
        roll_jam(Burst::Long, &mut FixedDice::new([die]))
            .unwrap()
            .result
    }

    fn unjam(abilities: &[Ability], die: u32) -> bool {
        roll_unjam(abilities, &mut FixedDice::new([die])).result
    }

    // R19: after a long burst 1–4 do not jam, 5–6 jam.
    #[test]
    fn r19_jam_boundaries() {
        assert!(!jam(1));
        assert!(!jam(4));
        assert!(jam(5));
        assert!(jam(6));
    }

    // R19 (§3.801): short and medium bursts are not tested.
    #[test]
    fn r19_only_a_long_burst_is_tested() {
        for burst in [Burst::Short, Burst::Medium] {
            let e = roll_jam(burst, &mut FixedDice::new([6])).unwrap_err();
            assert_eq!(
                e,
                crate::RuleError::Sheet(SheetRefusal::JamWithoutLongBurst { burst })
            );
            assert_eq!(e.rule(), "R19");
        }
    }

    // R19: unjam on 4–6; 3 stays jammed.
    #[test]
    fn r19_unjam_boundaries() {
        assert!(!unjam(&[], 1));
        assert!(!unjam(&[], 3));
        assert!(unjam(&[], 4));
        assert!(unjam(&[], 6));
    }

    // R19, appendix D: Unjamming unjams on 3–6; a 2 stays jammed.
    #[test]
    fn r19_unjamming_ability_unjams_on_three() {
        let a = [Ability::Deflection, Ability::Unjamming];
        assert!(!unjam(&a, 1));
        assert!(!unjam(&a, 2));
        assert!(unjam(&a, 3));
        assert!(unjam(&a, 6));
        // Another gunnery ability does not widen the range.
        assert!(!unjam(&[Ability::DieRollAdd], 3));
    }
}
