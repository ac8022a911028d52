//! A campaign's webhooks: the address policy, the requests, and the views with
//! their recent deliveries.

use crate::access::ReadAccess;
use crate::refs::WebhookRef;
use crate::User;
use campaign::webhooks::{DeliveryStatus, WebhookEvent};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use std::net::IpAddr;

/// Which addresses a webhook may be sent to (`EAGLES_WEBHOOK_ALLOW_PRIVATE`).
#[derive(Debug, Clone, Copy, Default)]
pub struct AddressPolicy {
    /// Whether loopback, private, link-local, unique-local and unspecified addresses
    /// are allowed too (a test, or a club's server on its own network).
    pub allow_private: bool,
}

/// A webhook to create.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct NewWebhook {
    /// The absolute `http` or `https` URL the events are POSTed to.
    // Missing fields reach the use case (a 422 naming them) rather than the parser, so
    // an ended campaign answers its 409 whatever the body.
    #[serde(default)]
    #[schema(required = true, min_length = 1, max_length = 2048)]
    pub url: String,
    /// The events to send, at least one.
    #[serde(default)]
    #[schema(required = true, value_type = Vec<WebhookEvent>, min_items = 1)]
    pub events: Vec<String>,
    /// The key of the `X-Eagles-Signature` HMAC; one is generated when absent.
    #[schema(min_length = 1, max_length = 256)]
    pub secret: Option<String>,
}

/// A webhook just created, with its secret: the only time it is shown.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct CreatedWebhook {
    pub id: i64,
    pub url: String,
    pub events: Vec<WebhookEvent>,
    /// The key of the `X-Eagles-Signature` HMAC-SHA256; keep it, it is not shown again.
    pub secret: String,
}

/// A webhook with its latest deliveries.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct WebhookView {
    pub id: i64,
    pub url: String,
    pub events: Vec<WebhookEvent>,
    #[schema(value_type = String, format = DateTime)]
    pub created_at: DateTime<Utc>,
    /// The latest deliveries (at most 20), newest first.
    pub deliveries: Vec<DeliveryView>,
}

/// One event sent (or being sent) to one webhook.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct DeliveryView {
    /// The same in every try: a receiver drops the deliveries it has seen.
    pub delivery_id: String,
    pub event: WebhookEvent,
    pub revision: i64,
    pub content: String,
    pub status: DeliveryStatus,
    #[schema(value_type = String, format = DateTime)]
    pub created_at: DateTime<Utc>,
    /// When the next try is due; null once delivered or given up.
    #[schema(value_type = Option<String>, format = DateTime)]
    pub next_attempt_at: Option<DateTime<Utc>>,
    /// When it was delivered or given up.
    #[schema(value_type = Option<String>, format = DateTime)]
    pub finished_at: Option<DateTime<Utc>>,
    /// Every try, oldest first.
    pub attempts: Vec<AttemptView>,
}

/// One try of a delivery.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct AttemptView {
    #[schema(value_type = String, format = DateTime)]
    pub at: DateTime<Utc>,
    /// The receiver's HTTP status; null when none came.
    pub http_status: Option<i32>,
    /// Why the try failed when no 2xx came: the status, a timeout, a refused address.
    pub error: Option<String>,
}

/// Why a webhook's address is refused.
#[derive(Debug, Clone, thiserror::Error)]
pub enum AddressRefusal {
    #[error("the host {host} could not be resolved: {why}")]
    Unresolved { host: String, why: String },
    #[error(
        "the host {host} resolves to {address}, a {kind} address; webhooks go to public \
         addresses only (the server's operator may allow others with EAGLES_WEBHOOK_ALLOW_PRIVATE=true)"
    )]
    Private {
        host: String,
        address: IpAddr,
        kind: &'static str,
    },
}

/// A campaign's webhooks and their deliveries.
#[async_trait::async_trait]
pub trait Webhooks {
    /// Adds a webhook: referee only; its address must be public (unless the policy allows private ones).
    async fn create_webhook(
        &self,
        user: User,
        campaign_id: i64,
        new: NewWebhook,
    ) -> Result<CreatedWebhook, crate::Error>;

    /// The webhooks of a campaign with their recent deliveries: referee only.
    async fn webhooks(
        &self,
        reader: ReadAccess,
        campaign_id: i64,
    ) -> Result<Vec<WebhookView>, crate::Error>;

    /// Removes a webhook: referee only.
    async fn delete_webhook(&self, user: User, webhook: WebhookRef) -> Result<(), crate::Error>;
}
