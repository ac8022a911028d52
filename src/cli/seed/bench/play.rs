//! A bench game played out by the rules crate: the sides' missions, the debrief's facts,\nits awards (R4, R5) and mission results (R10), with seeded dice.

use super::*;

/// One side's part of a game: its mission roll and the aircraft it flew.
#[derive(Clone)]
pub(super) struct SidePlay {
    pub(super) side: Side,
    pub(super) mission: Roll<campaign::tables::mission::RolledMission>,
    pub(super) report: MissionReport,
    /// The mission two-seater's pilot and observer, and its aircraft type.
    pub(super) assigned: (i64, i64, i64),
}

/// A game as played: its rolls, the debrief's facts, the awards and results.
#[derive(Clone)]
pub(super) struct Played {
    pub(super) offensive: Roll<campaign::tables::ground_offensive::GroundOffensive>,
    pub(super) sides: Vec<SidePlay>,
    pub(super) debrief: Debrief,
    /// The aircraft type of each sortie (parallel to `debrief.sorties`).
    pub(super) aircraft: Vec<i64>,
    pub(super) awards: Vec<Award>,
    pub(super) results: PerSide<Option<bool>>,
    pub(super) debriefed: bool,
}

/// Plays game `n`: one player a side flies a two-seater on the side's mission and a
/// single-seater on sweep; one side observes the enemy HQ, the other sweeps (they
/// swap every game); now and then a single-seater is shot down.
pub(super) fn play(rng: &mut StdRng, sides: &[SideCrew], n: usize, debriefed: bool) -> Played {
    let offensive = roll_ground_offensive(&mut SeedDice(rng));
    let turns_played = rng.gen_range(15..=25);
    let mut debrief = Debrief {
        turns_played,
        ..Debrief::default()
    };
    let mut aircraft = Vec::new();
    let mut plays = Vec::new();
    for (i, crew) in sides.iter().enumerate() {
        let squad = crew.squads[(n + i * (n / PLAYERS_PER_SIDE)) % crew.squads.len()];
        // The mission table's 2 is observe the HQ, 9 fighter sweep (appendix E).
        let observes = (n + i) % 2 == 0;
        let mission = roll_mission(&mut FixedDice::new(vec![if observes { 2 } else { 9 }]));
        let report = MissionReport {
            landed_safely: observes,
            target_observed: observes && rng.gen_bool(0.7),
            ..MissionReport::default()
        };
        *debrief.missions.get_mut(crew.side) = Some(FlownMission {
            mission: mission.result,
            report,
        });
        let seat = |crew: i64, position: Role, red_hits: u32| SortieCrew {
            crew: CrewId(crew),
            position,
            red_hits,
            wound_boxes: 0,
            outcome: Outcome::Unharmed,
        };
        let key = |k: usize| format!("{}{k}", &crew.side.as_str()[..1]);
        debrief.sorties.push(Sortie {
            key: key(1),
            side: crew.side,
            assignment: Assignment::Mission,
            two_seater: true,
            turns_on_board: turns_played,
            aircraft_lost: false,
            down: None,
            dual_controls: false,
            crew: vec![
                seat(squad.pilots[0], Role::Pilot, rng.gen_range(0..=2)),
                seat(squad.observer, Role::Observer, rng.gen_range(0..=2)),
            ],
        });
        aircraft.push(crew.two_seater);
        debrief.sorties.push(Sortie {
            key: key(2),
            side: crew.side,
            assignment: Assignment::Sweep,
            two_seater: false,
            turns_on_board: rng.gen_range(10..=turns_played),
            aircraft_lost: false,
            down: None,
            dual_controls: false,
            crew: vec![seat(squad.pilots[1], Role::Pilot, rng.gen_range(0..=4))],
        });
        aircraft.push(crew.single_seater);
        plays.push(SidePlay {
            side: crew.side,
            mission,
            report,
            assigned: (squad.pilots[0], squad.observer, crew.two_seater),
        });
    }
    // A single-seater of the losing side goes down to both enemy pilots, one game in three.
    if n % 3 == 0 {
        let loser = n / 3 % 2;
        let victim = loser * 2 + 1;
        debrief.sorties[victim].aircraft_lost = true;
        let winner = 1 - loser;
        let shooters = [winner * 2, winner * 2 + 1]
            .iter()
            .map(|&s| debrief.sorties[s].crew[0].crew)
            .collect();
        debrief.kills.push(Kill {
            victim: debrief.sorties[victim].key.clone(),
            shooters,
        });
    }
    debrief
        .check()
        .expect("the bench games are consistent debriefs");
    let awards = experience::awards(&debrief).expect("a checked debrief has awards");
    let results = debrief
        .mission_results()
        .expect("a checked debrief has results");
    Played {
        offensive,
        sides: plays,
        debrief,
        aircraft,
        awards,
        results,
        debriefed,
    }
}

/// The debrief request the API takes for a game played by [`play`].
pub(super) fn request_body(game: &Played, mission_ids: &[i64]) -> serde_json::Value {
    let sorties: Vec<_> = game
        .debrief
        .sorties
        .iter()
        .zip(&game.aircraft)
        .map(|(s, aircraft)| {
            json!({
                "key": s.key,
                "aircraft_id": aircraft,
                "assignment": s.assignment.as_str(),
                "turns_on_board": s.turns_on_board,
                "aircraft_lost": s.aircraft_lost,
                "crew": s.crew.iter().map(|c| json!({
                    "crew_id": c.crew.0,
                    "position": c.position.as_str(),
                    "red_hits": c.red_hits,
                })).collect::<Vec<_>>(),
            })
        })
        .collect();
    let kills: Vec<_> = game
        .debrief
        .kills
        .iter()
        .map(|k| json!({ "victim": k.victim, "shooters": k.shooters.iter().map(|s| s.0).collect::<Vec<_>>() }))
        .collect();
    let missions: Vec<_> = game
        .sides
        .iter()
        .zip(mission_ids)
        .filter(|(p, _)| p.mission.result.mission_type == MissionType::ObserveHq)
        .map(|(p, id)| {
            json!({ "mission_id": id, "landed_safely": p.report.landed_safely,
                    "target_observed": p.report.target_observed })
        })
        .collect();
    json!({
        "turns_played": game.debrief.turns_played,
        "sorties": sorties,
        "kills": kills,
        "missions": missions,
    })
}
