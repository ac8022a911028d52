//! The command line: `eagles serve | migrate | user add | seed demo | seed bench | export |
//! import`.

mod backup;
pub mod seed;
mod serve;
mod user;

use clap::{Parser, Subcommand};

use crate::config::DatabaseConfig;

/// Eagles, the campaign office for Canvas Eagles clubs.
///
/// Without DATABASE_URL every command uses the embedded default: a private Postgres
/// cluster under EAGLES_DATA_DIR (default .eagles), shared with a running service.
#[derive(Debug, Parser)]
#[command(name = "eagles", version)]
pub struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Run the web service (API and pages).
    Serve(serve::ServeArgs),
    /// Apply pending database migrations and load reference data, then exit.
    Migrate,
    /// Manage accounts.
    #[command(subcommand)]
    User(user::UserCommand),
    /// Load sample data.
    #[command(subcommand)]
    Seed(seed::SeedCommand),
    /// Print a campaign's export document (JSON) on standard output.
    Export {
        /// The campaign's id.
        campaign_id: i64,
    },
    /// Import an export document as a new campaign; its members must have accounts.
    Import {
        /// The JSON file written by `eagles export`.
        file: std::path::PathBuf,
    },
}

impl Cli {
    /// Runs the chosen command; the error is a message for the person at the terminal.
    pub async fn run(self) -> Result<(), String> {
        let config = DatabaseConfig::from_env()?;
        match self.command {
            Command::Serve(args) => serve::run(args, &config).await,
            Command::Migrate => {
                let db = crate::database::Database::open(&config)
                    .await
                    .map_err(|e| e.to_string())?;
                println!(
                    "database is up to date ({} migrations, reference data loaded)",
                    eagles_db::migrations::count()
                );
                db.close();
                Ok(())
            }
            Command::User(command) => user::run(command, &config).await,
            Command::Seed(command) => seed::run(command, &config).await,
            Command::Export { campaign_id } => backup::export(campaign_id, &config).await,
            Command::Import { file } => backup::import(file, &config).await,
        }
    }
}
