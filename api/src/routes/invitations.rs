//! The HTTP face of `eagles_office::invitations` (R26): a campaign's referees make,
//! list and withdraw invitations; whoever holds a code reads it and joins.

use actix_web::{delete, get, post, web, HttpResponse};
use eagles_office::invitations::{Acceptance, InvitationPreview, InvitationView, NewInvitation};
use eagles_office::prelude::*;
use eagles_office::sign_up::Membership;
use serde::Deserialize;
use utoipa::IntoParams;
use utoipa_actix_web::service_config::ServiceConfig;

use crate::auth::SignedIn;
use crate::error::ApiError;
use crate::extract::Json;
use crate::routes::paths::CampaignPath;

/// `/campaigns/{cid}/invitations/{id}`.
#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Path)]
pub struct InvitationPath {
    /// Campaign id
    pub cid: i64,
    /// Invitation id
    pub id: i64,
}

/// `/invitations/{code}`.
#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Path)]
pub struct CodePath {
    /// The invitation's code, as its link ends
    pub code: String,
}

/// Makes an invitation to the campaign, to hand on as its `url` (or a QR code of
/// it); referees only. By default one use for 14 days; `side` left out lets a player
/// pick his own (R2).
#[utoipa::path(
    tag = "campaigns",
    security(("bearer" = [])),
    params(CampaignPath),
    request_body = NewInvitation,
    responses(
        (status = 201, body = InvitationView),
        (status = 409, description = "The campaign has ended", body = crate::error::Problem),
        (status = 422, description = "Uses or days out of bounds", body = crate::error::Problem),
    )
)]
#[post("/campaigns/{cid}/invitations")]
pub async fn create_invitation(
    invitations: web::Data<dyn Invitations>,
    SignedIn(user): SignedIn,
    path: web::Path<CampaignPath>,
    body: Json<NewInvitation>,
) -> Result<HttpResponse, ApiError> {
    let view = invitations
        .create_invitation(user, path.cid, body.into_inner())
        .await?;
    Ok(HttpResponse::Created().json(view))
}

/// The campaign's invitations, newest first, each saying whether it still works
/// (`state`: `valid`, `revoked`, `expired`, `used_up`); referees only.
#[utoipa::path(
    tag = "campaigns",
    security(("bearer" = [])),
    params(CampaignPath),
    responses((status = 200, body = Vec<InvitationView>))
)]
#[get("/campaigns/{cid}/invitations")]
pub async fn list_invitations(
    invitations: web::Data<dyn Invitations>,
    SignedIn(user): SignedIn,
    path: web::Path<CampaignPath>,
) -> Result<HttpResponse, ApiError> {
    let views = invitations.invitations(user, path.cid).await?;
    Ok(HttpResponse::Ok().json(views))
}

/// Withdraws an invitation: its code stops working; referees only.
#[utoipa::path(
    tag = "campaigns",
    security(("bearer" = [])),
    params(InvitationPath),
    responses(
        (status = 204, description = "Withdrawn"),
        (status = 409, description = "The campaign has ended", body = crate::error::Problem),
    )
)]
#[delete("/campaigns/{cid}/invitations/{id}")]
pub async fn revoke_invitation(
    invitations: web::Data<dyn Invitations>,
    SignedIn(user): SignedIn,
    path: web::Path<InvitationPath>,
) -> Result<HttpResponse, ApiError> {
    invitations
        .revoke_invitation(user, path.cid, path.id)
        .await?;
    Ok(HttpResponse::NoContent().finish())
}

/// The invitation with this code, as its holder sees it before joining: the
/// campaign's name, the role and side, and whether it still works.
#[utoipa::path(
    tag = "campaigns",
    params(CodePath),
    responses(
        (status = 200, body = InvitationPreview),
        (status = 404, description = "No invitation has this code", body = crate::error::Problem),
    )
)]
#[get("/invitations/{code}")]
pub async fn read_invitation(
    invitations: web::Data<dyn Invitations>,
    path: web::Path<CodePath>,
) -> Result<HttpResponse, ApiError> {
    let preview = invitations.invitation(path.into_inner().code).await?;
    Ok(HttpResponse::Ok().json(preview))
}

/// Joins the invitation's campaign as the caller, spending one use: its role, and
/// its side or the one chosen when it leaves a player's side open (R2).
#[utoipa::path(
    tag = "campaigns",
    security(("bearer" = [])),
    params(CodePath),
    request_body(content = Acceptance, description = "May be left out when the invitation names the side"),
    responses(
        (status = 201, body = Membership),
        (status = 404, description = "No invitation has this code", body = crate::error::Problem),
        (status = 409, description = "Already a member, or the campaign has ended", body = crate::error::Problem),
        (status = 410, description = "The invitation expired, was used up or was withdrawn (the detail says which)", body = crate::error::Problem),
        (status = 422, description = "A player must pick a side this invitation leaves open", body = crate::error::Problem),
    )
)]
#[post("/invitations/{code}/accept")]
pub async fn accept_invitation(
    invitations: web::Data<dyn Invitations>,
    SignedIn(user): SignedIn,
    path: web::Path<CodePath>,
    body: web::Bytes,
) -> Result<HttpResponse, ApiError> {
    // No body is no choice: the invitation names the side.
    let acceptance: Acceptance = if body.iter().all(u8::is_ascii_whitespace) {
        Acceptance::default()
    } else {
        crate::extract::parse_json(&body)?
    };
    let membership = invitations
        .accept_invitation(user, path.into_inner().code, acceptance)
        .await?;
    Ok(HttpResponse::Created().json(membership))
}

/// Mounts this module's endpoints inside `/api/v1`.
pub fn configure(cfg: &mut ServiceConfig) {
    cfg.service(create_invitation)
        .service(list_invitations)
        .service(revoke_invitation)
        .service(read_invitation)
        .service(accept_invitation);
}
