//! A campaign's invitations (R26): its referees make and withdraw them; whoever holds
//! a code joins with its role and side, or picks his side when it leaves it open (R2).

use campaign::events::EventKind;
use campaign::roster::MemberRole;
use campaign::sides::Side;
use chrono::{DateTime, Duration, Utc};
use eagles_db::diesel_async::AsyncPgConnection;
use eagles_db::invitations::Invitation;
use eagles_office::campaigns::Campaign;
use eagles_office::invitations::*;
use eagles_office::members::MemberView;
use eagles_office::prelude::*;
use eagles_office::sign_up::Membership;

use crate::access::readable_campaign;
use crate::envelope::{self, Access, Change};
use crate::error::{Locus, ServiceError};
use crate::unique::is_unique_violation;
use crate::Service;

/// Whether the invitation still lets people join at `now`; a withdrawn one says so
/// first, then an expired one.
pub fn state(invitation: &Invitation, now: DateTime<Utc>) -> InvitationState {
    if invitation.revoked_at.is_some() {
        InvitationState::Revoked
    } else if invitation.expires_at <= now {
        InvitationState::Expired
    } else if invitation.uses_left <= 0 {
        InvitationState::UsedUp
    } else {
        InvitationState::Valid
    }
}

/// Why the invitation no longer works, in words; `None` while it does.
pub fn refusal(invitation: &Invitation, state: InvitationState) -> Option<String> {
    let ask = "ask the campaign's referee for a new one";
    match state {
        InvitationState::Valid => None,
        InvitationState::Revoked => Some(format!(
            "this invitation was withdrawn by the campaign's referee: {ask}"
        )),
        InvitationState::Expired => Some(format!(
            "this invitation expired on {}: {ask}",
            invitation.expires_at.format("%-d %B %Y, %H:%M UTC")
        )),
        InvitationState::UsedUp => Some(format!(
            "this invitation is used up: as many people as it allowed ({}) have joined with it; {ask}",
            invitation.uses
        )),
    }
}

fn view(service: &Service, invitation: Invitation, now: DateTime<Utc>) -> InvitationView {
    let state = state(&invitation, now);
    InvitationView {
        id: invitation.id,
        url: service.accounts.link(&format!("/join/{}", invitation.code)),
        code: invitation.code,
        role: invitation.role,
        side: invitation.side,
        uses: invitation.uses,
        uses_left: invitation.uses_left,
        expires_at: invitation.expires_at,
        revoked: state == InvitationState::Revoked,
        expired: invitation.expires_at <= now,
        used_up: invitation.uses_left <= 0,
        state,
        created_at: invitation.created_at,
    }
}

fn no_such_code() -> ServiceError {
    ServiceError::NotFound(
        "there is no invitation with this code: check the link, or ask the campaign's referee for a new one"
            .into(),
    )
}

/// The campaign the invitation with `code` is to; 404 for no such code.
pub(crate) async fn campaign_of(
    conn: &mut AsyncPgConnection,
    code: &str,
) -> Result<i64, ServiceError> {
    let (invitation, _) = eagles_db::invitations::by_code(conn, code)
        .await?
        .ok_or_else(no_such_code)?;
    Ok(invitation.campaign_id)
}

/// Whether the invitation `code` works now (404, 410 otherwise) and, when it does, the
/// problem of the side `chosen` for it, so a sign-up lists it beside the username's and
/// password's; [`join_with`] checks again under the lock.
pub(crate) async fn side_problem(
    conn: &mut AsyncPgConnection,
    code: &str,
    chosen: Option<Side>,
) -> Result<Option<ServiceError>, ServiceError> {
    let (invitation, _) = eagles_db::invitations::by_code(conn, code)
        .await?
        .ok_or_else(no_such_code)?;
    if let Some(why) = refusal(&invitation, state(&invitation, Utc::now())) {
        return Err(ServiceError::Gone(why));
    }
    Ok(side_of(&invitation, chosen).err())
}

/// The side a joiner takes: the invitation's, else the one he picked, which a player
/// must (R2, §13.01).
fn side_of(invitation: &Invitation, chosen: Option<Side>) -> Result<Option<Side>, ServiceError> {
    match (invitation.side, chosen) {
        (Some(side), Some(other)) if side != other => Err(ServiceError::invalid(format!(
            "this invitation is to the {} side; leave the side out, or ask the referee for an invitation to the {} side",
            side_name(side),
            side_name(other)
        ))
        .at(Locus::Field("side"))),
        (Some(side), _) => Ok(Some(side)),
        (None, None) if invitation.role == MemberRole::Player => Err(ServiceError::invalid(
            "pick a side, Allied or Central: this invitation leaves it to you (§13.01)",
        )
        .at(Locus::Field("side"))),
        (None, chosen) => Ok(chosen),
    }
}

fn side_name(side: Side) -> &'static str {
    match side {
        Side::Allied => "Allied",
        Side::Central => "Central",
    }
}

/// `user` joins `campaign` (locked by `envelope::join`) with the invitation `code`,
/// spending one use: 410 saying why it no longer works, 409 for a member already.
pub(crate) async fn join_with(
    conn: &mut AsyncPgConnection,
    campaign: &Campaign,
    code: &str,
    user: &User,
    chosen: Option<Side>,
) -> Result<(Membership, Change), ServiceError> {
    let invitation = eagles_db::invitations::by_code_for_update(conn, code)
        .await?
        .filter(|i| i.campaign_id == campaign.id)
        .ok_or_else(no_such_code)?;
    if let Some(why) = refusal(&invitation, state(&invitation, Utc::now())) {
        return Err(ServiceError::Gone(why));
    }
    let side = side_of(&invitation, chosen)?;
    let already =
        || ServiceError::Conflict(format!("you are already a member of \"{}\"", campaign.name));
    if eagles_db::campaigns::member(conn, campaign.id, user.id)
        .await?
        .is_some()
    {
        return Err(already());
    }
    eagles_db::campaigns::add_member(conn, campaign.id, user.id, invitation.role, side)
        .await
        .map_err(|e| {
            if is_unique_violation(&e) {
                already()
            } else {
                e.into()
            }
        })?;
    eagles_db::invitations::spend_use(conn, invitation.id).await?;
    let change = Change::new(EventKind::Member, user.id).audit(
        "member.join_by_invitation",
        serde_json::json!({
            "username": user.username, "role": invitation.role, "side": side,
            "invitation": invitation.id,
        }),
    );
    let membership = Membership {
        campaign_id: campaign.id,
        campaign_name: campaign.name.clone(),
        member: MemberView {
            username: user.username.clone(),
            role: invitation.role,
            side,
        },
    };
    Ok((membership, change))
}

/// The bounds of a new invitation, every one broken at once.
fn bounds(new: &NewInvitation) -> Result<(i32, i64), ServiceError> {
    let uses = new.uses.unwrap_or(DEFAULT_USES);
    let days = new.expires_in_days.unwrap_or(DEFAULT_DAYS);
    let mut problems = Vec::new();
    if !(1..=MAX_USES).contains(&uses) {
        problems.push(
            ServiceError::invalid(format!(
                "an invitation lets 1 to {MAX_USES} people join, not {uses}"
            ))
            .at(Locus::Field("uses")),
        );
    }
    if !(1..=MAX_DAYS).contains(&days) {
        problems.push(
            ServiceError::invalid(format!(
                "an invitation lasts 1 to {MAX_DAYS} days, not {days}"
            ))
            .at(Locus::Field("expires_in_days")),
        );
    }
    ServiceError::all(problems).map_or(Ok((uses, days)), Err)
}

#[async_trait::async_trait]
impl Invitations for Service {
    async fn create_invitation(
        &self,
        user: User,
        campaign_id: i64,
        new: NewInvitation,
    ) -> Result<InvitationView, Error> {
        let mut conn = self.conn().await?;
        let invitation = envelope::write(
            &mut conn,
            campaign_id,
            &user,
            Access::Referee("invite people"),
            async |conn, _scope, record| {
                let (uses, days) = bounds(&new)?;
                // 256 bits: more than the 128 the contract asks.
                let code = eagles_office::credentials::random_secret();
                let stored = eagles_db::invitations::create(
                    conn,
                    &eagles_db::invitations::NewInvitation {
                        campaign_id,
                        code: &code,
                        role: new.role,
                        side: new.side,
                        uses,
                        uses_left: uses,
                        expires_at: Utc::now() + Duration::days(days),
                        created_by: Some(user.id),
                    },
                )
                .await?;
                // An invitation changes who may join: the members page shows it.
                let change = Change::new(EventKind::Member, stored.id).audit(
                    "invitation.create",
                    serde_json::json!({
                        "invitation": stored.id, "role": stored.role, "side": stored.side,
                        "uses": uses, "expires_at": stored.expires_at,
                    }),
                );
                let receipt = record.record(conn, change).await?;
                Ok((stored, receipt))
            },
        )
        .await?;
        Ok(view(self, invitation, Utc::now()))
    }

    async fn invitations(
        &self,
        user: User,
        campaign_id: i64,
    ) -> Result<Vec<InvitationView>, Error> {
        let mut conn = self.conn().await?;
        let scope = readable_campaign(&mut conn, campaign_id, Some(user)).await?;
        scope.require_referee("see its invitations")?;
        let now = Utc::now();
        Ok(eagles_db::invitations::of_campaign(&mut conn, campaign_id)
            .await?
            .into_iter()
            .map(|i| view(self, i, now))
            .collect())
    }

    async fn revoke_invitation(
        &self,
        user: User,
        campaign_id: i64,
        invitation_id: i64,
    ) -> Result<(), Error> {
        let mut conn = self.conn().await?;
        envelope::write(
            &mut conn,
            campaign_id,
            &user,
            Access::Referee("withdraw invitations"),
            async |conn, _scope, record| {
                if !eagles_db::invitations::revoke(conn, campaign_id, invitation_id).await? {
                    return Err(ServiceError::NotFound(
                        "this campaign has no such invitation".into(),
                    ));
                }
                let change = Change::new(EventKind::Member, invitation_id).audit(
                    "invitation.revoke",
                    serde_json::json!({ "invitation": invitation_id }),
                );
                Ok(((), record.record(conn, change).await?))
            },
        )
        .await
    }

    async fn invitation(&self, code: String) -> Result<InvitationPreview, Error> {
        let mut conn = self.conn().await?;
        let (invitation, campaign_name) = eagles_db::invitations::by_code(&mut conn, &code)
            .await?
            .ok_or_else(no_such_code)?;
        let state = state(&invitation, Utc::now());
        Ok(InvitationPreview {
            campaign_id: invitation.campaign_id,
            campaign_name,
            role: invitation.role,
            side: invitation.side,
            expires_at: invitation.expires_at,
            refusal: refusal(&invitation, state),
            state,
        })
    }

    async fn accept_invitation(
        &self,
        user: User,
        code: String,
        acceptance: Acceptance,
    ) -> Result<Membership, Error> {
        let mut conn = self.conn().await?;
        let campaign_id = campaign_of(&mut conn, &code).await?;
        envelope::join(&mut conn, campaign_id, async |conn, campaign| {
            let (membership, change) =
                join_with(conn, campaign, &code, &user, acceptance.side).await?;
            Ok((membership, user.id, change))
        })
        .await
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    // R26: an invitation that no longer works says which of the three it is, the
    // moment it expired in the pages' one date style (issue #37).
    #[test]
    fn an_invitation_that_no_longer_works_says_why() {
        let at = Utc.with_ymd_and_hms(2026, 12, 12, 14, 5, 0).unwrap();
        let invitation = Invitation {
            id: 1,
            campaign_id: 1,
            code: "code".into(),
            role: MemberRole::Player,
            side: None,
            uses: 3,
            uses_left: 1,
            expires_at: at,
            revoked_at: None,
            created_at: at - Duration::days(14),
        };
        let ask = "ask the campaign's referee for a new one";
        assert_eq!(
            refusal(&invitation, state(&invitation, at + Duration::minutes(1))).as_deref(),
            Some(format!("this invitation expired on 12 December 2026, 14:05 UTC: {ask}").as_str())
        );
        assert_eq!(
            state(&invitation, at - Duration::minutes(1)),
            InvitationState::Valid
        );
        assert_eq!(refusal(&invitation, InvitationState::Valid), None);
        let used_up = Invitation {
            uses_left: 0,
            ..invitation.clone()
        };
        assert!(
            refusal(&used_up, state(&used_up, at - Duration::minutes(1)))
                .unwrap()
                .contains("used up: as many people as it allowed (3) have joined")
        );
        let withdrawn = Invitation {
            revoked_at: Some(at),
            ..invitation
        };
        assert!(
            refusal(&withdrawn, state(&withdrawn, at - Duration::minutes(1)))
                .unwrap()
                .starts_with("this invitation was withdrawn")
        );
    }
}
