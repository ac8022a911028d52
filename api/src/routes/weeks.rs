//! Placeholder filled in by the campaign-loop work.

use actix_web::web;

/// Mounts this module's endpoints inside `/api/v1`.
pub fn configure(_cfg: &mut web::ServiceConfig) {}

/// This module's part of the OpenAPI document.
#[derive(utoipa::OpenApi)]
#[openapi()]
pub struct Doc;
