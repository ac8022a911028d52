//! A campaign's members and their sides (R2): the views and the requests.

use crate::access::ReadAccess;
use crate::campaigns::Member;
use crate::refs::MemberRef;
use crate::User;
use campaign::roster::MemberRole;
use campaign::sides::Side;
use serde::{Deserialize, Serialize};

/// A user to add to a campaign.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct NewMember {
    pub username: String,
    pub role: MemberRole,
    /// Required for players; a referee may have none.
    pub side: Option<Side>,
}

/// A member of a campaign.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct MemberView {
    pub username: String,
    pub role: MemberRole,
    /// Null for a neutral referee.
    pub side: Option<Side>,
}

impl From<Member> for MemberView {
    fn from(m: Member) -> Self {
        Self {
            username: m.username,
            role: m.role,
            side: m.side,
        }
    }
}

/// A side switch.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct SideChange {
    pub side: Side,
}

/// The members page of a campaign: the campaign as the caller sees it, its members,
/// and for its referee the campaign's webhooks with their recent deliveries.
#[derive(Debug)]
pub struct MemberRoster {
    pub scope: crate::access::CampaignScope,
    pub members: Vec<Member>,
    /// Empty unless the caller referees the campaign.
    pub webhooks: Vec<crate::webhooks::WebhookView>,
}

/// A campaign's members and their sides (R2).
#[async_trait::async_trait]
pub trait Members {
    /// Adds an account as a member: referee only.
    async fn add_member(
        &self,
        user: User,
        campaign_id: i64,
        new: NewMember,
    ) -> Result<MemberView, crate::Error>;

    /// Moves a player to the other side (R2): referee only.
    async fn switch_side(
        &self,
        user: User,
        member: MemberRef,
        side: Side,
    ) -> Result<MemberView, crate::Error>;

    /// Ends a membership (R2): a referee removes a member, or a member leaves
    /// himself; his crews stay in the records. 409 for the campaign's last referee,
    /// 403 for a player removing another, 404 for no such member.
    async fn remove_member(&self, user: User, member: MemberRef) -> Result<(), crate::Error>;

    /// The members of a campaign `reader` may read.
    async fn members(
        &self,
        reader: ReadAccess,
        campaign_id: i64,
    ) -> Result<Vec<MemberView>, crate::Error>;

    /// The members page of a campaign `reader` may read.
    async fn member_roster(
        &self,
        reader: ReadAccess,
        campaign_id: i64,
    ) -> Result<MemberRoster, crate::Error>;
}
