//! Campaigns and their members.

use campaign::roster::MemberRole;
use campaign::sides::Side;
use chrono::NaiveDate;
use diesel::dsl::{AsSelect, SqlTypeOf};
use diesel::pg::Pg;
use diesel::prelude::*;
use diesel_async::{AsyncPgConnection, RunQueryDsl};

use crate::schema::{campaign_members, campaigns, users};

/// A campaign as stored.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = campaigns)]
pub struct Campaign {
    pub id: i64,
    pub name: String,
    pub start_date: NaiveDate,
    pub public: bool,
    pub current_week: i32,
    pub created_by: i64,
}

/// Creates a campaign whose creator becomes its referee. Run it in a transaction.
pub async fn create(
    conn: &mut AsyncPgConnection,
    name: &str,
    start_date: NaiveDate,
    public: bool,
    created_by: i64,
) -> QueryResult<Campaign> {
    let campaign: Campaign = diesel::insert_into(campaigns::table)
        .values((
            campaigns::name.eq(name),
            campaigns::start_date.eq(start_date),
            campaigns::public.eq(public),
            campaigns::created_by.eq(created_by),
        ))
        .returning(Campaign::as_returning())
        .get_result(conn)
        .await?;
    add_member(conn, campaign.id, created_by, MemberRole::Referee, None).await?;
    Ok(campaign)
}

/// One campaign.
pub async fn find(conn: &mut AsyncPgConnection, id: i64) -> QueryResult<Option<Campaign>> {
    campaigns::table
        .find(id)
        .select(Campaign::as_select())
        .first(conn)
        .await
        .optional()
}

/// The campaign, locked against concurrent writes until the transaction ends.
pub async fn find_for_update(
    mut conn: &AsyncPgConnection,
    id: i64,
) -> QueryResult<Option<Campaign>> {
    campaigns::table
        .find(id)
        .select(Campaign::as_select())
        .for_update()
        .first(&mut conn)
        .await
        .optional()
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

/// The campaigns a reader may see, newest first.
pub async fn list_readable(
    conn: &mut AsyncPgConnection,
    reader: Reader,
) -> QueryResult<Vec<Campaign>> {
    readable(reader).load(conn).await
}

/// The campaigns `reader` may read, newest first, within `window`.
pub async fn list_readable_window(
    conn: &mut AsyncPgConnection,
    reader: Reader,
    window: crate::window::Window,
) -> QueryResult<Vec<Campaign>> {
    readable(reader)
        .limit(window.limit)
        .offset(window.offset)
        .load(conn)
        .await
}

type ReadableQuery = campaigns::BoxedQuery<'static, Pg, SqlTypeOf<AsSelect<Campaign, Pg>>>;

/// The campaigns `reader` may read, newest first, as a query to narrow further.
fn readable(reader: Reader) -> ReadableQuery {
    let query = campaigns::table
        .select(Campaign::as_select())
        .order(campaigns::id.desc())
        .into_boxed();
    match reader {
        Reader::Anonymous => query.filter(campaigns::public.eq(true)),
        Reader::Member(user_id) => query.filter(
            campaigns::public.eq(true).or(campaigns::id.eq_any(
                campaign_members::table
                    .filter(campaign_members::user_id.eq(user_id))
                    .select(campaign_members::campaign_id),
            )),
        ),
        Reader::Admin => query,
    }
}

/// A member of a campaign.
#[derive(Debug, Clone, Queryable)]
pub struct Member {
    pub user_id: i64,
    pub username: String,
    pub role: MemberRole,
    pub side: Option<Side>,
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
        .first(&mut conn)
        .await
        .optional()
}

/// Every member of a campaign, in the order they joined.
pub async fn members(conn: &mut AsyncPgConnection, campaign_id: i64) -> QueryResult<Vec<Member>> {
    campaign_members::table
        .inner_join(users::table)
        .filter(campaign_members::campaign_id.eq(campaign_id))
        .select(MEMBER_COLUMNS)
        .order((campaign_members::joined_at, campaign_members::user_id))
        .load(conn)
        .await
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
}
