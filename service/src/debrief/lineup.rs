//! A debrief of a game with a line-up (API v1.2, R16) covers exactly its sorties:
//! each report names a declared sortie, by `sortie_id` or by its key, and takes from
//! it what it leaves out (key, aircraft, assignment, crew); what it sends must agree.
//! A game without a line-up is debriefed as in v1, its sorties given in the debrief.

use campaign::crew::Role;
use campaign::missions::Assignment;
use eagles_db::aircraft::AircraftType;
use eagles_db::crew::CrewRecord;
use eagles_db::debriefs::GameMission;
use eagles_db::lineup::{LineupSeat, LineupSortie};
use eagles_office::debrief::{CrewReport, SortieReport};
use eagles_office::Locus;

use crate::error::ServiceError;

/// A game's sorties with their seats, as read under the campaign's lock: those declared
/// (`POST …/sorties`), the mission aircraft's among them.
pub(super) struct Lineup {
    pub sorties: Vec<LineupSortie>,
    pub seats: Vec<LineupSeat>,
}

impl Lineup {
    /// Fills each report from the declared sortie it names and checks that the reports
    /// cover the line-up one for one; every problem at once, each at its sortie.
    pub fn resolve(&self, reports: &mut [SortieReport]) -> Result<(), ServiceError> {
        let mut problems = Vec::new();
        // Every sortie is declared, the mission aircraft's too (API v1.3).
        if self.sorties.is_empty() {
            for report in reports.iter() {
                if report.sortie_id.is_some() {
                    problems.push(at(
                        report,
                        "the game has no line-up, so no sortie names a declared one: give its aircraft and crew",
                    ));
                } else if report.key.trim().is_empty() {
                    problems.push(at(
                        report,
                        "a sortie needs its key, the name kills give it (a1, a2, … Allied; c1, … Central)",
                    ));
                }
            }
            return ServiceError::all(problems).map_or(Ok(()), Err);
        }
        let mut covered = Vec::with_capacity(reports.len());
        for report in reports.iter_mut() {
            match self.declared(report) {
                Ok(declared) => {
                    if covered.contains(&declared.id) {
                        problems.push(at(
                            report,
                            &format!(
                                "{} is reported twice; report each sortie once",
                                declared.key
                            ),
                        ));
                        continue;
                    }
                    covered.push(declared.id);
                    if let Err(e) = self.fill(report, declared) {
                        problems.push(e);
                    }
                }
                Err(e) => problems.push(e),
            }
        }
        for missing in self.sorties.iter().filter(|s| !covered.contains(&s.id)) {
            problems.push(refused(
                &format!(
                    "{} ({}, {}) of the line-up is not in the debrief: the debrief covers every declared sortie",
                    missing.key,
                    missing.aircraft_name,
                    self.crew_words(missing.id)
                ),
                missing.key.clone(),
            ));
        }
        ServiceError::all(problems).map_or(Ok(()), Err)
    }

    /// 409 when the game has a line-up but a side's assigned mission aircraft is not
    /// in it: the debrief would have no mission sortie for that side. Names the
    /// aircraft to declare, its type and crew (§13.20, R16, API v1.3).
    pub fn mission_declared(
        &self,
        missions: &[GameMission],
        crew: &[CrewRecord],
        aircraft: &[AircraftType],
    ) -> Result<(), ServiceError> {
        if self.sorties.is_empty() {
            return Ok(());
        }
        let name = |id: i64| {
            crew.iter()
                .find(|c| c.id == id)
                .map_or_else(|| "a crewman".to_owned(), |c| c.name.clone())
        };
        let mut missing = Vec::new();
        for mission in missions {
            let (Some(aircraft_id), Some(pilot)) = (mission.aircraft_type_id, mission.pilot_id)
            else {
                continue;
            };
            if self
                .sorties
                .iter()
                .any(|s| s.side == mission.side && s.assignment == Assignment::Mission)
            {
                continue;
            }
            let plane = aircraft
                .iter()
                .find(|a| a.id == aircraft_id)
                .map_or("its aircraft", |a| a.name.as_str());
            let flown = match mission.observer_id {
                Some(observer) => format!("{} with {}", name(pilot), name(observer)),
                None => name(pilot),
            };
            missing.push(format!(
                "the {} mission aircraft, the {plane} flown by {flown}",
                mission.side.label()
            ));
        }
        if missing.is_empty() {
            return Ok(());
        }
        Err(ServiceError::Conflict(format!(
            "the line-up has no sortie for {}: declare it into the line-up as assigned before the debrief (§13.20)",
            missing.join(" and ")
        )))
    }

    /// The declared sortie `report` names.
    fn declared(&self, report: &SortieReport) -> Result<&LineupSortie, ServiceError> {
        let keys = || {
            self.sorties
                .iter()
                .map(|s| s.key.as_str())
                .collect::<Vec<_>>()
                .join(", ")
        };
        match report.sortie_id {
            Some(id) => self.sorties.iter().find(|s| s.id == id).ok_or_else(|| {
                at(
                    report,
                    &format!(
                        "an aircraft of the report is not in this game's line-up ({}); name one of those",
                        keys()
                    ),
                )
            }),
            None => self
                .sorties
                .iter()
                .find(|s| s.key == report.key)
                .ok_or_else(|| {
                    at(
                        report,
                        &format!(
                            "{} is not an aircraft of this game's line-up ({}): name each by its key",
                            report.key,
                            keys()
                        ),
                    )
                }),
        }
    }

    /// Fills what `report` leaves out from `declared` and checks what it sends.
    fn fill(&self, report: &mut SortieReport, declared: &LineupSortie) -> Result<(), ServiceError> {
        let key = &declared.key;
        if !report.key.is_empty() && report.key != *key {
            return Err(at(
                report,
                &format!(
                    "sortie {} is {key} in the line-up, not \"{}\"",
                    declared.id, report.key
                ),
            ));
        }
        report.key.clone_from(key);
        if report
            .aircraft_id
            .is_some_and(|a| a != declared.aircraft_type_id)
        {
            return Err(at(
                report,
                &format!(
                    "{key} flies the {} declared in the line-up",
                    declared.aircraft_name
                ),
            ));
        }
        report.aircraft_id = Some(declared.aircraft_type_id);
        if report.assignment.is_some_and(|a| a != declared.assignment) {
            return Err(at(
                report,
                &format!("{key} flies {} in the line-up", declared.assignment.label()),
            ));
        }
        report.assignment = Some(declared.assignment);
        let seats: Vec<&LineupSeat> = self
            .seats
            .iter()
            .filter(|s| s.sortie_id == declared.id)
            .collect();
        if report.crew.is_empty() {
            report.crew = seats
                .iter()
                .map(|seat| CrewReport {
                    crew_id: seat.crew_id,
                    position: seat.position,
                    red_hits: 0,
                    wound_boxes: 0,
                    outcome: None,
                    dice: None,
                })
                .collect();
            return Ok(());
        }
        let agrees = report.crew.len() == seats.len()
            && report.crew.iter().all(|c| {
                seats
                    .iter()
                    .any(|s| s.crew_id == c.crew_id && s.position == c.position)
            });
        if agrees {
            Ok(())
        } else {
            Err(at(
                report,
                &format!(
                    "{key}'s crew is {} in the line-up",
                    self.crew_words(declared.id)
                ),
            ))
        }
    }

    /// "Ball (pilot) and Hooper (observer)".
    fn crew_words(&self, sortie_id: i64) -> String {
        let mut seats: Vec<&LineupSeat> = self
            .seats
            .iter()
            .filter(|s| s.sortie_id == sortie_id)
            .collect();
        seats.sort_by_key(|s| s.position != Role::Pilot);
        seats
            .iter()
            .map(|s| format!("{} ({})", s.name, s.position.as_str()))
            .collect::<Vec<_>>()
            .join(" and ")
    }
}

/// A refusal of R16 at the sortie `report` names.
fn at(report: &SortieReport, words: &str) -> ServiceError {
    let key = if report.key.is_empty() {
        report
            .sortie_id
            .map_or_else(|| "an aircraft".to_owned(), |id| format!("sortie {id}"))
    } else {
        report.key.clone()
    };
    refused(words, key)
}

fn refused(words: &str, key: String) -> ServiceError {
    ServiceError::Unprocessable {
        detail: format!("§13.20: {words}"),
        rule: Some("R16"),
        at: Some(Locus::Sortie(key)),
    }
}
