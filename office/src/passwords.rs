//! Keeping one's account (R26, API v1.3 "Accounts"): changing the password, signing
//! out everywhere else, and the one-time reset link an instance admin hands on.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use crate::User;

/// The credential a request came with, which a change to the account's credentials
/// keeps working: the API's bearer token or the pages' session, each by its digest
/// (`credentials::credential_digest`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CredentialInUse {
    Token(Vec<u8>),
    Session(Vec<u8>),
}

/// A new password for the signed-in account.
#[derive(Debug, Clone, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct PasswordChange {
    pub current_password: String,
    /// At least 10 characters, not the username, not a commonly used password.
    pub new_password: String,
}

/// A one-time link that sets an account's password.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct ResetLink {
    /// `EAGLES_PUBLIC_URL/reset/{token}`.
    pub url: String,
    pub expires_at: DateTime<Utc>,
}

/// What a reset link is, for its page before it is used.
#[derive(Debug, Clone, Serialize)]
pub struct ResetPreview {
    /// The account whose password the link sets.
    pub username: String,
    pub expires_at: DateTime<Utc>,
}

/// Keeping one's account (R26).
#[async_trait::async_trait]
pub trait Passwords {
    /// Sets `user`'s password to `change.new_password` (the same rules as signing up)
    /// when `change.current_password` is his: 422 listing each problem, a wrong current
    /// password among them (at `current_password`), which counts as a failed sign-in of
    /// `address` (429 past the sign-in limits).
    /// Every other session and token of the account stops working; `kept` goes on.
    async fn change_password(
        &self,
        address: String,
        user: User,
        kept: CredentialInUse,
        change: PasswordChange,
    ) -> Result<(), crate::Error>;

    /// Ends every session and token of `user` but `kept`.
    async fn sign_out_elsewhere(
        &self,
        user: User,
        kept: CredentialInUse,
    ) -> Result<(), crate::Error>;

    /// A new reset link for the account `username`, made by `admin`, who must be an
    /// instance admin (403): valid 24 hours, once; it replaces the account's earlier
    /// unused links. 404 for no such account.
    async fn make_reset_link(
        &self,
        admin: User,
        username: String,
    ) -> Result<ResetLink, crate::Error>;

    /// The account a reset link's `token` would set, while the link works: 410 for a
    /// token unknown, used or expired (a wrong token counts against `address`, 429
    /// past the limit).
    async fn reset_preview(
        &self,
        address: String,
        token: String,
    ) -> Result<ResetPreview, crate::Error>;

    /// Sets the password of the reset link's account to `new_password` (the same
    /// rules, 422) and spends the link; every session and token of the account ends.
    /// 410 for a token unknown, used or expired; a wrong token counts against
    /// `address` (429 past the limit). Answers the account, to sign the page in as.
    async fn reset_password(
        &self,
        address: String,
        token: String,
        new_password: String,
    ) -> Result<User, crate::Error>;
}
