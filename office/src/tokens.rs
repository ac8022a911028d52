//! API tokens, as infrastructure: the account behind a presented token, issuing one
//! and revoking it. Only their digests are stored
//! ([`crate::credentials::credential_digest`]).

use crate::User;

#[async_trait::async_trait]
pub trait Tokens {
    /// The account whose API token has this digest; `None` when no token has it.
    async fn user_by_token(&self, digest: &[u8]) -> Result<Option<User>, crate::Error>;

    /// Stores the digest of a new API token for `user`.
    async fn issue_token(&self, user: &User, digest: &[u8]) -> Result<(), crate::Error>;

    /// Forgets the token with this digest: it stops working.
    async fn revoke_token(&self, digest: &[u8]) -> Result<(), crate::Error>;
}
