//! Idempotency keys of writes, the API's and the page forms' one-time keys: claimed
//! before the handler runs, completed with the response to replay, or released when
//! the request failed and may be tried again.

use chrono::{Duration, Utc};
use diesel::prelude::*;
use diesel_async::{AsyncPgConnection, RunQueryDsl};

use crate::schema::idempotency_keys;
use crate::QueryResult;

/// How long a key is remembered.
pub const KEEP_FOR: Duration = Duration::hours(24);

/// How long a claim may stay unfinished before it counts as abandoned (the server
/// stopped while the request ran) and a new request may take the key over.
pub const ABANDONED_AFTER: Duration = Duration::minutes(10);

pub use eagles_office::idempotency::{Claim, Completed, NewClaim, StoredKey};

/// Claims `claim.key` for the user. Forgets expired keys and abandoned claims first,
/// so a key may be reused after a day.
pub async fn claim(conn: &mut AsyncPgConnection, claim: &NewClaim<'_>) -> QueryResult<Claim> {
    let now = Utc::now();
    diesel::delete(idempotency_keys::table)
        .filter(
            idempotency_keys::created_at
                .lt(now - KEEP_FOR)
                .or(idempotency_keys::user_id
                    .eq(claim.user_id)
                    .and(idempotency_keys::key.eq(claim.key))
                    .and(idempotency_keys::status.is_null())
                    .and(idempotency_keys::created_at.lt(now - ABANDONED_AFTER))),
        )
        .execute(conn)
        .await?;
    // A claim released between the insert and the read leaves nothing to read: try again.
    for _ in 0..3 {
        let inserted = diesel::insert_into(idempotency_keys::table)
            .values((
                idempotency_keys::user_id.eq(claim.user_id),
                idempotency_keys::key.eq(claim.key),
                idempotency_keys::method.eq(claim.method),
                idempotency_keys::path.eq(claim.path),
                idempotency_keys::body_sha256.eq(claim.body_sha256),
            ))
            .on_conflict_do_nothing()
            .execute(conn)
            .await?;
        if inserted == 1 {
            return Ok(Claim::Claimed);
        }
        let stored = idempotency_keys::table
            .filter(idempotency_keys::user_id.eq(claim.user_id))
            .filter(idempotency_keys::key.eq(claim.key))
            .select((
                idempotency_keys::method,
                idempotency_keys::path,
                idempotency_keys::body_sha256,
                idempotency_keys::status,
                idempotency_keys::content_type,
                idempotency_keys::location,
                idempotency_keys::body,
                idempotency_keys::created_at,
            ))
            .first(conn)
            .await
            .optional()?;
        if let Some((method, path, body_sha256, status, content_type, location, body, created_at)) =
            stored
        {
            return Ok(Claim::Taken(StoredKey {
                method,
                path,
                body_sha256,
                status,
                content_type,
                location,
                body,
                created_at,
            }));
        }
    }
    Err(diesel::result::Error::RollbackTransaction.into())
}

/// Stores the response of the request that claimed the key.
pub async fn complete(
    conn: &mut AsyncPgConnection,
    user_id: i64,
    key: &str,
    response: &Completed<'_>,
) -> QueryResult<()> {
    diesel::update(idempotency_keys::table)
        .filter(idempotency_keys::user_id.eq(user_id))
        .filter(idempotency_keys::key.eq(key))
        .set((
            idempotency_keys::status.eq(response.status),
            idempotency_keys::content_type.eq(response.content_type),
            idempotency_keys::location.eq(response.location),
            idempotency_keys::body.eq(response.body),
        ))
        .execute(conn)
        .await?;
    Ok(())
}

/// Gives an unfinished claim up, so the same key may be sent again.
pub async fn release(conn: &mut AsyncPgConnection, user_id: i64, key: &str) -> QueryResult<()> {
    diesel::delete(idempotency_keys::table)
        .filter(idempotency_keys::user_id.eq(user_id))
        .filter(idempotency_keys::key.eq(key))
        .filter(idempotency_keys::status.is_null())
        .execute(conn)
        .await?;
    Ok(())
}
