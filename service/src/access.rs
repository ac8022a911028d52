//! Who may read and write a campaign. Every campaign route asks here, so the rules
//! live in one place: a public campaign is readable by anyone, a private one only by
//! its members and admins (to anyone else it does not exist); writes need a member's
//! role, and the referee's for the referee's actions.

use campaign::roster::MemberRole;
use eagles_db::campaigns::{Campaign, Member};
use eagles_db::diesel_async::AsyncPgConnection;
use eagles_db::users::User;

use crate::error::ServiceError;

/// A campaign as one caller sees it.
#[derive(Debug, Clone)]
pub struct CampaignScope {
    pub campaign: Campaign,
    pub caller: Option<User>,
    pub member: Option<Member>,
}

/// Loads a campaign the caller may read, or 404.
pub async fn readable_campaign(
    conn: &mut AsyncPgConnection,
    campaign_id: i64,
    caller: Option<User>,
) -> Result<CampaignScope, ServiceError> {
    let campaign = eagles_db::campaigns::find(conn, campaign_id).await?;
    scope(conn, campaign_id, campaign, caller).await
}

/// Loads a campaign `user` may read and locks it until the transaction ends: the
/// writes of a campaign take turns on this lock, and checking access under it spares
/// reading the campaign twice.
pub async fn locked_campaign(
    conn: &mut AsyncPgConnection,
    campaign_id: i64,
    user: &User,
) -> Result<CampaignScope, ServiceError> {
    let campaign = eagles_db::campaigns::find_for_update(conn, campaign_id).await?;
    scope(conn, campaign_id, campaign, Some(user.clone())).await
}

/// The campaign as `caller` sees it: 404 when there is none, or a private one he is
/// not a member of.
async fn scope(
    conn: &mut AsyncPgConnection,
    campaign_id: i64,
    campaign: Option<Campaign>,
    caller: Option<User>,
) -> Result<CampaignScope, ServiceError> {
    let member = match &caller {
        Some(user) => eagles_db::campaigns::member(conn, campaign_id, user.id).await?,
        None => None,
    };
    visible(campaign_id, campaign, member, caller)
}

/// [`scope`] of rows already read: the campaign and the caller's membership.
pub fn visible(
    campaign_id: i64,
    campaign: Option<Campaign>,
    member: Option<Member>,
    caller: Option<User>,
) -> Result<CampaignScope, ServiceError> {
    let not_found = || ServiceError::NotFound(format!("there is no campaign {campaign_id}"));
    let campaign = campaign.ok_or_else(not_found)?;
    let is_admin = caller.as_ref().is_some_and(|u| u.is_admin);
    if !(campaign.public || member.is_some() || is_admin) {
        return Err(not_found());
    }
    Ok(CampaignScope {
        campaign,
        caller,
        member,
    })
}

impl CampaignScope {
    /// The signed-in caller; 401 without one.
    pub fn user(&self) -> Result<&User, ServiceError> {
        self.caller.as_ref().ok_or_else(|| {
            ServiceError::Unauthorized("sign in first: send `Authorization: Bearer <token>`".into())
        })
    }

    /// Whether the caller referees this campaign (admins count as referees).
    pub fn is_referee(&self) -> bool {
        self.caller.as_ref().is_some_and(|u| u.is_admin)
            || self
                .member
                .as_ref()
                .is_some_and(|m| m.role == MemberRole::Referee)
    }

    /// 403 unless the caller referees this campaign.
    pub fn require_referee(&self, action: &str) -> Result<&User, ServiceError> {
        let user = self.user()?;
        if self.is_referee() {
            Ok(user)
        } else {
            Err(ServiceError::Forbidden(format!(
                "only a referee of \"{}\" may {action}",
                self.campaign.name
            )))
        }
    }

    /// 403 unless the caller is a member (player or referee) of this campaign.
    pub fn require_member(&self, action: &str) -> Result<&User, ServiceError> {
        let user = self.user()?;
        if self.member.is_some() || user.is_admin {
            Ok(user)
        } else {
            Err(ServiceError::Forbidden(format!(
                "only members of \"{}\" may {action}; ask its referee to add you",
                self.campaign.name
            )))
        }
    }
}
