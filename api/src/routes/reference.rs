//! The HTTP face of `eagles_office::reference`.

use actix_web::{get, web, HttpResponse};
use eagles_office::prelude::*;
use eagles_office::reference::{AbilityView, AircraftQuery, AircraftView};

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
    office: web::Data<dyn Office>,
    query: web::Query<AircraftQuery>,
) -> Result<HttpResponse, ApiError> {
    let views = office.aircraft(query.into_inner()).await?;
    Ok(HttpResponse::Ok().json(views))
}

/// Lists the special abilities of appendix D, each with what it does.
#[utoipa::path(tag = "reference", responses((status = 200, body = Vec<AbilityView>)))]
#[get("/abilities")]
pub async fn list_abilities(office: web::Data<dyn Office>) -> Result<HttpResponse, ApiError> {
    let views = office.abilities().await?;
    Ok(HttpResponse::Ok().json(views))
}
