//! Failed sign-ins, counted per account name and per client address over a sliding
//! window, so password guessing can be refused before the slow password check.

use chrono::{DateTime, Duration, Utc};
use diesel::prelude::*;
use diesel_async::{AsyncPgConnection, RunQueryDsl};

use crate::schema::sign_in_failures;
use crate::QueryResult;

/// Which count a limit applies to.
#[derive(Debug, Clone, Copy)]
pub enum Counted<'a> {
    Account(&'a str),
    Address(&'a str),
}

/// When the failures of `counted` within `window` drop below `limit` again, or `None`
/// when they are below it now. The limit-th most recent failure leaving the window is
/// what frees a try.
pub async fn blocked_until(
    conn: &mut AsyncPgConnection,
    counted: Counted<'_>,
    limit: u32,
    window: Duration,
) -> QueryResult<Option<DateTime<Utc>>> {
    let since = Utc::now() - window;
    let mut query = sign_in_failures::table
        .filter(sign_in_failures::failed_at.gt(since))
        .select(sign_in_failures::failed_at)
        .order(sign_in_failures::failed_at.desc())
        .offset(i64::from(limit.max(1) - 1))
        .limit(1)
        .into_boxed();
    query = match counted {
        Counted::Account(account) => query.filter(sign_in_failures::account.eq(account)),
        Counted::Address(address) => query.filter(sign_in_failures::address.eq(address)),
    };
    let nth_latest: Option<DateTime<Utc>> = query.first(conn).await.optional()?;
    Ok(nth_latest.map(|t| t + window))
}

/// Records a failed sign-in and forgets failures older than `window`.
pub async fn record(
    conn: &mut AsyncPgConnection,
    account: &str,
    address: &str,
    window: Duration,
) -> QueryResult<()> {
    diesel::delete(sign_in_failures::table)
        .filter(sign_in_failures::failed_at.lt(Utc::now() - window))
        .execute(conn)
        .await?;
    diesel::insert_into(sign_in_failures::table)
        .values((
            sign_in_failures::account.eq(account),
            sign_in_failures::address.eq(address),
        ))
        .execute(conn)
        .await?;
    Ok(())
}

/// Forgets an account's failures after it signed in with the right password; the
/// address's failures stay counted.
pub async fn clear_account(conn: &mut AsyncPgConnection, account: &str) -> QueryResult<()> {
    diesel::delete(sign_in_failures::table)
        .filter(sign_in_failures::account.eq(account))
        .execute(conn)
        .await?;
    Ok(())
}
