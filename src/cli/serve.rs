//! `eagles serve`: opens the database and serves until SIGINT or SIGTERM.

use std::net::TcpListener;

use clap::Args;
use eagles_db::PoolSettings;

use crate::config::{DatabaseConfig, WebhookConfig};
use crate::database::Database;

/// The connections `eagles serve` keeps beside the HTTP workers' pools: the webhook
/// worker takes one at a time, and migrating and loading the reference data one.
const OWN_CONNECTIONS: usize = 2;

#[derive(Debug, Args)]
pub struct ServeArgs {
    /// Address to listen on.
    #[arg(long, env = "EAGLES_BIND", default_value = "127.0.0.1:8080")]
    bind: String,
}

pub async fn run(args: ServeArgs, config: &DatabaseConfig) -> Result<(), String> {
    let webhooks = WebhookConfig::from_env()?;
    // Refused before anything starts: the server reads it again for its workers.
    crate::config::sign_up()?;
    let streams = crate::config::event_streams()?;
    let listener = TcpListener::bind(&args.bind).map_err(|e| {
        format!(
            "cannot listen on {}: {e}; pick another address with --bind or EAGLES_BIND",
            args.bind
        )
    })?;
    let address = listener.local_addr().map_err(|e| e.to_string())?;
    let public_url = crate::config::public_url(address)?;
    // The instance's own connections (migrations, reference data, the webhook
    // deliveries) come from a pool of two; the HTTP workers share out the configured
    // size among their own pools (`crate::server::Pools::PerWorker`).
    let own = DatabaseConfig {
        pool_size: OWN_CONNECTIONS,
        ..config.clone()
    };
    let db = Database::open(&own).await.map_err(|e| e.to_string())?;
    let pools = crate::server::Pools::PerWorker {
        url: db.url().to_owned(),
        settings: PoolSettings {
            max_size: config.pool_size,
            ..PoolSettings::default()
        },
    };
    tracing::info!("Eagles is serving on http://{address}");
    let worker = crate::webhooks::spawn(db.pool.clone(), webhooks);
    let events = crate::server::Events {
        source: crate::listener::Source::Url(db.url().to_owned()),
        streams,
    };
    let served = crate::server::run_serving(listener, pools, webhooks.policy, public_url, events)
        .map_err(|e| e.to_string())?
        .await;
    // A try cut off here is retried by any instance once its lease ends.
    worker.abort();
    tracing::info!("Eagles stopped serving");
    db.close();
    served.map_err(|e| e.to_string())
}
