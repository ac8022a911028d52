//! The HTTP face of `eagles_office::webhooks`: a referee's webhooks of a campaign.

use actix_web::{delete, get, post, web, HttpResponse};
use eagles_office::prelude::*;
use eagles_office::webhooks::{CreatedWebhook, NewWebhook, WebhookView};
use serde::Deserialize;
use utoipa::IntoParams;
use utoipa_actix_web::service_config::ServiceConfig;

use crate::auth::SignedIn;
use crate::error::ApiError;
use crate::extract::Json;
use crate::routes::paths::CampaignPath;

/// `/campaigns/{cid}/webhooks/{id}`.
#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Path)]
pub struct WebhookPath {
    /// Campaign id
    pub cid: i64,
    /// Webhook id
    pub id: i64,
}

/// Subscribes a URL to the campaign's events (`week_closed`, `debrief`,
/// `campaign_ended`); referee only. Each event is POSTed as JSON `{event, campaign_id,
/// revision, delivery_id, content, data}`, signed `X-Eagles-Signature: sha256=<hex
/// HMAC-SHA256 of the body>` with the secret, and retried with backoff until a 2xx
/// (for up to a day). The answer carries the secret: it is not shown again.
#[utoipa::path(
    tag = "webhooks",
    security(("bearer" = [])),
    params(CampaignPath),
    request_body = NewWebhook,
    responses(
        (status = 201, body = CreatedWebhook),
        (status = 409, description = "The campaign has ended", body = crate::error::Problem),
        (status = 422, description = "Not an absolute http(s) URL, a host that resolves to a private or loopback address, an unknown event or none, a bad secret", body = crate::error::Problem),
    )
)]
#[post("/campaigns/{cid}/webhooks")]
pub async fn create_webhook(
    webhooks: web::Data<dyn Webhooks>,
    SignedIn(user): SignedIn,
    path: web::Path<CampaignPath>,
    body: Json<NewWebhook>,
) -> Result<HttpResponse, ApiError> {
    let created = webhooks
        .create_webhook(user, path.cid, body.into_inner())
        .await?;
    Ok(HttpResponse::Created().json(created))
}

/// The campaign's webhooks, each with its latest deliveries and every try of them
/// (status, time, error); referee only.
#[utoipa::path(
    tag = "webhooks",
    security(("bearer" = [])),
    params(CampaignPath),
    responses((status = 200, body = Vec<WebhookView>))
)]
#[get("/campaigns/{cid}/webhooks")]
pub async fn list_webhooks(
    webhooks: web::Data<dyn Webhooks>,
    SignedIn(user): SignedIn,
    path: web::Path<CampaignPath>,
) -> Result<HttpResponse, ApiError> {
    let views = webhooks.webhooks(Some(user).into(), path.cid).await?;
    Ok(HttpResponse::Ok().json(views))
}

/// Deletes a webhook and the deliveries still queued for it; referee only.
#[utoipa::path(
    tag = "webhooks",
    security(("bearer" = [])),
    params(WebhookPath),
    responses(
        (status = 204, description = "Deleted"),
        (status = 409, description = "The campaign has ended", body = crate::error::Problem),
    )
)]
#[delete("/campaigns/{cid}/webhooks/{id}")]
pub async fn delete_webhook(
    webhooks: web::Data<dyn Webhooks>,
    SignedIn(user): SignedIn,
    path: web::Path<WebhookPath>,
) -> Result<HttpResponse, ApiError> {
    let webhook = WebhookRef {
        campaign_id: path.cid,
        webhook_id: path.id,
    };
    webhooks.delete_webhook(user, webhook).await?;
    Ok(HttpResponse::NoContent().finish())
}

/// Mounts this module's endpoints inside `/api/v1`.
pub fn configure(cfg: &mut ServiceConfig) {
    cfg.service(create_webhook)
        .service(list_webhooks)
        .service(delete_webhook);
}
