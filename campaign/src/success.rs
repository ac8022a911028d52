//! Whether a mission succeeded (R10, appendix E).

use serde::{Deserialize, Serialize};

use crate::error::RuleError;
use crate::missions::MissionType;
use crate::tables::mission::RolledMission;

/// Hexes designated for observe troop concentrations (appendix E).
pub const TROOP_HEXES: u32 = 4;
/// Troop-concentration hexes observed for a success (R10).
pub const TROOP_HEXES_FOR_SUCCESS: u32 = 2;
/// Trench hexes strafed for a success (R10).
pub const STRAFED_HEXES_FOR_SUCCESS: u32 = 3;

/// What the debrief reports of a side's mission. Missing counts are 0, missing flags
/// false.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct MissionReport {
    /// The mission aircraft landed safely at its airfield.
    pub landed_safely: bool,
    /// Observe HQ/airfield: the target was observed.
    pub target_observed: bool,
    /// Observe troop concentrations: hexes observed, 0–4.
    pub hexes_observed: u32,
    /// Bombing: the target was destroyed.
    pub target_destroyed: bool,
    /// Directing artillery: trips done along the observation row.
    pub trips: u32,
    /// Trench strafing: trenchline hexes fired upon.
    pub hexes_strafed: u32,
    /// Balloon busting: the balloon was destroyed.
    pub balloon_destroyed: bool,
}

/// Aircraft each side lost in a game, seen from one side.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Losses {
    /// Aircraft the side lost.
    pub own: u32,
    /// Aircraft the enemy lost.
    pub enemy: u32,
}

/// Fighter sweep and scramble succeed when the enemy lost more aircraft than the side
/// (R10, appendix E).
pub fn sweep_succeeded(losses: Losses) -> bool {
    losses.enemy > losses.own
}

/// Checks that a report fits its mission: troop hexes within the four designated,
/// directing artillery with its trips needed (1–6).
pub fn check_report(mission: &RolledMission, report: &MissionReport) -> Result<(), RuleError> {
    match mission.mission_type {
        MissionType::ObserveTroops if report.hexes_observed > TROOP_HEXES => {
            Err(RuleError::TooManyHexesObserved {
                hexes: report.hexes_observed,
            })
        }
        MissionType::DirectArtillery => match mission.trips_needed {
            None => Err(RuleError::TripsNeededMissing),
            Some(trips @ (0 | 7..)) => Err(RuleError::TripsNeededOutOfRange { trips }),
            Some(_) => Ok(()),
        },
        _ => Ok(()),
    }
}

/// Whether the mission succeeded (R10):
/// observe HQ/airfield — target observed and landed safely; troop concentrations — at
/// least 2 of 4 hexes observed and landed safely; bombing — target destroyed;
/// artillery — trips done ≥ trips needed; strafing — 3 or more hexes; balloon busting
/// — balloon destroyed; fighter sweep, scramble — the enemy lost more aircraft.
pub fn mission_succeeded(
    mission: &RolledMission,
    report: &MissionReport,
    losses: Losses,
) -> Result<bool, RuleError> {
    check_report(mission, report)?;
    use MissionType::*;
    Ok(match mission.mission_type {
        ObserveAirfield | ObserveHq => report.target_observed && report.landed_safely,
        ObserveTroops => report.hexes_observed >= TROOP_HEXES_FOR_SUCCESS && report.landed_safely,
        BombAirfield | BombHq => report.target_destroyed,
        DirectArtillery => report.trips >= mission.trips_needed.unwrap_or(u32::MAX),
        StrafeTrenches => report.hexes_strafed >= STRAFED_HEXES_FOR_SUCCESS,
        BalloonBusting => report.balloon_destroyed,
        FighterSweep | Scramble => sweep_succeeded(losses),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use MissionType::*;

    fn m(mission_type: MissionType) -> RolledMission {
        RolledMission {
            mission_type,
            trips_needed: None,
        }
    }

    fn ok(mission: RolledMission, report: MissionReport) -> bool {
        mission_succeeded(&mission, &report, Losses::default()).unwrap()
    }

    const NONE: MissionReport = MissionReport {
        landed_safely: false,
        target_observed: false,
        hexes_observed: 0,
        target_destroyed: false,
        trips: 0,
        hexes_strafed: 0,
        balloon_destroyed: false,
    };

    // R10: observe HQ/airfield needs the target observed and a safe landing.
    #[test]
    fn r10_observe_hq_airfield() {
        for mission in [ObserveHq, ObserveAirfield] {
            let both = MissionReport {
                target_observed: true,
                landed_safely: true,
                ..NONE
            };
            assert!(ok(m(mission), both));
            assert!(!ok(
                m(mission),
                MissionReport {
                    landed_safely: false,
                    ..both
                }
            ));
            assert!(!ok(
                m(mission),
                MissionReport {
                    target_observed: false,
                    ..both
                }
            ));
        }
    }

    // R10: troop concentrations need 2 of 4 hexes and a safe landing.
    #[test]
    fn r10_observe_troops() {
        let r = |hexes, landed| MissionReport {
            hexes_observed: hexes,
            landed_safely: landed,
            ..NONE
        };
        assert!(!ok(m(ObserveTroops), r(1, true)));
        assert!(ok(m(ObserveTroops), r(2, true)));
        assert!(ok(m(ObserveTroops), r(4, true)));
        assert!(!ok(m(ObserveTroops), r(4, false)));
        let e = mission_succeeded(&m(ObserveTroops), &r(5, true), Losses::default()).unwrap_err();
        assert_eq!(e.rule(), "appendix E");
    }

    // R10: bombing succeeds when the target is destroyed.
    #[test]
    fn r10_bombing() {
        for mission in [BombHq, BombAirfield] {
            assert!(ok(
                m(mission),
                MissionReport {
                    target_destroyed: true,
                    ..NONE
                }
            ));
            assert!(!ok(
                m(mission),
                MissionReport {
                    landed_safely: true,
                    ..NONE
                }
            ));
        }
    }

    // R10: artillery succeeds when trips done ≥ trips needed.
    #[test]
    fn r10_artillery() {
        let art = RolledMission {
            mission_type: DirectArtillery,
            trips_needed: Some(4),
        };
        assert!(!ok(art, MissionReport { trips: 3, ..NONE }));
        assert!(ok(art, MissionReport { trips: 4, ..NONE }));
        assert!(ok(art, MissionReport { trips: 5, ..NONE }));
        assert_eq!(
            mission_succeeded(&m(DirectArtillery), &NONE, Losses::default()),
            Err(RuleError::TripsNeededMissing)
        );
        let seven = RolledMission {
            trips_needed: Some(7),
            ..art
        };
        assert!(mission_succeeded(&seven, &NONE, Losses::default()).is_err());
    }

    // R10: strafing succeeds at 3 hexes or more.
    #[test]
    fn r10_strafing() {
        assert!(!ok(
            m(StrafeTrenches),
            MissionReport {
                hexes_strafed: 2,
                ..NONE
            }
        ));
        assert!(ok(
            m(StrafeTrenches),
            MissionReport {
                hexes_strafed: 3,
                ..NONE
            }
        ));
    }

    // R10: balloon busting succeeds when the balloon is destroyed.
    #[test]
    fn r10_balloon() {
        assert!(ok(
            m(BalloonBusting),
            MissionReport {
                balloon_destroyed: true,
                ..NONE
            }
        ));
        assert!(!ok(m(BalloonBusting), NONE));
    }

    // R10, appendix E: sweep and scramble succeed when the enemy lost more aircraft.
    #[test]
    fn r10_sweep_and_scramble() {
        for mission in [FighterSweep, Scramble] {
            let run =
                |own, enemy| mission_succeeded(&m(mission), &NONE, Losses { own, enemy }).unwrap();
            assert!(run(0, 1));
            assert!(run(1, 2));
            assert!(!run(1, 1));
            assert!(!run(0, 0));
            assert!(!run(2, 1));
        }
    }
}
