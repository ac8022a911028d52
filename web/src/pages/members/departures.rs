//! Ending a membership (R2, R26): a referee removes a member, a player leaves; each
//! confirms in words, and the member's crewmen stay in the campaign's records.

use actix_web::http::StatusCode;
use actix_web::{post, HttpResponse};
use eagles_office::prelude::*;
use serde::Deserialize;

use super::{MembersPage, MembersPorts};
use crate::error::PageError;
use crate::form::FieldErrors;
use crate::pages::form_page::Sent;
use crate::pages::{render, see_other};
use crate::session::Session;

/// What the remove and leave forms send.
#[derive(Debug, Default, Deserialize)]
pub struct LeaveForm {
    #[serde(default)]
    pub csrf: String,
    /// The member removed; the leave form sends none.
    #[serde(default)]
    pub username: String,
    /// The box that says the sender means it.
    #[serde(default)]
    pub confirm: Option<String>,
}

#[post("/campaigns/{cid}/members/remove")]
pub async fn remove(ports: MembersPorts, sent: Sent<LeaveForm>) -> Result<HttpResponse, PageError> {
    depart(Departure::Removal, ports, sent).await
}

#[post("/campaigns/{cid}/members/leave")]
pub async fn leave(ports: MembersPorts, sent: Sent<LeaveForm>) -> Result<HttpResponse, PageError> {
    depart(Departure::Leaving, ports, sent).await
}

/// Who ends the membership: a referee removing a member, or the member himself.
#[derive(Clone, Copy)]
enum Departure {
    Removal,
    Leaving,
}

/// Ends the membership the form names once its box is ticked; otherwise, or when the
/// office refuses, the members page again with the form's reasons.
async fn depart(
    departure: Departure,
    ports: MembersPorts,
    (session, path, form): Sent<LeaveForm>,
) -> Result<HttpResponse, PageError> {
    let user = session.sender(&form.csrf)?;
    let campaign_id = path.into_inner();
    let form = form.into_inner();
    let mut errors = FieldErrors::default();
    let username = match departure {
        Departure::Removal => form.username.trim().to_owned(),
        Departure::Leaving => user.username.clone(),
    };
    if username.is_empty() {
        errors.add("username", "choose the member to remove");
    }
    if !crate::form::ticked(&form.confirm) {
        errors.add(
            "confirm",
            match departure {
                Departure::Removal => "tick the box to say you mean to remove this member",
                Departure::Leaving => "tick the box to say you mean to leave the campaign",
            },
        );
    }
    if errors.is_empty() {
        let member = MemberRef {
            campaign_id,
            username,
        };
        match (departure, ports.0.remove_member(user, member).await) {
            (Departure::Removal, Ok(())) => {
                return Ok(see_other(&format!("/campaigns/{campaign_id}/members")))
            }
            // He may no longer read a campaign open to its members only.
            (Departure::Leaving, Ok(())) => return Ok(see_other("/")),
            (Departure::Removal, Err(e @ (Error::Conflict(_) | Error::NotFound(_)))) => {
                errors.add("username", crate::pages::words::plain(&e))
            }
            (Departure::Leaving, Err(e @ Error::Conflict(_))) => {
                errors.add("confirm", crate::pages::words::plain(&e))
            }
            (_, Err(e)) => return Err(e.into()),
        }
    }
    refused(&ports, &session, campaign_id, form, errors).await
}

/// The members page again with the remove or leave form as sent and its reasons.
async fn refused(
    ports: &MembersPorts,
    session: &Session,
    campaign_id: i64,
    form: LeaveForm,
    errors: FieldErrors,
) -> Result<HttpResponse, PageError> {
    let mut page = MembersPage::fresh(ports, session, campaign_id).await?;
    page.leave = form;
    page.leave_errors = errors;
    Ok(render(&page, StatusCode::UNPROCESSABLE_ENTITY))
}
