//! The append-only XP ledger (R4): awards are inserted, never updated or deleted; a
//! correction is a reversing entry that points at the award it cancels.

use campaign::experience::AwardKind;
use chrono::{DateTime, Utc};
use diesel::prelude::*;
use diesel_async::{AsyncPgConnection, RunQueryDsl};

use crate::schema::xp_awards;
use crate::QueryResult;

/// An award to record.
#[derive(Debug, Clone, Insertable)]
#[diesel(table_name = xp_awards)]
pub struct NewAward<'a> {
    pub campaign_id: i64,
    pub crew_id: i64,
    pub week: i32,
    pub game_id: Option<i64>,
    pub points: i32,
    pub kind: &'a str,
    pub reason: &'a str,
    /// A mission award earned in a two-seater, counted twice for the side (R12).
    pub two_seater_mission: bool,
    pub reverses: Option<i64>,
}

/// A ledger entry as stored.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = xp_awards)]
pub struct Award {
    pub id: i64,
    pub campaign_id: i64,
    pub crew_id: i64,
    pub week: i32,
    pub game_id: Option<i64>,
    pub points: i32,
    pub kind: AwardKind,
    pub reason: String,
    pub two_seater_mission: bool,
    pub reverses: Option<i64>,
    pub created_at: DateTime<Utc>,
}

/// Records an award and returns it.
pub async fn insert(conn: &mut AsyncPgConnection, award: &NewAward<'_>) -> QueryResult<Award> {
    diesel::insert_into(xp_awards::table)
        .values(award)
        .returning(Award::as_returning())
        .get_result(conn)
        .await
        .map_err(crate::Error::from)
}

/// Records many awards in one statement (one round trip, one run of the totals
/// trigger); returns how many were written.
pub async fn insert_all(
    conn: &mut AsyncPgConnection,
    awards: &[NewAward<'_>],
) -> QueryResult<usize> {
    if awards.is_empty() {
        return Ok(0);
    }
    diesel::insert_into(xp_awards::table)
        .values(awards)
        .execute(conn)
        .await
        .map_err(crate::Error::from)
}

/// One entry of a campaign's ledger.
pub async fn find(
    conn: &mut AsyncPgConnection,
    campaign_id: i64,
    award_id: i64,
) -> QueryResult<Option<Award>> {
    xp_awards::table
        .filter(xp_awards::id.eq(award_id))
        .filter(xp_awards::campaign_id.eq(campaign_id))
        .select(Award::as_select())
        .first(conn)
        .await
        .optional()
        .map_err(crate::Error::from)
}

/// The entry reversing `award_id`, if there is one.
pub async fn reversal_of(
    conn: &mut AsyncPgConnection,
    award_id: i64,
) -> QueryResult<Option<Award>> {
    xp_awards::table
        .filter(xp_awards::reverses.eq(award_id))
        .select(Award::as_select())
        .first(conn)
        .await
        .optional()
        .map_err(crate::Error::from)
}

/// A game's original awards (not the reversals), in the order they were given, each
/// with the id of the entry reversing it, if any.
pub async fn game_awards(
    conn: &AsyncPgConnection,
    game_id: i64,
) -> QueryResult<Vec<(Award, Option<i64>)>> {
    crate::game_results::awards_of_games(conn, &[game_id]).await
}

/// Writes the entry cancelling `award` in week `week`: the points negated, the same
/// kind, game and R12 flag, and `reason`.
pub async fn reverse(
    conn: &mut AsyncPgConnection,
    award: &Award,
    week: i32,
    reason: &str,
) -> QueryResult<Award> {
    insert(
        conn,
        &NewAward {
            campaign_id: award.campaign_id,
            crew_id: award.crew_id,
            week,
            game_id: award.game_id,
            points: -award.points,
            kind: award.kind.as_str(),
            reason,
            two_seater_mission: award.two_seater_mission,
            reverses: Some(award.id),
        },
    )
    .await
}
