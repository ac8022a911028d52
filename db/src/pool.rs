//! The async connection pool. Every handler takes its connection from here, so no
//! request ever blocks the executor on the database.

use std::time::Duration;

use deadpool::Runtime;
use diesel_async::pooled_connection::{
    deadpool::Pool, AsyncDieselConnectionManager, ManagerConfig, RecyclingMethod,
};
use diesel_async::{AsyncConnection, AsyncPgConnection, SimpleAsyncConnection};

/// The pool type shared by the API, the pages and the CLI.
pub type DbPool = Pool<AsyncPgConnection>;
/// A connection checked out of [`DbPool`].
pub type DbConn = diesel_async::pooled_connection::deadpool::Object<AsyncPgConnection>;
/// Why a connection could not be had (database down, pool exhausted past its wait).
pub type PoolError = diesel_async::pooled_connection::deadpool::PoolError;

/// Pool sizing and timeouts.
#[derive(Debug, Clone, Copy)]
pub struct PoolSettings {
    pub max_size: usize,
    /// How long a request waits for a free connection before it is told the service is busy.
    pub wait_timeout: Duration,
    /// How long opening a new connection may take before the database counts as down.
    pub create_timeout: Duration,
    pub recycle_timeout: Duration,
}

impl Default for PoolSettings {
    fn default() -> Self {
        Self {
            max_size: 10,
            wait_timeout: Duration::from_secs(5),
            create_timeout: Duration::from_secs(3),
            recycle_timeout: Duration::from_secs(3),
        }
    }
}

/// Opens one of the pool's connections. Its statements are planned once, when first
/// run: every statement of the service is prepared once per connection (diesel's cache,
/// [`crate::prepared`]), and under Postgres's default plan choice a statement with many
/// parameters, such as the debrief's writer, was planned afresh at every run, costing
/// as much as running it, under the campaign's lock. The queries are shaped for their
/// indexes (lookups by id, the maintained standings), so one plan fits every value.
async fn connect(url: String) -> diesel::ConnectionResult<AsyncPgConnection> {
    let mut conn = AsyncPgConnection::establish(&url).await?;
    conn.batch_execute("SET plan_cache_mode = force_generic_plan")
        .await
        .map_err(diesel::ConnectionError::CouldntSetupConfiguration)?;
    Ok(conn)
}

/// Builds a pool; connections are opened lazily, so this succeeds while the database is down.
pub fn build_pool(database_url: &str, settings: PoolSettings) -> DbPool {
    // A checked-out connection is not pinged first (the default sends `SELECT 1` on
    // every checkout, a round trip per request); a broken one fails its first query
    // and is dropped by the pool.
    let mut config = ManagerConfig::default();
    config.recycling_method = RecyclingMethod::Fast;
    config.custom_setup = Box::new(|url| Box::pin(connect(url.to_owned())));
    let manager =
        AsyncDieselConnectionManager::<AsyncPgConnection>::new_with_config(database_url, config);
    Pool::builder(manager)
        .max_size(settings.max_size)
        .wait_timeout(Some(settings.wait_timeout))
        .create_timeout(Some(settings.create_timeout))
        .recycle_timeout(Some(settings.recycle_timeout))
        .runtime(Runtime::Tokio1)
        .build()
        .expect("a pool with a runtime and timeouts always builds")
}
