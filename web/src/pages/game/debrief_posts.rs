//! The debrief form's posts: the debrief itself, and its other buttons, which write
//! nothing (a row more, the preview of the rolls).

use actix_web::http::StatusCode;
use actix_web::{post, web, HttpResponse};
use eagles_office::prelude::*;

use super::debrief_form::RawForm;
use super::{game_of, game_url, GamePage, Ports};
use crate::error::PageError;
use crate::pages::{render, see_other};
use crate::session::Session;

/// What a post of the debrief form asks.
enum Ask {
    /// The debrief, written once.
    Debrief,
    /// The rolls it would make, written nowhere.
    Preview,
}

#[post("/campaigns/{cid}/games/{gid}/debrief")]
pub async fn debrief(
    ports: Ports,
    session: Session,
    path: web::Path<(i64, i64)>,
    form: web::Form<RawForm>,
) -> Result<HttpResponse, PageError> {
    send(&ports, &session, game_of(path), &form, Ask::Debrief).await
}

/// The debrief form's other buttons, which write nothing. "Add an Allied (Central)
/// aircraft" and "Add a kill" give the form again with one more row, everything typed
/// kept. "Preview the rolls" checks the form as a debrief would be checked and shows
/// the tables each crewman's fate goes through with their modifiers, and what the
/// dice entered give — no die is rolled for it (R14: the submit rolls what was not
/// entered, once) — or every refusal placed as a debrief's would be.
#[post("/campaigns/{cid}/games/{gid}/debrief/preview")]
pub async fn preview_debrief(
    ports: Ports,
    session: Session,
    path: web::Path<(i64, i64)>,
    form: web::Form<RawForm>,
) -> Result<HttpResponse, PageError> {
    send(&ports, &session, game_of(path), &form, Ask::Preview).await
}

/// The debrief form sent to the office as `ask` says: the debrief back to the game
/// once written, the preview on the page, a refusal placed on the form.
async fn send(
    ports: &Ports,
    session: &Session,
    game: GameRef,
    form: &RawForm,
    ask: Ask,
) -> Result<HttpResponse, PageError> {
    let user = session.sender(form.value("csrf"))?;
    let (debriefs, ..) = ports;
    if matches!(ask, Ask::Preview) && !form.adding().is_empty() {
        let page = GamePage::load(ports, session, game, form).await?;
        return Ok(render(&page, StatusCode::OK));
    }
    let mut page = GamePage::load(ports, session, game, form).await?;
    let Some(request) = page.debrief.request() else {
        return Ok(render(&page, StatusCode::UNPROCESSABLE_ENTITY));
    };
    let error = match ask {
        Ask::Debrief => match debriefs.debrief(user, game, request).await {
            Ok(_) => return Ok(see_other(&game_url(game))),
            Err(error) => error,
        },
        Ask::Preview => match debriefs.preview_debrief(user, game, request).await {
            Ok(crew) => {
                page.debrief.show_preview(&crew);
                return Ok(render(&page, StatusCode::OK));
            }
            Err(error) => error,
        },
    };
    refused(&mut page, error)
}

/// The debrief page again with every problem of the refusal placed by its locus (the
/// row, the crewman, the field) and said in the page's words, a debrief's or a
/// preview's alike; a 409 goes above the page.
fn refused(page: &mut GamePage, error: Error) -> Result<HttpResponse, PageError> {
    let status = match error {
        Error::Conflict(detail) => {
            page.message = Some(detail);
            StatusCode::CONFLICT
        }
        e @ (Error::Unprocessable { .. } | Error::Problems(_)) => {
            page.debrief.place(&e);
            StatusCode::UNPROCESSABLE_ENTITY
        }
        other => return Err(other.into()),
    };
    Ok(render(page, status))
}
