//! Idempotency keys of the API's writes: claimed before the handler runs, completed
//! with the response to replay, or released when the request failed and may be tried
//! again.

use chrono::{DateTime, Utc};

/// The request a key is claimed for.
#[derive(Debug, Clone)]
pub struct NewClaim<'a> {
    pub user_id: i64,
    pub key: &'a str,
    pub method: &'a str,
    pub path: &'a str,
    pub body_sha256: &'a [u8],
}

/// A key already in use, as stored.
#[derive(Debug, Clone)]
#[cfg_attr(feature = "diesel", derive(diesel::Queryable))]
pub struct StoredKey {
    pub method: String,
    pub path: String,
    pub body_sha256: Vec<u8>,
    /// `None` while the first request still runs.
    pub status: Option<i16>,
    pub content_type: Option<String>,
    pub location: Option<String>,
    pub body: Option<Vec<u8>>,
    pub created_at: DateTime<Utc>,
}

/// The outcome of claiming a key.
#[derive(Debug, Clone)]
pub enum Claim {
    /// The key is ours: run the request, then complete or release it.
    Claimed,
    /// The key was used before (or is in use right now).
    Taken(StoredKey),
}

/// The response to replay for a claimed key.
#[derive(Debug, Clone)]
pub struct Completed<'a> {
    pub status: i16,
    pub content_type: Option<&'a str>,
    pub location: Option<&'a str>,
    pub body: &'a [u8],
}

#[async_trait::async_trait]
pub trait IdempotencyKeys {
    /// Claims `claim.key` for its user, or answers how it was used before. Expired keys
    /// and abandoned claims are forgotten first, so a key may be reused after a day.
    async fn claim_key(&self, claim: &NewClaim<'_>) -> Result<Claim, crate::Error>;

    /// Stores the response of a claimed key, to replay it.
    async fn complete_key(
        &self,
        user_id: i64,
        key: &str,
        completed: &Completed<'_>,
    ) -> Result<(), crate::Error>;

    /// Releases a claim whose request failed: the key may be sent again.
    async fn release_key(&self, user_id: i64, key: &str) -> Result<(), crate::Error>;
}
