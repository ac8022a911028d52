//! The game's missions as the debrief reads them, and the reports of their mission
//! aircraft (R9, R10). A mission with no mission sortie fails and may report no facts;
//! one reported landed safely must have been able to (R10, §9.00).

use std::collections::HashMap;

use campaign::assignment::AssignedMission;
use campaign::debrief::{Debrief, FlownMission, Sortie};
use campaign::landed_safely;
use campaign::missions::Assignment;
use campaign::sides::{PerSide, Side};
use campaign::success::{check_report, MissionReport};
use campaign::tables::mission::RolledMission;
use eagles_db::aircraft::AircraftType;
use eagles_db::debriefs::GameMission;

use super::super::request::MissionFacts;
use super::within_bounds;
use crate::crew::CrewmanView;
use crate::error::{Locus, ServiceError};

/// Each side's mission in the game, with nothing reported yet.
pub(super) fn flown(missions: &[GameMission]) -> PerSide<Option<FlownMission>> {
    let mut flown = PerSide::default();
    for m in missions {
        *flown.get_mut(m.side) = Some(FlownMission {
            mission: RolledMission {
                mission_type: m.mission_type,
                trips_needed: m.trips_needed.and_then(|t| u32::try_from(t).ok()),
            },
            report: MissionReport::default(),
        });
    }
    flown
}

/// Each side's mission as assigned, named for R9's messages; none where the mission
/// was never assigned.
pub(super) fn assigned(
    missions: &[GameMission],
    roster: &HashMap<i64, CrewmanView>,
    types: &HashMap<i64, AircraftType>,
) -> PerSide<Option<AssignedMission>> {
    let name_of = |id: i64| {
        roster
            .get(&id)
            .map_or_else(|| format!("crewman {id}"), |c| c.name.clone())
    };
    let assigned = |side: Side| {
        let m = missions.iter().rev().find(|m| m.side == side)?;
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
        allied: assigned(Side::Allied),
        central: assigned(Side::Central),
    }
}

/// Checks the mission reports in order and joins them to `debrief`, each refusal
/// pointed at its mission; every mission's problem at once.
pub(super) fn check_reports(
    reports: &[MissionFacts],
    missions: &[GameMission],
    debrief: &mut Debrief,
) -> Result<(), ServiceError> {
    let mut reported = Vec::new();
    let problems: Vec<ServiceError> = reports
        .iter()
        .filter_map(|facts| {
            check_report_of(facts, missions, &mut reported, debrief)
                .map_err(|e| e.at(Locus::Mission(facts.mission_id)))
                .err()
        })
        .collect();
    ServiceError::all(problems).map_or(Ok(()), Err)
}

/// Checks the report of one mission (R10) and joins it to `debrief`; `reported` holds
/// the missions already reported.
fn check_report_of(
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
                "the mission reported is not a mission of this game; its missions are {}",
                list_ids(game_missions)
            ))
        })?;
    if reported.contains(&mission.id) {
        return Err(ServiceError::invalid(format!(
            "{} is reported twice; report each mission once",
            said(mission)
        )));
    }
    reported.push(mission.id);
    let report = facts.report();
    for (field, n) in [
        ("hexes observed", report.hexes_observed),
        ("trips", report.trips),
        ("trench hexes strafed", report.hexes_strafed),
    ] {
        within_bounds(&format!("the {field} of {}", said(mission)), n)?;
    }
    let flown = debrief
        .missions
        .get_mut(side)
        .as_mut()
        .expect("every stored mission is in the debrief");
    let has_sortie = has_mission_sortie(&debrief.sorties, side);
    if !flown.mission.mission_type.is_sweep() && !has_sortie && report != MissionReport::default() {
        return Err(ServiceError::Unprocessable {
            rule: Some("R9"),
            detail: format!(
                "§13.20: {} has no aircraft marked as flying it in this debrief, so it cannot report results; mark its aircraft as flying the mission or leave the facts out",
                said(mission)
            ),
            at: None,
        });
    }
    if report.landed_safely {
        check_landed_safely(side, &debrief.sorties)?;
    }
    check_report(&flown.mission, &report)?;
    flown.report = report;
    Ok(())
}

/// A mission aircraft lost, come down on the board, or with nobody left to fly it
/// home did not land safely; the rule is the rules crate's (R10, §9.00, API v1.2).
fn check_landed_safely(side: Side, sorties: &[Sortie]) -> Result<(), ServiceError> {
    sorties
        .iter()
        .filter(|s| s.side == side && s.assignment == Assignment::Mission)
        .try_for_each(landed_safely::check_landed_safely)
        .map_err(ServiceError::from)
}

fn has_mission_sortie(sorties: &[Sortie], side: Side) -> bool {
    sorties
        .iter()
        .any(|s| s.side == side && s.assignment == Assignment::Mission)
}

fn list_ids(missions: &[GameMission]) -> String {
    if missions.is_empty() {
        return "none yet".into();
    }
    crate::error::one_of(missions.iter().map(said))
}

/// A mission as people name it: "the Allied mission (observe enemy HQ)".
fn said(mission: &GameMission) -> String {
    format!(
        "the {} mission ({})",
        mission.side.label(),
        mission.mission_type.label()
    )
}
