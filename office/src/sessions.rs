//! The pages' sessions and signing in to one: a session is stored under the digest of
//! its cookie's id (`credentials::credential_digest`) with its CSRF token, and, once
//! signed in, its account.

use chrono::{DateTime, Utc};

use crate::User;

/// A live session: its CSRF token and the signed-in account, if any.
#[derive(Debug, Clone)]
pub struct PageSession {
    pub csrf_token: String,
    pub user: Option<User>,
}

/// A session to store: a visitor's (`user_id` none) or a signed-in one.
#[derive(Debug, Clone)]
pub struct NewPageSession {
    /// The digest of the cookie's id.
    pub id_hash: Vec<u8>,
    pub user_id: Option<i64>,
    pub csrf_token: String,
    pub expires_at: DateTime<Utc>,
}

/// The pages' sessions, as infrastructure.
#[async_trait::async_trait]
pub trait Sessions {
    /// Stores a new session.
    async fn create_session(&self, new: NewPageSession) -> Result<(), crate::Error>;

    /// The live session stored under `id_hash`, with its account.
    async fn find_session(&self, id_hash: Vec<u8>) -> Result<Option<PageSession>, crate::Error>;

    /// Forgets the session stored under `id_hash`.
    async fn delete_session(&self, id_hash: Vec<u8>) -> Result<(), crate::Error>;

    /// The account signed in to the page session whose cookie value is `session`, if
    /// it is live.
    async fn session_user(&self, session: &str) -> Result<Option<User>, crate::Error>;

    /// Forgets every expired session; how many there were.
    async fn delete_expired_sessions(&self) -> Result<usize, crate::Error>;
}
