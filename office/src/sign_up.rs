//! People making their own accounts (R26, API v1.3 "Accounts"): what the instance
//! allows (`EAGLES_SIGN_UP`), the request, and the answer.

use campaign::sides::Side;
use serde::{Deserialize, Serialize};

use crate::members::MemberView;
use crate::User;

/// Who may make an account without the operator (`EAGLES_SIGN_UP`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum SignUpPolicy {
    /// Only with a valid invitation code of a campaign (the default).
    #[default]
    Invitation,
    /// Anyone; an invitation is still honoured.
    Open,
    /// Nobody: accounts come from `eagles user add` (and invitations are accepted by
    /// signed-in accounts only).
    Closed,
}

impl SignUpPolicy {
    /// The setting's value: `invitation`, `open` or `closed`.
    pub fn parse(value: &str) -> Result<Self, String> {
        match value.trim() {
            "" | "invitation" => Ok(Self::Invitation),
            "open" => Ok(Self::Open),
            "closed" => Ok(Self::Closed),
            other => Err(format!(
                "EAGLES_SIGN_UP must be invitation, open or closed, not {other:?}"
            )),
        }
    }
}

/// A new account, made by the person who will use it.
#[derive(Debug, Clone, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct NewAccount {
    /// 3 to 32 letters, digits, `-`, `_` or `.`, starting with a letter or digit;
    /// unique without regard to letter case.
    pub username: String,
    /// At least 10 characters, not the username, not a commonly used password.
    pub password: String,
    /// An invitation code of a campaign: the account joins it in the same step.
    #[serde(default)]
    pub invitation: Option<String>,
    /// The side to join on, when the invitation leaves it open for a player (R2).
    #[serde(default)]
    pub side: Option<Side>,
}

/// The account made.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct AccountView {
    pub username: String,
    /// The membership the invitation gave, when there was one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub membership: Option<Membership>,
}

/// A membership of a campaign, as joining one answers it.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct Membership {
    pub campaign_id: i64,
    pub campaign_name: String,
    #[serde(flatten)]
    pub member: MemberView,
}

/// What signing up made: the account (to sign the page in as) and its answer.
#[derive(Debug, Clone)]
pub struct SignedUp {
    pub user: User,
    pub account: AccountView,
}

/// People making their own accounts (R26).
#[async_trait::async_trait]
pub trait SignUps {
    /// Makes the account `new` for a client at `address` (see
    /// `credentials::client_address`), as `EAGLES_SIGN_UP` allows: 403 when closed, or
    /// without an invitation unless open; 422 listing every broken rule of the
    /// username and password; 422 "that name is taken"; 410 for an invitation that is
    /// expired, used up or revoked; 429 past the sign-ups allowed per address. With an
    /// invitation, the account and its membership are made in one transaction that
    /// spends one use.
    async fn sign_up(&self, address: String, new: NewAccount) -> Result<SignedUp, crate::Error>;

    /// [`SignUps::sign_up`] sent with an `Idempotency-Key`: sent again with the same
    /// key, username and password within a day of the first, it answers what the first
    /// made (`replayed` true) and makes nothing.
    async fn sign_up_once(
        &self,
        address: String,
        new: NewAccount,
        key: String,
    ) -> Result<(SignedUp, bool), crate::Error>;

    /// What the instance allows.
    fn sign_up_policy(&self) -> SignUpPolicy;
}
