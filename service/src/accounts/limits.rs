//! Limits per client address on what could be tried in bulk: sign-ups (a limit a
//! whole club behind one router passes) and wrong reset tokens, counted in Postgres
//! like the failed sign-ins of `throttle`.

use chrono::{Duration, Utc};
use eagles_db::address_tries::{self, Kind};
use eagles_db::diesel_async::AsyncPgConnection;

use crate::error::ServiceError;

/// Sign-ups allowed per client address within [`SIGN_UP_WINDOW`].
pub const SIGN_UPS_PER_ADDRESS: u32 = 20;
/// The window sign-ups are counted over.
pub const SIGN_UP_WINDOW: Duration = Duration::hours(1);
/// Wrong reset tokens allowed per client address within [`RESET_WINDOW`].
pub const RESET_FAILURES_PER_ADDRESS: u32 = 20;
/// The window wrong reset tokens are counted over.
pub const RESET_WINDOW: Duration = Duration::minutes(15);

/// A counted kind of try, with its limit and window.
#[derive(Debug, Clone, Copy)]
pub struct Limit {
    kind: Kind,
    per_address: u32,
    window: Duration,
    what: &'static str,
}

/// Sign-ups.
pub const SIGN_UPS: Limit = Limit {
    kind: Kind::SignUp,
    per_address: SIGN_UPS_PER_ADDRESS,
    window: SIGN_UP_WINDOW,
    what: "sign-ups",
};

/// Reset links that did not work.
pub const RESET_FAILURES: Limit = Limit {
    kind: Kind::ResetFailure,
    per_address: RESET_FAILURES_PER_ADDRESS,
    window: RESET_WINDOW,
    what: "tries of reset links that did not work",
};

impl Limit {
    /// 429 when `address` used up its tries.
    pub async fn check(
        &self,
        conn: &mut AsyncPgConnection,
        address: &str,
    ) -> Result<(), ServiceError> {
        let Some(until) =
            address_tries::blocked_until(conn, self.kind, address, self.per_address, self.window)
                .await?
        else {
            return Ok(());
        };
        let seconds = (until - Utc::now()).num_seconds().max(1) as u64;
        let minutes = seconds.div_ceil(60);
        Err(ServiceError::TooManyRequests {
            detail: format!(
                "too many {} from your address ({} within {} minutes); try again in {minutes} minute{}",
                self.what,
                self.per_address,
                self.window.num_minutes(),
                if minutes == 1 { "" } else { "s" }
            ),
            retry_after: seconds,
        })
    }

    /// Counts one try of `address`.
    pub async fn count(
        &self,
        conn: &mut AsyncPgConnection,
        address: &str,
    ) -> Result<(), ServiceError> {
        Ok(address_tries::record(conn, self.kind, address, self.window).await?)
    }
}
