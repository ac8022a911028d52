//! The HTTP face of `eagles_office::record`.

use actix_web::{get, web, HttpResponse};
use eagles_office::prelude::*;
use eagles_office::record::ServiceRecord;
use utoipa_actix_web::service_config::ServiceConfig;

use crate::auth::Caller;
use crate::error::ApiError;
use crate::routes::paths::CrewmanPath;

/// Mounts this module's endpoints inside `/api/v1`.
pub fn configure(cfg: &mut ServiceConfig) {
    cfg.service(service_record);
}

/// A crewman's service record, week by week.
#[utoipa::path(
    tag = "crew",
    params(CrewmanPath),
    responses(
        (status = 200, body = ServiceRecord),
    )
)]
#[get("/campaigns/{cid}/crew/{id}/record")]
pub async fn service_record(
    records: web::Data<dyn Records>,
    Caller(caller): Caller,
    path: web::Path<CrewmanPath>,
) -> Result<HttpResponse, ApiError> {
    let record = records
        .service_record(caller.into(), path.crewman())
        .await?;
    Ok(HttpResponse::Ok().json(record))
}
