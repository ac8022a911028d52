//! `eagles serve`: opens the database and serves until SIGINT or SIGTERM.

use std::net::TcpListener;

use clap::Args;

use crate::config::DatabaseConfig;
use crate::database::Database;

#[derive(Debug, Args)]
pub struct ServeArgs {
    /// Address to listen on.
    #[arg(long, env = "EAGLES_BIND", default_value = "127.0.0.1:8080")]
    bind: String,
}

pub async fn run(args: ServeArgs, config: &DatabaseConfig) -> Result<(), String> {
    let listener = TcpListener::bind(&args.bind).map_err(|e| {
        format!(
            "cannot listen on {}: {e}; pick another address with --bind or EAGLES_BIND",
            args.bind
        )
    })?;
    let db = Database::open(config).await.map_err(|e| e.to_string())?;
    let address = listener.local_addr().map_err(|e| e.to_string())?;
    tracing::info!("Eagles is serving on http://{address}");
    let served = crate::server::run(listener, db.pool.clone())
        .map_err(|e| e.to_string())?
        .await;
    tracing::info!("Eagles stopped serving");
    db.close();
    served.map_err(|e| e.to_string())
}
