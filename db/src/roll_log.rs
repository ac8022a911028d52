//! The roll log as people read it (R14): each roll with the username of whoever rolled
//! it, of one week or all weeks, in one query.

use diesel::prelude::*;
use diesel_async::{AsyncPgConnection, RunQueryDsl};

use crate::rolls::RollRecord;
use crate::schema::{dice_rolls, users};
use crate::window::Window;
use crate::QueryResult;

/// A logged roll and who rolled it.
#[derive(Debug, Clone, Queryable)]
pub struct RollEntry {
    pub roll: RollRecord,
    /// `None` for rolls without a user (none are made so today, the column allows it).
    pub rolled_by: Option<String>,
}

/// A campaign's rolls with their rollers, of one week or all weeks, oldest first.
pub async fn list(
    conn: &mut AsyncPgConnection,
    campaign_id: i64,
    week: Option<i32>,
) -> QueryResult<Vec<RollEntry>> {
    list_window(conn, campaign_id, week, Window::ALL).await
}

/// The campaign's roll log within `window`, oldest first, optionally one week's.
pub async fn list_window(
    conn: &mut AsyncPgConnection,
    campaign_id: i64,
    week: Option<i32>,
    window: Window,
) -> QueryResult<Vec<RollEntry>> {
    let mut query = dice_rolls::table
        .left_join(users::table.on(users::id.nullable().eq(dice_rolls::rolled_by)))
        .filter(dice_rolls::campaign_id.eq(campaign_id))
        .select((RollRecord::as_select(), users::username.nullable()))
        .order(dice_rolls::id)
        .limit(window.limit)
        .offset(window.offset)
        .into_boxed();
    if let Some(week) = week {
        query = query.filter(dice_rolls::week.eq(week));
    }
    query.load(conn).await.map_err(crate::Error::from)
}
