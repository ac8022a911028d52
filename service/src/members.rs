//! Campaign members: the referee adds players and referees; players switch sides
//! only while the sides stay equal (R2).

use campaign::events::EventKind;
use campaign::sides::Side;
use eagles_db::campaigns::Member;
use eagles_db::diesel_async::AsyncPgConnection;
use eagles_db::users::User;
pub use eagles_office::members::{MemberView, NewMember, SideChange};

use crate::access::readable_campaign;
use crate::envelope::{self, Access, Change};
use crate::error::{Locus, ServiceError};
use crate::unique::is_unique_violation;

use crate::Service;
pub use campaign::roster::MemberRole;
use eagles_office::access::ReadAccess;
use eagles_office::members::*;
use eagles_office::prelude::*;

/// Adds a member to a campaign as `user`, who must referee it; the API and the pages
/// both add members through here.
pub async fn add(
    conn: &mut AsyncPgConnection,
    user: User,
    campaign_id: i64,
    NewMember {
        username,
        role,
        side,
    }: NewMember,
) -> Result<MemberView, ServiceError> {
    envelope::write(
        conn,
        campaign_id,
        &user,
        Access::Referee("add members"),
        async |conn, _scope, record| {
            if role == MemberRole::Player && side.is_none() {
                return Err(
                    ServiceError::invalid("a player needs a side, Allied or Central (§13.01)")
                        .at(Locus::Field("side")),
                );
            }
            let account = eagles_db::users::find_by_username(conn, &username)
                .await?
                .ok_or_else(|| {
                    ServiceError::invalid(format!(
                        "there is no account named \"{username}\": create it first with `eagles user add {username}`"
                    ))
                    .at(Locus::Field("username"))
                })?;
            eagles_db::campaigns::add_member(conn, campaign_id, account.id, role, side)
                .await
                .map_err(|e| {
                    if is_unique_violation(&e) {
                        ServiceError::Conflict(format!(
                            "\"{username}\" is already a member of this campaign"
                        ))
                    } else {
                        e.into()
                    }
                })?;
            let change = Change::new(EventKind::Member, account.id).audit(
                "member.add",
                serde_json::json!({ "username": account.username, "role": role, "side": side }),
            );
            let receipt = record.record(conn, change).await?;
            let member = MemberView {
                username: account.username,
                role,
                side,
            };
            Ok((member, receipt))
        },
    )
    .await
}

#[async_trait::async_trait]
impl Members for Service {
    async fn add_member(
        &self,
        user: User,
        campaign_id: i64,
        new: NewMember,
    ) -> Result<MemberView, Error> {
        add(&mut *self.conn().await?, user, campaign_id, new).await
    }

    /// Moves the member `username` to `side` as `user`: himself, or anyone as a referee,
    /// and only when the sides stay equal (R2). The API and the members page both switch
    /// sides through here.
    async fn switch_side(
        &self,
        user: User,
        member: MemberRef,
        side: Side,
    ) -> Result<MemberView, Error> {
        let (campaign_id, username) = (member.campaign_id, member.username);
        let mut conn = self.conn().await?;
        let conn = &mut *conn;
        let is_self = username.eq_ignore_ascii_case(&user.username);
        // The lock serialises side changes, so two switches cannot both pass the
        // equal-sides check.
        envelope::write(
            conn,
            campaign_id,
            &user,
            Access::Reader,
            async |conn, scope, record| {
                if !is_self {
                    scope.require_referee("move another player to the other side")?;
                }
                let members = eagles_db::campaigns::members(conn, campaign_id).await?;
                let member = members
                    .iter()
                    .find(|m| m.username.eq_ignore_ascii_case(&username))
                    .ok_or_else(|| {
                        ServiceError::NotFound(format!("\"{username}\" is not a member of this campaign"))
                    })?
                    .clone();
                if member.role != MemberRole::Player {
                    return Err(ServiceError::invalid(
                        "only players have a side to switch; a referee's side is set when added",
                    ));
                }
                if member.side == Some(side) {
                    return Ok((MemberView::from(member), record.unchanged()));
                }
                let count = |s: Side, m: &Member| m.role == MemberRole::Player && m.side == Some(s);
                let on = |s: Side| members.iter().filter(|m| count(s, m)).count();
                let (mut allied, mut central) = (on(Side::Allied), on(Side::Central));
                match side {
                    Side::Allied => (allied, central) = (allied + 1, central - 1),
                    Side::Central => (allied, central) = (allied - 1, central + 1),
                }
                if allied != central {
                    return Err(ServiceError::Unprocessable {
                        rule: Some("R2"),
                        detail: format!(
                            "§13.01: a player may switch sides only if the sides stay equal in players; after this switch there would be {allied} Allied and {central} Central players"
                        ),
                        at: Some(Locus::Field("side")),
                    });
                }
                eagles_db::campaigns::set_side(conn, campaign_id, member.user_id, side).await?;
                let change = Change::new(EventKind::Member, member.user_id).audit(
                    "member.side",
                    serde_json::json!({ "username": member.username, "side": side }),
                );
                let receipt = record.record(conn, change).await?;
                let moved = MemberView {
                    side: Some(side),
                    ..MemberView::from(member)
                };
                Ok((moved, receipt))
            },
        )
        .await
    }

    /// Ends the membership of `username` as `user`: himself leaving, or anyone removed
    /// by a referee (R2: his crews stay in the records). The campaign keeps a referee.
    async fn remove_member(&self, user: User, member: MemberRef) -> Result<(), Error> {
        let (campaign_id, username) = (member.campaign_id, member.username);
        let is_self = username.eq_ignore_ascii_case(&user.username);
        let mut conn = self.conn().await?;
        envelope::write(
            &mut conn,
            campaign_id,
            &user,
            Access::Reader,
            async |conn, scope, record| {
                if !is_self {
                    scope.require_referee("remove other members")?;
                }
                let members = eagles_db::campaigns::members(conn, campaign_id).await?;
                let gone = members
                    .iter()
                    .find(|m| m.username.eq_ignore_ascii_case(&username))
                    .ok_or_else(|| {
                        ServiceError::NotFound(format!(
                            "\"{username}\" is not a member of this campaign"
                        ))
                    })?;
                let referees = members
                    .iter()
                    .filter(|m| m.role == MemberRole::Referee)
                    .count();
                if gone.role == MemberRole::Referee && referees == 1 {
                    return Err(ServiceError::Conflict(format!(
                        "\"{}\" is the campaign's last referee: invite or add another referee first, so someone can still run it",
                        gone.username
                    )));
                }
                eagles_db::campaigns::remove_member(conn, campaign_id, gone.user_id).await?;
                let change = Change::new(EventKind::Member, gone.user_id).audit(
                    if is_self { "member.leave" } else { "member.remove" },
                    serde_json::json!({
                        "username": gone.username, "role": gone.role, "side": gone.side,
                    }),
                );
                Ok(((), record.record(conn, change).await?))
            },
        )
        .await
    }

    /// The members of a campaign `caller` may read.
    async fn members(
        &self,
        reader: ReadAccess,
        campaign_id: i64,
    ) -> Result<Vec<MemberView>, Error> {
        let mut conn = self.conn().await?;
        let conn = &mut *conn;
        let caller = reader.into_caller();
        let scope = readable_campaign(conn, campaign_id, caller).await?;
        let members = eagles_db::campaigns::members(conn, scope.campaign().id).await?;
        Ok(members.into_iter().map(MemberView::from).collect())
    }

    /// The members page of a campaign `caller` may read: the webhooks only for its referee.
    async fn member_roster(
        &self,
        reader: ReadAccess,
        campaign_id: i64,
    ) -> Result<MemberRoster, Error> {
        let mut conn = self.conn().await?;
        let conn = &mut *conn;
        let caller = reader.into_caller();
        let scope = readable_campaign(conn, campaign_id, caller).await?;
        let members = eagles_db::campaigns::members(conn, campaign_id).await?;
        let webhooks = if scope.is_referee() {
            crate::webhooks::views(conn, campaign_id).await?
        } else {
            Vec::new()
        };
        Ok(eagles_office::members::MemberRoster {
            scope,
            members,
            webhooks,
        })
    }
}
