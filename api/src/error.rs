//! The API's error type. Every error leaves as `application/problem+json` whose
//! `detail` tells the client what to fix; unexpected failures are logged in full and
//! the client gets a plain sentence, never the internal cause.

use std::fmt;

use actix_web::http::{header, StatusCode};
use actix_web::{HttpResponse, ResponseError};
use serde::Serialize;

/// What went wrong, in the terms of API.md's error statuses.
#[derive(Debug, thiserror::Error)]
pub enum ApiError {
    /// 400: malformed JSON, a wrong type, an unknown field or query parameter.
    #[error("{0}")]
    BadRequest(String),
    /// 401: no token, or one that no longer works.
    #[error("{0}")]
    Unauthorized(String),
    /// 403: the caller's role does not allow this.
    #[error("{0}")]
    Forbidden(String),
    /// 404: no such thing, or one the caller may not see.
    #[error("{0}")]
    NotFound(String),
    /// 409: a conflicting or stale write.
    #[error("{0}")]
    Conflict(String),
    /// 422: a rule of the game (or a field's allowed values) broken.
    #[error("{detail}")]
    Unprocessable {
        detail: String,
        /// The rule that refused it, e.g. "R3" or "§13.102".
        rule: Option<&'static str>,
        /// What part of the request it refused, when the check knew.
        at: Option<Locus>,
    },
    /// 413: a body larger than the endpoint accepts.
    #[error("{0}")]
    PayloadTooLarge(String),
    /// 429: too many tries; `retry_after` seconds until the next one is allowed.
    #[error("{detail}")]
    TooManyRequests { detail: String, retry_after: u64 },
    /// 503: the database cannot be reached right now.
    #[error("the database is unavailable right now; try again in a moment")]
    Unavailable,
    /// 500: a bug or an unexpected failure; the cause is logged, not sent.
    #[error("internal error")]
    Internal(String),
}

/// The part of a request a refusal is about, so that a form can show the reason beside
/// the input it concerns, whatever the reason's wording.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Locus {
    /// A named field of the request, e.g. `turns_played`.
    Field(&'static str),
    /// A debrief's sortie, by its key.
    Sortie(String),
    /// A debrief's kills.
    Kills,
    /// A debrief's report of this mission.
    Mission(i64),
}

impl ApiError {
    /// A 422 for a value the client can correct.
    pub fn invalid(detail: impl Into<String>) -> Self {
        Self::Unprocessable {
            detail: detail.into(),
            rule: None,
            at: None,
        }
    }

    /// The same error, pointed at `locus` when it is a 422 that points nowhere yet.
    pub fn at(self, locus: Locus) -> Self {
        match self {
            Self::Unprocessable {
                detail,
                rule,
                at: None,
            } => Self::Unprocessable {
                detail,
                rule,
                at: Some(locus),
            },
            other => other,
        }
    }

    /// What part of the request a 422 is about, when known.
    pub fn locus(&self) -> Option<&Locus> {
        match self {
            Self::Unprocessable { at, .. } => at.as_ref(),
            _ => None,
        }
    }

    fn slug(&self) -> &'static str {
        match self {
            Self::BadRequest(_) => "bad-request",
            Self::Unauthorized(_) => "unauthorized",
            Self::Forbidden(_) => "forbidden",
            Self::NotFound(_) => "not-found",
            Self::Conflict(_) => "conflict",
            Self::Unprocessable { rule: Some(_), .. } => "rule-broken",
            Self::Unprocessable { rule: None, .. } => "invalid-value",
            Self::PayloadTooLarge(_) => "payload-too-large",
            Self::TooManyRequests { .. } => "too-many-requests",
            Self::Unavailable => "unavailable",
            Self::Internal(_) => "internal",
        }
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
        match self {
            Self::BadRequest(_) => StatusCode::BAD_REQUEST,
            Self::Unauthorized(_) => StatusCode::UNAUTHORIZED,
            Self::Forbidden(_) => StatusCode::FORBIDDEN,
            Self::NotFound(_) => StatusCode::NOT_FOUND,
            Self::Conflict(_) => StatusCode::CONFLICT,
            Self::Unprocessable { .. } => StatusCode::UNPROCESSABLE_ENTITY,
            Self::PayloadTooLarge(_) => StatusCode::PAYLOAD_TOO_LARGE,
            Self::TooManyRequests { .. } => StatusCode::TOO_MANY_REQUESTS,
            Self::Unavailable => StatusCode::SERVICE_UNAVAILABLE,
            Self::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }

    fn error_response(&self) -> HttpResponse {
        let status = self.status_code();
        if let Self::Internal(cause) = self {
            tracing::error!(%cause, "request failed");
        }
        let detail = match self {
            Self::Internal(_) => {
                "something went wrong on the server; the error was logged".to_owned()
            }
            other => other.to_string(),
        };
        let problem = Problem {
            kind: format!("/problems/{}", self.slug()),
            title: status.canonical_reason().unwrap_or("Error").to_owned(),
            status: status.as_u16(),
            detail,
            rule: match self {
                Self::Unprocessable { rule, .. } => rule.map(str::to_owned),
                _ => None,
            },
        };
        let mut response = HttpResponse::build(status);
        response.content_type("application/problem+json");
        if matches!(self, Self::Unauthorized(_)) {
            response.insert_header((header::WWW_AUTHENTICATE, "Bearer"));
        }
        if let Self::TooManyRequests { retry_after, .. } = self {
            response.insert_header((header::RETRY_AFTER, retry_after.to_string()));
        }
        response.json(problem)
    }
}

impl From<campaign::RuleError> for ApiError {
    fn from(e: campaign::RuleError) -> Self {
        Self::Unprocessable {
            rule: Some(e.rule()),
            detail: e.to_string(),
            at: None,
        }
    }
}

impl From<eagles_db::PoolError> for ApiError {
    fn from(e: eagles_db::PoolError) -> Self {
        tracing::warn!(error = %e, "no database connection");
        Self::Unavailable
    }
}

impl From<diesel::result::Error> for ApiError {
    fn from(e: diesel::result::Error) -> Self {
        use diesel::result::{DatabaseErrorKind, Error};
        match e {
            Error::DatabaseError(DatabaseErrorKind::SerializationFailure, _) => Self::Conflict(
                "another write changed the same records at the same time; reload and try again"
                    .into(),
            ),
            Error::DatabaseError(
                DatabaseErrorKind::ClosedConnection | DatabaseErrorKind::UnableToSendCommand,
                _,
            )
            | Error::BrokenTransactionManager => {
                tracing::warn!(error = %e, "lost the database connection");
                Self::Unavailable
            }
            Error::DatabaseError(_, ref info) if is_lost_connection(info.message()) => {
                tracing::warn!(error = %e, "lost the database connection");
                Self::Unavailable
            }
            other => Self::Internal(other.to_string()),
        }
    }
}

/// Whether a database error says the server went away under the request: it was
/// stopped, crashed or ended the session (SQLSTATE class 57, "operator intervention"),
/// which the driver reports with its message only. The request may be tried again.
fn is_lost_connection(message: &str) -> bool {
    [
        "terminating connection",
        "the database system is shutting down",
        "the database system is starting up",
        "the database system is in recovery mode",
        "connection closed",
        "server closed the connection",
    ]
    .iter()
    .any(|m| message.contains(m))
}

use eagles_db::diesel;

/// Formats a list of allowed values for a message: "a, b or c".
pub fn one_of(values: impl IntoIterator<Item = impl fmt::Display>) -> String {
    let values: Vec<String> = values.into_iter().map(|v| v.to_string()).collect();
    match values.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
        Some((last, _)) => last.clone(),
        None => String::new(),
    }
}
