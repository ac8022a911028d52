//! A debrief's refusal names its crewmen and aircraft types (API v1.3, "Words"): the
//! rules crate knows them by id only, the report's check has the roster at hand.

use std::collections::HashMap;

use eagles_db::aircraft::AircraftType;
use eagles_office::words::named_ids;

use crate::crew::CrewmanView;
use crate::error::ServiceError;

/// `problem` with every "crewman N" and "aircraft type N" the debrief's roster and
/// types know replaced by the name; its rule and locus are kept.
pub(super) fn named(
    problem: ServiceError,
    roster: &HashMap<i64, CrewmanView>,
    types: &HashMap<i64, AircraftType>,
) -> ServiceError {
    match problem {
        ServiceError::Unprocessable { detail, rule, at } => {
            let detail = named_ids(&detail, "crewman ", |id| {
                roster.get(&id).map(|c| c.name.clone())
            });
            let detail = named_ids(&detail, "aircraft type ", |id| {
                types.get(&id).map(|t| t.name.clone())
            });
            ServiceError::Unprocessable { detail, rule, at }
        }
        ServiceError::Problems(all) => {
            ServiceError::Problems(all.into_iter().map(|p| named(p, roster, types)).collect())
        }
        other => other,
    }
}
