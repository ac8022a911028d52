//! Who may read and write a campaign. Every campaign route asks here, so the rules
//! live in one place: a public campaign is readable by anyone, a private one only by
//! its members and admins (to anyone else it does not exist); writes need a member's
//! role, and the referee's for the referee's actions. An ended campaign (§13.203)
//! takes no more writes.

use campaign::roster::MemberRole;
use campaign::sides::Side;
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

/// Who reads a campaign, as the reads take him: a caller whose access is to be
/// checked, or the campaign as a check made earlier in the same request found it.
#[derive(Debug, Clone)]
pub enum ReadAccess {
    Caller(Option<User>),
    /// Checked by the read cache, which reads the campaign before the handler does
    /// and hands it over when the handler is sure to run ([`readable_by_token`]).
    Checked(CampaignScope),
}

impl From<Option<User>> for ReadAccess {
    fn from(caller: Option<User>) -> Self {
        Self::Caller(caller)
    }
}

/// A read's access as checked before its handler, kept in the request for it.
#[derive(Debug, Clone)]
pub struct CheckedRead(pub CampaignScope);

/// Loads a campaign the caller may read, or 404; a scope checked already for this
/// campaign is taken as it is.
pub async fn readable_campaign(
    conn: &mut AsyncPgConnection,
    campaign_id: i64,
    reader: impl Into<ReadAccess>,
) -> Result<CampaignScope, ServiceError> {
    let caller = match reader.into() {
        ReadAccess::Checked(scope) if scope.campaign.id == campaign_id => return Ok(scope),
        ReadAccess::Checked(scope) => scope.caller,
        ReadAccess::Caller(caller) => caller,
    };
    let campaign = eagles_db::campaigns::find(conn, campaign_id).await?;
    scope(conn, campaign_id, campaign, caller).await
}

/// The campaign as the holder of an API token (by its digest), or nobody, may read
/// it, with who he is as the read cache keys him: the access check of a read whose
/// handler will run, made once for both. `None` when the handler must answer: a token
/// that is not live, no such campaign or none he may read.
pub async fn readable_by_token(
    conn: &mut AsyncPgConnection,
    campaign_id: i64,
    token: Option<&[u8]>,
) -> Result<Option<(Reader, CampaignScope)>, ServiceError> {
    let caller = match token {
        None => None,
        Some(digest) => match eagles_db::users::find_by_token(conn, digest).await? {
            Some(user) => Some(user),
            None => return Ok(None),
        },
    };
    let reader = caller
        .as_ref()
        .map_or(Reader::Anonymous, |user| Reader::User {
            id: user.id,
            is_admin: user.is_admin,
        });
    match readable_campaign(conn, campaign_id, caller).await {
        Ok(scope) => Ok(Some((reader, scope))),
        Err(ServiceError::NotFound(_)) => Ok(None),
        Err(e) => Err(e),
    }
}

/// 409 once the campaign has ended (§13.203): it is read-only from then on. The
/// envelope (`crate::envelope`) calls this under the campaign's lock for every write;
/// the database refuses any other with the same words (migration 000013).
pub fn still_running(campaign: &Campaign) -> Result<(), ServiceError> {
    match campaign.ended_week {
        None => Ok(()),
        Some(week) => Err(ServiceError::Conflict(ended_message(week))),
    }
}

/// What a write to a campaign that ended in `week` is told.
fn ended_message(week: i32) -> String {
    format!("this campaign ended in week {week}: it is read-only now, and can still be read and exported")
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
    /// Whether the campaign still takes writes: not once it has ended (§13.203). Pages
    /// offer their forms only while it runs.
    pub fn running(&self) -> bool {
        self.campaign.ended_week.is_none()
    }

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

    /// 403 unless the caller referees this campaign or plays `side` in it.
    pub fn require_side(&self, side: Side, action: &str) -> Result<(), ServiceError> {
        self.require_member(action)?;
        let plays_side = self.member.as_ref().is_some_and(|m| m.side == Some(side));
        if self.is_referee() || plays_side {
            Ok(())
        } else {
            Err(ServiceError::Forbidden(format!(
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

/// The check before a cached read, in one statement: the campaign's revision and
/// whether `credential`'s holder may read it, by the rule of [`visible`]. `None` when
/// the request must go to its handler instead, which answers it as without a cache: no
/// such campaign, one this caller may not read, or a credential naming no live token
/// or session.
pub async fn probe(
    conn: &mut AsyncPgConnection,
    campaign_id: i64,
    credential: Credential<'_>,
) -> Result<Option<ReadProbe>, ServiceError> {
    let (token, session) = match credential {
        Credential::None => (None, None),
        Credential::Token(digest) => (Some(digest), None),
        Credential::Session(digest) => (None, Some(digest)),
    };
    let Some(row) = eagles_db::campaigns::probe(conn, campaign_id, token, session).await? else {
        return Ok(None);
    };
    if !matches!(credential, Credential::None) && !row.credential_found {
        return Ok(None);
    }
    if !(row.public || row.member || row.is_admin) {
        return Ok(None);
    }
    let reader = match (row.user_id, credential) {
        (Some(id), _) => Reader::User {
            id,
            is_admin: row.is_admin,
        },
        (None, Credential::None) => Reader::Anonymous,
        (None, _) => Reader::Visitor,
    };
    Ok(Some(ReadProbe {
        revision: row.revision,
        webhooks_revision: row.webhooks_revision,
        reader,
    }))
}
