//! Invariants of the rules that must hold for every input, not just the rulebook's
//! examples.

use campaign::crew::{CrewId, Role};
use campaign::debrief::{Debrief, FlownMission, Kill, Sortie, SortieCrew};
use campaign::dice::FixedDice;
use campaign::experience::{awards, kill_shares, AwardKind, PER_KILL};
use campaign::injuries::{roll_injury, Outcome, Severity};
use campaign::missions::{Assignment, MissionType};
use campaign::sides::{PerSide, Side};
use campaign::status::xp_ability_slots;
use campaign::success::MissionReport;
use campaign::tables::evade::{roll_evade, EvadeModifiers, SideOfLines};
use campaign::tables::ground_offensive::GroundOffensive;
use campaign::tables::mission::RolledMission;
use campaign::xp::Xp;
use proptest::prelude::*;

/// A random but consistent game: sorties of both sides, kills of lost aircraft shot by
/// crew of the other side, and a mission per side.
fn debrief() -> impl Strategy<Value = Debrief> {
    let sortie = (
        any::<bool>(),
        any::<bool>(),
        0u32..=30,
        any::<bool>(),
        0u32..6,
        0u32..6,
        0u32..=3,
    );
    (
        prop::collection::vec(sortie, 1..8),
        prop::sample::select(MissionType::ALL),
        prop::sample::select(MissionType::ALL),
        any::<MissionReportSeed>(),
        prop::option::of(1u32..30),
        prop::collection::vec((any::<prop::sample::Index>(), 1usize..6), 0..4),
    )
        .prop_map(|(sorties, allied, central, seed, left, kills)| {
            let turns_played = 30;
            let mut next_id = 0i64;
            let mut mission_taken = PerSide {
                allied: false,
                central: false,
            };
            let sorties: Vec<Sortie> = sorties
                .into_iter()
                .enumerate()
                .map(
                    |(i, (allied_side, two_seater, turns, lost, red_p, red_o, wounds))| {
                        let side = if allied_side {
                            Side::Allied
                        } else {
                            Side::Central
                        };
                        let taken = mission_taken.get_mut(side);
                        let assignment = if *taken {
                            Assignment::Sweep
                        } else {
                            Assignment::Mission
                        };
                        *taken = true;
                        let mut crew = vec![];
                        let mut add = |position, red_hits| {
                            next_id += 1;
                            crew.push(SortieCrew {
                                crew: CrewId(next_id),
                                position,
                                red_hits,
                                wound_boxes: wounds,
                                outcome: Outcome::Unharmed,
                            });
                        };
                        add(Role::Pilot, red_p);
                        if two_seater {
                            add(Role::Observer, red_o);
                        }
                        Sortie {
                            key: format!("s{i}"),
                            side,
                            assignment,
                            two_seater,
                            turns_on_board: turns,
                            aircraft_lost: lost,
                            down: None,
                            dual_controls: false,
                            crew,
                        }
                    },
                )
                .collect();
            let flown = |mission_type: MissionType| {
                Some(FlownMission {
                    mission: RolledMission {
                        mission_type,
                        trips_needed: (mission_type == MissionType::DirectArtillery)
                            .then_some(seed.trips_needed),
                    },
                    report: seed.report(),
                })
            };
            let mut debrief = Debrief {
                turns_played,
                enemy_left_board_on_turn: PerSide {
                    allied: None,
                    central: left,
                },
                missions: PerSide {
                    allied: flown(allied),
                    central: flown(central),
                },
                sorties,
                kills: vec![],
            };
            for (pick, shooters) in kills {
                let lost: Vec<&Sortie> =
                    debrief.sorties.iter().filter(|s| s.aircraft_lost).collect();
                if lost.is_empty() {
                    break;
                }
                let victim = pick.get(&lost);
                if debrief.kills.iter().any(|k| k.victim == victim.key) {
                    continue;
                }
                let enemies: Vec<CrewId> = debrief
                    .sorties
                    .iter()
                    .filter(|s| s.side != victim.side)
                    .flat_map(|s| s.crew.iter().map(|c| c.crew))
                    .take(shooters)
                    .collect();
                if !enemies.is_empty() {
                    debrief.kills.push(Kill {
                        victim: victim.key.clone(),
                        shooters: enemies,
                    });
                }
            }
            debrief
        })
}

#[derive(Debug, Clone, Copy)]
struct MissionReportSeed {
    flags: u8,
    hexes: u32,
    trips: u32,
    strafed: u32,
    trips_needed: u32,
}

impl MissionReportSeed {
    fn report(self) -> MissionReport {
        MissionReport {
            landed_safely: self.flags & 1 != 0,
            target_observed: self.flags & 2 != 0,
            hexes_observed: self.hexes,
            target_destroyed: self.flags & 4 != 0,
            trips: self.trips,
            hexes_strafed: self.strafed,
            balloon_destroyed: self.flags & 8 != 0,
        }
    }
}

impl Arbitrary for MissionReportSeed {
    type Parameters = ();
    type Strategy = BoxedStrategy<Self>;

    fn arbitrary_with(_: ()) -> Self::Strategy {
        (any::<u8>(), 0u32..=4, 0u32..10, 0u32..12, 1u32..=6)
            .prop_map(
                |(flags, hexes, trips, strafed, trips_needed)| MissionReportSeed {
                    flags,
                    hexes,
                    trips,
                    strafed,
                    trips_needed,
                },
            )
            .boxed()
    }
}

proptest! {
    // R4: every award is a positive number of points, with a reason ending in them.
    #[test]
    fn awards_are_never_negative(game in debrief()) {
        let list = awards(&game).expect("generated debriefs are consistent");
        for a in &list {
            prop_assert!(a.points > 0);
            let suffix = format!(": {}", a.points);
            prop_assert!(a.reason.ends_with(&suffix), "{}", a.reason);
        }
    }

    // R4, §13.103: the shares of every kill sum to 24, whatever the number of shooters.
    #[test]
    fn a_shared_kill_totals_24(game in debrief()) {
        let list = awards(&game).unwrap();
        let kill_total: u32 = list.iter().filter(|a| a.kind == AwardKind::Kill).map(|a| a.points).sum();
        prop_assert_eq!(kill_total, PER_KILL * game.kills.len() as u32);
    }

    #[test]
    fn kill_shares_sum_to_24(n in 1usize..=24) {
        let shares = kill_shares(n);
        prop_assert_eq!(shares.len(), n);
        prop_assert_eq!(shares.iter().sum::<u32>(), 24);
        prop_assert!(shares.iter().max().unwrap() - shares.iter().min().unwrap() <= 1);
    }

    // R6: ability slots never decrease as XP grows.
    #[test]
    fn ability_slots_never_decrease(xp in -100i32..5000, more in 0i32..1000) {
        prop_assert!(xp_ability_slots(Xp(xp + more)) >= xp_ability_slots(Xp(xp)));
    }

    // R7: an injury keeps a crewman out at least one week.
    #[test]
    fn weeks_out_at_least_one(minor in 1u32..=6, a in 1u32..=6, b in 1u32..=6, c in 1u32..=6) {
        let r = roll_injury(Severity::Minor, &mut FixedDice::new([minor])).result;
        prop_assert!(r.weeks_out >= 1);
        let r = roll_injury(Severity::Serious, &mut FixedDice::new([a, b, c])).result;
        prop_assert!(r.weeks_out >= 3);
        prop_assert_eq!(r.sent_home, a == b && b == c);
    }

    // R8: a better circumstance never gives a worse evade result.
    #[test]
    fn evade_monotone_in_modifiers(
        d1 in 1u32..=6, d2 in 1u32..=6,
        hexes in 0u32..10, closer in 0u32..10,
        offensive in prop::sample::select(GroundOffensive::ALL),
        lines in prop::sample::select(SideOfLines::ALL),
        minor in any::<bool>(), serious in any::<bool>(),
        allied in any::<bool>(),
    ) {
        let side = if allied { Side::Allied } else { Side::Central };
        let base = EvadeModifiers { side_of_lines: lines, hexes_from_friendly_trenches: hexes, minor_injury: minor, serious_injury: serious };
        let roll = |offensive, mods: EvadeModifiers| roll_evade(side, offensive, &mods, &mut FixedDice::new([d1, d2])).result;
        let r = roll(offensive, base);
        // closer to the friendly lines
        let nearer = EvadeModifiers { hexes_from_friendly_trenches: hexes.saturating_sub(closer), ..base };
        prop_assert!(roll(offensive, nearer) >= r);
        // lighter injury
        let lighter = EvadeModifiers { serious_injury: false, ..base };
        prop_assert!(roll(offensive, lighter) >= r);
        let unhurt = EvadeModifiers { minor_injury: false, serious_injury: false, ..base };
        prop_assert!(roll(offensive, unhurt) >= r);
        // better side of the lines
        let better_lines = match lines { SideOfLines::Enemy => SideOfLines::NoMansLand, _ => SideOfLines::Own };
        let safer = EvadeModifiers { side_of_lines: better_lines, ..base };
        prop_assert!(roll(offensive, safer) >= r);
        // a ground offensive more in the crewman's favour
        let better = GroundOffensive::ALL.iter().copied().filter(|o| o.evade_modifier(side) >= offensive.evade_modifier(side));
        for o in better {
            prop_assert!(roll(o, base) >= r);
        }
    }
}
