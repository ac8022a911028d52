//! `eagles user add <username> [--admin]`: creates an account, reading the password
//! from standard input (prompting without echo at a terminal). `eagles user reset
//! <username>`: prints a one-time password reset link for the account (R26).

use std::io::{BufRead, IsTerminal};

use clap::Subcommand;
use eagles_service::password::{hash_password_blocking, MIN_PASSWORD_LENGTH};
use eagles_service::text::{storable, UNSTORABLE};

use crate::config::DatabaseConfig;
use crate::database::Database;

#[derive(Debug, Subcommand)]
pub enum UserCommand {
    /// Create an account; the password is read from standard input.
    Add {
        username: String,
        /// Make the account an administrator (reads and referees every campaign).
        #[arg(long)]
        admin: bool,
    },
    /// Print a one-time link, valid 24 hours, that sets the account's password (hand
    /// it on); it starts with EAGLES_PUBLIC_URL.
    Reset {
        username: String,
        /// The address `eagles serve` listens on, for the link when EAGLES_PUBLIC_URL
        /// is not set.
        #[arg(long, env = "EAGLES_BIND", default_value = "127.0.0.1:8080")]
        bind: String,
    },
}

pub async fn run(command: UserCommand, config: &DatabaseConfig) -> Result<(), String> {
    match command {
        UserCommand::Add { username, admin } => add(username, admin, config).await,
        UserCommand::Reset { username, bind } => reset(&username, &bind, config).await,
    }
}

/// Prints a reset link for `username`, made as the operator (no admin account).
async fn reset(username: &str, bind: &str, config: &DatabaseConfig) -> Result<(), String> {
    let address = bind
        .parse::<std::net::SocketAddr>()
        .map_err(|e| format!("EAGLES_BIND {bind:?} is not an address and port: {e}"))?;
    let settings = eagles_service::accounts::AccountSettings {
        public_url: crate::config::public_url(address)?.as_str().to_owned(),
        ..Default::default()
    };
    let db = Database::open(config).await.map_err(|e| e.to_string())?;
    let result = async {
        let mut conn = db.pool.get().await.map_err(|e| e.to_string())?;
        eagles_service::accounts::reset::make_link(&mut conn, None, username, &settings)
            .await
            .map_err(|e| format!("no reset link for \"{username}\": {e}"))
    }
    .await;
    db.close();
    let link = result?;
    println!("{}", link.url);
    eprintln!(
        "valid once, until {} UTC; it replaces any earlier link for \"{username}\"",
        link.expires_at.format("%Y-%m-%d %H:%M")
    );
    Ok(())
}

async fn add(username: String, admin: bool, config: &DatabaseConfig) -> Result<(), String> {
    if !storable(&username) {
        return Err(format!("the username {UNSTORABLE}"));
    }
    let password = read_password()?;
    if !storable(&password) {
        // The hash could be stored, but the sign-in form and the API refuse the
        // character, so nobody could ever sign in with it.
        return Err(
            "the password holds a NUL character (U+0000), which the sign-in form and the API refuse; choose another"
                .into(),
        );
    }
    if password.chars().count() < MIN_PASSWORD_LENGTH {
        return Err(format!(
            "the password is too short: use at least {MIN_PASSWORD_LENGTH} characters"
        ));
    }
    let hash = tokio::task::spawn_blocking(move || hash_password_blocking(&password))
        .await
        .map_err(|e| e.to_string())?
        .map_err(|e| e.to_string())?;
    let db = Database::open(config).await.map_err(|e| e.to_string())?;
    let result = async {
        let mut conn = db.pool.get().await.map_err(|e| e.to_string())?;
        eagles_db::users::create(&mut conn, &username, &hash, admin)
            .await
            .map_err(|e| describe_create_error(&username, e))
    }
    .await;
    db.close();
    let user = result?;
    println!(
        "created {}account \"{}\"",
        if user.is_admin { "administrator " } else { "" },
        user.username
    );
    Ok(())
}

fn describe_create_error(username: &str, e: eagles_db::Error) -> String {
    use eagles_db::diesel::result::{DatabaseErrorKind, Error};
    match e.query() {
        Some(Error::DatabaseError(DatabaseErrorKind::UniqueViolation, _)) => {
            format!("there is already an account named \"{username}\"")
        }
        Some(Error::DatabaseError(DatabaseErrorKind::CheckViolation, _)) => format!(
            "\"{username}\" is not a valid username: use 1 to 40 letters, digits, '.', '_' or '-', starting with a letter or digit"
        ),
        _ => format!("could not create the account: {e}"),
    }
}

fn read_password() -> Result<String, String> {
    if std::io::stdin().is_terminal() {
        return rpassword::prompt_password("Password: ").map_err(|e| e.to_string());
    }
    let mut line = String::new();
    std::io::stdin()
        .lock()
        .read_line(&mut line)
        .map_err(|e| format!("could not read the password from standard input: {e}"))?;
    let password = line.trim_end_matches(['\r', '\n']).to_owned();
    if password.is_empty() {
        return Err("no password on standard input: pipe it in, e.g. `echo \"$PASSWORD\" | eagles user add NAME`".into());
    }
    Ok(password)
}
