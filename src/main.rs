use std::process::ExitCode;

use clap::Parser;

#[tokio::main]
async fn main() -> ExitCode {
    let cli = eagles::cli::Cli::parse();
    tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env()
                .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info")),
        )
        .with_writer(std::io::stderr)
        .init();
    match cli.run().await {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("eagles: {message}");
            ExitCode::FAILURE
        }
    }
}
