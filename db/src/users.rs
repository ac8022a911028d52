//! Accounts and their API tokens (stored only as SHA-256 digests).

use diesel::prelude::*;
use diesel_async::{AsyncPgConnection, RunQueryDsl};

use crate::schema::{api_tokens, users};
use crate::QueryResult;

diesel::define_sql_function! {
    /// SQL `lower(text)`: usernames compare without letter case.
    fn lower(x: diesel::sql_types::Text) -> diesel::sql_types::Text;
}

pub use eagles_office::User;

/// An account with its password hash: only signing in reads the hash.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = users)]
pub struct Account {
    pub id: i64,
    pub username: String,
    pub password_hash: String,
    pub is_admin: bool,
}

impl From<Account> for User {
    fn from(a: Account) -> Self {
        User {
            id: a.id,
            username: a.username,
            is_admin: a.is_admin,
        }
    }
}

/// Creates an account; a username taken in any letter case is a unique violation.
pub async fn create(
    conn: &mut AsyncPgConnection,
    username: &str,
    password_hash: &str,
    is_admin: bool,
) -> QueryResult<User> {
    diesel::insert_into(users::table)
        .values((
            users::username.eq(username),
            users::password_hash.eq(password_hash),
            users::is_admin.eq(is_admin),
        ))
        .returning(Account::as_returning())
        .get_result(conn)
        .await
        .map(User::from)
        .map_err(crate::Error::from)
}

/// The account with this username, in any letter case.
pub async fn find_by_username(
    conn: &mut AsyncPgConnection,
    username: &str,
) -> QueryResult<Option<Account>> {
    users::table
        .filter(lower(users::username).eq(lower(username)))
        .select(Account::as_select())
        .first(conn)
        .await
        .optional()
        .map_err(crate::Error::from)
}

/// Stores the digest of a new API token for the user.
pub async fn add_token(
    conn: &mut AsyncPgConnection,
    user_id: i64,
    token_hash: &[u8],
) -> QueryResult<()> {
    diesel::insert_into(api_tokens::table)
        .values((
            api_tokens::user_id.eq(user_id),
            api_tokens::token_hash.eq(token_hash),
        ))
        .execute(conn)
        .await
        .map(drop)
        .map_err(crate::Error::from)
}

/// The account a token digest belongs to.
pub async fn find_by_token(
    conn: &mut AsyncPgConnection,
    token_hash: &[u8],
) -> QueryResult<Option<User>> {
    api_tokens::table
        .inner_join(users::table)
        .filter(api_tokens::token_hash.eq(token_hash))
        .select(Account::as_select())
        .first(conn)
        .await
        .optional()
        .map(|a| a.map(User::from))
        .map_err(crate::Error::from)
}

/// Deletes a token; returns whether it existed.
pub async fn delete_token(conn: &mut AsyncPgConnection, token_hash: &[u8]) -> QueryResult<bool> {
    diesel::delete(api_tokens::table.filter(api_tokens::token_hash.eq(token_hash)))
        .execute(conn)
        .await
        .map(|n| n > 0)
        .map_err(crate::Error::from)
}

/// Sets an account's password hash.
pub async fn set_password(
    conn: &mut AsyncPgConnection,
    user_id: i64,
    password_hash: &str,
) -> QueryResult<()> {
    diesel::update(users::table.find(user_id))
        .set(users::password_hash.eq(password_hash))
        .execute(conn)
        .await
        .map(drop)
        .map_err(crate::Error::from)
}

/// Ends every API token and page session of an account but the one credential whose
/// digest is `kept_token` or `kept_session` (none: every one ends).
pub async fn end_credentials(
    conn: &mut AsyncPgConnection,
    user_id: i64,
    kept_token: Option<&[u8]>,
    kept_session: Option<&[u8]>,
) -> QueryResult<()> {
    use crate::schema::sessions;
    let mut tokens = diesel::delete(api_tokens::table)
        .filter(api_tokens::user_id.eq(user_id))
        .into_boxed();
    if let Some(kept) = kept_token {
        tokens = tokens.filter(api_tokens::token_hash.ne(kept));
    }
    tokens.execute(conn).await?;
    let mut pages = diesel::delete(sessions::table)
        .filter(sessions::user_id.eq(user_id))
        .into_boxed();
    if let Some(kept) = kept_session {
        pages = pages.filter(sessions::id_hash.ne(kept));
    }
    pages.execute(conn).await?;
    Ok(())
}

/// Marks an account as signed up with the Idempotency-Key whose digest is `key_hash`.
pub async fn set_sign_up_key(
    conn: &mut AsyncPgConnection,
    user_id: i64,
    key_hash: &[u8],
) -> QueryResult<()> {
    diesel::update(users::table.find(user_id))
        .set(users::sign_up_key_hash.eq(key_hash))
        .execute(conn)
        .await
        .map(drop)
        .map_err(crate::Error::from)
}

/// The account `username` (any letter case) signed up with the key whose digest is
/// `key_hash` within `since`.
pub async fn find_signed_up_with(
    conn: &mut AsyncPgConnection,
    username: &str,
    key_hash: &[u8],
    since: chrono::DateTime<chrono::Utc>,
) -> QueryResult<Option<Account>> {
    users::table
        .filter(lower(users::username).eq(lower(username)))
        .filter(users::sign_up_key_hash.eq(key_hash))
        .filter(users::created_at.gt(since))
        .select(Account::as_select())
        .first(conn)
        .await
        .optional()
        .map_err(crate::Error::from)
}
