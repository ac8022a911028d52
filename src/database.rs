//! Opening the database: `DATABASE_URL` when set, else the embedded default cluster,
//! which this process starts (or attaches to, when the service already runs it).
//! Either way migrations run and reference data is loaded before anything else.

use eagles_db::{build_pool, DbPool, PoolSettings};
use pgcluster::Cluster;

use crate::config::DatabaseConfig;

/// The embedded default's database name.
const DATABASE_NAME: &str = "eagles";

/// Why the database could not be opened; each message says what to do.
#[derive(Debug, thiserror::Error)]
pub enum OpenError {
    #[error("{0}")]
    Cluster(#[from] pgcluster::ClusterError),
    #[error("cannot reach the database: {0}; check DATABASE_URL and that Postgres is running")]
    Connect(String),
    #[error("{0}")]
    Migrate(#[from] eagles_db::migrations::MigrationError),
    #[error("{0}")]
    Seed(#[from] eagles_db::reference::SeedError),
    #[error("{0}")]
    Pool(String),
}

/// An open, migrated database. Dropping it stops the embedded cluster if this
/// process started it.
pub struct Database {
    pub pool: DbPool,
    url: String,
    cluster: Option<Cluster>,
}

impl Database {
    /// Opens the configured database, runs pending migrations and loads reference data.
    pub async fn open(config: &DatabaseConfig) -> Result<Self, OpenError> {
        let (url, cluster) = match &config.url {
            Some(url) => (url.0.clone(), None),
            None => {
                let root = config.data_dir.join("pg");
                let cluster = tokio::task::spawn_blocking(move || Cluster::start_or_attach(&root))
                    .await
                    .map_err(|e| OpenError::Pool(e.to_string()))??;
                if cluster.started_here() {
                    tracing::info!(port = cluster.port(), "started the embedded Postgres");
                } else {
                    tracing::info!(
                        port = cluster.port(),
                        "attached to the running embedded Postgres"
                    );
                }
                eagles_db::databases::create_database_if_missing(
                    &cluster.database_url("postgres"),
                    DATABASE_NAME,
                    None,
                )
                .await
                .map_err(|e| OpenError::Connect(e.to_string()))?;
                (cluster.database_url(DATABASE_NAME), Some(cluster))
            }
        };
        Self::prepare(url, cluster, config.pool_size).await
    }

    /// Migrates and seeds the database at `url`, then pools connections to it.
    pub async fn prepare(
        url: String,
        cluster: Option<Cluster>,
        pool_size: usize,
    ) -> Result<Self, OpenError> {
        let applied = eagles_db::migrations::run_pending(&url).await?;
        if !applied.is_empty() {
            tracing::info!(?applied, "applied migrations");
        }
        let pool = build_pool(
            &url,
            PoolSettings {
                max_size: pool_size,
                ..PoolSettings::default()
            },
        );
        let mut conn = pool
            .get()
            .await
            .map_err(|e| OpenError::Connect(e.to_string()))?;
        eagles_db::reference::load(&mut conn).await?;
        // The weeks open when fair dice shipped get their seeds now (R25); pgcrypto
        // may not be there to make them in the migration.
        let seeded = eagles_service::fair_dice::give_open_weeks(&mut conn)
            .await
            .map_err(|e| OpenError::Pool(format!("cannot seed the open weeks' dice: {e}")))?;
        if seeded > 0 {
            tracing::info!(weeks = seeded, "gave the open weeks their dice seeds");
        }
        drop(conn);
        Ok(Self { pool, url, cluster })
    }

    /// The database URL (carries the password: never log it).
    pub fn url(&self) -> &str {
        &self.url
    }

    /// Stops the embedded cluster if this process started it.
    pub fn close(self) {
        self.pool.close();
        if let Some(cluster) = self.cluster {
            if cluster.started_here() {
                match cluster.stop() {
                    Ok(()) => tracing::info!("stopped the embedded Postgres"),
                    Err(e) => tracing::error!(error = %e, "could not stop the embedded Postgres"),
                }
            }
        }
    }
}
