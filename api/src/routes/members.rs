//! The HTTP face of `eagles_office::members`.

use actix_web::{delete, get, patch, post, web, HttpResponse};
use eagles_office::members::{MemberView, NewMember, SideChange};
use eagles_office::prelude::*;

use crate::auth::{Caller, SignedIn};
use crate::error::ApiError;
use crate::extract::Json;
use crate::routes::paths::{CampaignPath, MemberPath};

/// Adds a member; referee only.
#[utoipa::path(
    tag = "campaigns",
    security(("bearer" = [])),
    params(CampaignPath),
    request_body = NewMember,
    responses(
        (status = 201, body = MemberView),
        (status = 409, description = "Already a member", body = crate::error::Problem),
        (status = 422, description = "No such account, or a player without a side", body = crate::error::Problem),
    )
)]
#[post("/campaigns/{cid}/members")]
pub async fn add_member(
    members: web::Data<dyn Members>,
    SignedIn(user): SignedIn,
    path: web::Path<CampaignPath>,
    body: Json<NewMember>,
) -> Result<HttpResponse, ApiError> {
    let view = members
        .add_member(user, path.cid, body.into_inner())
        .await?;
    Ok(HttpResponse::Created().json(view))
}

/// Lists a campaign's members.
#[utoipa::path(
    tag = "campaigns",
    params(CampaignPath),
    responses((status = 200, body = Vec<MemberView>))
)]
#[get("/campaigns/{cid}/members")]
pub async fn list_members(
    members: web::Data<dyn Members>,
    Caller(caller): Caller,
    path: web::Path<CampaignPath>,
) -> Result<HttpResponse, ApiError> {
    let views = members.members(caller.into(), path.cid).await?;
    Ok(HttpResponse::Ok().json(views))
}

/// Moves a player to the other side: the player himself or a referee, and only when
/// the sides are equal in players afterwards (R2). His crewmen keep their side.
#[utoipa::path(
    tag = "campaigns",
    security(("bearer" = [])),
    params(MemberPath),
    request_body = SideChange,
    responses(
        (status = 200, body = MemberView),
        (status = 422, description = "The sides would not be equal (R2)", body = crate::error::Problem),
    )
)]
#[patch("/campaigns/{cid}/members/{username}")]
pub async fn change_side(
    members: web::Data<dyn Members>,
    SignedIn(user): SignedIn,
    path: web::Path<MemberPath>,
    body: Json<SideChange>,
) -> Result<HttpResponse, ApiError> {
    let MemberPath {
        cid: campaign_id,
        username,
    } = path.into_inner();
    let view = members
        .switch_side(
            user,
            MemberRef {
                campaign_id,
                username,
            },
            body.side,
        )
        .await?;
    Ok(HttpResponse::Ok().json(view))
}

/// Ends a membership: a referee removes a member, or a member leaves himself. His
/// crews stay in the records (R2). The campaign's last referee cannot go.
#[utoipa::path(
    tag = "campaigns",
    security(("bearer" = [])),
    params(MemberPath),
    responses(
        (status = 204, description = "No longer a member"),
        (status = 409, description = "The campaign's last referee, or the campaign has ended", body = crate::error::Problem),
    )
)]
#[delete("/campaigns/{cid}/members/{username}")]
pub async fn remove_member(
    members: web::Data<dyn Members>,
    SignedIn(user): SignedIn,
    path: web::Path<MemberPath>,
) -> Result<HttpResponse, ApiError> {
    let MemberPath {
        cid: campaign_id,
        username,
    } = path.into_inner();
    members
        .remove_member(
            user,
            MemberRef {
                campaign_id,
                username,
            },
        )
        .await?;
    Ok(HttpResponse::NoContent().finish())
}
