//! The database's errors as refusals: only the service, which turns on the office's
//! `diesel` feature, meets them.

use diesel_async::pooled_connection::deadpool::PoolError;

use super::Error;

impl From<PoolError> for Error {
    fn from(e: PoolError) -> Self {
        tracing::warn!(error = %e, "no database connection");
        Self::Unavailable
    }
}

impl From<diesel::result::Error> for Error {
    fn from(e: diesel::result::Error) -> Self {
        use diesel::result::{DatabaseErrorKind, Error as Db};
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
