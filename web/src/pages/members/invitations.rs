//! The members page's invitation forms (R26): a referee makes an invitation (role,
//! side or open, uses, days valid) and revokes one. A refused form comes back with
//! what was typed and every problem beside its field.

use actix_web::http::StatusCode;
use actix_web::{post, web, HttpResponse};
use campaign::roster::MemberRole;
use campaign::sides::Side;
use eagles_office::invitations::{NewInvitation, DEFAULT_DAYS, DEFAULT_USES, MAX_DAYS, MAX_USES};
use eagles_office::prelude::*;
use eagles_office::Locus;
use serde::Deserialize;

use super::{MembersPage, MembersPorts};
use crate::error::PageError;
use crate::form::FieldErrors;
use crate::pages::{render, see_other};
use crate::session::Session;

/// What the invitation form holds, as typed.
#[derive(Debug, Default, Deserialize)]
pub struct InviteForm {
    #[serde(default)]
    pub csrf: String,
    #[serde(default)]
    pub role: String,
    #[serde(default)]
    pub side: String,
    #[serde(default)]
    pub uses: String,
    #[serde(default)]
    pub days: String,
}

impl InviteForm {
    /// The form as it starts out: one player, who chooses his side, for the API's
    /// default days.
    pub fn blank() -> Self {
        Self {
            role: "player".into(),
            uses: DEFAULT_USES.to_string(),
            days: DEFAULT_DAYS.to_string(),
            ..Self::default()
        }
    }

    /// The invitation the form asks for, or every reason it cannot be one.
    fn read(&self, errors: &mut FieldErrors) -> Option<NewInvitation> {
        let role = self
            .role
            .parse::<MemberRole>()
            .map_err(|_| errors.add("role", "choose player or referee"))
            .ok();
        let side = errors.optional::<Side>("side", &self.side, "choose open, allied or central");
        let uses = bounded(errors, "uses", &self.uses, MAX_USES.into(), "people");
        let days = bounded(errors, "days", &self.days, MAX_DAYS, "days");
        Some(NewInvitation {
            role: role?,
            side,
            uses: Some(i32::try_from(uses?).ok()?),
            expires_in_days: Some(days?),
        })
    }
}

/// A whole number from 1 to `max`, or the reason beside `field`.
fn bounded(
    errors: &mut FieldErrors,
    field: &'static str,
    text: &str,
    max: i64,
    what: &str,
) -> Option<i64> {
    match text.trim().parse::<i64>() {
        Ok(n) if (1..=max).contains(&n) => Some(n),
        _ => {
            errors.add(
                field,
                format!("give a whole number of {what} from 1 to {max}"),
            );
            None
        }
    }
}

#[post("/campaigns/{cid}/invitations")]
pub async fn make_invitation(
    ports: MembersPorts,
    session: Session,
    path: web::Path<i64>,
    form: web::Form<InviteForm>,
) -> Result<HttpResponse, PageError> {
    let user = session.sender(&form.csrf)?;
    let campaign_id = path.into_inner();
    let form = form.into_inner();
    let mut errors = FieldErrors::default();
    if let (Some(new), true) = (form.read(&mut errors), errors.is_empty()) {
        match ports.1.create_invitation(user, campaign_id, new).await {
            Ok(made) => {
                let at = format!("/campaigns/{campaign_id}/members#invitation-{}", made.id);
                return Ok(see_other(&at));
            }
            Err(e @ (Error::Unprocessable { .. } | Error::Problems(_))) => {
                for problem in e.problems() {
                    let field = match problem.locus() {
                        Some(Locus::Field("side")) => "side",
                        Some(Locus::Field("uses")) => "uses",
                        Some(Locus::Field("expires_in_days")) => "days",
                        _ => "role",
                    };
                    errors.add(field, crate::pages::words::plain(problem));
                }
            }
            Err(e) => return Err(e.into()),
        }
    }
    let mut page = MembersPage::fresh(&ports, &session, campaign_id).await?;
    page.invite = form;
    page.invite_errors = errors;
    Ok(render(&page, StatusCode::UNPROCESSABLE_ENTITY))
}

/// A form that carries only its token.
#[derive(Debug, Default, Deserialize)]
pub struct Revoke {
    #[serde(default)]
    pub csrf: String,
}

#[post("/campaigns/{cid}/invitations/{id}/revoke")]
pub async fn revoke_invitation(
    invitations: web::Data<dyn Invitations>,
    session: Session,
    path: web::Path<(i64, i64)>,
    form: web::Form<Revoke>,
) -> Result<HttpResponse, PageError> {
    let user = session.sender(&form.csrf)?;
    let (campaign_id, id) = path.into_inner();
    invitations.revoke_invitation(user, campaign_id, id).await?;
    Ok(see_other(&format!(
        "/campaigns/{campaign_id}/members#invitation-{id}"
    )))
}
