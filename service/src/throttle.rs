//! Limits on password guessing, for `POST /api/v1/tokens` and the sign-in page alike:
//! at most [`PER_ACCOUNT`] failed sign-ins per account name and [`PER_ADDRESS`] per
//! client address within [`WINDOW`]. The check runs before the password is verified,
//! so a refused try also costs no argon2 work; the counts live in Postgres, so they
//! hold across restarts and across instances.

use chrono::{Duration, Utc};
use eagles_db::diesel_async::AsyncPgConnection;
use eagles_db::sign_in_failures::{self, Counted};

use crate::error::ServiceError;

/// The sliding window failures are counted over.
pub const WINDOW: Duration = Duration::minutes(15);

/// Failed sign-ins allowed per account name within the window.
pub const PER_ACCOUNT: u32 = 10;

/// Failed sign-ins allowed per client address within the window.
pub const PER_ADDRESS: u32 = 30;

pub use eagles_office::credentials::{client_address, TRUST_FORWARDED_ENV};

/// Account names are stored cut to this many characters.
const MAX_ACCOUNT_CHARS: usize = 200;

/// One sign-in try: who it names and where it comes from.
#[derive(Debug, Clone)]
pub struct Attempt {
    account: String,
    address: String,
}

impl Attempt {
    /// The try of `username` from the client at `address` (see [`client_address`]).
    pub fn new(address: String, username: &str) -> Self {
        Self {
            account: username
                .trim()
                .to_lowercase()
                .chars()
                .take(MAX_ACCOUNT_CHARS)
                .collect(),
            address,
        }
    }

    /// 429 when the account or the address used up its failures.
    pub async fn check(&self, conn: &mut AsyncPgConnection) -> Result<(), ServiceError> {
        let account = Counted::Account(&self.account);
        if let Some(until) =
            sign_in_failures::blocked_until(conn, account, PER_ACCOUNT, WINDOW).await?
        {
            return Err(too_many("this account", PER_ACCOUNT, until));
        }
        let address = Counted::Address(&self.address);
        if let Some(until) =
            sign_in_failures::blocked_until(conn, address, PER_ADDRESS, WINDOW).await?
        {
            return Err(too_many("your address", PER_ADDRESS, until));
        }
        Ok(())
    }

    /// Counts a wrong username or password.
    pub async fn failed(&self, conn: &mut AsyncPgConnection) -> Result<(), ServiceError> {
        Ok(sign_in_failures::record(conn, &self.account, &self.address, WINDOW).await?)
    }

    /// Forgets the account's failures once its password was right.
    pub async fn succeeded(&self, conn: &mut AsyncPgConnection) -> Result<(), ServiceError> {
        Ok(sign_in_failures::clear_account(conn, &self.account).await?)
    }
}

fn too_many(whom: &str, limit: u32, until: chrono::DateTime<Utc>) -> ServiceError {
    let seconds = (until - Utc::now()).num_seconds().max(1) as u64;
    let minutes = seconds.div_ceil(60);
    ServiceError::TooManyRequests {
        detail: format!(
            "too many failed sign-ins for {whom} ({limit} within {} minutes); try again in {minutes} minute{}",
            WINDOW.num_minutes(),
            if minutes == 1 { "" } else { "s" }
        ),
        retry_after: seconds,
    }
}
