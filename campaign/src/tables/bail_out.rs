//! The bail-out table: 2d6 less modifiers, only with a parachute (§13.03, R8,
//! appendix C).

use chrono::NaiveDate;
use serde::{Deserialize, Serialize};

use super::{summed, Modifiers, Roll, Table};
use crate::dice::{throw, Dice};
use crate::error::RuleError;
use crate::injuries::Harm;
use crate::sides::Nationality;

/// The first day German crews have parachutes (§13.03, R8).
pub const PARACHUTES_FROM: NaiveDate = match NaiveDate::from_ymd_opt(1918, 2, 1) {
    Some(d) => d,
    None => panic!("invalid date"),
};

/// Proof that a crew has a parachute; only [`parachute`] makes one, so a bail-out
/// cannot be rolled for a crew without.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Parachute(());

/// A parachute for German crews from 1918-02-01, none for anyone else (§13.03, R8).
pub fn parachute(nationality: Nationality, date: NaiveDate) -> Result<Parachute, RuleError> {
    if nationality == Nationality::German && date >= PARACHUTES_FROM {
        Ok(Parachute(()))
    } else {
        Err(RuleError::NoParachute { nationality, date })
    }
}

/// The modifiers of a bail-out roll (appendix C). A minor and a serious wound both
/// set count as the serious one.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct BailOutModifiers {
    /// Bailing out at altitude level 1: −1.
    pub altitude_1: bool,
    /// The aircraft is on fire: −1.
    pub on_fire: bool,
    /// The aircraft was destroyed when the crew bailed out: −1.
    pub aircraft_destroyed: bool,
    /// The crewman has a minor wound: −1.
    pub minor_wound: bool,
    /// The crewman has a serious wound: −3.
    pub serious_wound: bool,
}

/// The harm for a modified bail-out total: 8+ unharmed, 6–7 minor, 5 serious, 4 or
/// less killed (appendix C).
pub fn bail_out_harm(total: i32) -> Harm {
    match total {
        8.. => Harm::Unharmed,
        6..=7 => Harm::MinorInjury,
        5 => Harm::SeriousInjury,
        _ => Harm::Killed,
    }
}

/// Rolls a bail-out for one crewman who has a parachute (appendix C).
pub fn roll_bail_out<D: Dice + ?Sized>(
    _parachute: Parachute,
    mods: &BailOutModifiers,
    dice: &mut D,
) -> Roll<Harm> {
    let mut m = Modifiers::default();
    m.add(mods.altitude_1, "altitude_1", -1);
    m.add(mods.on_fire, "on_fire", -1);
    m.add(mods.aircraft_destroyed, "aircraft_destroyed", -1);
    m.add(mods.minor_wound && !mods.serious_wound, "minor_wound", -1);
    m.add(mods.serious_wound, "serious_wound", -3);
    summed(Table::BailOut, throw(dice, &[6, 6]), m, bail_out_harm)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::FixedDice;
    use Harm::*;

    fn d(y: i32, m: u32, day: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, day).unwrap()
    }

    // §13.03, R8: German crews from 1918-02-01 only.
    #[test]
    fn r8_parachutes_german_from_feb_1918() {
        assert!(parachute(Nationality::German, d(1918, 2, 1)).is_ok());
        let e = parachute(Nationality::German, d(1918, 1, 31)).unwrap_err();
        assert_eq!(e.rule(), "§13.03");
        assert!(parachute(Nationality::AustroHungarian, d(1918, 6, 1)).is_err());
        assert!(parachute(Nationality::British, d(1918, 6, 1)).is_err());
    }

    fn bail(mods: BailOutModifiers, dice: [u32; 2]) -> Roll<Harm> {
        let p = parachute(Nationality::German, d(1918, 3, 1)).unwrap();
        roll_bail_out(p, &mods, &mut FixedDice::new(dice))
    }

    // Appendix C: 8 unharmed, 7–6 minor, 5 serious, 4 or less killed.
    #[test]
    fn appendix_c_bail_out_rows() {
        let none = BailOutModifiers::default();
        let rows = [
            ([4, 4], Unharmed),
            ([3, 4], MinorInjury),
            ([3, 3], MinorInjury),
            ([2, 3], SeriousInjury),
            ([2, 2], Killed),
            ([1, 1], Killed),
        ];
        for (dice, harm) in rows {
            assert_eq!(bail(none, dice).result, harm, "{dice:?}");
        }
    }

    // Appendix C: every bail-out modifier with its value.
    #[test]
    fn appendix_c_bail_out_modifiers() {
        let base = BailOutModifiers::default();
        let cases = [
            (
                BailOutModifiers {
                    altitude_1: true,
                    ..base
                },
                -1,
            ),
            (
                BailOutModifiers {
                    on_fire: true,
                    ..base
                },
                -1,
            ),
            (
                BailOutModifiers {
                    aircraft_destroyed: true,
                    ..base
                },
                -1,
            ),
            (
                BailOutModifiers {
                    minor_wound: true,
                    ..base
                },
                -1,
            ),
            (
                BailOutModifiers {
                    serious_wound: true,
                    ..base
                },
                -3,
            ),
            (
                BailOutModifiers {
                    minor_wound: true,
                    serious_wound: true,
                    ..base
                },
                -3,
            ),
        ];
        for (mods, value) in cases {
            assert_eq!(bail(mods, [4, 4]).modifier_sum(), value, "{mods:?}");
        }
        let roll = bail(
            BailOutModifiers {
                on_fire: true,
                ..base
            },
            [4, 4],
        );
        assert_eq!((roll.total, roll.result), (7, MinorInjury));
    }
}
