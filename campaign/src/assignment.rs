//! Which aircraft and crew may fly which mission (R9, R11, §13.20).

use chrono::NaiveDate;

use crate::calendar::{first_of_month, in_service};
use crate::crew::Role;
use crate::error::RuleError;
use crate::missions::{AircraftRequirement, Assignment, MissionType};
use crate::sides::Side;

/// An aircraft type as R9 needs to see it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AircraftFacts {
    /// Type name, for messages.
    pub name: String,
    /// The side that flies it.
    pub side: Side,
    /// Whether it has an observer's seat (R11).
    pub two_seater: bool,
    /// Its service start (any day of the month: the first counts, R15).
    pub service_start: NaiveDate,
}

/// A crewman as R9 needs to see him.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CrewFacts {
    /// Name, for messages.
    pub name: String,
    /// Pilot or observer.
    pub role: Role,
    /// His side.
    pub side: Side,
    /// Whether he can fly this week.
    pub available: bool,
}

/// Checks any sortie: the aircraft is of the side and in service on the week's date;
/// the crew are of the side, available and in their own seats; an observer only in a
/// two-seater (R9, R11).
pub fn check_sortie(
    side: Side,
    week_date: NaiveDate,
    aircraft: &AircraftFacts,
    pilot: &CrewFacts,
    observer: Option<&CrewFacts>,
) -> Result<(), RuleError> {
    if aircraft.side != side {
        return Err(RuleError::AircraftWrongSide {
            aircraft: aircraft.name.clone(),
            aircraft_side: aircraft.side,
            side,
        });
    }
    if !in_service(aircraft.service_start, week_date) {
        return Err(RuleError::AircraftNotInService {
            aircraft: aircraft.name.clone(),
            service_start: first_of_month(aircraft.service_start),
            date: week_date,
        });
    }
    if observer.is_some() && !aircraft.two_seater {
        return Err(RuleError::NoObserverSeat {
            aircraft: aircraft.name.clone(),
        });
    }
    check_crewman(side, Role::Pilot, pilot)?;
    if let Some(observer) = observer {
        check_crewman(side, Role::Observer, observer)?;
    }
    Ok(())
}

fn check_crewman(side: Side, seat: Role, crew: &CrewFacts) -> Result<(), RuleError> {
    if crew.role != seat {
        return Err(RuleError::CrewWrongRole {
            crew: crew.name.clone(),
            role: crew.role,
            seat,
        });
    }
    if crew.side != side {
        return Err(RuleError::CrewWrongSide {
            crew: crew.name.clone(),
            crew_side: crew.side,
            side,
        });
    }
    if !crew.available {
        return Err(RuleError::CrewUnavailable {
            crew: crew.name.clone(),
        });
    }
    Ok(())
}

/// Checks the mission aircraft of a side: everything of [`check_sortie`], plus the
/// type the mission needs (two-seater for observation, bombing and artillery, with its
/// observer aboard; single-seater for fighter sweep and scramble; either for strafing
/// and balloon busting) (R9).
pub fn check_mission_assignment(
    side: Side,
    mission: MissionType,
    week_date: NaiveDate,
    aircraft: &AircraftFacts,
    pilot: &CrewFacts,
    observer: Option<&CrewFacts>,
) -> Result<(), RuleError> {
    let needs = mission.requirement();
    if !needs.allows(aircraft.two_seater) {
        return Err(RuleError::WrongAircraftType {
            aircraft: aircraft.name.clone(),
            mission,
            needs,
        });
    }
    check_sortie(side, week_date, aircraft, pilot, observer)?;
    if needs == AircraftRequirement::TwoSeater && observer.is_none() {
        return Err(RuleError::ObserverRequired { mission });
    }
    Ok(())
}

/// A side's mission as it was assigned (R9): what must fly it, named for messages.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AssignedMission {
    /// The aircraft type's id and name.
    pub aircraft: (i64, String),
    /// The pilot's id and name.
    pub pilot: (i64, String),
    /// The observer's id and name, when one was assigned.
    pub observer: Option<(i64, String)>,
}

/// A sortie of a debrief as R9's check of the mission sortie sees it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ReportedSortie<'a> {
    /// The sortie's key in the report.
    pub key: &'a str,
    /// Whether it is reported as the mission sortie.
    pub assignment: Assignment,
    /// Its aircraft type.
    pub aircraft_id: i64,
    /// Who flew it.
    pub pilot_id: Option<i64>,
    /// Who observed, in a two-seater.
    pub observer_id: Option<i64>,
}

/// R9 strictness for a sortie of `side`, whose mission is `mission`: unless it is
/// fighter sweep or scramble (where every aircraft is on the mission), a sortie marked
/// `mission` flies exactly the assignment (aircraft type, pilot and observer), a mission
/// never assigned has no mission sortie, and the assigned pilot flies the mission
/// sortie, not a sweep.
pub fn check_mission_sortie(
    side: Side,
    mission: MissionType,
    assigned: Option<&AssignedMission>,
    sortie: &ReportedSortie<'_>,
) -> Result<(), RuleError> {
    if mission.is_sweep() {
        return Ok(());
    }
    let Some(assigned) = assigned else {
        return match sortie.assignment {
            Assignment::Mission => Err(RuleError::MissionNotAssigned {
                sortie: sortie.key.to_owned(),
                side,
                mission,
            }),
            Assignment::Sweep => Ok(()),
        };
    };
    let flies_the_assignment = sortie.aircraft_id == assigned.aircraft.0
        && sortie.pilot_id == Some(assigned.pilot.0)
        && sortie.observer_id == assigned.observer.as_ref().map(|o| o.0);
    match sortie.assignment {
        Assignment::Mission if !flies_the_assignment => Err(RuleError::NotTheAssignedSortie {
            sortie: sortie.key.to_owned(),
            side,
            mission,
            aircraft: assigned.aircraft.1.clone(),
            pilot: assigned.pilot.1.clone(),
            observer: assigned
                .observer
                .as_ref()
                .map_or_else(|| "no observer".to_owned(), |o| format!("observer {}", o.1)),
        }),
        Assignment::Sweep if sortie.pilot_id == Some(assigned.pilot.0) => {
            Err(RuleError::AssignedPilotOnSweep {
                sortie: sortie.key.to_owned(),
                side,
                mission,
                pilot: assigned.pilot.1.clone(),
            })
        }
        Assignment::Mission | Assignment::Sweep => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::missions::r9_groups;
    use MissionType::*;

    fn d(y: i32, m: u32, day: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, day).unwrap()
    }

    fn bristol() -> AircraftFacts {
        AircraftFacts {
            name: "Bristol F2b".into(),
            side: Side::Allied,
            two_seater: true,
            service_start: d(1917, 7, 1),
        }
    }

    fn camel() -> AircraftFacts {
        AircraftFacts {
            name: "Sopwith Camel".into(),
            side: Side::Allied,
            two_seater: false,
            service_start: d(1917, 7, 1),
        }
    }

    fn crew(name: &str, role: Role) -> CrewFacts {
        CrewFacts {
            name: name.into(),
            role,
            side: Side::Allied,
            available: true,
        }
    }

    const DATE: NaiveDate = match NaiveDate::from_ymd_opt(1917, 8, 6) {
        Some(d) => d,
        None => panic!(),
    };

    fn assign(
        mission: MissionType,
        aircraft: &AircraftFacts,
        observer: Option<&CrewFacts>,
    ) -> Result<(), RuleError> {
        check_mission_assignment(
            Side::Allied,
            mission,
            DATE,
            aircraft,
            &crew("Ball", Role::Pilot),
            observer,
        )
    }

    // R9: observation, bombing, artillery need a two-seater with its observer.
    #[test]
    fn r9_two_seater_missions() {
        let obs = crew("Smith", Role::Observer);
        for m in r9_groups::TWO_SEATER {
            assert_eq!(assign(m, &bristol(), Some(&obs)), Ok(()));
            let e = assign(m, &camel(), None).unwrap_err();
            assert!(matches!(e, RuleError::WrongAircraftType { .. }), "{m}");
            assert_eq!(
                assign(m, &bristol(), None),
                Err(RuleError::ObserverRequired { mission: m })
            );
        }
        let e = assign(BombHq, &camel(), None).unwrap_err();
        assert_eq!(
            e.to_string(),
            "§13.20: bomb enemy HQ needs a two-seater; Sopwith Camel is not one"
        );
    }

    // R9: fighter sweep and scramble need a single-seat pursuit aircraft.
    #[test]
    fn r9_single_seater_missions() {
        for m in r9_groups::SINGLE_SEATER {
            assert_eq!(assign(m, &camel(), None), Ok(()));
            assert!(matches!(
                assign(m, &bristol(), None),
                Err(RuleError::WrongAircraftType { .. })
            ));
        }
    }

    // R9: strafing and balloon busting either type; a two-seater may fly without
    // its observer there.
    #[test]
    fn r9_either_missions() {
        for m in r9_groups::EITHER {
            assert_eq!(assign(m, &camel(), None), Ok(()));
            assert_eq!(assign(m, &bristol(), None), Ok(()));
            assert_eq!(
                assign(m, &bristol(), Some(&crew("Smith", Role::Observer))),
                Ok(())
            );
        }
    }

    // R9, R15: the aircraft must be in service by the week's date (first of month).
    #[test]
    fn r9_in_service() {
        let early = NaiveDate::from_ymd_opt(1917, 6, 30).unwrap();
        let e = check_sortie(
            Side::Allied,
            early,
            &camel(),
            &crew("Ball", Role::Pilot),
            None,
        )
        .unwrap_err();
        assert_eq!(
            e.to_string(),
            "appendix A/B: Sopwith Camel enters service on 1917-07-01; the week is dated 1917-06-30"
        );
        assert!(check_sortie(
            Side::Allied,
            d(1917, 7, 1),
            &camel(),
            &crew("Ball", Role::Pilot),
            None
        )
        .is_ok());
    }

    // R9: aircraft and crew of the side; crew in their own seats and available.
    #[test]
    fn r9_sides_seats_availability() {
        let mut fokker = camel();
        fokker.side = Side::Central;
        assert!(matches!(
            assign(StrafeTrenches, &fokker, None),
            Err(RuleError::AircraftWrongSide { .. })
        ));
        let mut german = crew("Boelcke", Role::Pilot);
        german.side = Side::Central;
        let e = check_sortie(Side::Allied, DATE, &camel(), &german, None).unwrap_err();
        assert!(matches!(e, RuleError::CrewWrongSide { .. }));
        let as_pilot = crew("Smith", Role::Observer);
        let e = check_sortie(Side::Allied, DATE, &camel(), &as_pilot, None).unwrap_err();
        assert_eq!(
            e.to_string(),
            "§13.02: Smith flies as observer and cannot take the pilot's seat"
        );
        let mut wounded = crew("Ball", Role::Pilot);
        wounded.available = false;
        assert_eq!(
            check_sortie(Side::Allied, DATE, &camel(), &wounded, None),
            Err(RuleError::CrewUnavailable {
                crew: "Ball".into()
            })
        );
        let obs = crew("Smith", Role::Observer);
        assert!(matches!(
            check_sortie(
                Side::Allied,
                DATE,
                &camel(),
                &crew("Ball", Role::Pilot),
                Some(&obs)
            ),
            Err(RuleError::NoObserverSeat { .. })
        ));
        let pilot_as_obs = crew("Mannock", Role::Pilot);
        assert!(matches!(
            check_sortie(
                Side::Allied,
                DATE,
                &bristol(),
                &crew("Ball", Role::Pilot),
                Some(&pilot_as_obs)
            ),
            Err(RuleError::CrewWrongRole {
                seat: Role::Observer,
                ..
            })
        ));
    }

    fn assigned_re8() -> AssignedMission {
        AssignedMission {
            aircraft: (7, "RE-8".into()),
            pilot: (1, "Albert Ball".into()),
            observer: Some((2, "Tom Mottershead".into())),
        }
    }

    fn reported(assignment: Assignment, aircraft_id: i64, pilot: i64) -> ReportedSortie<'static> {
        ReportedSortie {
            key: "a1",
            assignment,
            aircraft_id,
            pilot_id: Some(pilot),
            observer_id: Some(2),
        }
    }

    // R9: the mission sortie flies exactly the assigned aircraft and crew.
    #[test]
    fn r9_the_mission_sortie_is_the_assigned_one() {
        let re8 = assigned_re8();
        let mission = MissionType::ObserveHq;
        assert_eq!(
            check_mission_sortie(
                Side::Allied,
                mission,
                Some(&re8),
                &reported(Assignment::Mission, 7, 1)
            ),
            Ok(())
        );
        let other_type = check_mission_sortie(
            Side::Allied,
            mission,
            Some(&re8),
            &reported(Assignment::Mission, 8, 1),
        )
        .unwrap_err();
        assert_eq!(other_type.rule(), "R9");
        assert!(
            other_type
                .to_string()
                .contains("assigned to RE-8 with pilot Albert Ball and observer Tom Mottershead"),
            "{other_type}"
        );
    }

    // R9: the assigned pilot flies the mission, so he cannot be reported on a sweep; a
    // mission never assigned has no mission sortie.
    #[test]
    fn r9_the_assigned_pilot_and_an_unassigned_mission() {
        let re8 = assigned_re8();
        let on_sweep = check_mission_sortie(
            Side::Allied,
            MissionType::ObserveHq,
            Some(&re8),
            &reported(Assignment::Sweep, 7, 1),
        );
        assert!(matches!(
            on_sweep,
            Err(RuleError::AssignedPilotOnSweep { .. })
        ));
        let never_assigned = check_mission_sortie(
            Side::Allied,
            MissionType::ObserveHq,
            None,
            &reported(Assignment::Mission, 7, 1),
        );
        assert!(matches!(
            never_assigned,
            Err(RuleError::MissionNotAssigned { .. })
        ));
        assert_eq!(
            check_mission_sortie(
                Side::Allied,
                MissionType::ObserveHq,
                None,
                &reported(Assignment::Sweep, 7, 1)
            ),
            Ok(())
        );
    }

    // R9: on fighter sweep and scramble every aircraft of the side is on the mission.
    #[test]
    fn r9_on_a_sweep_any_sortie_may_be_either() {
        let re8 = assigned_re8();
        for mission in [MissionType::FighterSweep, MissionType::Scramble] {
            for assignment in [Assignment::Mission, Assignment::Sweep] {
                assert_eq!(
                    check_mission_sortie(
                        Side::Central,
                        mission,
                        Some(&re8),
                        &reported(assignment, 9, 1)
                    ),
                    Ok(())
                );
            }
        }
    }
}
