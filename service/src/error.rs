//! The error of every use case: what went wrong, which rule refused it and which part
//! of the input it concerns. Its message tells the person what to fix; the front doors
//! choose how to show it (a problem document, a sentence beside a form field).

use std::fmt;

pub use eagles_office::Locus;

/// What went wrong; each kind maps to one of API.md's error statuses.
#[derive(Debug, thiserror::Error)]
pub enum ServiceError {
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
    /// 422: several problems of one request, each an `Unprocessable` with its own rule
    /// and locus, in the order of the request (see [`ServiceError::all`]).
    #[error("{}", join_details(.0))]
    Problems(Vec<ServiceError>),
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

impl ServiceError {
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

    /// Every problem of `problems`, in order, as one error: `None` when there is none,
    /// the problem itself when there is one, [`ServiceError::Problems`] when there are
    /// more (nested lists flattened).
    pub fn all(problems: impl IntoIterator<Item = ServiceError>) -> Option<Self> {
        let mut flat = Vec::new();
        for problem in problems {
            match problem {
                Self::Problems(inner) => flat.extend(inner),
                other => flat.push(other),
            }
        }
        match flat.len() {
            0 => None,
            1 => flat.pop(),
            _ => Some(Self::Problems(flat)),
        }
    }
}

impl From<campaign::RuleError> for ServiceError {
    fn from(e: campaign::RuleError) -> Self {
        Self::Unprocessable {
            rule: Some(e.rule()),
            detail: e.to_string(),
            at: None,
        }
    }
}

impl From<eagles_db::PoolError> for ServiceError {
    fn from(e: eagles_db::PoolError) -> Self {
        tracing::warn!(error = %e, "no database connection");
        Self::Unavailable
    }
}

impl From<diesel::result::Error> for ServiceError {
    fn from(e: diesel::result::Error) -> Self {
        use diesel::result::{DatabaseErrorKind, Error};
        match e {
            // The database's own refusal of a write to an ended campaign (§13.203,
            // migration 000013), for the write paths that do not check it first.
            Error::DatabaseError(DatabaseErrorKind::CheckViolation, ref info)
                if info.constraint_name() == Some("campaign_ended") =>
            {
                Self::Conflict(info.message().to_owned())
            }
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

fn join_details(problems: &[ServiceError]) -> String {
    problems
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join("; ")
}

/// Formats a list of allowed values for a message: "a, b or c".
pub fn one_of(values: impl IntoIterator<Item = impl fmt::Display>) -> String {
    let values: Vec<String> = values.into_iter().map(|v| v.to_string()).collect();
    match values.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
        Some((last, _)) => last.clone(),
        None => String::new(),
    }
}

/// The doors receive a refusal without the database's types in it.
impl From<ServiceError> for eagles_office::Error {
    fn from(e: ServiceError) -> Self {
        use eagles_office::Error as Door;
        match e {
            ServiceError::BadRequest(d) => Door::BadRequest(d),
            ServiceError::Unauthorized(d) => Door::Unauthorized(d),
            ServiceError::Forbidden(d) => Door::Forbidden(d),
            ServiceError::NotFound(d) => Door::NotFound(d),
            ServiceError::Conflict(d) => Door::Conflict(d),
            ServiceError::Unprocessable { detail, rule, at } => {
                Door::Unprocessable { detail, rule, at }
            }
            ServiceError::Problems(all) => {
                Door::Problems(all.into_iter().map(Into::into).collect())
            }
            ServiceError::PayloadTooLarge(d) => Door::PayloadTooLarge(d),
            ServiceError::TooManyRequests {
                detail,
                retry_after,
            } => Door::TooManyRequests {
                detail,
                retry_after,
            },
            ServiceError::Unavailable => Door::Unavailable,
            ServiceError::Internal(d) => Door::Internal(d),
        }
    }
}

/// A refusal the doors' vocabulary made (a scope's access check) keeps its kind.
impl From<eagles_office::Error> for ServiceError {
    fn from(e: eagles_office::Error) -> Self {
        use eagles_office::Error as Door;
        match e {
            Door::BadRequest(d) => Self::BadRequest(d),
            Door::Unauthorized(d) => Self::Unauthorized(d),
            Door::Forbidden(d) => Self::Forbidden(d),
            Door::NotFound(d) => Self::NotFound(d),
            Door::Conflict(d) => Self::Conflict(d),
            Door::Unprocessable { detail, rule, at } => Self::Unprocessable { detail, rule, at },
            Door::Problems(all) => Self::Problems(all.into_iter().map(Into::into).collect()),
            Door::PayloadTooLarge(d) => Self::PayloadTooLarge(d),
            Door::TooManyRequests {
                detail,
                retry_after,
            } => Self::TooManyRequests {
                detail,
                retry_after,
            },
            Door::Unavailable => Self::Unavailable,
            Door::Internal(d) => Self::Internal(d),
        }
    }
}
