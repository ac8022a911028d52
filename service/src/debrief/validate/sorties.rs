//! Each sortie of the report read against the records, in report order: its aircraft
//! type and crew, R9's checks of who flew what, and — when it came down — its forced
//! landing played out (see [`super::fates`]).
//!
//! R9 strictness: a sortie marked `mission` on a side whose mission is not fighter
//! sweep or scramble must fly exactly the assignment (aircraft type, pilot and
//! observer); a side whose mission was never assigned cannot report one. The assigned
//! pilot, when he flew, must be the one on the mission sortie. On fighter sweep and
//! scramble every aircraft of the side is on the mission (R9) and any sortie may be
//! marked either way.

use std::collections::HashMap;

use campaign::assignment::{
    check_mission_sortie, check_sortie, AircraftFacts, AssignedMission, CrewFacts, ReportedSortie,
};
use campaign::crew::{CrewId, Role};
use campaign::debrief::{FlownMission, Sortie, SortieCrew};
use campaign::down::How;
use campaign::injuries::Outcome;
use campaign::missions::Assignment;
use campaign::sides::PerSide;
use campaign::tables::evade::SideOfLines;
use campaign::tables::ground_offensive::GroundOffensive;
use chrono::NaiveDate;
use eagles_db::aircraft::AircraftType;

use super::super::request::SortieReport;
use super::{fates, within_bounds, PlannedFate};
use crate::crew::CrewmanView;
use crate::error::{Locus, ServiceError};
use crate::fair_dice::DiceChain;

/// What the sorties are read against: the game and the campaign's records.
pub(super) struct Game<'a> {
    pub roster: &'a HashMap<i64, CrewmanView>,
    pub types: &'a HashMap<i64, AircraftType>,
    /// Each side's mission in this game.
    pub missions: &'a PerSide<Option<FlownMission>>,
    /// Each side's mission as assigned (R9).
    pub assigned: &'a PerSide<Option<AssignedMission>>,
    /// The game's ground offensive (evade, R8).
    pub offensive: GroundOffensive,
    /// The date of the game's week (service, parachutes).
    pub date: NaiveDate,
    /// The week's dice chain the server's dice come from (R25); none for a preview, which
    /// rolls no die (see [`super::fates::plan`]).
    pub chain: Option<&'a DiceChain>,
}

/// The sorties read, and why those that could not be were not.
#[derive(Default)]
pub(super) struct Read {
    /// As the rules read them, with the outcomes and loss a forced landing gave.
    pub sorties: Vec<Sortie>,
    /// The aircraft type of each sortie read.
    pub aircraft: Vec<i64>,
    /// Every crewman's fate, in report order.
    pub fates: Vec<PlannedFate>,
    /// Why sorties could not be read, or broke R9 or R8, each pointed at its sortie
    /// (or a crewman or field of it), in report order. A sortie whose aircraft and
    /// crew were found is in `sorties` even when its later checks failed (then with
    /// the loss the way it came down makes likely).
    pub failures: Vec<ServiceError>,
}

/// Reads every one of `reports`, in order, gathering the problems of each.
pub(super) fn read(reports: &[SortieReport], game: &Game<'_>) -> Read {
    let mut read = Read::default();
    for report in reports {
        let at = |e: ServiceError| e.at(Locus::Sortie(report.key.clone()));
        let (aircraft, crew, assignment) = match find(report, game) {
            Ok(found) => found,
            Err(e) => {
                read.failures.push(at(e));
                continue;
            }
        };
        let mut sortie = sortie(report, &aircraft, assignment);
        match settle(report, assignment, &aircraft, &crew, &mut sortie, game) {
            Ok(fates) => read.fates.extend(fates),
            Err(problems) => read.failures.extend(problems.into_iter().map(at)),
        }
        read.sorties.push(sortie);
        read.aircraft.push(aircraft.record.id);
    }
    read
}

/// The sortie's aircraft type and crew in this campaign, in report order, and its
/// assignment. A game without a line-up has them from the report alone.
fn find<'a>(
    report: &SortieReport,
    game: &Game<'a>,
) -> Result<(Aircraft<'a>, Vec<&'a CrewmanView>, Assignment), ServiceError> {
    let given = |what: &str| {
        ServiceError::invalid(format!(
            "aircraft {}: give its {what}, or name an aircraft of the line-up",
            report.key
        ))
    };
    let aircraft_id = report.aircraft_id.ok_or_else(|| given("aircraft type"))?;
    let assignment = report
        .assignment
        .ok_or_else(|| given("assignment (mission or fighter sweep)"))?;
    let record = game.types.get(&aircraft_id).ok_or_else(|| {
        ServiceError::invalid(format!(
            "aircraft {}: its aircraft type is none of appendix A or B; pick one of the list",
            report.key
        ))
    })?;
    let crew = report
        .crew
        .iter()
        .map(|c| {
            game.roster.get(&c.crew_id).ok_or_else(|| {
                ServiceError::invalid(format!(
                    "aircraft {}: one of its crew is not in this campaign",
                    report.key
                ))
            })
        })
        .collect::<Result<Vec<_>, _>>()?;
    for member in &report.crew {
        within_bounds(
            &format!("the red hits of crewman {}", member.crew_id),
            member.red_hits,
        )?;
    }
    let facts = AircraftFacts {
        side: record.side,
        two_seater: record.crew == 2,
        service_start: record.service_start,
        name: record.name.clone(),
    };
    Ok((Aircraft { record, facts }, crew, assignment))
}

/// An aircraft type as the records hold it and as R9 reads it.
struct Aircraft<'a> {
    record: &'a AircraftType,
    facts: AircraftFacts,
}

/// The checks of a sortie that need the records (R9), then its crew's fates, the
/// forced landing played out into `sortie` when it came down; every problem found.
fn settle(
    report: &SortieReport,
    assignment: Assignment,
    aircraft: &Aircraft<'_>,
    crew: &[&CrewmanView],
    sortie: &mut Sortie,
    game: &Game<'_>,
) -> Result<Vec<PlannedFate>, Vec<ServiceError>> {
    let side = aircraft.facts.side;
    let mut problems = Vec::new();
    if let Err(e) = check_crew(report, &aircraft.facts, crew, game.date) {
        problems.push(e);
    }
    if let Some(flown) = game.missions.get(side) {
        let in_seat = |position: Role| {
            report
                .crew
                .iter()
                .find(|c| c.position == position)
                .map(|c| c.crew_id)
        };
        if let Err(e) = check_mission_sortie(
            side,
            flown.mission.mission_type,
            game.assigned.get(side).as_ref(),
            &ReportedSortie {
                key: &report.key,
                assignment,
                aircraft_id: aircraft.record.id,
                pilot_id: in_seat(Role::Pilot),
                observer_id: in_seat(Role::Observer),
            },
        ) {
            problems.push(e.into());
        }
    }
    let setting = campaign::down::Setting {
        side,
        offensive: game.offensive,
        date: game.date,
        dual_controls: aircraft.record.dual_controls,
    };
    match fates::plan(report, crew, setting, sortie, game.chain) {
        Ok(fates) if problems.is_empty() => Ok(fates),
        Ok(_) => Err(problems),
        Err(e) => {
            match e {
                ServiceError::Problems(all) => problems.extend(all),
                one => problems.push(one),
            }
            Err(problems)
        }
    }
}

fn sortie(report: &SortieReport, aircraft: &Aircraft<'_>, assignment: Assignment) -> Sortie {
    Sortie {
        key: report.key.clone(),
        side: aircraft.facts.side,
        assignment,
        two_seater: aircraft.facts.two_seater,
        turns_on_board: report.turns_on_board,
        // As sent; without it, as the way it came down makes likely until the
        // forced-landing tables say (a landing behind its own lines keeps it).
        aircraft_lost: report.aircraft_lost.unwrap_or_else(|| {
            report.down.as_ref().is_some_and(|d| match d.how {
                How::OffBoard => false,
                How::Landed => d.side_of_lines != Some(SideOfLines::Own),
                How::ShotDown | How::Exploded | How::BailedOut => true,
            })
        }),
        down: report.down.as_ref().map(|d| d.how),
        dual_controls: aircraft.record.dual_controls,
        crew: report
            .crew
            .iter()
            .map(|c| SortieCrew {
                crew: CrewId(c.crew_id),
                position: c.position,
                red_hits: c.red_hits,
                wound_boxes: c.wound_boxes,
                outcome: c.outcome.unwrap_or(Outcome::Unharmed),
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
            "aircraft {} has no pilot; list the crewman who flew it as the pilot",
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
