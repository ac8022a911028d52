//! The landing table: 2d6 plus modifiers against the terrain's number (§11.01,
//! appendix C). A roll under the number crashes the aircraft.

use serde::{Deserialize, Serialize};

use super::{summed, Modifiers, Roll, Table};
use crate::dice::{throw, Dice};
use crate::wire::wire_enum;

wire_enum! {
    /// Terrain of a hex, for landing and crashing (appendix C).
    pub enum Terrain {
        /// An airfield.
        Airfield,
        /// Clear ground.
        Clear,
        /// A river.
        River,
        /// A railway.
        Railway,
        /// A marsh.
        Marsh,
        /// Woods.
        Woods,
        /// A trench line.
        TrenchLine,
        /// Shell holes.
        ShellHoles,
        /// A village.
        Village,
    }
}

impl Terrain {
    /// The 2d6 total a landing needs on this terrain (appendix C).
    pub const fn landing_needs(self) -> i32 {
        use Terrain::*;
        match self {
            Airfield => 2,
            Clear => 3,
            River | Railway | Marsh => 5,
            Woods => 6,
            TrenchLine => 7,
            ShellHoles => 8,
            Village => 9,
        }
    }

    /// What crashing in this terrain does to the crash-result roll (appendix C).
    pub const fn crash_modifier(self) -> i32 {
        use Terrain::*;
        match self {
            Woods | TrenchLine => -1,
            ShellHoles => -2,
            Village => -3,
            Airfield | Clear | River | Railway | Marsh => 0,
        }
    }

    /// The terrain of a hex holding several: the one hardest to land on (appendix C).
    pub fn worst(terrains: &[Terrain]) -> Option<Terrain> {
        terrains.iter().copied().max_by_key(|t| t.landing_needs())
    }
}

/// The modifiers of a landing roll (appendix C). Where two exclusive ones are both
/// set (a minor and a serious wound, smoking and on fire) only the worse applies.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LandingModifiers {
    /// The hex's terrain (the worst, if several).
    pub terrain: Terrain,
    /// A road in the hex: as the other terrain, +1.
    #[serde(default)]
    pub road: bool,
    /// The man at the controls has a minor (light) wound: −1.
    #[serde(default)]
    pub minor_wound: bool,
    /// The man at the controls has a serious wound: −3.
    #[serde(default)]
    pub serious_wound: bool,
    /// The aircraft is flown by a novice: −1.
    #[serde(default)]
    pub novice: bool,
    /// The observer is flying (dual controls): −2.
    #[serde(default)]
    pub observer_flying: bool,
    /// The co-pilot is flying (multi-engine): 0.
    #[serde(default)]
    pub co_pilot_flying: bool,
    /// The aircraft is smoking: −1.
    #[serde(default)]
    pub smoking: bool,
    /// The aircraft is on fire: −2.
    #[serde(default)]
    pub on_fire: bool,
    /// The aircraft is gliding: −1.
    #[serde(default)]
    pub gliding: bool,
    /// The aircraft has suffered critical damage: −1.
    #[serde(default)]
    pub critical_damage: bool,
}

impl LandingModifiers {
    /// Modifiers for a plain landing on `terrain`.
    pub const fn on(terrain: Terrain) -> Self {
        LandingModifiers {
            terrain,
            road: false,
            minor_wound: false,
            serious_wound: false,
            novice: false,
            observer_flying: false,
            co_pilot_flying: false,
            smoking: false,
            on_fire: false,
            gliding: false,
            critical_damage: false,
        }
    }

    fn modifiers(&self) -> Modifiers {
        let mut m = Modifiers::default();
        m.add(self.road, "road", 1);
        m.add(self.minor_wound && !self.serious_wound, "minor_wound", -1);
        m.add(self.serious_wound, "serious_wound", -3);
        m.add(self.novice, "novice", -1);
        m.add(self.observer_flying, "observer_flying", -2);
        m.add(self.co_pilot_flying, "co_pilot_flying", 0);
        m.add(self.smoking && !self.on_fire, "smoking", -1);
        m.add(self.on_fire, "on_fire", -2);
        m.add(self.gliding, "gliding", -1);
        m.add(self.critical_damage, "critical_damage", -1);
        m
    }
}

wire_enum! {
    /// Whether the aircraft landed.
    pub enum LandingResult {
        /// Down safely.
        Landed,
        /// Crashed: roll the crash-result table for each crewman.
        Crashed,
    }
}

/// Rolls a landing: 2d6 plus modifiers; under the terrain's number it crashes
/// (§11.01, appendix C).
pub fn roll_landing<D: Dice + ?Sized>(
    mods: &LandingModifiers,
    dice: &mut D,
) -> Roll<LandingResult> {
    let needs = mods.terrain.landing_needs();
    summed(
        Table::Landing,
        throw(dice, &[6, 6]),
        mods.modifiers(),
        |total| {
            if total >= needs {
                LandingResult::Landed
            } else {
                LandingResult::Crashed
            }
        },
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::FixedDice;
    use crate::wire::testing::round_trips;
    use LandingResult::*;
    use Terrain::*;

    fn land(mods: LandingModifiers, dice: [u32; 2]) -> Roll<LandingResult> {
        roll_landing(&mods, &mut FixedDice::new(dice))
    }

    // Appendix C: each terrain's number lands, one under crashes.
    #[test]
    fn appendix_c_landing_terrain_rows() {
        let rows = [
            (Airfield, 2),
            (Clear, 3),
            (River, 5),
            (Railway, 5),
            (Marsh, 5),
            (Woods, 6),
            (TrenchLine, 7),
            (ShellHoles, 8),
            (Village, 9),
        ];
        for (terrain, needs) in rows {
            assert_eq!(terrain.landing_needs(), needs);
            let split = |t: u32| [t / 2, t - t / 2];
            let at = split(needs as u32);
            assert_eq!(
                land(LandingModifiers::on(terrain), at).result,
                Landed,
                "{terrain}"
            );
            if needs > 2 {
                let under = split(needs as u32 - 1);
                assert_eq!(
                    land(LandingModifiers::on(terrain), under).result,
                    Crashed,
                    "{terrain}"
                );
            }
        }
    }

    // Appendix C: more than one terrain in a hex → the least chance of landing.
    #[test]
    fn appendix_c_worst_terrain() {
        assert_eq!(Terrain::worst(&[Clear, Village, Woods]), Some(Village));
        assert_eq!(Terrain::worst(&[]), None);
    }

    // Appendix C: a road lands as the other terrain at +1.
    #[test]
    fn appendix_c_road_plus_one() {
        let mods = LandingModifiers {
            road: true,
            ..LandingModifiers::on(ShellHoles)
        };
        let roll = land(mods, [3, 4]); // 7 + 1 = 8 ≥ 8
        assert_eq!((roll.total, roll.result), (8, Landed));
        assert_eq!(
            land(LandingModifiers::on(ShellHoles), [3, 4]).result,
            Crashed
        );
    }

    // Appendix C: every landing modifier with its value.
    #[test]
    fn appendix_c_landing_modifiers() {
        let base = LandingModifiers::on(Clear);
        let cases: [(LandingModifiers, i32); 9] = [
            (
                LandingModifiers {
                    minor_wound: true,
                    ..base
                },
                -1,
            ),
            (
                LandingModifiers {
                    serious_wound: true,
                    ..base
                },
                -3,
            ),
            (
                LandingModifiers {
                    novice: true,
                    ..base
                },
                -1,
            ),
            (
                LandingModifiers {
                    observer_flying: true,
                    ..base
                },
                -2,
            ),
            (
                LandingModifiers {
                    co_pilot_flying: true,
                    ..base
                },
                0,
            ),
            (
                LandingModifiers {
                    smoking: true,
                    ..base
                },
                -1,
            ),
            (
                LandingModifiers {
                    on_fire: true,
                    ..base
                },
                -2,
            ),
            (
                LandingModifiers {
                    gliding: true,
                    ..base
                },
                -1,
            ),
            (
                LandingModifiers {
                    critical_damage: true,
                    ..base
                },
                -1,
            ),
        ];
        for (mods, value) in cases {
            let roll = land(mods, [4, 4]);
            assert_eq!(roll.modifier_sum(), value, "{mods:?}");
            assert_eq!(roll.total, 8 + value);
        }
        // exclusive pairs: only the worse applies
        let both = LandingModifiers {
            minor_wound: true,
            serious_wound: true,
            smoking: true,
            on_fire: true,
            ..base
        };
        assert_eq!(land(both, [4, 4]).modifier_sum(), -5);
        // a seriously wounded novice on fire, gliding: 12 − 7 = 5 < 6 on woods
        let worst = LandingModifiers {
            serious_wound: true,
            novice: true,
            on_fire: true,
            gliding: true,
            ..LandingModifiers::on(Woods)
        };
        let roll = land(worst, [6, 6]);
        assert_eq!((roll.total, roll.result), (5, Crashed));
    }

    fn parse(entries: Vec<(&'static str, &'static str)>) -> Result<LandingModifiers, String> {
        use serde::de::value::{Error, MapDeserializer};
        use serde::de::IntoDeserializer;
        let de: MapDeserializer<'_, _, Error> =
            MapDeserializer::new(entries.into_iter().map(|(k, v)| (k, v.into_deserializer())));
        LandingModifiers::deserialize(de).map_err(|e| e.to_string())
    }

    // R14: a roll request names the rulebook's modifiers; missing flags are false,
    // unknown names are refused rather than silently ignored.
    #[test]
    fn modifiers_from_request_names() {
        assert_eq!(
            parse(vec![("terrain", "shell_holes")]),
            Ok(LandingModifiers::on(ShellHoles))
        );
        let typo = parse(vec![("terrain", "clear"), ("minor_wond", "x")]).unwrap_err();
        assert!(typo.contains("minor_wond"), "{typo}");
        assert!(parse(vec![("novice", "x")]).is_err()); // terrain is required
        round_trips(Terrain::ALL);
        round_trips(LandingResult::ALL);
    }
}
