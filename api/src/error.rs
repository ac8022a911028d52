//! The API's error type. Every error leaves as `application/problem+json` whose
//! `detail` tells the client what to fix; unexpected failures are logged in full and
//! the client gets a plain sentence, never the internal cause.

use std::fmt;

use actix_web::http::{header, StatusCode};
use actix_web::{HttpResponse, ResponseError};
use eagles_office::{Error, Locus};
use serde::Serialize;

/// A use case's error on its way out as a problem document.
#[derive(Debug)]
pub struct ApiError(pub Error);

impl From<Error> for ApiError {
    fn from(e: Error) -> Self {
        Self(e)
    }
}

fn slug(e: &Error) -> &'static str {
    match e {
        Error::BadRequest(_) => "bad-request",
        Error::Unauthorized(_) => "unauthorized",
        Error::Forbidden(_) => "forbidden",
        Error::NotFound(_) => "not-found",
        Error::Conflict(_) => "conflict",
        Error::Gone(_) => "gone",
        Error::PreconditionFailed(_) => "precondition-failed",
        Error::Unprocessable { rule: Some(_), .. } => "rule-broken",
        Error::Unprocessable { rule: None, .. } => "invalid-value",
        Error::Problems(_) if e.rule().is_some() => "rule-broken",
        Error::Problems(_) => "invalid-value",
        Error::PayloadTooLarge(_) => "payload-too-large",
        Error::TooManyRequests { .. } => "too-many-requests",
        Error::Unavailable => "unavailable",
        Error::Internal(_) => "internal",
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
    /// Every problem of the request when a check found several (`detail` joins
    /// them), each with its rule and the part of the request it is about.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub problems: Vec<ProblemItem>,
}

/// One of several problems of a request.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct ProblemItem {
    pub detail: String,
    /// The rule of the game that refused it, when one did.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rule: Option<String>,
    /// Where in the request it is, e.g. `turns_played`, `sorties[key=a1]`,
    /// `sorties[key=a1].crew[crew_id=7]`, `sorties[key=a1].down.terrain`, `kills`,
    /// `missions[mission_id=3]`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub path: Option<String>,
}

/// The part of a request a locus names, as a path into its JSON.
fn path_of(locus: &Locus) -> String {
    match locus {
        Locus::Field(field) => (*field).to_owned(),
        Locus::Sortie(key) => format!("sorties[key={key}]"),
        Locus::SortiePart {
            key,
            crew_id,
            field,
        } => {
            let mut path = format!("sorties[key={key}]");
            if let Some(id) = crew_id {
                path.push_str(&format!(".crew[crew_id={id}]"));
            }
            if let Some(field) = field {
                path.push('.');
                path.push_str(field);
            }
            path
        }
        Locus::Kills => "kills".to_owned(),
        Locus::Mission(id) => format!("missions[mission_id={id}]"),
    }
}

impl ResponseError for ApiError {
    fn status_code(&self) -> StatusCode {
        StatusCode::from_u16(self.0.status()).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR)
    }

    fn error_response(&self) -> HttpResponse {
        let status = self.status_code();
        if let Error::Internal(cause) = &self.0 {
            tracing::error!(%cause, "request failed");
        }
        let detail = match &self.0 {
            Error::Internal(_) => {
                "something went wrong on the server; the error was logged".to_owned()
            }
            other => other.to_string(),
        };
        let problem = Problem {
            kind: format!("/problems/{}", slug(&self.0)),
            title: status.canonical_reason().unwrap_or("Error").to_owned(),
            status: status.as_u16(),
            detail,
            rule: self.0.rule().map(str::to_owned),
            problems: match &self.0 {
                Error::Problems(all) => all
                    .iter()
                    .map(|p| ProblemItem {
                        detail: p.to_string(),
                        rule: p.rule().map(str::to_owned),
                        path: p.locus().map(path_of),
                    })
                    .collect(),
                _ => Vec::new(),
            },
        };
        let mut response = HttpResponse::build(status);
        response.content_type("application/problem+json");
        if matches!(self.0, Error::Unauthorized(_)) {
            response.insert_header((header::WWW_AUTHENTICATE, "Bearer"));
        }
        if let Error::TooManyRequests { retry_after, .. } = &self.0 {
            response.insert_header((header::RETRY_AFTER, retry_after.to_string()));
        }
        response.json(problem)
    }
}
