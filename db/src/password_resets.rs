//! One-time password reset links (R26), stored as the SHA-256 of their token.

use chrono::{DateTime, Utc};
use diesel::prelude::*;
use diesel_async::{AsyncPgConnection, RunQueryDsl};

use crate::schema::{password_resets, users};
use crate::users::{Account, User};
use crate::QueryResult;

/// A reset link as stored, with its account.
#[derive(Debug, Clone)]
pub struct Reset {
    pub user: User,
    pub expires_at: DateTime<Utc>,
    pub used_at: Option<DateTime<Utc>>,
}

/// Stores a new link for the account, forgetting its earlier unused ones: the newest
/// link an admin handed on is the one that works.
pub async fn create(
    conn: &mut AsyncPgConnection,
    user_id: i64,
    token_hash: &[u8],
    expires_at: DateTime<Utc>,
) -> QueryResult<()> {
    diesel::delete(
        password_resets::table
            .filter(password_resets::user_id.eq(user_id))
            .filter(password_resets::used_at.is_null()),
    )
    .execute(conn)
    .await?;
    diesel::insert_into(password_resets::table)
        .values((
            password_resets::user_id.eq(user_id),
            password_resets::token_hash.eq(token_hash),
            password_resets::expires_at.eq(expires_at),
        ))
        .execute(conn)
        .await
        .map(drop)
        .map_err(crate::Error::from)
}

/// The link stored under this digest, locked until the transaction ends when
/// `for_update`, so it is spent once.
pub async fn find(
    conn: &mut AsyncPgConnection,
    token_hash: &[u8],
    for_update: bool,
) -> QueryResult<Option<Reset>> {
    let query = password_resets::table
        .inner_join(users::table)
        .filter(password_resets::token_hash.eq(token_hash))
        .select((
            Account::as_select(),
            password_resets::expires_at,
            password_resets::used_at,
        ));
    let row: Option<(Account, DateTime<Utc>, Option<DateTime<Utc>>)> = if for_update {
        query.for_update().first(conn).await.optional()?
    } else {
        query.first(conn).await.optional()?
    };
    Ok(row.map(|(account, expires_at, used_at)| Reset {
        user: account.into(),
        expires_at,
        used_at,
    }))
}

/// Marks the link used.
pub async fn spend(conn: &mut AsyncPgConnection, token_hash: &[u8]) -> QueryResult<()> {
    diesel::update(password_resets::table.filter(password_resets::token_hash.eq(token_hash)))
        .set(password_resets::used_at.eq(Some(Utc::now())))
        .execute(conn)
        .await
        .map(drop)
        .map_err(crate::Error::from)
}
