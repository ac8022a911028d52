//! members as the doors take and show them.

use crate::campaigns::Member;
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
#[derive(Debug, Serialize, utoipa::ToSchema)]
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
