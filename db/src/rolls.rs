//! The dice roll log (R14): every roll with its table, dice, modifiers, result, who
//! rolled it and whether the server rolled or a person entered physical dice.

use campaign::sides::Side;
use campaign::tables::Table;
use chrono::{DateTime, Utc};
use diesel::prelude::*;
use diesel_async::{AsyncPgConnection, RunQueryDsl};

use crate::schema::dice_rolls;

/// A roll to record.
#[derive(Debug, Clone, Insertable)]
#[diesel(table_name = dice_rolls)]
pub struct NewRoll {
    pub campaign_id: i64,
    pub week: i32,
    pub game_id: Option<i64>,
    pub side: Option<Side>,
    pub table_name: Table,
    pub dice: Vec<i32>,
    pub modifiers: serde_json::Value,
    pub total: i32,
    pub result: String,
    pub entered: bool,
    pub rolled_by: Option<i64>,
}

/// A recorded roll.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = dice_rolls)]
pub struct RollRecord {
    pub id: i64,
    pub campaign_id: i64,
    pub week: i32,
    pub game_id: Option<i64>,
    pub side: Option<Side>,
    pub table_name: Table,
    pub dice: Vec<i32>,
    pub modifiers: serde_json::Value,
    pub total: i32,
    pub result: String,
    pub entered: bool,
    pub rolled_by: Option<i64>,
    pub rolled_at: DateTime<Utc>,
}

/// Records a roll and returns it with its id.
pub async fn insert(conn: &mut AsyncPgConnection, roll: &NewRoll) -> QueryResult<RollRecord> {
    diesel::insert_into(dice_rolls::table)
        .values(roll)
        .returning(RollRecord::as_returning())
        .get_result(conn)
        .await
}
