//! The HTTP face of `eagles_office::campaigns`.

use actix_web::{get, post, web, HttpResponse};
use eagles_office::campaigns::{CampaignEnd, CampaignListQuery, CampaignView, NewCampaign};
use eagles_office::prelude::*;

use crate::auth::{Caller, Reading, SignedIn};
use crate::error::ApiError;
use crate::extract::Json;
use crate::paging::Paged;
use crate::routes::paths::CampaignPath;

/// Creates a campaign; the caller becomes its referee.
#[utoipa::path(
    tag = "campaigns",
    security(("bearer" = [])),
    request_body = NewCampaign,
    responses(
        (status = 201, body = CampaignView),
        (status = 422, description = "Start date outside 1915-06-01…1918-11-30 (R1), or an empty name", body = crate::error::Problem),
    )
)]
#[post("/campaigns")]
pub async fn create_campaign(
    campaigns: web::Data<dyn Campaigns>,
    SignedIn(user): SignedIn,
    body: Json<NewCampaign>,
) -> Result<HttpResponse, ApiError> {
    let created = campaigns.create_campaign(user, body.into_inner()).await?;
    Ok(HttpResponse::Created().json(created))
}

/// Lists the campaigns the caller may read, newest first.
#[utoipa::path(
    tag = "campaigns",
    params(CampaignListQuery),
    responses(
        (status = 200, body = Vec<CampaignView>),
        (status = 401, body = crate::error::Problem),
    )
)]
#[get("/campaigns")]
pub async fn list_campaigns(
    campaigns: web::Data<dyn Campaigns>,
    Caller(caller): Caller,
    query: Paged<CampaignListQuery>,
) -> Result<HttpResponse, ApiError> {
    let views = campaigns.campaigns(caller.into(), query.window()).await?;
    Ok(query.respond(views))
}

/// One campaign, up to date.
#[utoipa::path(
    tag = "campaigns",
    params(CampaignPath),
    responses((status = 200, body = CampaignView))
)]
#[get("/campaigns/{cid}")]
pub async fn get_campaign(
    campaigns: web::Data<dyn Campaigns>,
    Reading(reader): Reading,
    path: web::Path<CampaignPath>,
) -> Result<HttpResponse, ApiError> {
    let view = campaigns.campaign(reader, path.cid).await?;
    Ok(HttpResponse::Ok().json(view))
}

/// Ends the campaign (§13.203): referee only. Answers the R13 winner and the R12 side
/// leader as of the week it ends in; from then on the campaign is read-only and every
/// write to it, ending it again included, is a 409.
#[utoipa::path(
    tag = "campaigns",
    security(("bearer" = [])),
    params(CampaignPath),
    responses(
        (status = 200, body = CampaignEnd),
        (status = 403, description = "The caller does not referee the campaign", body = crate::error::Problem),
        (status = 409, description = "The campaign has already ended", body = crate::error::Problem),
    )
)]
#[post("/campaigns/{cid}/end")]
pub async fn end_campaign(
    campaigns: web::Data<dyn Campaigns>,
    SignedIn(user): SignedIn,
    path: web::Path<CampaignPath>,
) -> Result<HttpResponse, ApiError> {
    let ended = campaigns.end_campaign(user, path.cid).await?;
    Ok(HttpResponse::Ok().json(ended))
}
