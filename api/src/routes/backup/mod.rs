//! Backup: a campaign exported as one JSON document and imported as a new campaign.
//!
//! Who may: a campaign's referees (and admins) export it — the document names every
//! member and every roll, so it is the referee's record to hand out. Any signed-in
//! user may import; he becomes a referee of the new campaign. The members it names
//! must already have accounts here (matched by username), or the import is refused
//! naming them. The `eagles export` / `eagles import` commands call the same code.

pub mod document;
mod export;
mod import;

use actix_web::http::header;
use actix_web::{get, web, HttpResponse};
use eagles_db::diesel_async::AsyncPgConnection;
use eagles_db::DbPool;

pub use document::CampaignExport;
pub use import::{import, parse};

use crate::access::readable_campaign;
use crate::auth::SignedIn;
use crate::error::ApiError;
use crate::routes::campaigns::CampaignView;

/// The largest import accepted: years of a club's club nights fit many times over.
pub const MAX_IMPORT_BYTES: usize = 64 * 1024 * 1024;

/// The document of campaign `campaign_id`, read as one consistent picture; `None`
/// when there is no such campaign.
pub async fn export(
    conn: &mut AsyncPgConnection,
    campaign_id: i64,
) -> Result<Option<CampaignExport>, ApiError> {
    let rows = conn
        .build_transaction()
        .repeatable_read()
        .read_only()
        .run::<_, ApiError, _>(async move |conn| {
            Ok(eagles_db::backup::load(conn, campaign_id).await?)
        })
        .await?;
    rows.map(export::document).transpose()
}

/// Everything of a campaign in one document: referee or admin.
#[utoipa::path(
    tag = "backup",
    security(("bearer" = [])),
    params(("cid" = i64, Path, description = "Campaign id")),
    responses(
        (status = 200, body = CampaignExport),
        (status = 401, body = crate::error::Problem),
        (status = 403, body = crate::error::Problem),
        (status = 404, body = crate::error::Problem),
    )
)]
#[get("/campaigns/{cid}/export")]
pub async fn export_campaign(
    pool: web::Data<DbPool>,
    SignedIn(user): SignedIn,
    path: web::Path<i64>,
) -> Result<HttpResponse, ApiError> {
    let mut conn = pool.get().await?;
    let scope = readable_campaign(&mut conn, path.into_inner(), Some(user)).await?;
    scope.require_referee("export the campaign")?;
    let cid = scope.campaign.id;
    let document = export(&mut conn, cid)
        .await?
        .ok_or_else(|| ApiError::NotFound(format!("there is no campaign {cid}")))?;
    Ok(HttpResponse::Ok()
        .insert_header((
            header::CONTENT_DISPOSITION,
            format!("attachment; filename=\"campaign-{cid}.json\""),
        ))
        .json(document))
}

/// Imports an export document as a new campaign; the caller becomes its referee.
#[utoipa::path(
    post,
    path = "/campaigns/import",
    tag = "backup",
    security(("bearer" = [])),
    request_body = CampaignExport,
    responses(
        (status = 201, body = CampaignView),
        (status = 400, description = "Not JSON", body = crate::error::Problem),
        (status = 401, body = crate::error::Problem),
        (status = 413, description = "Larger than 64 MiB"),
        (status = 422, description = "A damaged document: each problem with its JSON path (a wrong version, a bad value, a dangling reference, an unknown account or aircraft); nothing was written", body = crate::error::Problem),
    )
)]
pub async fn import_campaign(
    pool: web::Data<DbPool>,
    SignedIn(user): SignedIn,
    body: web::Bytes,
) -> Result<HttpResponse, ApiError> {
    let document = parse(&body)?;
    let mut conn = pool.get().await?;
    let cid = import(&mut conn, Some(&user), document).await?;
    let campaign = eagles_db::campaigns::find(&mut conn, cid)
        .await?
        .ok_or_else(|| ApiError::Internal(format!("imported campaign {cid} vanished")))?;
    Ok(HttpResponse::Created()
        .insert_header((header::LOCATION, format!("/api/v1/campaigns/{cid}")))
        .json(CampaignView::from(campaign)))
}

/// Mounts export and import; import takes bodies far larger than other requests.
pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(export_campaign).service(
        web::resource("/campaigns/import")
            .app_data(web::PayloadConfig::new(MAX_IMPORT_BYTES))
            .route(web::post().to(import_campaign)),
    );
}

/// This module's part of the OpenAPI document.
#[derive(utoipa::OpenApi)]
#[openapi(
    paths(export_campaign, import_campaign),
    tags((name = "backup", description = "Export and import of whole campaigns"))
)]
pub struct Doc;
