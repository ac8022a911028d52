//! Browser sessions of the pages, keyed by the SHA-256 digest of the cookie's id.

use chrono::{DateTime, Utc};
use diesel::prelude::*;
use diesel_async::{AsyncPgConnection, RunQueryDsl};

use crate::schema::{sessions, users};
use crate::users::{Account, User};
use crate::QueryResult;

/// A live session: its CSRF token and the signed-in account, if any.
#[derive(Debug, Clone)]
pub struct SessionRow {
    pub csrf_token: String,
    pub user: Option<User>,
}

/// A session to store.
#[derive(Debug, Clone, Insertable)]
#[diesel(table_name = sessions)]
pub struct NewSession<'a> {
    pub id_hash: &'a [u8],
    pub user_id: Option<i64>,
    pub csrf_token: &'a str,
    pub expires_at: DateTime<Utc>,
}

/// The unexpired session with this id digest, with its account: one query.
pub async fn find(conn: &mut AsyncPgConnection, id_hash: &[u8]) -> QueryResult<Option<SessionRow>> {
    let row: Option<(String, Option<Account>)> = sessions::table
        .left_join(users::table)
        .filter(sessions::id_hash.eq(id_hash))
        .filter(sessions::expires_at.gt(diesel::dsl::now))
        .select((sessions::csrf_token, Option::<Account>::as_select()))
        .first(conn)
        .await
        .optional()?;
    Ok(row.map(|(csrf_token, user)| SessionRow {
        csrf_token,
        user: user.map(User::from),
    }))
}

/// Stores a session.
pub async fn create(conn: &mut AsyncPgConnection, new: &NewSession<'_>) -> QueryResult<()> {
    diesel::insert_into(sessions::table)
        .values(new)
        .execute(conn)
        .await
        .map(drop)
        .map_err(crate::Error::from)
}

/// Deletes a session (sign-out, or its id being renewed at sign-in).
pub async fn delete(conn: &mut AsyncPgConnection, id_hash: &[u8]) -> QueryResult<()> {
    diesel::delete(sessions::table.filter(sessions::id_hash.eq(id_hash)))
        .execute(conn)
        .await
        .map(drop)
        .map_err(crate::Error::from)
}

/// Deletes every expired session; returns how many.
pub async fn delete_expired(conn: &mut AsyncPgConnection) -> QueryResult<usize> {
    diesel::delete(sessions::table.filter(sessions::expires_at.le(diesel::dsl::now)))
        .execute(conn)
        .await
        .map_err(crate::Error::from)
}
