//! A campaign's invitations (R26, API v1.3 "Accounts"): a referee makes a code to
//! hand on as a link or QR code; whoever has it joins the campaign with its role, and
//! its side or one he picks when it leaves the side open (R2).

use campaign::roster::MemberRole;
use campaign::sides::Side;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use crate::sign_up::Membership;
use crate::User;

/// The uses an invitation has unless asked otherwise.
pub const DEFAULT_USES: i32 = 1;
/// The most uses one invitation may have (a whole club's evening).
pub const MAX_USES: i32 = 100;
/// How long an invitation lasts unless asked otherwise.
pub const DEFAULT_DAYS: i64 = 14;
/// The longest an invitation may last.
pub const MAX_DAYS: i64 = 90;

/// A new invitation.
#[derive(Debug, Clone, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct NewInvitation {
    pub role: MemberRole,
    /// The side the invited join on; left out, a player picks his own (R2).
    #[serde(default)]
    pub side: Option<Side>,
    /// How many people may join with it: 1 to 100, by default 1.
    #[serde(default)]
    pub uses: Option<i32>,
    /// How many days it lasts: 1 to 90, by default 14.
    #[serde(default)]
    pub expires_in_days: Option<i64>,
}

/// Whether an invitation still lets people join, and why not.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum InvitationState {
    Valid,
    Revoked,
    Expired,
    UsedUp,
}

/// An invitation as the campaign's referees see it.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct InvitationView {
    pub id: i64,
    pub code: String,
    /// `EAGLES_PUBLIC_URL/join/{code}`.
    pub url: String,
    pub role: MemberRole,
    pub side: Option<Side>,
    pub uses: i32,
    pub uses_left: i32,
    pub expires_at: DateTime<Utc>,
    pub state: InvitationState,
    pub revoked: bool,
    pub expired: bool,
    pub used_up: bool,
    pub created_at: DateTime<Utc>,
}

/// An invitation as whoever holds its code sees it, before joining.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct InvitationPreview {
    pub campaign_id: i64,
    pub campaign_name: String,
    pub role: MemberRole,
    /// Null when a player picks his side.
    pub side: Option<Side>,
    pub expires_at: DateTime<Utc>,
    pub state: InvitationState,
    /// Why it no longer works, in words; null while valid.
    pub refusal: Option<String>,
}

/// Accepting an invitation.
#[derive(Debug, Clone, Default, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Acceptance {
    /// The side to join on, when the invitation leaves it open for a player (R2).
    #[serde(default)]
    pub side: Option<Side>,
}

/// A campaign's invitations (R26).
#[async_trait::async_trait]
pub trait Invitations {
    /// Makes an invitation of campaign `campaign_id`: its referees only (403); 422 for
    /// uses or days out of bounds; 409 once the campaign has ended.
    async fn create_invitation(
        &self,
        user: User,
        campaign_id: i64,
        new: NewInvitation,
    ) -> Result<InvitationView, crate::Error>;

    /// The campaign's invitations, newest first: its referees only.
    async fn invitations(
        &self,
        user: User,
        campaign_id: i64,
    ) -> Result<Vec<InvitationView>, crate::Error>;

    /// Revokes invitation `invitation_id` of the campaign: its referees only; 404 when
    /// the campaign has no such invitation.
    async fn revoke_invitation(
        &self,
        user: User,
        campaign_id: i64,
        invitation_id: i64,
    ) -> Result<(), crate::Error>;

    /// The invitation with this code, for its page; 404 for no such code.
    async fn invitation(&self, code: String) -> Result<InvitationPreview, crate::Error>;

    /// `user` joins the invitation's campaign, spending one use: the invitation's
    /// role and side, or `acceptance.side` when it leaves a player's side open (422
    /// without one). 410 saying whether it expired, was used up or revoked; 409 for a
    /// member already; 404 for no such code.
    async fn accept_invitation(
        &self,
        user: User,
        code: String,
        acceptance: Acceptance,
    ) -> Result<Membership, crate::Error>;
}
