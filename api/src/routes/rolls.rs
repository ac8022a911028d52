//! The HTTP face of `eagles_office::rolls`.

use actix_web::{get, post, web, HttpResponse};
use eagles_office::prelude::*;
use eagles_office::rolls::{RollFilter, RollQuery, RollRequest, RollView};
use utoipa_actix_web::service_config::ServiceConfig;

use crate::auth::{Caller, SignedIn};
use crate::error::ApiError;
use crate::extract::Json;
use crate::paging::Paged;
use crate::routes::paths::CampaignPath;

/// Rolls on a table and logs it: any member of the campaign.
#[utoipa::path(
    tag = "dice",
    security(("bearer" = [])),
    params(CampaignPath),
    request_body = RollRequest,
    responses(
        (status = 201, body = RollView),
        (status = 422, description = "Dice or modifiers that do not fit the table, an unknown game, no parachute (§13.03)", body = crate::error::Problem),
    )
)]
#[post("/campaigns/{cid}/rolls")]
pub async fn create_roll(
    rolls: web::Data<dyn Rolls>,
    SignedIn(user): SignedIn,
    path: web::Path<CampaignPath>,
    body: Json<RollRequest>,
) -> Result<HttpResponse, ApiError> {
    let view = rolls.roll(user, path.cid, body.into_inner()).await?;
    Ok(HttpResponse::Created().json(view))
}

/// The roll log, oldest first: anyone who may read the campaign.
#[utoipa::path(
    tag = "dice",
    params(CampaignPath, RollQuery),
    responses(
        (status = 200, body = Vec<RollView>),
    )
)]
#[get("/campaigns/{cid}/rolls")]
pub async fn list_rolls(
    rolls: web::Data<dyn Rolls>,
    Caller(caller): Caller,
    path: web::Path<CampaignPath>,
    query: Paged<RollQuery>,
) -> Result<HttpResponse, ApiError> {
    let filter = RollFilter {
        week: query.week,
        window: query.window(),
    };
    let views = rolls.rolls(caller.into(), path.cid, filter).await?;
    Ok(query.respond(views))
}

/// Mounts this module's endpoints inside `/api/v1`.
pub fn configure(cfg: &mut ServiceConfig) {
    cfg.service(create_roll).service(list_rolls);
}
