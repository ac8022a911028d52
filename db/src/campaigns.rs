//! Campaigns and their members.

use campaign::roster::MemberRole;
use campaign::sides::Side;
use chrono::NaiveDate;
use diesel::dsl::SqlTypeOf;
use diesel::pg::Pg;
use diesel::prelude::*;
use diesel_async::{AsyncPgConnection, RunQueryDsl};

use crate::schema::{campaign_members, campaigns, users};
use crate::QueryResult;

pub use eagles_office::campaigns::{Campaign, ListedFor, Member};

/// The columns of a [`Campaign`], in its fields' order.
pub type CampaignColumns = (
    campaigns::id,
    campaigns::name,
    campaigns::start_date,
    campaigns::public,
    campaigns::current_week,
    campaigns::created_by,
    campaigns::ended_week,
    campaigns::revision,
);

/// What to select to read a [`Campaign`].
pub fn campaign_columns() -> CampaignColumns {
    // Diesel's columns are unit structs: their default is the column.
    CampaignColumns::default()
}

/// A campaign as its columns read: [`CampaignColumns`]' values, in order.
pub type StoredCampaign = (i64, String, NaiveDate, bool, i32, i64, Option<i32>, i64);

/// The campaign a row of [`CampaignColumns`] holds.
pub fn campaign_of(
    (id, name, start_date, public, current_week, created_by, ended_week, revision): StoredCampaign,
) -> Campaign {
    Campaign {
        id,
        name,
        start_date,
        public,
        current_week,
        created_by,
        ended_week,
        revision,
    }
}

/// A member's row: the membership and the account's name.
type MemberRow = (i64, String, MemberRole, Option<Side>);

fn member_of((user_id, username, role, side): MemberRow) -> Member {
    Member {
        user_id,
        username,
        role,
        side,
    }
}

/// Creates a campaign whose creator becomes its referee. Run it in a transaction.
pub async fn create(
    conn: &mut AsyncPgConnection,
    name: &str,
    start_date: NaiveDate,
    public: bool,
    created_by: i64,
) -> QueryResult<Campaign> {
    let campaign = diesel::insert_into(campaigns::table)
        .values((
            campaigns::name.eq(name),
            campaigns::start_date.eq(start_date),
            campaigns::public.eq(public),
            campaigns::created_by.eq(created_by),
        ))
        .returning(campaign_columns())
        .get_result(conn)
        .await
        .map(campaign_of)?;
    add_member(conn, campaign.id, created_by, MemberRole::Referee, None).await?;
    Ok(campaign)
}

/// One campaign.
pub async fn find(conn: &mut AsyncPgConnection, id: i64) -> QueryResult<Option<Campaign>> {
    campaigns::table
        .find(id)
        .select(campaign_columns())
        .first(conn)
        .await
        .optional()
        .map(|c| c.map(campaign_of))
        .map_err(crate::Error::from)
}

/// The campaign, locked against concurrent writes until the transaction ends.
pub async fn find_for_update(
    mut conn: &AsyncPgConnection,
    id: i64,
) -> QueryResult<Option<Campaign>> {
    campaigns::table
        .find(id)
        .select(campaign_columns())
        .for_update()
        .first(&mut conn)
        .await
        .optional()
        .map(|c| c.map(campaign_of))
        .map_err(crate::Error::from)
}

/// Ends a campaign in its current week, which it keeps; from then on the database
/// refuses every write to it (migration 000013). The caller holds the campaign's lock
/// and has checked it had not ended.
pub async fn end(conn: &mut AsyncPgConnection, id: i64) -> QueryResult<Campaign> {
    diesel::update(campaigns::table.find(id))
        .set((
            campaigns::ended_week.eq(campaigns::current_week.nullable()),
            campaigns::ended_at.eq(diesel::dsl::now),
        ))
        .returning(campaign_columns())
        .get_result(conn)
        .await
        .map(campaign_of)
        .map_err(crate::Error::from)
}

/// The campaigns a reader may see, newest first.
pub async fn list_readable(
    conn: &mut AsyncPgConnection,
    reader: ListedFor,
) -> QueryResult<Vec<Campaign>> {
    campaigns_of(readable(reader).load(conn).await)
}

/// The campaigns `reader` may read, newest first, within `window`.
pub async fn list_readable_window(
    conn: &mut AsyncPgConnection,
    reader: ListedFor,
    window: crate::window::Window,
) -> QueryResult<Vec<Campaign>> {
    campaigns_of(
        readable(reader)
            .limit(window.limit)
            .offset(window.offset)
            .load(conn)
            .await,
    )
}

/// The campaigns of `rows` as read.
fn campaigns_of(rows: diesel::QueryResult<Vec<StoredCampaign>>) -> QueryResult<Vec<Campaign>> {
    Ok(rows?.into_iter().map(campaign_of).collect())
}

type ReadableQuery = campaigns::BoxedQuery<'static, Pg, SqlTypeOf<CampaignColumns>>;

/// The campaigns `reader` may read, newest first, as a query to narrow further.
fn readable(reader: ListedFor) -> ReadableQuery {
    let query = campaigns::table
        .select(campaign_columns())
        .order(campaigns::id.desc())
        .into_boxed();
    match reader {
        ListedFor::Anonymous => query.filter(campaigns::public.eq(true)),
        ListedFor::Member(user_id) => query.filter(
            campaigns::public.eq(true).or(campaigns::id.eq_any(
                campaign_members::table
                    .filter(campaign_members::user_id.eq(user_id))
                    .select(campaign_members::campaign_id),
            )),
        ),
        ListedFor::Admin => query,
    }
}

const MEMBER_COLUMNS: (
    campaign_members::user_id,
    users::username,
    campaign_members::role,
    campaign_members::side,
) = (
    campaign_members::user_id,
    users::username,
    campaign_members::role,
    campaign_members::side,
);

/// Adds a member; an existing membership is a unique violation.
pub async fn add_member(
    conn: &mut AsyncPgConnection,
    campaign_id: i64,
    user_id: i64,
    role: MemberRole,
    side: Option<Side>,
) -> QueryResult<()> {
    diesel::insert_into(campaign_members::table)
        .values((
            campaign_members::campaign_id.eq(campaign_id),
            campaign_members::user_id.eq(user_id),
            campaign_members::role.eq(role),
            campaign_members::side.eq(side),
        ))
        .execute(conn)
        .await
        .map(drop)
        .map_err(crate::Error::from)
}

/// A user's membership of a campaign.
pub async fn member(
    mut conn: &AsyncPgConnection,
    campaign_id: i64,
    user_id: i64,
) -> QueryResult<Option<Member>> {
    campaign_members::table
        .inner_join(users::table)
        .filter(campaign_members::campaign_id.eq(campaign_id))
        .filter(campaign_members::user_id.eq(user_id))
        .select(MEMBER_COLUMNS)
        .first::<MemberRow>(&mut conn)
        .await
        .optional()
        .map(|row| row.map(member_of))
        .map_err(crate::Error::from)
}

/// Every member of a campaign, in the order they joined.
pub async fn members(conn: &mut AsyncPgConnection, campaign_id: i64) -> QueryResult<Vec<Member>> {
    campaign_members::table
        .inner_join(users::table)
        .filter(campaign_members::campaign_id.eq(campaign_id))
        .select(MEMBER_COLUMNS)
        .order((campaign_members::joined_at, campaign_members::user_id))
        .load::<MemberRow>(conn)
        .await
        .map(|rows| rows.into_iter().map(member_of).collect())
        .map_err(crate::Error::from)
}

/// Ends a membership; the member's crews stay.
pub async fn remove_member(
    conn: &mut AsyncPgConnection,
    campaign_id: i64,
    user_id: i64,
) -> QueryResult<()> {
    diesel::delete(
        campaign_members::table
            .filter(campaign_members::campaign_id.eq(campaign_id))
            .filter(campaign_members::user_id.eq(user_id)),
    )
    .execute(conn)
    .await
    .map(drop)
    .map_err(crate::Error::from)
}

/// Changes a member's side; returns whether the member existed.
pub async fn set_side(
    conn: &mut AsyncPgConnection,
    campaign_id: i64,
    user_id: i64,
    side: Side,
) -> QueryResult<bool> {
    diesel::update(
        campaign_members::table
            .filter(campaign_members::campaign_id.eq(campaign_id))
            .filter(campaign_members::user_id.eq(user_id)),
    )
    .set(campaign_members::side.eq(side))
    .execute(conn)
    .await
    .map(|n| n > 0)
    .map_err(crate::Error::from)
}

/// What a cached read needs to know before it may answer (see [`probe`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, QueryableByName)]
pub struct Probe {
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    pub revision: i64,
    /// Moved by changes to the webhooks, which only referees see (migration 000017);
    /// not read for a request without a token or session.
    #[diesel(sql_type = diesel::sql_types::Nullable<diesel::sql_types::BigInt>)]
    pub webhooks_revision: Option<i64>,
    #[diesel(sql_type = diesel::sql_types::Bool)]
    pub public: bool,
    /// The token or session named a live one.
    #[diesel(sql_type = diesel::sql_types::Bool)]
    pub credential_found: bool,
    /// The account behind it; `None` for a visitor's session or none at all.
    #[diesel(sql_type = diesel::sql_types::Nullable<diesel::sql_types::BigInt>)]
    pub user_id: Option<i64>,
    #[diesel(sql_type = diesel::sql_types::Bool)]
    pub is_admin: bool,
    #[diesel(sql_type = diesel::sql_types::Bool)]
    pub member: bool,
}

/// One statement, every lookup by a primary key or unique index: a cache hit costs
/// this round trip and nothing else, even signed in. The token's and the session's
/// conditions are those of `users::find_by_token` and `sessions::find`.
const PROBE: &str = "
SELECT c.revision, c.webhooks_revision, c.public,
       v.found IS NOT NULL AS credential_found,
       v.user_id,
       coalesce(v.is_admin, false) AS is_admin,
       m.user_id IS NOT NULL AS member
FROM campaigns c
LEFT JOIN LATERAL (
    SELECT true AS found, u.id AS user_id, u.is_admin
    FROM api_tokens t JOIN users u ON u.id = t.user_id
    WHERE t.token_hash = $2
    UNION ALL
    SELECT true, u.id, u.is_admin
    FROM sessions s LEFT JOIN users u ON u.id = s.user_id
    WHERE s.id_hash = $3 AND s.expires_at > now()
    LIMIT 1
) v ON true
LEFT JOIN campaign_members m ON m.campaign_id = c.id AND m.user_id = v.user_id
WHERE c.id = $1";

/// The campaign's revision now, with who `token_hash` (an API token's digest) or
/// `session_hash` (a page session's) names and whether he is a member; `None` when
/// there is no such campaign.
pub async fn probe(
    mut conn: &AsyncPgConnection,
    campaign_id: i64,
    token_hash: Option<&[u8]>,
    session_hash: Option<&[u8]>,
) -> QueryResult<Option<Probe>> {
    use diesel::sql_types::{Bytea, Int8, Nullable};
    if token_hash.is_none() && session_hash.is_none() {
        // Nobody to look up: two columns of the campaign's row. The probe's constant
        // columns would cost a 304 a twentieth of its time, in the projection alone.
        let row = campaigns::table
            .filter(campaigns::id.eq(campaign_id))
            .select((campaigns::revision, campaigns::public))
            .get_result::<(i64, bool)>(&mut conn)
            .await
            .optional()?;
        return Ok(row.map(|(revision, public)| Probe {
            revision,
            webhooks_revision: None,
            public,
            credential_found: false,
            user_id: None,
            is_admin: false,
            member: false,
        }));
    }
    crate::prepared::prepared(PROBE)
        .bind::<Int8, _>(campaign_id)
        .bind::<Nullable<Bytea>, _>(token_hash)
        .bind::<Nullable<Bytea>, _>(session_hash)
        .get_result(&mut conn)
        .await
        .optional()
        .map_err(crate::Error::from)
}
