//! A debrief's refusal names its crewmen and aircraft types (API v1.3, "Words"): the
//! rules crate knows them by id only, the report's check has the roster at hand.

use std::collections::HashMap;

use eagles_db::aircraft::AircraftType;

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
            let detail = numbered(&detail, "crewman ", |id| {
                roster.get(&id).map(|c| c.name.clone())
            });
            let detail = numbered(&detail, "aircraft type ", |id| {
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

/// `text` with every "`prefix`N" whose N `name` knows replaced by the name.
fn numbered(text: &str, prefix: &str, name: impl Fn(i64) -> Option<String>) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find(prefix) {
        let after = &rest[at + prefix.len()..];
        let digits = after.chars().take_while(char::is_ascii_digit).count();
        let known = after[..digits].parse().ok().and_then(&name);
        out.push_str(&rest[..at]);
        match known {
            Some(n) => {
                out.push_str(&n);
                rest = &after[digits..];
            }
            None => {
                out.push_str(prefix);
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_become_names() {
        let name = |id| (id == 6).then(|| "Jean Chaput".to_owned());
        assert_eq!(
            numbered(
                "§10.01: crewman 6 has 4 wound boxes; crewman 7 and crewman x",
                "crewman ",
                name
            ),
            "§10.01: Jean Chaput has 4 wound boxes; crewman 7 and crewman x"
        );
    }
}
