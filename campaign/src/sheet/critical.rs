//! Critical damage and the seized engine's fire (R19, §3.604): 1d6 for a critically
//! damaged section, 5–6 breaks it (the aircraft is destroyed) or seizes the engine;
//! a seized engine then rolls 1d6: 6 fire, 5 smoke.

use crate::error::{refused, SheetRefusal};
use serde::{Deserialize, Serialize};

use super::aircraft::Section;
use super::damage::SectionState;
use super::{read_dice, SheetTable};
use crate::dice::Dice;
use crate::error::RuleError;
use crate::tables::Roll;

/// The lowest die that breaks a section or seizes the engine (R19: 5–6).
pub const BREAKS_FROM: i32 = 5;

/// The critical damage table's result.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Critical {
    /// 1–4.
    NoEffect,
    /// 5–6 on the engine: it seizes and the aircraft glides; roll for fire.
    EngineSeizes,
    /// 5–6 on the wings, fuselage or tail: it breaks apart, the aircraft is
    /// destroyed.
    Destroyed,
}

/// The seized engine's fire die's result.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EngineFire {
    /// 1–4.
    None,
    /// 5: the engine issues smoke.
    Smoke,
    /// 6: the engine is on fire.
    Fire,
}

/// Rolls critical damage for `section`, which must be critically damaged (R19).
pub fn roll_critical<D: Dice + ?Sized>(
    section: Section,
    state: SectionState,
    dice: &mut D,
) -> Result<Roll<Critical, SheetTable>, RuleError> {
    if state != SectionState::Critical {
        return refused(SheetRefusal::NotCritical { section });
    }
    Ok(read_dice(SheetTable::Critical, dice, |die| {
        match (die >= BREAKS_FROM, section) {
            (false, _) => Critical::NoEffect,
            (true, Section::Engine) => Critical::EngineSeizes,
            (true, _) => Critical::Destroyed,
        }
    }))
}

/// Rolls for fire after the engine seized: 6 fire, 5 smoke, 1–4 nothing (R19).
pub fn roll_engine_fire<D: Dice + ?Sized>(dice: &mut D) -> Roll<EngineFire, SheetTable> {
    read_dice(SheetTable::EngineFire, dice, |die| match die {
        6.. => EngineFire::Fire,
        5 => EngineFire::Smoke,
        _ => EngineFire::None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::FixedDice;

    fn critical(section: Section, die: u32) -> Critical {
        roll_critical(section, SectionState::Critical, &mut FixedDice::new([die]))
            .unwrap()
            .result
    }

    // R19: 1–4 no effect; 5–6 the engine seizes.
    #[test]
    fn r19_critical_engine_boundaries() {
        assert_eq!(critical(Section::Engine, 1), Critical::NoEffect);
        assert_eq!(critical(Section::Engine, 4), Critical::NoEffect);
        assert_eq!(critical(Section::Engine, 5), Critical::EngineSeizes);
        assert_eq!(critical(Section::Engine, 6), Critical::EngineSeizes);
    }

    // R19: 1–4 no effect; 5–6 the wings, fuselage or tail break: destroyed.
    #[test]
    fn r19_critical_other_sections_boundaries() {
        for s in [Section::Wings, Section::Fuselage, Section::Tail] {
            assert_eq!(critical(s, 4), Critical::NoEffect, "{s}");
            assert_eq!(critical(s, 5), Critical::Destroyed, "{s}");
            assert_eq!(critical(s, 6), Critical::Destroyed, "{s}");
        }
    }

    // R19 (§3.604): only a critically damaged section rolls.
    #[test]
    fn r19_only_a_critical_section_rolls() {
        for state in [
            SectionState::Intact,
            SectionState::Damaged,
            SectionState::Destroyed,
        ] {
            let e = roll_critical(Section::Tail, state, &mut FixedDice::new([6])).unwrap_err();
            assert_eq!(
                e,
                crate::RuleError::Sheet(SheetRefusal::NotCritical {
                    section: Section::Tail
                })
            );
            assert_eq!(e.rule(), "R19");
        }
    }

    // R19: after a seizure 1d6: 6 fire, 5 smoke, 1–4 nothing.
    #[test]
    fn r19_engine_fire_boundaries() {
        let fire = |die| roll_engine_fire(&mut FixedDice::new([die])).result;
        assert_eq!(fire(1), EngineFire::None);
        assert_eq!(fire(4), EngineFire::None);
        assert_eq!(fire(5), EngineFire::Smoke);
        assert_eq!(fire(6), EngineFire::Fire);
    }
}
