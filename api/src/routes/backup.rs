//! The HTTP face of the office's backups.

use actix_web::http::header;
use actix_web::{get, post, web, HttpResponse};
use eagles_office::backup::{parse, CampaignExport, MAX_IMPORT_BYTES};
use eagles_office::campaigns::CampaignView;
use eagles_office::prelude::*;
use utoipa_actix_web::service_config::ServiceConfig;

use crate::auth::SignedIn;
use crate::error::ApiError;
use crate::routes::paths::CampaignPath;

/// Everything of a campaign in one document: referee or admin.
#[utoipa::path(
    tag = "backup",
    security(("bearer" = [])),
    params(CampaignPath),
    responses(
        (status = 200, body = CampaignExport, headers(
            ("Content-Disposition" = String, description = "`attachment; filename=\"campaign-{cid}.json\"`: a browser saves the document as a file")
        )),
    )
)]
#[get("/campaigns/{cid}/export")]
pub async fn export_campaign(
    backups: web::Data<dyn Backups>,
    SignedIn(user): SignedIn,
    path: web::Path<CampaignPath>,
) -> Result<HttpResponse, ApiError> {
    let campaign_id = path.cid;
    let document = backups.export(user, campaign_id).await?;
    Ok(HttpResponse::Ok()
        .insert_header((
            header::CONTENT_DISPOSITION,
            format!("attachment; filename=\"campaign-{campaign_id}.json\""),
        ))
        .json(document))
}

/// Mounts export and import; import takes bodies far larger than other requests.
pub fn configure(cfg: &mut ServiceConfig) {
    // A document may be far larger than the JSON bodies of the other endpoints.
    cfg.service(export_campaign).service(
        utoipa_actix_web::scope("/campaigns/import")
            .app_data(web::PayloadConfig::new(MAX_IMPORT_BYTES))
            .service(import_campaign),
    );
}

/// Imports an export document as a new campaign; the caller becomes its referee.
#[utoipa::path(
    tag = "backup",
    security(("bearer" = [])),
    request_body = CampaignExport,
    responses(
        (status = 201, body = CampaignView),
        (status = 400, description = "Not JSON", body = crate::error::Problem),
        (status = 413, description = "Larger than 64 MiB"),
        (status = 422, description = "A damaged document: each problem with its JSON path (a wrong version, a bad value, a dangling reference, an unknown account or aircraft); nothing was written", body = crate::error::Problem),
    )
)]
#[post("")]
pub async fn import_campaign(
    backups: web::Data<dyn Backups>,
    SignedIn(user): SignedIn,
    body: web::Bytes,
) -> Result<HttpResponse, ApiError> {
    let document = parse(&body)?;
    let view = backups.import(user, document).await?;
    Ok(HttpResponse::Created()
        .insert_header((header::LOCATION, format!("/api/v1/campaigns/{}", view.id)))
        .json(view))
}
