//! A campaign's invitations (R26): codes that let people join it.

use campaign::roster::MemberRole;
use campaign::sides::Side;
use chrono::{DateTime, Utc};
use diesel::prelude::*;
use diesel_async::{AsyncPgConnection, RunQueryDsl};

use crate::schema::{campaigns, invitations};
use crate::QueryResult;

/// An invitation as stored.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = invitations)]
pub struct Invitation {
    pub id: i64,
    pub campaign_id: i64,
    pub code: String,
    pub role: MemberRole,
    pub side: Option<Side>,
    pub uses: i32,
    pub uses_left: i32,
    pub expires_at: DateTime<Utc>,
    pub revoked_at: Option<DateTime<Utc>>,
    pub created_at: DateTime<Utc>,
}

/// An invitation to store.
#[derive(Debug, Clone, Insertable)]
#[diesel(table_name = invitations)]
pub struct NewInvitation<'a> {
    pub campaign_id: i64,
    pub code: &'a str,
    pub role: MemberRole,
    pub side: Option<Side>,
    pub uses: i32,
    pub uses_left: i32,
    pub expires_at: DateTime<Utc>,
    pub created_by: Option<i64>,
}

/// Stores an invitation.
pub async fn create(
    conn: &mut AsyncPgConnection,
    new: &NewInvitation<'_>,
) -> QueryResult<Invitation> {
    diesel::insert_into(invitations::table)
        .values(new)
        .returning(Invitation::as_returning())
        .get_result(conn)
        .await
        .map_err(crate::Error::from)
}

/// The campaign's invitations, newest first.
pub async fn of_campaign(
    conn: &mut AsyncPgConnection,
    campaign_id: i64,
) -> QueryResult<Vec<Invitation>> {
    invitations::table
        .filter(invitations::campaign_id.eq(campaign_id))
        .order((invitations::created_at.desc(), invitations::id.desc()))
        .select(Invitation::as_select())
        .load(conn)
        .await
        .map_err(crate::Error::from)
}

/// The invitation with this code, with its campaign's name.
pub async fn by_code(
    conn: &mut AsyncPgConnection,
    code: &str,
) -> QueryResult<Option<(Invitation, String)>> {
    invitations::table
        .inner_join(campaigns::table)
        .filter(invitations::code.eq(code))
        .select((Invitation::as_select(), campaigns::name))
        .first(conn)
        .await
        .optional()
        .map_err(crate::Error::from)
}

/// The invitation with this code, locked until the transaction ends, so two
/// acceptances take turns on its uses.
pub async fn by_code_for_update(
    conn: &mut AsyncPgConnection,
    code: &str,
) -> QueryResult<Option<Invitation>> {
    invitations::table
        .filter(invitations::code.eq(code))
        .select(Invitation::as_select())
        .for_update()
        .first(conn)
        .await
        .optional()
        .map_err(crate::Error::from)
}

/// Spends one use of an invitation.
pub async fn spend_use(conn: &mut AsyncPgConnection, id: i64) -> QueryResult<()> {
    diesel::update(invitations::table.find(id))
        .set(invitations::uses_left.eq(invitations::uses_left - 1))
        .execute(conn)
        .await
        .map(drop)
        .map_err(crate::Error::from)
}

/// Revokes the campaign's invitation `id` (again is no change); whether the campaign
/// has it.
pub async fn revoke(conn: &mut AsyncPgConnection, campaign_id: i64, id: i64) -> QueryResult<bool> {
    let found = diesel::update(
        invitations::table
            .filter(invitations::campaign_id.eq(campaign_id))
            .filter(invitations::id.eq(id)),
    )
    .set(invitations::revoked_at.eq(diesel::dsl::sql::<
        diesel::sql_types::Nullable<diesel::sql_types::Timestamptz>,
    >("coalesce(revoked_at, now())")))
    .execute(conn)
    .await?;
    Ok(found > 0)
}
