//! The rules crate's consistency check of a debrief (`Debrief::check`), run once over
//! everything read, its first problem placed on the part of the report it is in.

use campaign::debrief::{Debrief, Part};
use eagles_db::debriefs::GameMission;

use crate::error::{Locus, ServiceError};

/// Refuses the first problem of `debrief`, pointed at its part: the turns, a sortie by
/// its key, a mission by its id, or the kills.
pub(super) fn check(debrief: &Debrief, missions: &[GameMission]) -> Result<(), ServiceError> {
    debrief.check_parts().map_err(|problem| {
        let locus = match problem.part {
            Part::Turns => Some(Locus::Field("turns_played")),
            Part::Sortie(key) => Some(Locus::Sortie(key.to_owned())),
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
}
