use super::*;

pub fn crewman(id: i64, position: Role) -> SortieCrew {
    SortieCrew {
        crew: CrewId(id),
        position,
        red_hits: 0,
        wound_boxes: 0,
        outcome: Outcome::Unharmed,
    }
}

pub fn sortie(key: &str, side: Side, crew: Vec<SortieCrew>) -> Sortie {
    Sortie {
        key: key.to_owned(),
        side,
        assignment: Assignment::Sweep,
        two_seater: crew.len() > 1,
        turns_on_board: 20,
        aircraft_lost: false,
        down: None,
        dual_controls: false,
        crew,
    }
}

pub fn flown(mission_type: MissionType) -> Option<FlownMission> {
    Some(FlownMission {
        mission: RolledMission {
            mission_type,
            trips_needed: (mission_type == MissionType::DirectArtillery).then_some(3),
        },
        report: MissionReport::default(),
    })
}

fn game() -> Debrief {
    let mut lost = sortie("c1", Side::Central, vec![crewman(3, Role::Pilot)]);
    lost.aircraft_lost = true;
    Debrief {
        turns_played: 21,
        sorties: vec![
            sortie(
                "a1",
                Side::Allied,
                vec![crewman(1, Role::Pilot), crewman(2, Role::Observer)],
            ),
            lost,
        ],
        kills: vec![Kill {
            victim: "c1".into(),
            shooters: vec![CrewId(1)],
        }],
        ..Debrief::default()
    }
}

#[test]
fn consistent_debrief_passes() {
    assert_eq!(game().check(), Ok(()));
}

// R4: a kill names a lost aircraft of the other side, shot by crew of the game.
#[test]
fn r4_kill_checks() {
    let mut g = game();
    g.kills[0].victim = "zz".into();
    assert!(matches!(g.check(), Err(RuleError::UnknownVictim { .. })));
    let mut g = game();
    g.sorties[1].aircraft_lost = false;
    assert!(matches!(g.check(), Err(RuleError::VictimNotLost { .. })));
    let mut g = game();
    g.kills[0].shooters = vec![CrewId(3)];
    assert!(matches!(g.check(), Err(RuleError::KillOfOwnSide { .. })));
    let mut g = game();
    g.kills[0].shooters = vec![CrewId(99)];
    assert!(matches!(g.check(), Err(RuleError::ShooterNotInGame { .. })));
    let mut g = game();
    g.kills[0].shooters = vec![CrewId(1), CrewId(1)];
    assert!(matches!(g.check(), Err(RuleError::DuplicateShooter { .. })));
    let mut g = game();
    g.kills[0].shooters.clear();
    assert!(matches!(
        g.check(),
        Err(RuleError::KillWithoutShooters { .. })
    ));
    let mut g = game();
    g.kills.push(g.kills[0].clone());
    assert!(matches!(g.check(), Err(RuleError::DuplicateKill { .. })));
}

// R4, R7, R11: seats, crew once, wounds 0–3, turns within the game.
#[test]
fn sortie_checks() {
    let mut g = game();
    g.sorties[0].two_seater = false;
    assert_eq!(g.check().unwrap_err().rule(), "R11");
    let mut g = game();
    g.sorties[0].crew[1].position = Role::Pilot;
    assert!(matches!(g.check(), Err(RuleError::SeatTaken { .. })));
    let mut g = game();
    g.sorties[1].crew[0].crew = CrewId(1);
    assert!(matches!(g.check(), Err(RuleError::CrewFliesTwice { .. })));
    let mut g = game();
    g.sorties[0].crew[0].wound_boxes = 4;
    assert_eq!(g.check().unwrap_err().rule(), "R7");
    let mut g = game();
    g.sorties[0].turns_on_board = 22;
    assert_eq!(g.check().unwrap_err().rule(), "R5");
    let mut g = game();
    g.sorties[1].key = "a1".into();
    assert!(matches!(
        g.check(),
        Err(RuleError::DuplicateSortieKey { .. })
    ));
}

// Every problem is named with the part it is in: a crewman flying twice is his
// problem in the second sortie, a kill's the kills'.
#[test]
fn problems_name_their_part() {
    let mut g = game();
    g.sorties[1].crew[0].crew = CrewId(1);
    let p = g.check_parts().unwrap_err();
    assert_eq!(p[0].part, Part::Crew("c1", CrewId(1)));
    assert!(matches!(p[0].error, RuleError::CrewFliesTwice { .. }));
    let mut g = game();
    g.kills[0].shooters.clear();
    assert_eq!(g.check_parts().unwrap_err()[0].part, Part::Kills);
    let mut g = game();
    g.enemy_left_board_on_turn.allied = Some(30);
    assert_eq!(g.check_parts().unwrap_err()[0].part, Part::Turns);
}

// Every problem of a report at once, in its order: the turns, each sortie's and
// each crewman's (R5, R7), the kills (R4).
#[test]
fn every_problem_is_named_at_once() {
    let mut g = game();
    g.enemy_left_board_on_turn.allied = Some(30);
    g.sorties[0].turns_on_board = 22;
    g.sorties[0].crew[0].wound_boxes = 6;
    g.kills[0].shooters.clear();
    let parts: Vec<Part<'_>> = g
        .check_parts()
        .unwrap_err()
        .iter()
        .map(|p| p.part)
        .collect();
    assert_eq!(
        parts,
        [
            Part::Turns,
            Part::Sortie("a1"),
            Part::Crew("a1", g.sorties[0].crew[0].crew),
            Part::Kills
        ]
    );
}

// R5: a side leaves the board on a turn of the game, 1 to the turns played.
#[test]
fn r5_left_board_within_the_game() {
    let mut g = game();
    g.enemy_left_board_on_turn.central = Some(21);
    assert_eq!(g.check(), Ok(()));
    g.enemy_left_board_on_turn.central = Some(22);
    let e = g.check().unwrap_err();
    assert_eq!(e.rule(), "R5");
    assert_eq!(
        e.to_string(),
        "appendix D: the Central side is reported leaving the board on turn 22 but the game had 21 turns"
    );
    g.enemy_left_board_on_turn.central = Some(0);
    assert!(matches!(
        g.check(),
        Err(RuleError::LeftBoardOutOfRange { turn: 0, .. })
    ));
}

// R9: one mission aircraft per side, unless the side flies sweep or scramble.
#[test]
fn r9_mission_sorties() {
    let mut g = game();
    g.sorties[0].assignment = Assignment::Mission;
    assert!(matches!(
        g.check(),
        Err(RuleError::MissionSortieWithoutMission { .. })
    ));
    g.missions.allied = flown(MissionType::ObserveHq);
    assert_eq!(g.check(), Ok(()));
    let mut second = sortie("a2", Side::Allied, vec![crewman(5, Role::Pilot)]);
    second.assignment = Assignment::Mission;
    g.sorties.push(second);
    assert!(matches!(
        g.check(),
        Err(RuleError::SecondMissionSortie { .. })
    ));
    g.missions.allied = flown(MissionType::Scramble);
    assert_eq!(g.check(), Ok(()));
}

// R4, R9: the mission aircraft flies the rolled mission, the others fighter
// sweep; on a sweep or scramble every aircraft of the side is on it.
#[test]
fn r9_mission_of_each_sortie() {
    let mut g = game();
    g.missions.allied = flown(MissionType::BombHq);
    g.missions.central = flown(MissionType::Scramble);
    g.sorties[0].assignment = Assignment::Mission;
    assert_eq!(g.mission_of(&g.sorties[0]), MissionType::BombHq);
    let sweep = sortie("a2", Side::Allied, vec![]);
    assert_eq!(g.mission_of(&sweep), MissionType::FighterSweep);
    assert_eq!(g.mission_of(&g.sorties[1]), MissionType::Scramble);
}

// R10: mission results per side; sweep/scramble from the aircraft each side lost.
#[test]
fn r10_results_per_side() {
    let mut g = game();
    g.missions.allied = flown(MissionType::FighterSweep);
    g.missions.central = flown(MissionType::Scramble);
    let results = g.mission_results().unwrap();
    assert_eq!(results.allied, Some(true)); // Central lost 1, Allies 0
    assert_eq!(results.central, Some(false));
    g.missions.central = None;
    assert_eq!(g.mission_results().unwrap().central, None);
    assert_eq!(g.losses(Side::Allied), Losses { own: 0, enemy: 1 });
}
