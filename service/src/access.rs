//! Who may read and write a campaign. Every campaign route asks here, so the rules
//! live in one place: a public campaign is readable by anyone, a private one only by
//! its members and admins (to anyone else it does not exist); writes need a member's
//! role, and the referee's for the referee's actions. An ended campaign (§13.203)
//! takes no more writes.

use eagles_db::campaigns::{Campaign, Member};
use eagles_db::diesel_async::AsyncPgConnection;
use eagles_db::users::User;
pub use eagles_office::access::{
    CampaignScope, CheckedRead, Credential, ReadAccess, ReadProbe, Reader,
};

use crate::error::ServiceError;

/// Loads a campaign the caller may read, or 404; a scope checked already for this
/// campaign is taken as it is.
pub async fn readable_campaign(
    conn: &mut AsyncPgConnection,
    campaign_id: i64,
    reader: impl Into<ReadAccess>,
) -> Result<CampaignScope, ServiceError> {
    let caller = match reader.into().checked_for(campaign_id) {
        Ok(scope) => return Ok(scope),
        Err(caller) => caller,
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

pub use eagles_office::access::still_running;

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
    Ok(CampaignScope::checked(
        eagles_seal::Key::new(),
        campaign,
        caller,
        member,
    ))
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
