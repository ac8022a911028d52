//! A refusal on the sheets page: the page again with the form as sent, each problem in
//! the page's words beside the field it concerns.

use std::collections::BTreeMap;

use actix_web::http::StatusCode;
use actix_web::HttpResponse;
use eagles_office::prelude::*;
use eagles_office::Locus;

use super::forms::{CombatForm, DeclareForm, MarkForm, TablesForm};
use super::{Ports, SheetsPage, SheetsQuery, Stale};
use crate::error::PageError;
use crate::form::FieldErrors;
use crate::pages::form_page::{refusal, Refusal};
use crate::pages::game::Words;
use crate::pages::render;
use crate::session::Session;

/// A form sent back to its sheet with the reasons it was refused.
pub(super) enum Sent {
    Mark(MarkForm),
    Combat(CombatForm),
    Tables(TablesForm),
}

impl Sent {
    pub(super) fn csrf(&self) -> &str {
        match self {
            Sent::Mark(f) => &f.csrf,
            Sent::Combat(f) => &f.csrf,
            Sent::Tables(f) => &f.csrf,
        }
    }
}

/// The page again, the form `sent` back on its sheet with `errors` and the office's
/// refusal placed beside its fields.
pub(super) async fn refused(
    ports: &Ports,
    session: &Session,
    ids: (i64, i64),
    sortie_id: i64,
    sent: Sent,
    mut errors: FieldErrors,
    error: Option<Error>,
) -> Result<HttpResponse, PageError> {
    let query = SheetsQuery::default();
    let mut page = SheetsPage::load(ports, session, ids, &query, &DeclareForm::default()).await?;
    let Some(panel) = page.panel_mut(sortie_id) else {
        return Err(PageError::new(
            StatusCode::NOT_FOUND,
            "no sheet of yours in this game has that number",
        ));
    };
    let field_of: fn(&Sent, Option<&Locus>) -> &'static str = |sent, locus| {
        let field = match locus {
            Some(Locus::Field(f)) => *f,
            _ => "",
        };
        match (sent, field) {
            (Sent::Mark(m), _) => match (m.kind.as_str(), field) {
                ("damage", "section") => "damage_section",
                ("damage", "marker") => "damage_marker",
                ("damage", _) => "damage_boxes",
                ("wound", _) => "wound_crewman",
                ("effect", _) => "effect",
                ("turn", _) => "turn",
                ("claim", "shooters") => "claim_shooters",
                ("claim", _) => "claim_victim",
                ("mission", _) => "mission",
                ("down", _) => "down",
                ("escaped", _) => "escaped",
                _ => "undo",
            },
            (Sent::Combat(_), "shooter") => "shooter",
            (Sent::Combat(_), "target_sortie") => "target",
            (Sent::Combat(_), "range") => "range",
            (Sent::Combat(_), "burst") => "burst",
            (Sent::Combat(_), "dice") => "combat_dice",
            (Sent::Combat(_), _) => "combat",
            (Sent::Tables(_), "dice") => "tables_dice",
            (Sent::Tables(_), "crew_ids") => "tables_crewman",
            (Sent::Tables(_), "position") => "tables_position",
            (Sent::Tables(_), "section") => "tables_section",
            (Sent::Tables(_), _) => "tables",
        }
    };
    std::mem::swap(&mut panel.errors, &mut errors);
    let status = match (error, &sent) {
        (Some(Error::PreconditionFailed(changed)), Sent::Mark(form)) => {
            panel.stale = Some(Stale::of(changed, form));
            StatusCode::PRECONDITION_FAILED
        }
        (error, _) => match error {
            Some(error) => place(&mut page, error, Some(sortie_id), |l| field_of(&sent, l))?,
            None => StatusCode::UNPROCESSABLE_ENTITY,
        },
    };
    let panel = page.panel_mut(sortie_id).expect("found above");
    match sent {
        Sent::Mark(m) => {
            panel.typed(&m);
            panel.mark = m;
        }
        Sent::Combat(c) => panel.combat = c,
        Sent::Tables(t) => panel.tables = t,
    }
    Ok(render(&page, status))
}

/// The field names of the API's requests as the sheet's forms label them.
const LABELS: &[(&str, &str)] = &[
    ("target_sortie", "target"),
    ("victim_sortie", "victim"),
    ("crew_ids", "crewmen"),
    ("crew_id", "crewman"),
    ("aircraft_id", "aircraft"),
];

/// A refusal's text in the page's words: no code formatting, fields as labelled,
/// crewmen and sorties by name rather than by id.
pub(super) fn in_words(error: &Error, names: &[(String, String)]) -> String {
    if let Some(Locus::SortiePart { .. }) = error.locus() {
        // A `down` the forced-landing tables cannot play out is refused as the debrief
        // refuses it: said with the came-down form's labels, the debrief form's.
        let crew = names
            .iter()
            .filter_map(|(id, name)| Some((id.parse().ok()?, name.clone())))
            .collect();
        let words = Words {
            crew,
            ..Words::default()
        };
        return words.say(&error.to_string());
    }
    let mut text = crate::pages::words::plain(error);
    for (field, label) in LABELS {
        for (id, name) in names {
            text = text.replace(&format!("{field} {id}"), name);
        }
        text = text.replace(field, label);
    }
    for (id, name) in names {
        for what in ["crewman", "sortie", "shooters", "shooter"] {
            text = text.replace(&format!("{what} {id} "), &format!("{name} "));
        }
    }
    text
}

/// Every problem of a refusal beside the field its locus names (`field_of`), in the
/// page's words; a 409 goes above the page, anything else is the error page.
pub(super) fn place(
    page: &mut SheetsPage,
    error: Error,
    sortie_id: Option<i64>,
    field_of: impl Fn(Option<&Locus>) -> &'static str,
) -> Result<StatusCode, PageError> {
    match refusal(error)? {
        Refusal::Conflict(detail) => {
            page.message = Some(detail);
            Ok(StatusCode::CONFLICT)
        }
        Refusal::Fields(e) => {
            let names = page.names();
            let mut placed: BTreeMap<&'static str, Vec<String>> = BTreeMap::new();
            for problem in e.problems() {
                placed
                    .entry(field_of(problem.locus()))
                    .or_default()
                    .push(in_words(problem, &names));
            }
            let errors = match sortie_id.and_then(|s| page.panel_mut(s)) {
                Some(panel) => &mut panel.errors,
                None => match page.declare.as_mut() {
                    Some(declare) => &mut declare.errors,
                    None => return Err(e.into()),
                },
            };
            for (field, reasons) in placed {
                errors.add(field, reasons.join("; "));
            }
            Ok(StatusCode::UNPROCESSABLE_ENTITY)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    // API v1.2, v1.3 "Words": the page refuses in its own words. A `down` the
    // forced-landing tables cannot play out (§11.01: a landing reads the hex's terrain)
    // comes back from the service in words, its sortie by key; the phone says it as
    // the debrief form does.
    #[test]
    fn a_refused_landing_is_said_with_the_forms_labels() {
        let error = Error::Unprocessable {
            detail: "aircraft c1 (landed): §11.01: a landing is rolled against the hex's terrain; give the terrain of the hex (airfield, clear, river, railway, marsh, woods, trench line, shell holes or village)".to_owned(),
            rule: Some("§11.01"),
            at: Some(Locus::SortiePart {
                key: "c1".to_owned(),
                crew_id: None,
                field: Some("down.terrain"),
            }),
        };
        let said = in_words(&error, &[("7".to_owned(), "Max Weiss".to_owned())]);
        assert_eq!(
            said,
            "aircraft c1 (landed): §11.01: a landing is rolled against the hex's terrain; give the terrain of the hex (airfield, clear, river, railway, marsh, woods, trench line, shell holes or village)"
        );
    }
}
