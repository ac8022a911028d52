//! The rules crate's consistency check of a debrief (`Debrief::check_parts`), run once
//! over everything read, each of its problems placed on the part of the report it is
//! in.

use campaign::debrief::{Debrief, Part};
use eagles_db::debriefs::GameMission;

use crate::error::{Locus, ServiceError};

/// Every problem of `debrief`, in report order, each pointed at its part: the turns, a
/// sortie by its key, one of its crewmen, a mission by its id, or the kills.
pub(super) fn check(debrief: &Debrief, missions: &[GameMission]) -> Vec<ServiceError> {
    let Err(problems) = debrief.check_parts() else {
        return Vec::new();
    };
    problems
        .into_iter()
        .map(|problem| {
            let locus = match problem.part {
                Part::Turns => Some(Locus::Field("turns_played")),
                Part::Sortie(key) => Some(Locus::Sortie(key.to_owned())),
                Part::Crew(key, crew) => Some(Locus::SortiePart {
                    key: key.to_owned(),
                    crew_id: Some(crew.0),
                    field: None,
                }),
                Part::Mission(side) => missions
                    .iter()
                    .find(|m| m.side == side)
                    .map(|m| Locus::Mission(m.id)),
                Part::Kills => Some(Locus::Kills),
            };
            let error = ServiceError::from(problem.error);
            match locus {
                Some(locus) => error.at(locus),
                None => error,
            }
        })
        .collect()
}
