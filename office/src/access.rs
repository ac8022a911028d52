//! Who may read and write a campaign, as the use cases decide it and the doors carry it.

use campaign::roster::MemberRole;
use campaign::sides::Side;

use crate::campaigns::{Campaign, Member};
use crate::{Error, User};

/// A campaign as one caller sees it: the proof that this reader was checked for this
/// campaign. Only the service makes one (its constructor takes the service's
/// [`eagles_seal::Key`]), and its fields are private, so a door holds only the scopes
/// the service gave it and cannot change whom one was checked for. A door cannot
/// write one:
///
/// ```compile_fail,E0451
/// use eagles_office::access::CampaignScope;
/// use eagles_office::campaigns::Campaign;
///
/// fn forge(campaign: Campaign) -> CampaignScope {
///     CampaignScope { campaign, caller: None, member: None }
/// }
/// ```
#[derive(Debug, Clone)]
pub struct CampaignScope {
    campaign: Campaign,
    caller: Option<User>,
    member: Option<Member>,
}

/// Who reads a campaign, as every read takes him: a caller whose access the read
/// checks, or a [`CampaignScope`] the service checked earlier in the same request
/// (the read cache's, [`CheckedRead`], or a page's first read), which a read of the
/// same campaign takes as it is. Made only from one or the other.
#[derive(Debug, Clone)]
pub struct ReadAccess(Access);

#[derive(Debug, Clone)]
enum Access {
    Caller(Option<User>),
    Checked(CampaignScope),
}

impl From<Option<User>> for ReadAccess {
    fn from(caller: Option<User>) -> Self {
        Self(Access::Caller(caller))
    }
}

impl From<CampaignScope> for ReadAccess {
    fn from(scope: CampaignScope) -> Self {
        Self(Access::Checked(scope))
    }
}

impl From<&CampaignScope> for ReadAccess {
    fn from(scope: &CampaignScope) -> Self {
        Self(Access::Checked(scope.clone()))
    }
}

impl ReadAccess {
    /// The check already made for `campaign_id`, or else the caller to check.
    pub fn checked_for(self, campaign_id: i64) -> Result<CampaignScope, Option<User>> {
        match self.0 {
            Access::Checked(scope) if scope.campaign.id == campaign_id => Ok(scope),
            Access::Checked(scope) => Err(scope.caller),
            Access::Caller(caller) => Err(caller),
        }
    }

    /// The caller, signed in or not, whatever was checked for him.
    pub fn caller(&self) -> Option<&User> {
        match &self.0 {
            Access::Caller(caller) => caller.as_ref(),
            Access::Checked(scope) => scope.caller.as_ref(),
        }
    }

    /// The caller, leaving any check behind.
    pub fn into_caller(self) -> Option<User> {
        match self.0 {
            Access::Caller(caller) => caller,
            Access::Checked(scope) => scope.caller,
        }
    }
}

/// A read's access as checked before its handler, kept in the request for it.
#[derive(Debug, Clone)]
pub struct CheckedRead(pub CampaignScope);

impl CampaignScope {
    /// The scope the service's check found: `caller` may read `campaign`, in which he
    /// holds `member`. Only the service has the key.
    pub fn checked(
        _key: eagles_seal::Key,
        campaign: Campaign,
        caller: Option<User>,
        member: Option<Member>,
    ) -> Self {
        Self {
            campaign,
            caller,
            member,
        }
    }

    pub fn campaign(&self) -> &Campaign {
        &self.campaign
    }

    /// The campaign, leaving the check behind.
    pub fn into_campaign(self) -> Campaign {
        self.campaign
    }

    /// The caller the campaign was checked for.
    pub fn caller(&self) -> Option<&User> {
        self.caller.as_ref()
    }

    /// This check as the reader of the campaign's further reads, which take it as made.
    pub fn reader(&self) -> ReadAccess {
        self.into()
    }

    /// The caller's membership of the campaign, if he is a member.
    pub fn member(&self) -> Option<&Member> {
        self.member.as_ref()
    }

    /// Whether the campaign still takes writes: not once it has ended (§13.203). Pages
    /// offer their forms only while it runs.
    pub fn running(&self) -> bool {
        self.campaign.ended_week.is_none()
    }

    /// The signed-in caller; 401 without one.
    pub fn user(&self) -> Result<&User, Error> {
        self.caller.as_ref().ok_or_else(|| {
            Error::Unauthorized("sign in first: send `Authorization: Bearer <token>`".into())
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
    pub fn require_referee(&self, action: &str) -> Result<&User, Error> {
        let user = self.user()?;
        if self.is_referee() {
            Ok(user)
        } else {
            Err(Error::Forbidden(format!(
                "only a referee of \"{}\" may {action}",
                self.campaign.name
            )))
        }
    }

    /// Whether the caller is a member (player or referee) of this campaign; admins
    /// count as members.
    pub fn is_member(&self) -> bool {
        self.member.is_some() || self.caller.as_ref().is_some_and(|u| u.is_admin)
    }

    /// 403 unless the caller is a member (player or referee) of this campaign.
    pub fn require_member(&self, action: &str) -> Result<&User, Error> {
        let user = self.user()?;
        if self.is_member() {
            Ok(user)
        } else {
            Err(Error::Forbidden(format!(
                "only members of \"{}\" may {action}; ask its referee to add you",
                self.campaign.name
            )))
        }
    }

    /// 403 unless the caller referees this campaign or plays `side` in it.
    pub fn require_side(&self, side: Side, action: &str) -> Result<(), Error> {
        self.require_member(action)?;
        let plays_side = self.member.as_ref().is_some_and(|m| m.side == Some(side));
        if self.is_referee() || plays_side {
            Ok(())
        } else {
            Err(Error::Forbidden(format!(
                "only a referee or a player of the {side} side may {action}"
            )))
        }
    }
}

/// What a request presents to say who calls: the digest of an API token or of a page
/// session's id, or nothing.
#[derive(Debug, Clone, Copy)]
pub enum Credential<'a> {
    None,
    Token(&'a [u8]),
    Session(&'a [u8]),
}

/// Who a read is for, as far as what he may see goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Reader {
    Anonymous,
    /// A page session without an account (it holds the sign-in form's CSRF token).
    Visitor,
    User {
        id: i64,
        is_admin: bool,
    },
}

/// A read the caller may make, at the campaign's revision now.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ReadProbe {
    pub revision: i64,
    /// The campaign's webhooks' revision, which moves when they or their deliveries
    /// change; `None` for a reader without a token or session, who sees none of them.
    pub webhooks_revision: Option<i64>,
    pub reader: Reader,
}

/// 409 once the campaign has ended (§13.203): it is read-only from then on. Writes
/// that lock the campaign some other way call this under their lock; the database
/// refuses the rest with the same words (migration 000013).
pub fn still_running(campaign: &Campaign) -> Result<(), Error> {
    match campaign.ended_week {
        None => Ok(()),
        Some(week) => Err(Error::Conflict(ended_message(week))),
    }
}

/// What a write to a campaign that ended in `week` is told.
fn ended_message(week: i32) -> String {
    format!("this campaign ended in week {week}: it is read-only now, and can still be read and exported")
}
