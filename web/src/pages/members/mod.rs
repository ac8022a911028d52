//! `/campaigns/{cid}/members`: who plays, and for the referee the form that adds a
//! member (`POST`, referee only — the same check as the API's) and a side-switch form
//! per player (`POST …/members/{username}/side`, the API's switch: a player himself or
//! the referee, only while the sides stay equal, R2); for the referee the campaign's
//! invitations (R26, `invitations`), and the forms that end a membership (`departures`).

mod departures;
mod invitation_line;
mod invitations;
mod view;

use actix_web::http::StatusCode;
use actix_web::{get, post, web, HttpResponse};
use campaign::roster::MemberRole;
use campaign::sides::Side;
use eagles_office::members::NewMember;
use eagles_office::prelude::*;
use eagles_office::Locus;
use serde::Deserialize;

use super::form_page::{self, Asked, FormPage};
use super::{render, see_other};
use crate::error::PageError;
use crate::form::FieldErrors;
use crate::session::Session;
pub use departures::{leave, remove, LeaveForm};
pub use invitation_line::InvitationLine;
pub use invitations::{make_invitation, revoke_invitation, InviteForm};
pub use view::{MemberLine, MembersPage, WebhookLine};

/// What the add-member form holds.
#[derive(Debug, Default, Deserialize)]
pub struct MemberForm {
    #[serde(default)]
    pub csrf: String,
    #[serde(default)]
    pub username: String,
    #[serde(default)]
    pub role: String,
    #[serde(default)]
    pub side: String,
}

impl MemberForm {
    /// The add-member form as it starts out: most members added are players.
    fn blank() -> Self {
        Self {
            role: "player".into(),
            ..Self::default()
        }
    }
}

/// What the side-switch form sends.
#[derive(Debug, Default, Deserialize)]
pub struct SideForm {
    #[serde(default)]
    pub csrf: String,
    #[serde(default)]
    pub side: String,
}

/// The ports the members page reads: its members, and for a referee its invitations.
pub type MembersPorts = (web::Data<dyn Members>, web::Data<dyn Invitations>);

impl FormPage for MembersPage {
    type Ports = MembersPorts;
    type Key = i64;
    type Form = MemberForm;

    async fn load(
        (members, invitations): &Self::Ports,
        asked: Asked<'_, Self>,
    ) -> Result<Self, PageError> {
        let roster = members
            .member_roster(asked.session.reader(), asked.key)
            .await?;
        let (scope, members, webhooks) = (roster.scope, roster.members, roster.webhooks);
        let me = asked.session.user.as_ref().map(|u| u.username.clone());
        let invitations = match (scope.is_referee(), &asked.session.user) {
            (true, Some(user)) => invitations
                .invitations(user.clone(), asked.key)
                .await?
                .into_iter()
                .map(InvitationLine::from)
                .collect(),
            _ => Vec::new(),
        };
        let removable = members
            .iter()
            .filter(|m| me.as_deref() != Some(m.username.as_str()))
            .map(|m| m.username.clone())
            .collect();
        let is_player = scope.member().is_some_and(|m| m.role == MemberRole::Player);
        Ok(Self {
            revision: scope.campaign().revision,
            nav: asked.session.nav(),
            id: scope.campaign().id,
            name: scope.campaign().name.clone(),
            members: members.into_iter().map(MemberLine::from).collect(),
            is_referee: scope.is_referee(),
            running: scope.running(),
            form: asked.form,
            errors: asked.errors,
            me,
            switch_error: None,
            webhooks: webhooks.into_iter().map(WebhookLine::from).collect(),
            invitations,
            invite: InviteForm::blank(),
            invite_errors: FieldErrors::default(),
            removable,
            is_player,
            leave: LeaveForm::default(),
            leave_errors: FieldErrors::default(),
        })
    }

    fn errors(&self) -> &FieldErrors {
        &self.errors
    }
}

#[get("/campaigns/{cid}/members")]
pub async fn show(
    ports: MembersPorts,
    session: Session,
    path: web::Path<i64>,
) -> Result<HttpResponse, PageError> {
    form_page::show::<MembersPage>(&ports, &session, path.into_inner(), MemberForm::blank()).await
}

#[post("/campaigns/{cid}/members")]
pub async fn add(
    ports: MembersPorts,
    session: Session,
    path: web::Path<i64>,
    form: web::Form<MemberForm>,
) -> Result<HttpResponse, PageError> {
    let user = session.sender(&form.csrf)?;
    let campaign_id = path.into_inner();
    let form = form.into_inner();
    let mut errors = FieldErrors::default();
    let role = form
        .role
        .parse::<MemberRole>()
        .map_err(|_| errors.add("role", "choose player or referee"))
        .ok();
    let side = errors.optional::<Side>("side", &form.side, "choose allied or central");
    if let (Some(role), true) = (role, errors.is_empty()) {
        let new = NewMember {
            username: form.username.trim().to_owned(),
            role,
            side,
        };
        match ports.0.add_member(user, campaign_id, new).await {
            Ok(_) => return Ok(see_other(&format!("/campaigns/{campaign_id}/members"))),
            Err(e) => errors.place(e, |e| match (e, e.locus()) {
                // The only refusals a referee can fix here: a player without a side
                // (R2), an unknown account, a member already there.
                (Error::Unprocessable { .. }, Some(&Locus::Field("side"))) => Some("side"),
                (Error::Unprocessable { .. } | Error::Conflict(_), _) => Some("username"),
                _ => None,
            })?,
        }
    }
    form_page::again::<MembersPage>(&ports, &session, campaign_id, form, errors).await
}

#[post("/campaigns/{cid}/members/{username}/side")]
pub async fn switch_side(
    ports: MembersPorts,
    session: Session,
    path: web::Path<(i64, String)>,
    form: web::Form<SideForm>,
) -> Result<HttpResponse, PageError> {
    let user = session.sender(&form.csrf)?;
    let (campaign_id, username) = path.into_inner();
    let reason = match form.side.parse::<Side>() {
        Err(_) => "choose allied or central".to_owned(),
        Ok(side) => {
            match ports
                .0
                .switch_side(
                    user,
                    MemberRef {
                        campaign_id,
                        username: username.clone(),
                    },
                    side,
                )
                .await
            {
                Ok(_) => return Ok(see_other(&format!("/campaigns/{campaign_id}/members"))),
                // R2 and "a referee has no side to switch" are fixed on this form;
                // 403 and 404 are error pages.
                Err(e @ Error::Unprocessable { .. }) => super::words::plain(&e),
                Err(e) => return Err(e.into()),
            }
        }
    };
    let mut page = MembersPage::fresh(&ports, &session, campaign_id).await?;
    page.switch_error = Some((username, reason));
    Ok(render(&page, StatusCode::UNPROCESSABLE_ENTITY))
}

impl MembersPage {
    /// The page with its forms as they start out, for a refusal of one of its other
    /// forms to be set on.
    async fn fresh(
        ports: &MembersPorts,
        session: &Session,
        campaign_id: i64,
    ) -> Result<Self, PageError> {
        let asked = Asked {
            session,
            key: campaign_id,
            form: MemberForm::blank(),
            errors: FieldErrors::default(),
        };
        MembersPage::load(ports, asked).await
    }
}
