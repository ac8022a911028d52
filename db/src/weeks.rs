//! Closing a campaign's week (R15).

use diesel::prelude::*;
use diesel_async::{AsyncPgConnection, RunQueryDsl};

use crate::schema::campaigns;
use crate::QueryResult;

/// Moves a campaign from week `closing` to the next. Returns whether it was still at
/// `closing`; call it with the campaign row locked.
pub async fn advance(
    conn: &mut AsyncPgConnection,
    campaign_id: i64,
    closing: i32,
) -> QueryResult<bool> {
    diesel::update(
        campaigns::table
            .filter(campaigns::id.eq(campaign_id))
            .filter(campaigns::current_week.eq(closing)),
    )
    .set(campaigns::current_week.eq(closing + 1))
    .execute(conn)
    .await
    .map(|n| n == 1)
    .map_err(crate::Error::from)
}
