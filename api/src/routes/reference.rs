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
    reference: web::Data<dyn Reference>,
    query: web::Query<AircraftQuery>,
) -> Result<HttpResponse, ApiError> {
    let views = reference.aircraft(query.into_inner()).await?;
    Ok(HttpResponse::Ok().json(views))
}

/// Lists the special abilities of appendix D, each with what it does.
#[utoipa::path(tag = "reference", responses((status = 200, body = Vec<AbilityView>)))]
#[get("/abilities")]
pub async fn list_abilities(reference: web::Data<dyn Reference>) -> Result<HttpResponse, ApiError> {
    let views = reference.abilities().await?;
    Ok(HttpResponse::Ok().json(views))
}
