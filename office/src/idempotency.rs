//! Idempotency keys of every write, the API's (`Idempotency-Key`) and the pages' (the
//! one-time key of each form): claimed before the handler runs, completed with the
//! response to replay, or released when the request failed and may be tried again. A
//! key sent again while its first request runs waits for that one to end.

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

impl StoredKey {
    /// Whether the request that claimed the key still runs.
    pub fn is_running(&self) -> bool {
        self.status.is_none()
    }

    /// Whether the key was claimed for this very request (method, path and body).
    pub fn is_for(&self, claim: &NewClaim<'_>) -> bool {
        self.method == claim.method
            && self.path == claim.path
            && self.body_sha256 == claim.body_sha256
    }
}

/// The outcome of claiming a key.
#[derive(Debug, Clone)]
pub enum Claim {
    /// The key is ours: run the request, then complete or release it.
    Claimed,
    /// The key was used before: for this request, its answer to replay; for another,
    /// what it was used for. Still running only when the first request did not end
    /// within the wait.
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
    /// Claims `claim.key` for its user, or answers how it was used before. A key held by
    /// a running request for this same request is waited for: its answer, once stored,
    /// is replayed; once released (the first wrote nothing), the key is claimed anew.
    /// Expired keys and abandoned claims are forgotten first, so a key may be reused
    /// after a day.
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
