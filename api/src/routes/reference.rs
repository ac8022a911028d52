//! The HTTP face of `eagles_service::reference`.

use actix_web::{get, web, HttpResponse};
use eagles_db::DbPool;
use eagles_service::reference::{abilities, aircraft, AbilityView, AircraftQuery, AircraftView};

use crate::error::ApiError;

/// Lists the aircraft types of appendices A and B.
#[utoipa::path(
    tag = "reference",
    params(AircraftQuery),
    responses(
        (status = 200, body = Vec<AircraftView>),
    )
)]
#[get("/aircraft")]
pub async fn list_aircraft(
    pool: web::Data<DbPool>,
    query: web::Query<AircraftQuery>,
) -> Result<HttpResponse, ApiError> {
    let mut conn = pool.get().await?;
    let views = aircraft(&mut conn, &query).await?;
    Ok(HttpResponse::Ok().json(views))
}

/// Lists the special abilities of appendix D, each with what it does.
#[utoipa::path(tag = "reference", responses((status = 200, body = Vec<AbilityView>)))]
#[get("/abilities")]
pub async fn list_abilities(pool: web::Data<DbPool>) -> Result<HttpResponse, ApiError> {
    let mut conn = pool.get().await?;
    let views = abilities(&mut conn).await?;
    Ok(HttpResponse::Ok().json(views))
}
