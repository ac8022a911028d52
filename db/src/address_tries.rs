//! Tries counted per client address over a sliding window (sign-ups, wrong reset
//! tokens), so a limit holds across restarts and instances.

use chrono::{DateTime, Duration, Utc};
use diesel::prelude::*;
use diesel_async::{AsyncPgConnection, RunQueryDsl};

use crate::schema::address_tries;
use crate::QueryResult;

/// What is counted.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    SignUp,
    ResetFailure,
}

impl Kind {
    fn as_str(self) -> &'static str {
        match self {
            Kind::SignUp => "sign_up",
            Kind::ResetFailure => "reset_failure",
        }
    }
}

/// When the tries of `kind` from `address` within `window` drop below `limit` again,
/// or `None` when they are below it now.
pub async fn blocked_until(
    conn: &mut AsyncPgConnection,
    kind: Kind,
    address: &str,
    limit: u32,
    window: Duration,
) -> QueryResult<Option<DateTime<Utc>>> {
    let nth_latest: Option<DateTime<Utc>> = address_tries::table
        .filter(address_tries::kind.eq(kind.as_str()))
        .filter(address_tries::address.eq(address))
        .filter(address_tries::at.gt(Utc::now() - window))
        .select(address_tries::at)
        .order(address_tries::at.desc())
        .offset(i64::from(limit.max(1) - 1))
        .limit(1)
        .first(conn)
        .await
        .optional()?;
    Ok(nth_latest.map(|t| t + window))
}

/// Counts a try, and forgets tries of its kind older than `window`.
pub async fn record(
    conn: &mut AsyncPgConnection,
    kind: Kind,
    address: &str,
    window: Duration,
) -> QueryResult<()> {
    diesel::delete(address_tries::table)
        .filter(address_tries::kind.eq(kind.as_str()))
        .filter(address_tries::at.lt(Utc::now() - window))
        .execute(conn)
        .await?;
    diesel::insert_into(address_tries::table)
        .values((
            address_tries::kind.eq(kind.as_str()),
            address_tries::address.eq(address),
        ))
        .execute(conn)
        .await
        .map(drop)
        .map_err(crate::Error::from)
}
