//! `GET /health`: is the service up, and can it reach its database?

use actix_web::{get, web, HttpResponse};
use eagles_office::health::Health as Probe;
use serde::Serialize;

/// The health report.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct Health {
    /// `ok`, or `degraded` when the database cannot be reached.
    pub status: &'static str,
    /// `up` or `down`.
    pub database: &'static str,
}

/// Reports whether the service and its database are up.
#[utoipa::path(
    tag = "health",
    responses(
        (status = 200, description = "Service and database are up", body = Health),
        (status = 503, description = "The database cannot be reached", body = Health),
    )
)]
#[get("/health")]
pub async fn health(probe: web::Data<dyn Probe>) -> HttpResponse {
    if probe.database_up().await {
        HttpResponse::Ok().json(Health {
            status: "ok",
            database: "up",
        })
    } else {
        HttpResponse::ServiceUnavailable().json(Health {
            status: "degraded",
            database: "down",
        })
    }
}
