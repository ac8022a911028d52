//! Checks a whole debrief report against the rules and the database before anything
//! is written, and turns it into the plan the writer follows.
//!
//! Problems are looked for in the order the report lists them, and the first one is
//! refused (422): the turns each side left the board; then sortie by sortie — its
//! aircraft and crew exist in this campaign, the facts hang together (the rules
//! crate's `Debrief::check` over the sorties so far: key, turns, mission sortie,
//! seats, a crewman flying once, wound boxes), it has a pilot, aircraft and crew are
//! of one side, in service and available (R9), the mission sortie is the assigned one
//! (R9), and the entered dice fit each crewman's injury or capture; then the kills
//! (R4); then the mission reports (R10). Each refusal carries the part it is about
//! (the turns, a sortie by its key, the kills, a mission) as its [`Locus`], so the
//! debrief page shows it beside that part whatever its wording.
//!
//! R9 strictness: a sortie marked `mission` on a side whose mission is not fighter
//! sweep or scramble must fly exactly the assignment (aircraft type, pilot and
//! observer); a side whose mission was never assigned cannot report one. The assigned
//! pilot, when he flew, must be the one on the mission sortie. A mission with no
//! mission sortie fails and may report no facts. On fighter sweep and scramble every
//! aircraft of the side is on the mission (R9) and any sortie may be marked either way.

use std::collections::HashMap;

use campaign::assignment::{
    check_mission_sortie, check_sortie, AircraftFacts, AssignedMission, CrewFacts, ReportedSortie,
};
use campaign::crew::{CrewId, Role};
use campaign::debrief::{Debrief, FlownMission, Kill, Sortie, SortieCrew};
use campaign::experience::{self, Award};
use campaign::injuries::{fate, injury_table, Fate};
use campaign::missions::Assignment;
use campaign::sides::{PerSide, Side};
use campaign::success::{check_report, MissionReport};
use campaign::tables::mission::RolledMission;
use campaign::tables::Table;
use chrono::NaiveDate;
use eagles_db::aircraft::AircraftType;
use eagles_db::campaigns::Campaign;
use eagles_db::crew::CrewRecord;
use eagles_db::debriefs::{DebriefGame, GameMission};

use super::request::{CrewReport, DebriefRequest, MissionFacts, SortieReport};
use crate::crew::CrewmanView;
use crate::dice::DiceSource;
use crate::error::{Locus, ServiceError};

/// A debrief that passed every check: what to write.
pub struct Plan {
    pub game: DebriefGame,
    /// The facts as the rules read them; `sorties` parallels `debrief.sorties`.
    pub debrief: Debrief,
    /// The aircraft type of each sortie.
    pub aircraft: Vec<i64>,
    /// Every crewman's fate, in report order, with the dice that will decide it.
    pub fates: Vec<PlannedFate>,
    /// The game's missions and the side each flies for.
    pub missions: Vec<(i64, Side)>,
    /// The awards (R4, R5).
    pub awards: Vec<Award>,
    /// Each side's mission result (R10).
    pub results: PerSide<Option<bool>>,
}

/// What becomes of one crewman, and the dice of his roll when his fate needs one.
pub struct PlannedFate {
    pub crew_id: i64,
    pub side: Side,
    pub fate: Fate,
    pub dice: Option<DiceSource>,
}

/// What the checks of a debrief read before they run, under the campaign's lock.
pub struct Facts {
    pub game: DebriefGame,
    pub missions: Vec<GameMission>,
    pub crew: Vec<CrewRecord>,
    /// The aircraft types the report names and those its missions were assigned (R9).
    pub aircraft: Vec<AircraftType>,
}

/// Checks `request` for the game of `facts` of `campaign` (locked by the caller) and
/// plans it.
pub fn plan(
    campaign: &Campaign,
    facts: Facts,
    request: DebriefRequest,
) -> Result<Plan, ServiceError> {
    let Facts {
        game,
        missions: game_missions,
        crew,
        aircraft,
    } = facts;
    let week_date =
        campaign::calendar::week_date(campaign.start_date, u32::try_from(game.week).unwrap_or(1));
    let mut missions: PerSide<Option<FlownMission>> = PerSide::default();
    let mut stored: PerSide<Option<&GameMission>> = PerSide::default();
    for m in &game_missions {
        let side = m.side;
        *missions.get_mut(side) = Some(FlownMission {
            mission: rolled(m)?,
            report: MissionReport::default(),
        });
        *stored.get_mut(side) = Some(m);
    }
    let mut debrief = Debrief {
        turns_played: request.turns_played,
        enemy_left_board_on_turn: PerSide {
            allied: request.enemy_left_board_on_turn.allied,
            central: request.enemy_left_board_on_turn.central,
        },
        missions,
        sorties: Vec::new(),
        kills: Vec::new(),
    };
    within_bounds("turns_played", request.turns_played)
        .and_then(|()| Ok(debrief.check()?))
        .map_err(|e| e.at(Locus::Field("turns_played")))?;

    let roster: HashMap<i64, CrewmanView> = crew
        .into_iter()
        .map(|r| Ok((r.id, CrewmanView::from_record(r, campaign.current_week)?)))
        .collect::<Result<_, ServiceError>>()?;
    let types: HashMap<i64, _> = aircraft.into_iter().map(|a| (a.id, a)).collect();
    let assigned = assigned_missions(&stored, &roster, &types);
    let mut aircraft_ids = Vec::new();
    let mut fates = Vec::new();
    for report in &request.sorties {
        let planned =
            check_sortie_report(report, &mut debrief, &roster, &types, &assigned, week_date)
                .map_err(|e| e.at(Locus::Sortie(report.key.clone())))?;
        fates.extend(planned);
        aircraft_ids.push(report.aircraft_id);
    }

    debrief.kills = request
        .kills
        .iter()
        .map(|k| Kill {
            victim: k.victim.clone(),
            shooters: k.shooters.iter().map(|&id| CrewId(id)).collect(),
        })
        .collect();
    debrief
        .check()
        .map_err(|e| ServiceError::from(e).at(Locus::Kills))?;

    let mut reported = Vec::new();
    for facts in &request.missions {
        check_mission_report(facts, &game_missions, &mut reported, &mut debrief)
            .map_err(|e| e.at(Locus::Mission(facts.mission_id)))?;
    }

    let awards = experience::awards(&debrief)?;
    let results = debrief.mission_results()?;
    let missions = game_missions.iter().map(|m| (m.id, m.side)).collect();
    Ok(Plan {
        game,
        debrief,
        aircraft: aircraft_ids,
        fates,
        missions,
        awards,
        results,
    })
}

/// Each side's mission as assigned, named for R9's messages; none where the mission
/// was never assigned.
fn assigned_missions(
    stored: &PerSide<Option<&GameMission>>,
    roster: &HashMap<i64, CrewmanView>,
    types: &HashMap<i64, AircraftType>,
) -> PerSide<Option<AssignedMission>> {
    let name_of = |id: i64| {
        roster
            .get(&id)
            .map_or_else(|| format!("crewman {id}"), |c| c.name.clone())
    };
    let assigned = |m: Option<&GameMission>| {
        let m = m?;
        let (aircraft, pilot) = (m.aircraft_type_id?, m.pilot_id?);
        Some(AssignedMission {
            aircraft: (
                aircraft,
                types
                    .get(&aircraft)
                    .map_or_else(|| format!("aircraft type {aircraft}"), |a| a.name.clone()),
            ),
            pilot: (pilot, name_of(pilot)),
            observer: m.observer_id.map(|o| (o, name_of(o))),
        })
    };
    PerSide {
        allied: assigned(stored.allied),
        central: assigned(stored.central),
    }
}

/// Checks one sortie of the report, after those before it (its facts join `debrief`),
/// and plans its crew's fates.
fn check_sortie_report(
    report: &SortieReport,
    debrief: &mut Debrief,
    roster: &HashMap<i64, CrewmanView>,
    types: &HashMap<i64, AircraftType>,
    assigned: &PerSide<Option<AssignedMission>>,
    week_date: NaiveDate,
) -> Result<Vec<PlannedFate>, ServiceError> {
    let aircraft = types.get(&report.aircraft_id).ok_or_else(|| {
        ServiceError::invalid(format!(
            "sortie \"{}\": there is no aircraft type {}; the types are listed at /api/v1/aircraft",
            report.key, report.aircraft_id
        ))
    })?;
    let facts = AircraftFacts {
        side: aircraft.side,
        two_seater: aircraft.crew == 2,
        service_start: aircraft.service_start,
        name: aircraft.name.clone(),
    };
    let crew = report
        .crew
        .iter()
        .map(|c| {
            roster.get(&c.crew_id).ok_or_else(|| {
                ServiceError::invalid(format!(
                    "sortie \"{}\": crewman {} is not in this campaign",
                    report.key, c.crew_id
                ))
            })
        })
        .collect::<Result<Vec<_>, _>>()?;
    for member in &report.crew {
        within_bounds(
            &format!("red_hits of crewman {}", member.crew_id),
            member.red_hits,
        )?;
    }
    debrief.sorties.push(sortie(report, &facts));
    debrief.check()?;
    check_crew(report, &facts, &crew, week_date)?;
    if let Some(flown) = debrief.missions.get(facts.side) {
        let in_seat = |position: Role| {
            report
                .crew
                .iter()
                .find(|c| c.position == position)
                .map(|c| c.crew_id)
        };
        check_mission_sortie(
            facts.side,
            flown.mission.mission_type,
            assigned.get(facts.side).as_ref(),
            &ReportedSortie {
                key: &report.key,
                assignment: report.assignment,
                aircraft_id: report.aircraft_id,
                pilot_id: in_seat(Role::Pilot),
                observer_id: in_seat(Role::Observer),
            },
        )?;
    }
    report
        .crew
        .iter()
        .map(|member| planned_fate(member, facts.side))
        .collect()
}

/// Checks the report of one mission (R10) and joins it to `debrief`; `reported` holds
/// the missions already reported.
fn check_mission_report(
    facts: &MissionFacts,
    game_missions: &[GameMission],
    reported: &mut Vec<i64>,
    debrief: &mut Debrief,
) -> Result<(), ServiceError> {
    let (side, mission) = game_missions
        .iter()
        .find(|m| m.id == facts.mission_id)
        .map(|m| (m.side, m))
        .ok_or_else(|| {
            ServiceError::invalid(format!(
                "mission {} is not a mission of this game; its missions are {}",
                facts.mission_id,
                list_ids(game_missions)
            ))
        })?;
    if reported.contains(&mission.id) {
        return Err(ServiceError::invalid(format!(
            "mission {} is reported twice; report each mission once",
            mission.id
        )));
    }
    reported.push(mission.id);
    let flown = debrief
        .missions
        .get_mut(side)
        .as_mut()
        .expect("every stored mission is in the debrief");
    let report = facts.report();
    for (field, n) in [
        ("hexes_observed", report.hexes_observed),
        ("trips", report.trips),
        ("hexes_strafed", report.hexes_strafed),
    ] {
        within_bounds(&format!("{field} of mission {}", mission.id), n)?;
    }
    let has_sortie = debrief_has_mission_sortie(&debrief.sorties, side);
    if !flown.mission.mission_type.is_sweep() && !has_sortie && report != MissionReport::default() {
        return Err(ServiceError::Unprocessable {
            rule: Some("R9"),
            detail: format!(
                "R9: mission {} ({}) has no sortie marked \"mission\" in this debrief, so it cannot report results; mark its aircraft's assignment \"mission\" or leave the facts out",
                mission.id,
                flown.mission.mission_type.label()
            ),
            at: None,
        });
    }
    check_report(&flown.mission, &report)?;
    flown.report = report;
    Ok(())
}

/// The most any count of a debrief may be: far beyond any game, low enough that no
/// award can overflow.
const MAX_COUNT: u32 = 1000;

fn within_bounds(field: &str, n: u32) -> Result<(), ServiceError> {
    if n > MAX_COUNT {
        return Err(ServiceError::invalid(format!(
            "`{field}` is {n}; no game comes near that (at most {MAX_COUNT})"
        )));
    }
    Ok(())
}

fn debrief_has_mission_sortie(sorties: &[Sortie], side: Side) -> bool {
    sorties
        .iter()
        .any(|s| s.side == side && s.assignment == Assignment::Mission)
}

fn list_ids(missions: &[GameMission]) -> String {
    if missions.is_empty() {
        return "none yet".into();
    }
    crate::error::one_of(missions.iter().map(|m| m.id))
}

fn sortie(report: &SortieReport, aircraft: &AircraftFacts) -> Sortie {
    Sortie {
        key: report.key.clone(),
        side: aircraft.side,
        assignment: report.assignment,
        two_seater: aircraft.two_seater,
        turns_on_board: report.turns_on_board,
        aircraft_lost: report.aircraft_lost,
        crew: report
            .crew
            .iter()
            .map(|c| SortieCrew {
                crew: CrewId(c.crew_id),
                position: c.position,
                red_hits: c.red_hits,
                wound_boxes: c.wound_boxes,
                outcome: c.outcome,
            })
            .collect(),
    }
}

/// R9: the aircraft flies for its crew's side and is in service by the week's date;
/// the crew sit in their own seats and are available this week.
fn check_crew(
    report: &SortieReport,
    aircraft: &AircraftFacts,
    crew: &[&CrewmanView],
    week_date: NaiveDate,
) -> Result<(), ServiceError> {
    let facts = |c: &CrewmanView| CrewFacts {
        name: c.name.clone(),
        role: c.role,
        side: c.side,
        available: c.available,
    };
    let seat = |position: Role| {
        report
            .crew
            .iter()
            .zip(crew)
            .find(|(r, _)| r.position == position)
            .map(|(_, c)| facts(c))
    };
    let pilot = seat(Role::Pilot).ok_or_else(|| {
        ServiceError::invalid(format!(
            "sortie \"{}\" has no pilot; list the crewman who flew it with position \"pilot\"",
            report.key
        ))
    })?;
    check_sortie(
        aircraft.side,
        week_date,
        aircraft,
        &pilot,
        seat(Role::Observer).as_ref(),
    )?;
    Ok(())
}

/// A crewman's fate (R7, R8) and the dice of its roll: entered dice must fit the
/// table, and dice for a roll his fate does not call for are refused.
fn planned_fate(member: &CrewReport, side: Side) -> Result<PlannedFate, ServiceError> {
    let fate = fate(CrewId(member.crew_id), member.wound_boxes, member.outcome)?;
    let entered = member.dice.clone().unwrap_or_default();
    let refuse = |what: &str, why: &str| {
        Err(ServiceError::invalid(format!(
            "crewman {}: dice.{what} was entered but {why}; leave it out",
            member.crew_id
        )))
    };
    if entered.injury.is_some() && !matches!(fate, Fate::Injured(_)) {
        return refuse("injury", "he has no injury to roll (R7)");
    }
    if entered.capture.is_some() && fate != Fate::Captured {
        return refuse("capture", "he was not captured (R8)");
    }
    let dice = match fate {
        Fate::Injured(severity) => Some(DiceSource::for_table(
            injury_table(severity),
            entered.injury.as_deref(),
        )?),
        Fate::Captured => Some(DiceSource::for_table(
            Table::Capture,
            entered.capture.as_deref(),
        )?),
        Fate::Unharmed | Fate::Killed => None,
    };
    Ok(PlannedFate {
        crew_id: member.crew_id,
        side,
        fate,
        dice,
    })
}

fn rolled(mission: &GameMission) -> Result<RolledMission, ServiceError> {
    let mission_type = mission.mission_type;
    Ok(RolledMission {
        mission_type,
        trips_needed: mission.trips_needed.and_then(|t| u32::try_from(t).ok()),
    })
}
