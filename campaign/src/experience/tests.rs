use super::*;
use crate::debrief::tests::{crewman, flown, sortie};
use crate::debrief::{FlownMission, Kill};
use crate::missions::Assignment;
use crate::sides::PerSide;
use crate::success::MissionReport;
use crate::tables::mission::RolledMission;

fn points_of(awards: &[Award], crew: i64, kind: AwardKind) -> Vec<u32> {
    awards
        .iter()
        .filter(|a| a.crew == CrewId(crew) && a.kind == kind)
        .map(|a| a.points)
        .collect()
}

fn reasons_of(awards: &[Award], crew: i64) -> Vec<&str> {
    awards
        .iter()
        .filter(|a| a.crew == CrewId(crew))
        .map(|a| a.reason.as_str())
        .collect()
}

// R4, §13.103: a kill shared by two gives each 12; shares always sum to 24.
#[test]
fn r4_kill_shares() {
    assert_eq!(kill_shares(1), [24]);
    assert_eq!(kill_shares(2), [12, 12]);
    assert_eq!(kill_shares(3), [8, 8, 8]);
    assert_eq!(kill_shares(5), [5, 5, 5, 5, 4]);
    assert_eq!(kill_shares(0), Vec::<u32>::new());
}

// R5, appendix D: 1 per turn; credited to turn 25 when the enemy left on turn
// t < 25 and the pilot was still on the board.
#[test]
fn r5_turn_points() {
    assert_eq!(
        turn_points(21, None),
        (21, "21 turns on the board: 21".into())
    );
    assert_eq!(turn_points(1, None).1, "1 turn on the board: 1");
    assert_eq!(
        turn_points(17, Some(17)),
        (
            25,
            "flew to turn 25 after the enemy left on turn 17: 25".into()
        )
    );
    assert_eq!(turn_points(21, Some(17)).0, 25);
    assert_eq!(turn_points(16, Some(17)).0, 16); // he had left before the enemy
    assert_eq!(turn_points(25, Some(25)).0, 25); // t = 25 is no abandonment
    assert_eq!(turn_points(27, Some(26)).0, 27);
}

// Appendix E: success awards replace the generic 5 for observe HQ/airfield and
// bombing; the generic 5 elsewhere.
#[test]
fn appendix_e_success_points() {
    use MissionType::*;
    for m in [ObserveAirfield, ObserveHq, BombAirfield, BombHq] {
        assert_eq!(success_points(m, Role::Pilot), 10);
        assert_eq!(success_points(m, Role::Observer), 20);
    }
    for m in [
        ObserveTroops,
        DirectArtillery,
        StrafeTrenches,
        BalloonBusting,
        FighterSweep,
        Scramble,
    ] {
        assert_eq!(success_points(m, Role::Pilot), 5);
        assert_eq!(success_points(m, Role::Observer), 5);
    }
}

// Appendix E worked numbers: troop concentrations 3/6 per hex; artillery 3/6 per
// trip; strafing 4 each per hex up to 20.
#[test]
fn appendix_e_unit_points() {
    use MissionType::*;
    let r = MissionReport {
        hexes_observed: 3,
        landed_safely: true,
        trips: 2,
        hexes_strafed: 6,
        ..MissionReport::default()
    };
    assert_eq!(
        unit_points(ObserveTroops, Role::Pilot, &r),
        Some((9, "3 hexes observed: 9".into()))
    );
    assert_eq!(
        unit_points(ObserveTroops, Role::Observer, &r).unwrap().0,
        18
    );
    assert_eq!(
        unit_points(DirectArtillery, Role::Pilot, &r),
        Some((6, "2 artillery trips: 6".into()))
    );
    assert_eq!(
        unit_points(DirectArtillery, Role::Observer, &r).unwrap().0,
        12
    );
    assert_eq!(
        unit_points(StrafeTrenches, Role::Observer, &r),
        Some((20, "6 trench hexes strafed, capped at 20: 20".into()))
    );
    let five = MissionReport {
        hexes_strafed: 5,
        ..r
    };
    assert_eq!(
        unit_points(StrafeTrenches, Role::Pilot, &five).unwrap().0,
        20
    );
    let four = MissionReport {
        hexes_strafed: 4,
        ..r
    };
    assert_eq!(
        unit_points(StrafeTrenches, Role::Pilot, &four),
        Some((16, "4 trench hexes strafed: 16".into()))
    );
    // R4: observation points only after a safe landing
    let crashed = MissionReport {
        landed_safely: false,
        ..r
    };
    assert_eq!(unit_points(ObserveTroops, Role::Observer, &crashed), None);
    assert_eq!(unit_points(BombHq, Role::Pilot, &r), None);
}

fn mission_game(mission: MissionType, report: MissionReport) -> Debrief {
    let mut mission_sortie = sortie(
        "a1",
        Side::Allied,
        vec![crewman(1, Role::Pilot), crewman(2, Role::Observer)],
    );
    mission_sortie.assignment = Assignment::Mission;
    mission_sortie.turns_on_board = 18;
    let trips_needed = (mission == MissionType::DirectArtillery).then_some(3);
    Debrief {
        turns_played: 20,
        missions: PerSide {
            allied: Some(FlownMission {
                mission: RolledMission {
                    mission_type: mission,
                    trips_needed,
                },
                report,
            }),
            central: None,
        },
        sorties: vec![mission_sortie],
        ..Debrief::default()
    }
}

// R4 worked example: troop concentrations, 3 hexes observed, landed safely:
// pilot 18 turns + 5 success + 9; observer 5 sortie + 5 success + 18.
#[test]
fn r4_troop_concentration_example() {
    let report = MissionReport {
        hexes_observed: 3,
        landed_safely: true,
        ..MissionReport::default()
    };
    let a = awards(&mission_game(MissionType::ObserveTroops, report)).unwrap();
    assert_eq!(
        reasons_of(&a, 1),
        [
            "18 turns on the board: 18",
            "observe enemy troop concentrations succeeded: 5",
            "3 hexes observed: 9"
        ]
    );
    assert_eq!(
        reasons_of(&a, 2),
        [
            "sortie flown on observe enemy troop concentrations: 5",
            "observe enemy troop concentrations succeeded: 5",
            "3 hexes observed: 18"
        ]
    );
    // not landed safely: no success, no hex points (R4 observation rule)
    let crashed = MissionReport {
        landed_safely: false,
        ..report
    };
    let a = awards(&mission_game(MissionType::ObserveTroops, crashed)).unwrap();
    assert!(points_of(&a, 2, AwardKind::MissionSuccess).is_empty());
    assert!(points_of(&a, 2, AwardKind::MissionUnits).is_empty());
    assert_eq!(points_of(&a, 2, AwardKind::Sortie), [5]);
    // one hex observed: points but no success
    let one = MissionReport {
        hexes_observed: 1,
        ..report
    };
    let a = awards(&mission_game(MissionType::ObserveTroops, one)).unwrap();
    assert!(points_of(&a, 1, AwardKind::MissionSuccess).is_empty());
    assert_eq!(points_of(&a, 1, AwardKind::MissionUnits), [3]);
}

// R4 worked example: strafing 6 hexes, success: 5 + 20 (capped) each.
#[test]
fn r4_strafing_example() {
    let report = MissionReport {
        hexes_strafed: 6,
        ..MissionReport::default()
    };
    let a = awards(&mission_game(MissionType::StrafeTrenches, report)).unwrap();
    for crew in [1, 2] {
        assert_eq!(points_of(&a, crew, AwardKind::MissionSuccess), [5]);
        assert_eq!(points_of(&a, crew, AwardKind::MissionUnits), [20]);
    }
    // two hexes: no success, the per-hex points still come
    let two = MissionReport {
        hexes_strafed: 2,
        ..report
    };
    let a = awards(&mission_game(MissionType::StrafeTrenches, two)).unwrap();
    assert!(points_of(&a, 1, AwardKind::MissionSuccess).is_empty());
    assert_eq!(points_of(&a, 1, AwardKind::MissionUnits), [8]);
}

// R4: observe HQ success replaces the generic 5: pilot 10, observer 20.
#[test]
fn r4_observe_hq_success() {
    let report = MissionReport {
        target_observed: true,
        landed_safely: true,
        ..MissionReport::default()
    };
    let a = awards(&mission_game(MissionType::ObserveHq, report)).unwrap();
    assert_eq!(points_of(&a, 1, AwardKind::MissionSuccess), [10]);
    assert_eq!(points_of(&a, 2, AwardKind::MissionSuccess), [20]);
    let a = awards(&mission_game(
        MissionType::ObserveHq,
        MissionReport {
            landed_safely: false,
            ..report
        },
    ))
    .unwrap();
    assert!(points_of(&a, 2, AwardKind::MissionSuccess).is_empty());
}

// R4: bombing success pilot 10, observer 20.
#[test]
fn r4_bombing_success() {
    let report = MissionReport {
        target_destroyed: true,
        ..MissionReport::default()
    };
    let a = awards(&mission_game(MissionType::BombAirfield, report)).unwrap();
    assert_eq!(points_of(&a, 1, AwardKind::MissionSuccess), [10]);
    assert_eq!(points_of(&a, 2, AwardKind::MissionSuccess), [20]);
}

// R4: artillery 3/6 per trip whether or not it succeeded; success the generic 5.
#[test]
fn r4_artillery() {
    let report = MissionReport {
        trips: 3,
        ..MissionReport::default()
    }; // needs 3
    let a = awards(&mission_game(MissionType::DirectArtillery, report)).unwrap();
    assert_eq!(points_of(&a, 1, AwardKind::MissionSuccess), [5]);
    assert_eq!(points_of(&a, 1, AwardKind::MissionUnits), [9]);
    assert_eq!(points_of(&a, 2, AwardKind::MissionUnits), [18]);
    let short = MissionReport { trips: 2, ..report };
    let a = awards(&mission_game(MissionType::DirectArtillery, short)).unwrap();
    assert!(points_of(&a, 2, AwardKind::MissionSuccess).is_empty());
    assert_eq!(points_of(&a, 2, AwardKind::MissionUnits), [12]);
}

// R4: balloon busting success gives the generic 5.
#[test]
fn r4_balloon_busting() {
    let report = MissionReport {
        balloon_destroyed: true,
        ..MissionReport::default()
    };
    let a = awards(&mission_game(MissionType::BalloonBusting, report)).unwrap();
    assert_eq!(points_of(&a, 1, AwardKind::MissionSuccess), [5]);
    assert!(points_of(&a, 1, AwardKind::MissionUnits).is_empty());
}

fn dogfight() -> Debrief {
    let mut allied_pilot = crewman(1, Role::Pilot);
    allied_pilot.red_hits = 3;
    let mut observer = crewman(2, Role::Observer);
    observer.red_hits = 1;
    let mut wingman = crewman(4, Role::Pilot);
    wingman.red_hits = 2;
    let mut c1 = sortie("c1", Side::Central, vec![crewman(3, Role::Pilot)]);
    c1.aircraft_lost = true;
    c1.turns_on_board = 12;
    let mut c2 = sortie("c2", Side::Central, vec![crewman(5, Role::Pilot)]);
    c2.aircraft_lost = true;
    c2.turns_on_board = 17;
    let mut a1 = sortie("a1", Side::Allied, vec![allied_pilot, observer]);
    a1.assignment = Assignment::Mission;
    a1.turns_on_board = 21;
    let mut a2 = sortie("a2", Side::Allied, vec![wingman]);
    a2.turns_on_board = 16;
    Debrief {
        turns_played: 21,
        enemy_left_board_on_turn: PerSide {
            allied: None,
            central: Some(17),
        },
        missions: PerSide {
            allied: flown(MissionType::BombHq),
            central: flown(MissionType::FighterSweep),
        },
        sorties: vec![a1, a2, c1, c2],
        kills: vec![
            Kill {
                victim: "c1".into(),
                shooters: vec![CrewId(1), CrewId(4)],
            },
            Kill {
                victim: "c2".into(),
                shooters: vec![CrewId(2)],
            },
        ],
    }
}

// R4, §13.103: a shared kill gives each shooter 12; an observer's kill is his
// alone, not his pilot's.
#[test]
fn r4_shared_kill_example() {
    let a = awards(&dogfight()).unwrap();
    assert_eq!(points_of(&a, 1, AwardKind::Kill), [12]);
    assert_eq!(points_of(&a, 4, AwardKind::Kill), [12]);
    assert_eq!(points_of(&a, 2, AwardKind::Kill), [24]);
    assert!(reasons_of(&a, 1).contains(&"kill shared with 2: 12"));
    assert!(reasons_of(&a, 2).contains(&"kill: 24"));
}

// R4, appendix D: Red hits give 2 each only on fighter sweep or scramble.
#[test]
fn r4_red_hits_only_on_sweep() {
    let a = awards(&dogfight()).unwrap();
    // the bombing aircraft's crew get nothing for their Red hits
    assert!(points_of(&a, 1, AwardKind::RedHits).is_empty());
    assert!(points_of(&a, 2, AwardKind::RedHits).is_empty());
    // its escort flies fighter sweep
    assert_eq!(points_of(&a, 4, AwardKind::RedHits), [4]);
    assert!(reasons_of(&a, 4).contains(&"2 Red hits on fighter sweep: 4"));
}

// R5: pilots still on the board when the enemy left on turn 17 are credited 25.
#[test]
fn r5_enemy_left_example() {
    let a = awards(&dogfight()).unwrap();
    assert_eq!(points_of(&a, 1, AwardKind::Turns), [25]);
    assert!(reasons_of(&a, 1).contains(&"flew to turn 25 after the enemy left on turn 17: 25"));
    assert_eq!(points_of(&a, 4, AwardKind::Turns), [16]); // left before turn 17
                                                          // observers earn no turn points, only the sortie
    assert!(points_of(&a, 2, AwardKind::Turns).is_empty());
    assert_eq!(points_of(&a, 2, AwardKind::Sortie), [5]);
    // the Central side had no enemy leave: plain turns
    assert_eq!(points_of(&a, 3, AwardKind::Turns), [12]);
}

// R4: the escort's fighter sweep succeeds when the enemy lost more aircraft;
// the bombing aircraft gets no success without its target.
#[test]
fn r4_sweep_success_for_escort() {
    let a = awards(&dogfight()).unwrap();
    assert_eq!(points_of(&a, 4, AwardKind::MissionSuccess), [5]);
    assert!(points_of(&a, 1, AwardKind::MissionSuccess).is_empty());
    // the Central sweep lost 2 to 0: no success
    assert!(points_of(&a, 3, AwardKind::MissionSuccess).is_empty());
    let escort: Vec<_> = a.iter().filter(|x| x.crew == CrewId(4)).collect();
    assert!(escort
        .iter()
        .all(|x| !x.in_two_seater && x.side == Side::Allied));
}

// R4: a game's awards stand even if the crewman was killed in it.
#[test]
fn r4_awards_stand_for_the_dead() {
    let mut g = dogfight();
    g.sorties[2].crew[0].outcome = crate::injuries::Outcome::Killed;
    g.sorties[2].crew[0].wound_boxes = 3;
    let a = awards(&g).unwrap();
    assert_eq!(points_of(&a, 3, AwardKind::Turns), [12]);
}

#[test]
fn bad_debrief_is_refused() {
    let mut g = dogfight();
    g.kills[0].shooters.push(CrewId(3));
    assert!(matches!(awards(&g), Err(RuleError::KillOfOwnSide { .. })));
}

#[test]
fn mission_kinds() {
    assert!(AwardKind::MissionSuccess.is_mission_award());
    assert!(AwardKind::MissionUnits.is_mission_award());
    assert!(!AwardKind::Kill.is_mission_award());
    crate::wire::testing::round_trips(AwardKind::ALL);
}

// R12, §13.204: only mission awards earned in a two-seater count twice for a side.
#[test]
fn r12_mission_awards_in_two_seaters_count_twice() {
    assert!(AwardKind::MissionSuccess.counts_twice_for_side(true));
    assert!(AwardKind::MissionUnits.counts_twice_for_side(true));
    assert!(!AwardKind::MissionSuccess.counts_twice_for_side(false));
    assert!(!AwardKind::Kill.counts_twice_for_side(true));
}
