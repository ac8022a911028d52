//! The HTTP face of `eagles_office::crew`.

use actix_web::{get, post, web, HttpResponse};
use eagles_office::crew::{AbilityPick, CrewQuery, CrewmanView, NewCrew};
use eagles_office::prelude::*;

use crate::auth::{Reading, SignedIn};
use crate::error::ApiError;
use crate::extract::Json;
use crate::routes::paths::{CampaignPath, CrewmanPath};

/// Creates a crewman for a player of the campaign.
#[utoipa::path(
    tag = "crew",
    security(("bearer" = [])),
    params(CampaignPath),
    request_body = NewCrew,
    responses(
        (status = 201, body = CrewmanView),
        (status = 422, description = "R2 or R3 broken", body = crate::error::Problem),
    )
)]
#[post("/campaigns/{cid}/crew")]
pub async fn create_crew(
    crew: web::Data<dyn Crew>,
    SignedIn(user): SignedIn,
    path: web::Path<CampaignPath>,
    body: Json<NewCrew>,
) -> Result<HttpResponse, ApiError> {
    let view = crew
        .create_crewman(user, path.cid, body.into_inner())
        .await?;
    Ok(HttpResponse::Created().json(view))
}

/// Lists a campaign's crewmen.
#[utoipa::path(
    tag = "crew",
    params(CampaignPath, CrewQuery),
    responses((status = 200, body = Vec<CrewmanView>))
)]
#[get("/campaigns/{cid}/crew")]
pub async fn list_crew(
    crew: web::Data<dyn Crew>,
    Reading(reader): Reading,
    path: web::Path<CampaignPath>,
    query: web::Query<CrewQuery>,
) -> Result<HttpResponse, ApiError> {
    let views = crew.crew(reader, path.cid, query.into_inner()).await?;
    Ok(HttpResponse::Ok().json(views))
}

/// One crewman with his XP ledger.
#[utoipa::path(
    tag = "crew",
    params(CrewmanPath),
    responses((status = 200, body = CrewmanView))
)]
#[get("/campaigns/{cid}/crew/{id}")]
pub async fn get_crewman(
    crew: web::Data<dyn Crew>,
    Reading(reader): Reading,
    path: web::Path<CrewmanPath>,
) -> Result<HttpResponse, ApiError> {
    let view = crew.crewman(reader, path.crewman()).await?;
    Ok(HttpResponse::Ok().json(view))
}

/// Picks a special ability (R6): the crewman's owner or a referee.
#[utoipa::path(
    tag = "crew",
    security(("bearer" = [])),
    params(CrewmanPath),
    request_body = AbilityPick,
    responses(
        (status = 201, body = CrewmanView),
        (status = 409, description = "The same pick was made at the same time", body = crate::error::Problem),
        (status = 422, description = "R6 does not allow this pick", body = crate::error::Problem),
    )
)]
#[post("/campaigns/{cid}/crew/{id}/abilities")]
pub async fn pick_ability(
    crew: web::Data<dyn Crew>,
    SignedIn(user): SignedIn,
    path: web::Path<CrewmanPath>,
    body: Json<AbilityPick>,
) -> Result<HttpResponse, ApiError> {
    let view = crew
        .pick_ability(user, path.crewman(), body.ability)
        .await?;
    Ok(HttpResponse::Created().json(view))
}
