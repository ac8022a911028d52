//! The crash-result table: 2d6 less modifiers for each crewman of an aircraft that
//! crashed or was destroyed (§11.02, appendix C).
//!
//! An exploded aircraft or a slain crewman is an automatic death and is not rolled.

use serde::{Deserialize, Serialize};

use super::landing::Terrain;
use super::{summed, Modifiers, Roll, Table};
use crate::dice::{throw, Dice};
use crate::injuries::Harm;

/// The modifiers of a crash-result roll (appendix C).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct CrashModifiers {
    /// A pusher aircraft: −1.
    pub pusher: bool,
    /// The aircraft was on fire: −1.
    pub on_fire: bool,
    /// Where it crashed: woods or trench line −1, shell holes −2, village −3.
    pub terrain: Option<Terrain>,
    /// The altitude it was shot down at: 1–3 −2, 4–5 −3, 6+ −4. `None` (or 0) when
    /// it crashed landing.
    pub shot_down_at_altitude: Option<u32>,
}

/// What being shot down at `altitude` does to the crash roll (appendix C).
pub const fn shot_down_modifier(altitude: u32) -> i32 {
    match altitude {
        0 => 0,
        1..=3 => -2,
        4..=5 => -3,
        _ => -4,
    }
}

/// The harm for a modified crash total: 8+ unharmed, 7 minor, 6 serious, 5 or less
/// killed (appendix C).
pub fn crash_harm(total: i32) -> Harm {
    match total {
        8.. => Harm::Unharmed,
        7 => Harm::MinorInjury,
        6 => Harm::SeriousInjury,
        _ => Harm::Killed,
    }
}

/// Rolls the crash result for one crewman (§11.02, appendix C).
pub fn roll_crash<D: Dice + ?Sized>(mods: &CrashModifiers, dice: &mut D) -> Roll<Harm> {
    let mut m = Modifiers::default();
    m.add(mods.pusher, "pusher", -1);
    m.add(mods.on_fire, "on_fire", -1);
    if let Some(terrain) = mods.terrain {
        m.add(true, "terrain", terrain.crash_modifier());
    }
    if let Some(altitude) = mods.shot_down_at_altitude {
        m.add(true, "shot_down_at_altitude", shot_down_modifier(altitude));
    }
    summed(Table::Crash, throw(dice, &[6, 6]), m, crash_harm)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::FixedDice;
    use Harm::*;

    fn crash(mods: CrashModifiers, dice: [u32; 2]) -> Roll<Harm> {
        roll_crash(&mods, &mut FixedDice::new(dice))
    }

    // Appendix C: 8 unharmed, 7 minor, 6 serious, 5 or less killed.
    #[test]
    fn appendix_c_crash_rows() {
        let none = CrashModifiers::default();
        assert_eq!(crash(none, [6, 6]).result, Unharmed);
        assert_eq!(crash(none, [4, 4]).result, Unharmed);
        assert_eq!(crash(none, [3, 4]).result, MinorInjury);
        assert_eq!(crash(none, [3, 3]).result, SeriousInjury);
        assert_eq!(crash(none, [2, 3]).result, Killed);
        assert_eq!(crash(none, [1, 1]).result, Killed);
    }

    // Appendix C: every crash modifier with its value.
    #[test]
    fn appendix_c_crash_modifiers() {
        let base = CrashModifiers::default();
        let t = |terrain| CrashModifiers {
            terrain: Some(terrain),
            ..base
        };
        let alt = |a| CrashModifiers {
            shot_down_at_altitude: Some(a),
            ..base
        };
        let cases = [
            (
                CrashModifiers {
                    pusher: true,
                    ..base
                },
                -1,
            ),
            (
                CrashModifiers {
                    on_fire: true,
                    ..base
                },
                -1,
            ),
            (t(Terrain::Woods), -1),
            (t(Terrain::TrenchLine), -1),
            (t(Terrain::ShellHoles), -2),
            (t(Terrain::Village), -3),
            (t(Terrain::Clear), 0),
            (alt(1), -2),
            (alt(3), -2),
            (alt(4), -3),
            (alt(5), -3),
            (alt(6), -4),
            (alt(9), -4),
            (alt(0), 0),
        ];
        for (mods, value) in cases {
            assert_eq!(crash(mods, [4, 4]).modifier_sum(), value, "{mods:?}");
        }
        // a pusher on fire shot down at altitude 5 into a village: 12 − 8 = 4, killed
        let all = CrashModifiers {
            pusher: true,
            on_fire: true,
            terrain: Some(Terrain::Village),
            shot_down_at_altitude: Some(5),
        };
        let roll = crash(all, [6, 6]);
        assert_eq!((roll.total, roll.result), (4, Killed));
    }
}
