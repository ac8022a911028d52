//! The COMMIT a write sends in its last pipeline, behind its last statements, so the
//! campaign's lock is let go in that round trip instead of one more.
//!
//! diesel's transaction manager commits with a simple query of its own, sent only
//! when the caller awaits it. [`commit`] is a prepared statement instead, and that is
//! what keeps it behind the statements joined before it: diesel-async prepares and
//! sends each statement of a pipeline under the connection's statement cache lock,
//! which its futures take in the order they are first polled, so a statement still to
//! be prepared (one round trip) holds back those polled after it. A simple query
//! would go out at once, ahead of such a statement, and commit without it. (A
//! statement binding a type of the database's own would look it up before taking
//! that lock; the schema declares none.)
//!
//! If a statement before it fails, the server has aborted the transaction and runs
//! the COMMIT as a ROLLBACK: nothing of the write is kept.

use diesel_async::{AsyncPgConnection, RunQueryDsl};

use crate::prepared::prepared;
use crate::QueryResult;

/// Commits the connection's transaction after every statement sent before it.
/// The caller tells diesel's transaction manager that the transaction is over.
pub async fn commit(mut conn: &AsyncPgConnection) -> QueryResult<()> {
    prepared("COMMIT")
        .execute(&mut conn)
        .await
        .map(drop)
        .map_err(crate::Error::from)
}
