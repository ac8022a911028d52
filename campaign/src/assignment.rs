//! Which aircraft and crew may fly which mission (R9, R11, §13.20).

use chrono::NaiveDate;

use crate::calendar::{first_of_month, in_service};
use crate::crew::Role;
use crate::error::RuleError;
use crate::missions::{AircraftRequirement, MissionType};
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

#[cfg(test)]
mod tests {
    use super::*;
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
        for m in [
            ObserveAirfield,
            ObserveHq,
            ObserveTroops,
            BombAirfield,
            BombHq,
            DirectArtillery,
        ] {
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
            "R9: bomb enemy HQ needs a two-seater; Sopwith Camel is not one"
        );
    }

    // R9: fighter sweep and scramble need a single-seat pursuit aircraft.
    #[test]
    fn r9_single_seater_missions() {
        for m in [FighterSweep, Scramble] {
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
        for m in [StrafeTrenches, BalloonBusting] {
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
            "R9: Sopwith Camel enters service on 1917-07-01; the week is dated 1917-06-30"
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
            "R9: Smith flies as observer and cannot take the pilot's seat"
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
}
