//! The database's errors, and what they are to the office's doors: a write refused
//! by the database's own checks is a conflict, a lost connection or an empty pool is
//! "unavailable", anything else an internal error. The office itself knows no
//! database: the conversion lives here, beside the queries that fail.

use eagles_office::Error as Refusal;

use crate::PoolError;

/// What a query or the pool failed with.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    #[error(transparent)]
    Query(#[from] diesel::result::Error),
    #[error(transparent)]
    Pool(#[from] PoolError),
}

/// The result of a query of this crate.
pub type QueryResult<T> = Result<T, Error>;

impl Error {
    /// The query's error, when it was a query that failed.
    pub fn query(&self) -> Option<&diesel::result::Error> {
        match self {
            Self::Query(e) => Some(e),
            Self::Pool(_) => None,
        }
    }
}

impl From<Error> for Refusal {
    fn from(e: Error) -> Self {
        use diesel::result::{DatabaseErrorKind, Error as Db};
        let e = match e {
            Error::Pool(e) => {
                tracing::warn!(error = %e, "no database connection");
                return Self::Unavailable;
            }
            Error::Query(e) => e,
        };
        match e {
            // The database's own refusal of a write to an ended campaign (§13.203,
            // migration 000013), for the write paths that do not check it first.
            Db::DatabaseError(DatabaseErrorKind::CheckViolation, ref info)
                if info.constraint_name() == Some("campaign_ended") =>
            {
                Self::Conflict(info.message().to_owned())
            }
            Db::DatabaseError(DatabaseErrorKind::SerializationFailure, _) => Self::Conflict(
                "another write changed the same records at the same time; reload and try again"
                    .into(),
            ),
            Db::DatabaseError(
                DatabaseErrorKind::ClosedConnection | DatabaseErrorKind::UnableToSendCommand,
                _,
            )
            | Db::BrokenTransactionManager => {
                tracing::warn!(error = %e, "lost the database connection");
                Self::Unavailable
            }
            Db::DatabaseError(_, ref info) if is_lost_connection(info.message()) => {
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
