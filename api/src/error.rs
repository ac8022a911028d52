//! The API's error type. Every error leaves as `application/problem+json` whose
//! `detail` tells the client what to fix; unexpected failures are logged in full and
//! the client gets a plain sentence, never the internal cause.

use std::fmt;

use actix_web::http::{header, StatusCode};
use actix_web::{HttpResponse, ResponseError};
use eagles_service::ServiceError;
use serde::Serialize;

/// A use case's error on its way out as a problem document.
#[derive(Debug)]
pub struct ApiError(pub ServiceError);

impl<E> From<E> for ApiError
where
    ServiceError: From<E>,
{
    fn from(e: E) -> Self {
        Self(ServiceError::from(e))
    }
}

fn slug(e: &ServiceError) -> &'static str {
    match e {
        ServiceError::BadRequest(_) => "bad-request",
        ServiceError::Unauthorized(_) => "unauthorized",
        ServiceError::Forbidden(_) => "forbidden",
        ServiceError::NotFound(_) => "not-found",
        ServiceError::Conflict(_) => "conflict",
        ServiceError::Unprocessable { rule: Some(_), .. } => "rule-broken",
        ServiceError::Unprocessable { rule: None, .. } => "invalid-value",
        ServiceError::PayloadTooLarge(_) => "payload-too-large",
        ServiceError::TooManyRequests { .. } => "too-many-requests",
        ServiceError::Unavailable => "unavailable",
        ServiceError::Internal(_) => "internal",
    }
}

impl fmt::Display for ApiError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

/// The problem document of RFC 9457.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct Problem {
    #[serde(rename = "type")]
    pub kind: String,
    pub title: String,
    pub status: u16,
    pub detail: String,
    /// The rule of the game that refused the request, when one did.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rule: Option<String>,
}

impl ResponseError for ApiError {
    fn status_code(&self) -> StatusCode {
        StatusCode::from_u16(self.0.status()).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR)
    }

    fn error_response(&self) -> HttpResponse {
        let status = self.status_code();
        if let ServiceError::Internal(cause) = &self.0 {
            tracing::error!(%cause, "request failed");
        }
        let detail = match &self.0 {
            ServiceError::Internal(_) => {
                "something went wrong on the server; the error was logged".to_owned()
            }
            other => other.to_string(),
        };
        let problem = Problem {
            kind: format!("/problems/{}", slug(&self.0)),
            title: status.canonical_reason().unwrap_or("Error").to_owned(),
            status: status.as_u16(),
            detail,
            rule: match &self.0 {
                ServiceError::Unprocessable { rule, .. } => rule.map(str::to_owned),
                _ => None,
            },
        };
        let mut response = HttpResponse::build(status);
        response.content_type("application/problem+json");
        if matches!(self.0, ServiceError::Unauthorized(_)) {
            response.insert_header((header::WWW_AUTHENTICATE, "Bearer"));
        }
        if let ServiceError::TooManyRequests { retry_after, .. } = &self.0 {
            response.insert_header((header::RETRY_AFTER, retry_after.to_string()));
        }
        response.json(problem)
    }
}
