//! The embedded migrations of `migrations/`, run at start and by `eagles migrate`.

use diesel::migration::MigrationSource;
use diesel::pg::Pg;
use diesel::Connection;
use diesel_async::async_connection_wrapper::AsyncConnectionWrapper;
use diesel_async::AsyncPgConnection;
use diesel_migrations::{embed_migrations, EmbeddedMigrations, MigrationHarness};

/// Every migration of the repository, compiled into the binary.
pub const MIGRATIONS: EmbeddedMigrations = embed_migrations!("../migrations");

type BoxError = Box<dyn std::error::Error + Send + Sync>;

/// A migration run that failed, with the cause.
#[derive(Debug, thiserror::Error)]
#[error("database migration failed: {0}")]
pub struct MigrationError(String);

/// Applies every pending migration; returns the versions applied.
pub async fn run_pending(database_url: &str) -> Result<Vec<String>, MigrationError> {
    with_sync_connection(database_url, |conn| {
        Ok(conn
            .run_pending_migrations(MIGRATIONS)?
            .into_iter()
            .map(|v| v.to_string())
            .collect())
    })
    .await
}

/// Reverts every applied migration (used by the up-down-up test and by nobody else).
pub async fn revert_all(database_url: &str) -> Result<Vec<String>, MigrationError> {
    with_sync_connection(database_url, |conn| {
        Ok(conn
            .revert_all_migrations(MIGRATIONS)?
            .into_iter()
            .map(|v| v.to_string())
            .collect())
    })
    .await
}

/// The number of migrations compiled in.
pub fn count() -> usize {
    MigrationSource::<Pg>::migrations(&MIGRATIONS)
        .map(|m| m.len())
        .unwrap_or(0)
}

// diesel_migrations drives a synchronous connection. The wrapper runs the async
// connection on a runtime of its own, so it lives on a plain thread: that keeps it
// off the executor and independent of the caller's runtime flavour.
async fn with_sync_connection<T, F>(database_url: &str, work: F) -> Result<T, MigrationError>
where
    T: Send + 'static,
    F: FnOnce(&mut AsyncConnectionWrapper<AsyncPgConnection>) -> Result<T, BoxError>
        + Send
        + 'static,
{
    let url = database_url.to_owned();
    let (tx, rx) = tokio::sync::oneshot::channel();
    std::thread::spawn(move || {
        let result = AsyncConnectionWrapper::<AsyncPgConnection>::establish(&url)
            .map_err(|e| MigrationError(e.to_string()))
            .and_then(|mut conn| work(&mut conn).map_err(|e| MigrationError(e.to_string())));
        let _ = tx.send(result);
    });
    rx.await
        .map_err(|_| MigrationError("the migration thread stopped unexpectedly".into()))?
}
