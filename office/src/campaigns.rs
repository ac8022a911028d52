//! Campaigns and their members, as the use cases hand them to the doors.

use campaign::roster::MemberRole;
use campaign::sides::Side;
use chrono::NaiveDate;

/// A campaign as stored.
#[derive(Debug, Clone)]
pub struct Campaign {
    pub id: i64,
    pub name: String,
    pub start_date: NaiveDate,
    pub public: bool,
    pub current_week: i32,
    pub created_by: i64,
    /// The week the referee ended it in (§13.203); `None` while it runs. An ended
    /// campaign is read-only.
    pub ended_week: Option<i32>,
    /// Raised by every write to it (contract v1.1): what a reader's cache and ETag
    /// are keyed on.
    pub revision: i64,
}

/// Which campaigns a reader may see.
#[derive(Debug, Clone, Copy)]
pub enum Reader {
    /// No account: public campaigns only.
    Anonymous,
    /// Public campaigns and those the user is a member of.
    Member(i64),
    /// Every campaign.
    Admin,
}

/// A member of a campaign.
#[derive(Debug, Clone)]
pub struct Member {
    pub user_id: i64,
    pub username: String,
    pub role: MemberRole,
    pub side: Option<Side>,
}
