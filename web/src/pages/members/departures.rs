//! Ending a membership (R2, R26): a referee removes a member, a player leaves; each
//! confirms in words, and the member's crewmen stay in the campaign's records.

use actix_web::http::StatusCode;
use actix_web::{post, web, HttpResponse};
use eagles_office::prelude::*;
use serde::Deserialize;

use super::{MembersPage, MembersPorts};
use crate::error::PageError;
use crate::form::FieldErrors;
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
pub async fn remove(
    members: web::Data<dyn Members>,
    invitations: web::Data<dyn Invitations>,
    session: Session,
    path: web::Path<i64>,
    form: web::Form<LeaveForm>,
) -> Result<HttpResponse, PageError> {
    let user = session.sender(&form.csrf)?;
    let campaign_id = path.into_inner();
    let form = form.into_inner();
    let mut errors = FieldErrors::default();
    if form.username.trim().is_empty() {
        errors.add("username", "choose the member to remove");
    }
    if !crate::form::ticked(&form.confirm) {
        errors.add(
            "confirm",
            "tick the box to say you mean to remove this member",
        );
    }
    if errors.is_empty() {
        let member = MemberRef {
            campaign_id,
            username: form.username.trim().to_owned(),
        };
        match members.remove_member(user, member).await {
            Ok(()) => return Ok(see_other(&format!("/campaigns/{campaign_id}/members"))),
            Err(e @ (Error::Conflict(_) | Error::NotFound(_))) => {
                errors.add("username", crate::pages::words::plain(&e));
            }
            Err(e) => return Err(e.into()),
        }
    }
    let ports: MembersPorts = (members, invitations);
    refused(&ports, &session, campaign_id, form, errors).await
}

#[post("/campaigns/{cid}/members/leave")]
pub async fn leave(
    members: web::Data<dyn Members>,
    invitations: web::Data<dyn Invitations>,
    session: Session,
    path: web::Path<i64>,
    form: web::Form<LeaveForm>,
) -> Result<HttpResponse, PageError> {
    let user = session.sender(&form.csrf)?;
    let campaign_id = path.into_inner();
    let form = form.into_inner();
    let mut errors = FieldErrors::default();
    if crate::form::ticked(&form.confirm) {
        let member = MemberRef {
            campaign_id,
            username: user.username.clone(),
        };
        match members.remove_member(user, member).await {
            // He may no longer read a campaign open to its members only.
            Ok(()) => return Ok(see_other("/")),
            Err(e @ Error::Conflict(_)) => errors.add("confirm", crate::pages::words::plain(&e)),
            Err(e) => return Err(e.into()),
        }
    } else {
        errors.add(
            "confirm",
            "tick the box to say you mean to leave the campaign",
        );
    }
    let ports: MembersPorts = (members, invitations);
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
