//! R9 at assignment: the facts the rules crate's `check_mission_assignment` needs,
//! read from the database. An id that names no aircraft type, or no crewman of this
//! campaign, is a 422: it is a reference in the body, not the resource addressed.

use campaign::assignment::{check_mission_assignment, AircraftFacts, CrewFacts};
use eagles_db::campaigns::Campaign;
use eagles_db::diesel_async::AsyncPgConnection;
use eagles_db::games::{GameRecord, MissionCrew, MissionRecord};

use super::AssignmentRequest;
use crate::error::ServiceError;

pub(crate) async fn aircraft_facts(
    conn: &mut AsyncPgConnection,
    aircraft_id: i64,
) -> Result<AircraftFacts, ServiceError> {
    let aircraft = eagles_db::aircraft::find(conn, aircraft_id)
        .await?
        .ok_or_else(|| {
            ServiceError::invalid("the aircraft chosen is no aircraft type of the rulebook; pick one of appendix A or B")
        })?;
    Ok(AircraftFacts {
        side: aircraft.side,
        two_seater: aircraft.crew == 2,
        service_start: aircraft.service_start,
        name: aircraft.name,
    })
}

pub(crate) async fn crew_facts(
    conn: &mut AsyncPgConnection,
    campaign_id: i64,
    field: &str,
    crew_id: i64,
    week: i32,
) -> Result<CrewFacts, ServiceError> {
    let record = eagles_db::crew::find(conn, campaign_id, crew_id)
        .await?
        .ok_or_else(|| {
            ServiceError::invalid(format!(
                "the {} chosen is no crewman of this campaign; assign crew of this campaign",
                field.trim_end_matches("_id").replace("crew", "crewman")
            ))
        })?;
    let view = crate::crew::crewman_view(record, week)?;
    Ok(CrewFacts {
        name: view.name,
        role: view.role,
        side: view.side,
        available: view.available,
    })
}

/// Checks an assignment against R9 for the mission's side and type on the game's
/// week (its date, and who is available then), and returns what to store.
pub async fn check(
    conn: &mut AsyncPgConnection,
    campaign: &Campaign,
    game: &GameRecord,
    mission: &MissionRecord,
    request: &AssignmentRequest,
) -> Result<MissionCrew, ServiceError> {
    let aircraft = aircraft_facts(conn, request.aircraft_id).await?;
    let pilot = crew_facts(conn, campaign.id, "pilot_id", request.pilot_id, game.week).await?;
    let observer = match request.observer_id {
        Some(id) => Some(crew_facts(conn, campaign.id, "observer_id", id, game.week).await?),
        None => None,
    };
    let date = campaign.week_date(game.week);
    check_mission_assignment(
        mission.side,
        mission.mission_type,
        date,
        &aircraft,
        &pilot,
        observer.as_ref(),
    )?;
    Ok(MissionCrew {
        aircraft_type_id: request.aircraft_id,
        pilot_id: request.pilot_id,
        observer_id: request.observer_id,
    })
}
