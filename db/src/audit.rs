//! The audit log: who did what, when, for every write.

use diesel::prelude::*;
use diesel_async::{AsyncPgConnection, RunQueryDsl};

use crate::schema::audit_log;
use crate::QueryResult;

/// Records one write. Call it inside the write's transaction so both land or neither.
pub async fn record(
    mut conn: &AsyncPgConnection,
    user_id: Option<i64>,
    campaign_id: Option<i64>,
    action: &str,
    details: serde_json::Value,
) -> QueryResult<()> {
    diesel::insert_into(audit_log::table)
        .values((
            audit_log::user_id.eq(user_id),
            audit_log::campaign_id.eq(campaign_id),
            audit_log::action.eq(action),
            audit_log::details.eq(details),
        ))
        .execute(&mut conn)
        .await
        .map(drop)
        .map_err(crate::Error::from)
}
