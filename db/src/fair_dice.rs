//! Dice anyone can check (R25): the weeks' seeds and the chain columns of each roll.

use diesel::prelude::*;
use diesel::sql_types::{Bytea, Int4, Int8, Nullable, Text};
use diesel_async::{AsyncPgConnection, RunQueryDsl};

use crate::prepared::prepared;
use crate::roll_log::RollEntry;
use crate::rolls::RollRecord;
use crate::schema::{campaigns, dice_rolls, dice_weeks, users};
use crate::QueryResult;

/// A roll's place in its week's dice: all `None` for a roll made before they could be
/// checked (migration 000024).
#[derive(Debug, Clone, Default, PartialEq, Eq, Insertable, Queryable, Selectable)]
#[diesel(table_name = dice_rolls)]
pub struct RollLink {
    /// The week current when the roll was made, whatever game it names.
    pub dice_week: Option<i32>,
    pub seq: Option<i32>,
    pub nonce: Option<String>,
    pub chain: Option<String>,
    /// Each die's sides, in the order the table reads them.
    pub sides: Option<Vec<i32>>,
}

/// A week's seed and the last roll of its chain, read under the campaign's lock.
#[derive(Debug, Clone, QueryableByName)]
pub struct ChainTail {
    #[diesel(sql_type = Bytea)]
    pub seed: Vec<u8>,
    #[diesel(sql_type = Nullable<Int4>)]
    pub seq: Option<i32>,
    #[diesel(sql_type = Nullable<Text>)]
    pub chain: Option<String>,
}

/// The seed of `week` with its last roll, in one statement (an index probe on
/// `dice_rolls_week_seq`); `None` when the week has no seed.
pub async fn chain_tail(
    mut conn: &AsyncPgConnection,
    campaign_id: i64,
    week: i32,
) -> QueryResult<Option<ChainTail>> {
    prepared(
        "SELECT w.seed, r.seq, r.chain FROM dice_weeks w \
         LEFT JOIN LATERAL (SELECT seq, chain FROM dice_rolls \
           WHERE campaign_id = w.campaign_id AND dice_week = w.week AND seq IS NOT NULL \
           ORDER BY seq DESC LIMIT 1) r ON true \
         WHERE w.campaign_id = $1 AND w.week = $2",
    )
    .bind::<Int8, _>(campaign_id)
    .bind::<Int4, _>(week)
    .get_result(&mut conn)
    .await
    .optional()
    .map_err(crate::Error::from)
}

/// One literal: scripts/bench runs it in its pgbench copy of the debrief.
const CURRENT_CHAIN_TAIL: &str = "SELECT w.seed, r.seq, r.chain FROM dice_weeks w
JOIN campaigns c ON c.id = w.campaign_id AND c.current_week = w.week
LEFT JOIN LATERAL (SELECT seq, chain FROM dice_rolls
  WHERE campaign_id = w.campaign_id AND dice_week = w.week AND seq IS NOT NULL
  ORDER BY seq DESC LIMIT 1) r ON true
WHERE w.campaign_id = $1";

/// [`chain_tail`] of the campaign's current week: sent with the campaign's lock (in the
/// same round trip), it reads the week the lock holds.
pub async fn current_chain_tail(
    mut conn: &AsyncPgConnection,
    campaign_id: i64,
) -> QueryResult<Option<ChainTail>> {
    prepared(CURRENT_CHAIN_TAIL)
        .bind::<Int8, _>(campaign_id)
        .get_result(&mut conn)
        .await
        .optional()
        .map_err(crate::Error::from)
}

/// Gives `week` the seed `seed` unless it has one; returns whether it was given.
pub async fn give_seed(
    mut conn: &AsyncPgConnection,
    campaign_id: i64,
    week: i32,
    seed: &[u8],
) -> QueryResult<bool> {
    diesel::insert_into(dice_weeks::table)
        .values((
            dice_weeks::campaign_id.eq(campaign_id),
            dice_weeks::week.eq(week),
            dice_weeks::seed.eq(seed),
        ))
        .on_conflict_do_nothing()
        .execute(&mut conn)
        .await
        .map(|n| n == 1)
        .map_err(crate::Error::from)
}

/// The seed of `week`, if it has one.
pub async fn seed(
    mut conn: &AsyncPgConnection,
    campaign_id: i64,
    week: i32,
) -> QueryResult<Option<Vec<u8>>> {
    dice_weeks::table
        .filter(dice_weeks::campaign_id.eq(campaign_id))
        .filter(dice_weeks::week.eq(week))
        .select(dice_weeks::seed)
        .first(&mut conn)
        .await
        .optional()
        .map_err(crate::Error::from)
}

/// The seeds of a campaign's weeks, by week.
pub async fn seeds(
    mut conn: &AsyncPgConnection,
    campaign_id: i64,
) -> QueryResult<Vec<(i32, Vec<u8>)>> {
    dice_weeks::table
        .filter(dice_weeks::campaign_id.eq(campaign_id))
        .order(dice_weeks::week)
        .select((dice_weeks::week, dice_weeks::seed))
        .load(&mut conn)
        .await
        .map_err(crate::Error::from)
}

/// The campaigns still running whose current week has no seed (those open when fair
/// dice shipped), with that week.
pub async fn open_weeks_without_seed(mut conn: &AsyncPgConnection) -> QueryResult<Vec<(i64, i32)>> {
    campaigns::table
        .left_join(
            dice_weeks::table.on(dice_weeks::campaign_id
                .eq(campaigns::id)
                .and(dice_weeks::week.eq(campaigns::current_week))),
        )
        .filter(campaigns::ended_week.is_null())
        .filter(dice_weeks::week.is_null())
        .select((campaigns::id, campaigns::current_week))
        .load(&mut conn)
        .await
        .map_err(crate::Error::from)
}

/// The rolls of `week`'s dice in `seq` order, with their rollers.
pub async fn week_rolls(
    mut conn: &AsyncPgConnection,
    campaign_id: i64,
    week: i32,
) -> QueryResult<Vec<RollEntry>> {
    dice_rolls::table
        .left_join(users::table.on(users::id.nullable().eq(dice_rolls::rolled_by)))
        .filter(dice_rolls::campaign_id.eq(campaign_id))
        .filter(dice_rolls::dice_week.eq(week))
        .filter(dice_rolls::seq.is_not_null())
        .order(dice_rolls::seq)
        .select((RollRecord::as_select(), users::username.nullable()))
        .load(&mut conn)
        .await
        .map_err(crate::Error::from)
}

/// The links of the rolls `ids`, by id: the receipts of rolls read back.
pub async fn links(mut conn: &AsyncPgConnection, ids: &[i64]) -> QueryResult<Vec<(i64, RollLink)>> {
    dice_rolls::table
        .filter(dice_rolls::id.eq_any(ids.to_vec()))
        .select((dice_rolls::id, RollLink::as_select()))
        .load(&mut conn)
        .await
        .map_err(crate::Error::from)
}

/// Each week's last link, by week: the chain heads of a campaign's weeks.
pub async fn chain_heads(
    mut conn: &AsyncPgConnection,
    campaign_id: i64,
) -> QueryResult<Vec<(i32, String)>> {
    dice_rolls::table
        .filter(dice_rolls::campaign_id.eq(campaign_id))
        .filter(dice_rolls::seq.is_not_null())
        .distinct_on(dice_rolls::dice_week)
        .order((dice_rolls::dice_week, dice_rolls::seq.desc()))
        .select((
            dice_rolls::dice_week.assume_not_null(),
            dice_rolls::chain.assume_not_null(),
        ))
        .load(&mut conn)
        .await
        .map_err(crate::Error::from)
}
