//! A game's debrief as stored: the game's debrief and void marks, its missions'
//! results, the sorties flown with their crews, kills with their shooters, and the
//! casualties (injuries, captures, deaths) with the rolls that decided them.

use crate::QueryResult;
use campaign::injuries::CasualtyKind;
use diesel::prelude::*;
use diesel::sql_types::{Int4, Int8};
use diesel_async::{AsyncPgConnection, RunQueryDsl};

mod writer;

pub use writer::{write, CasualtyRecord, CasualtyRoll, DebriefRows, SeatRecord, SortieRecord};

// A debrief reads its game and missions as the game pages do.
pub use crate::games::{find as game, GameRecord as DebriefGame, MissionRecord as GameMission};

use crate::prepared::prepared;
use crate::schema::games;

/// Marks a game debriefed with its turns; false when it already was, or was voided or
/// abandoned.
/// The condition makes a second debrief of the same game fail even without a lock.
pub async fn mark_debriefed(
    mut conn: &AsyncPgConnection,
    game_id: i64,
    turns_played: i32,
) -> QueryResult<bool> {
    prepared(MARK_DEBRIEFED)
        .bind::<Int8, _>(game_id)
        .bind::<Int4, _>(turns_played)
        .execute(&mut conn)
        .await
        .map(|n| n == 1)
        .map_err(crate::Error::from)
}

// Written out rather than built: diesel never keeps an UPDATE it builds prepared, and
// this one runs under the campaign's lock in every debrief.
const MARK_DEBRIEFED: &str = "
UPDATE games SET turns_played = $2, debriefed_at = now()
WHERE id = $1 AND debriefed_at IS NULL AND voided_week IS NULL AND abandoned_at IS NULL";

/// Marks a debriefed game voided from `week` on; false when it was not debriefed or
/// is already voided.
pub async fn mark_voided(
    conn: &mut AsyncPgConnection,
    game_id: i64,
    week: i32,
    user_id: i64,
) -> QueryResult<bool> {
    diesel::update(
        games::table
            .filter(games::id.eq(game_id))
            .filter(games::debriefed_at.is_not_null())
            .filter(games::voided_week.is_null()),
    )
    .set((
        games::voided_week.eq(week),
        games::voided_at.eq(diesel::dsl::now),
        games::voided_by.eq(user_id),
    ))
    .execute(conn)
    .await
    .map(|n| n == 1)
    .map_err(crate::Error::from)
}

/// The missions of a game, in the order they were rolled.
pub async fn missions(conn: &AsyncPgConnection, game_id: i64) -> QueryResult<Vec<GameMission>> {
    crate::games::missions_of(conn, &[game_id]).await
}

/// A stored casualty of a game, with the dice of its roll when one was made.
#[derive(Debug, Clone, Queryable)]
pub struct GameCasualty {
    pub crew_id: i64,
    pub kind: CasualtyKind,
    pub weeks_out: Option<i32>,
    pub out_until_week: Option<i32>,
    pub sent_home: bool,
    pub dice: Option<Vec<i32>>,
}

/// The casualties of a game, in the order they were recorded.
pub async fn casualties(conn: &AsyncPgConnection, game_id: i64) -> QueryResult<Vec<GameCasualty>> {
    let rows = crate::game_results::casualties_of_games(conn, &[game_id]).await?;
    Ok(rows.into_iter().map(|(_, casualty)| casualty).collect())
}
