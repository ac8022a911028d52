//! The HTTP face of `eagles_service::crew`.

use actix_web::{get, post, web, HttpResponse};
use eagles_db::DbPool;
use eagles_service::crew::*;

use crate::auth::{Caller, SignedIn};
use crate::error::ApiError;
use crate::extract::Json;

/// Creates a crewman for a player of the campaign.
#[utoipa::path(
    tag = "crew",
    security(("bearer" = [])),
    params(("cid" = i64, Path, description = "Campaign id")),
    request_body = NewCrew,
    responses(
        (status = 201, body = CrewmanView),
        (status = 422, description = "R2 or R3 broken", body = crate::error::Problem),
    )
)]
#[post("/campaigns/{cid}/crew")]
pub async fn create_crew(
    pool: web::Data<DbPool>,
    SignedIn(user): SignedIn,
    path: web::Path<i64>,
    body: Json<NewCrew>,
) -> Result<HttpResponse, ApiError> {
    let mut conn = pool.get().await?;
    let view = create(&mut conn, user, path.into_inner(), body.into_inner()).await?;
    Ok(HttpResponse::Created().json(view))
}

/// Lists a campaign's crewmen.
#[utoipa::path(
    tag = "crew",
    params(("cid" = i64, Path, description = "Campaign id"), CrewQuery),
    responses((status = 200, body = Vec<CrewmanView>))
)]
#[get("/campaigns/{cid}/crew")]
pub async fn list_crew(
    pool: web::Data<DbPool>,
    Caller(caller): Caller,
    path: web::Path<i64>,
    query: web::Query<CrewQuery>,
) -> Result<HttpResponse, ApiError> {
    let mut conn = pool.get().await?;
    let views = list(&mut conn, caller, path.into_inner(), &query).await?;
    Ok(HttpResponse::Ok().json(views))
}

/// One crewman with his XP ledger.
#[utoipa::path(
    tag = "crew",
    params(("cid" = i64, Path, description = "Campaign id"), ("id" = i64, Path, description = "Crewman id")),
    responses((status = 200, body = CrewmanView))
)]
#[get("/campaigns/{cid}/crew/{id}")]
pub async fn get_crewman(
    pool: web::Data<DbPool>,
    Caller(caller): Caller,
    path: web::Path<(i64, i64)>,
) -> Result<HttpResponse, ApiError> {
    let (campaign_id, crew_id) = path.into_inner();
    let mut conn = pool.get().await?;
    let view = get(&mut conn, caller, campaign_id, crew_id).await?;
    Ok(HttpResponse::Ok().json(view))
}

/// Picks a special ability (R6): the crewman's owner or a referee.
#[utoipa::path(
    tag = "crew",
    security(("bearer" = [])),
    params(("cid" = i64, Path, description = "Campaign id"), ("id" = i64, Path, description = "Crewman id")),
    request_body = AbilityPick,
    responses(
        (status = 201, body = CrewmanView),
        (status = 409, description = "The same pick was made at the same time", body = crate::error::Problem),
        (status = 422, description = "R6 does not allow this pick", body = crate::error::Problem),
    )
)]
#[post("/campaigns/{cid}/crew/{id}/abilities")]
pub async fn pick_ability(
    pool: web::Data<DbPool>,
    SignedIn(user): SignedIn,
    path: web::Path<(i64, i64)>,
    body: Json<AbilityPick>,
) -> Result<HttpResponse, ApiError> {
    let (campaign_id, crew_id) = path.into_inner();
    let mut conn = pool.get().await?;
    let view = pick(&mut conn, user, campaign_id, crew_id, body.ability).await?;
    Ok(HttpResponse::Created().json(view))
}
