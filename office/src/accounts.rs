//! Accounts as the doors meet them: the user behind a presented credential, signing in
//! with a password, and issuing and revoking API tokens.

use crate::User;

#[async_trait::async_trait]
pub trait Accounts {
    /// The account whose API token has this digest
    /// ([`crate::credentials::credential_digest`]); `None` when no token has it.
    async fn user_by_token(&self, digest: &[u8]) -> Result<Option<User>, crate::Error>;

    /// The account signed in to the page session whose cookie value is `session`, if it is live.
    async fn session_user(&self, session: &str) -> Result<Option<User>, crate::Error>;

    /// The account `username` names when `password` is its password, for a client at
    /// `address`: 429 while that account or address has failed too often, 401 otherwise,
    /// each failure counted.
    async fn sign_in(
        &self,
        address: String,
        username: String,
        password: String,
    ) -> Result<User, crate::Error>;

    /// Stores the digest of a new API token for `user`.
    async fn issue_token(&self, user: &User, digest: &[u8]) -> Result<(), crate::Error>;

    /// Forgets the token with this digest: it stops working.
    async fn revoke_token(&self, digest: &[u8]) -> Result<(), crate::Error>;
}
