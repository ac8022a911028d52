//! `eagles seed demo`: a public demo campaign played through the service's use cases,
//! so every row is written by the same code a club uses.
//! `eagles seed bench`: a large campaign for benchmarks, written in bulk.

use clap::Subcommand;
use rand::distributions::{Alphanumeric, DistString};

use crate::config::DatabaseConfig;
use crate::database::Database;

mod bench;
pub mod demo;

#[derive(Debug, Subcommand)]
pub enum SeedCommand {
    /// Create a public demo campaign: two sides, four players, several closed weeks.
    Demo,
    /// Create a large public campaign for benchmarks and print its id.
    Bench(BenchArgs),
}

/// What `seed bench` makes.
#[derive(Debug, clap::Args)]
pub struct BenchArgs {
    /// About how many award rows its ledger should hold.
    #[arg(long, default_value_t = 1_000_000)]
    awards: usize,
    /// The start of its account names (`PREFIX-referee`, `PREFIX-allied1`, …); random
    /// by default, so several bench campaigns can share a database.
    #[arg(long)]
    prefix: Option<String>,
    /// The password of its accounts; random (and printed) by default.
    #[arg(long)]
    password: Option<String>,
    /// Games to leave open in the current week, rolled and assigned.
    #[arg(long, default_value_t = 0)]
    open_games: usize,
    /// Where to write one debrief request per open game: a line `PATH<TAB>JSON`.
    #[arg(long)]
    debriefs: Option<std::path::PathBuf>,
}

pub async fn run(command: SeedCommand, config: &DatabaseConfig) -> Result<(), String> {
    match command {
        SeedCommand::Demo => run_demo(config).await,
        SeedCommand::Bench(args) => run_bench(args, config).await,
    }
}

async fn run_demo(config: &DatabaseConfig) -> Result<(), String> {
    let db = Database::open(config).await.map_err(|e| e.to_string())?;
    let result = demo::seed(&db.pool).await;
    db.close();
    let seeded = result?;
    println!(
        "created the demo campaign {} (\"{}\"); sign in as {} with the password {}",
        seeded.campaign_id,
        demo::CAMPAIGN_NAME,
        demo::REFEREE,
        seeded.password
    );
    Ok(())
}

async fn run_bench(args: BenchArgs, config: &DatabaseConfig) -> Result<(), String> {
    let mut rng = rand::thread_rng();
    let spec = bench::BenchSpec {
        awards: args.awards,
        prefix: args.prefix.unwrap_or_else(|| {
            format!(
                "bench-{}",
                Alphanumeric.sample_string(&mut rng, 6).to_lowercase()
            )
        }),
        password: args
            .password
            .unwrap_or_else(|| Alphanumeric.sample_string(&mut rng, 16)),
        open_games: args.open_games,
    };
    let db = Database::open(config).await.map_err(|e| e.to_string())?;
    let started = std::time::Instant::now();
    let result = bench::seed(&db.pool, &spec).await;
    db.close();
    let seeded = result?;
    if let Some(path) = args.debriefs {
        let lines: String = seeded
            .debriefs
            .iter()
            .map(|(path, body)| format!("{path}\t{body}\n"))
            .collect();
        std::fs::write(&path, lines).map_err(|e| format!("writing {}: {e}", path.display()))?;
    }
    eprintln!(
        "seeded {} award rows over {} closed weeks in {:.1} s; accounts {}-referee, {}-allied1 … with the password {}",
        seeded.awards,
        seeded.weeks,
        started.elapsed().as_secs_f64(),
        spec.prefix,
        spec.prefix,
        spec.password
    );
    println!("{}", seeded.campaign_id);
    Ok(())
}
