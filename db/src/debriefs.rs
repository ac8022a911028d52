//! A game's debrief as stored: the game's debrief and void marks, its missions'
//! results, the sorties flown with their crews, kills with their shooters, and the
//! casualties (injuries, captures, deaths) with the rolls that decided them.

use campaign::injuries::CasualtyKind;
use campaign::missions::MissionType;
use campaign::sides::Side;
use chrono::{DateTime, Utc};
use diesel::prelude::*;
use diesel_async::{AsyncPgConnection, RunQueryDsl};

mod writer;

pub use writer::{write, CasualtyRecord, CasualtyRoll, DebriefRows, SeatRecord, SortieRecord};

use crate::schema::{casualties, dice_rolls, games, missions};

/// What a debrief needs to know of a game.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = games)]
pub struct DebriefGame {
    pub id: i64,
    pub campaign_id: i64,
    pub week: i32,
    pub turns_played: Option<i32>,
    pub debriefed_at: Option<DateTime<Utc>>,
    pub voided_week: Option<i32>,
}

/// A game of a campaign; `None` for an unknown id or another campaign's game.
pub async fn game(
    conn: &mut AsyncPgConnection,
    campaign_id: i64,
    game_id: i64,
) -> QueryResult<Option<DebriefGame>> {
    games::table
        .filter(games::id.eq(game_id))
        .filter(games::campaign_id.eq(campaign_id))
        .select(DebriefGame::as_select())
        .first(conn)
        .await
        .optional()
}

/// Marks a game debriefed with its turns; false when it already was, or was voided.
/// The condition makes a second debrief of the same game fail even without a lock.
pub async fn mark_debriefed(
    conn: &mut AsyncPgConnection,
    game_id: i64,
    turns_played: i32,
) -> QueryResult<bool> {
    diesel::update(
        games::table
            .filter(games::id.eq(game_id))
            .filter(games::debriefed_at.is_null())
            .filter(games::voided_week.is_null()),
    )
    .set((
        games::turns_played.eq(turns_played),
        games::debriefed_at.eq(diesel::dsl::now),
    ))
    .execute(conn)
    .await
    .map(|n| n == 1)
}

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
}

/// A side's mission in a game, with its assignment and result.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = missions)]
pub struct GameMission {
    pub id: i64,
    pub side: Side,
    pub mission_type: MissionType,
    pub trips_needed: Option<i32>,
    pub aircraft_type_id: Option<i64>,
    pub pilot_id: Option<i64>,
    pub observer_id: Option<i64>,
    pub success: Option<bool>,
    pub details: Option<serde_json::Value>,
}

/// The missions of a game, in the order they were rolled.
pub async fn missions(conn: &mut AsyncPgConnection, game_id: i64) -> QueryResult<Vec<GameMission>> {
    missions::table
        .filter(missions::game_id.eq(game_id))
        .select(GameMission::as_select())
        .order(missions::id)
        .load(conn)
        .await
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
pub async fn casualties(
    conn: &mut AsyncPgConnection,
    game_id: i64,
) -> QueryResult<Vec<GameCasualty>> {
    casualties::table
        .left_join(dice_rolls::table.on(dice_rolls::id.nullable().eq(casualties::roll_id)))
        .filter(casualties::game_id.eq(game_id))
        .select((
            casualties::crew_id,
            casualties::kind,
            casualties::weeks_out,
            casualties::out_until_week,
            casualties::sent_home,
            dice_rolls::dice.nullable(),
        ))
        .order(casualties::id)
        .load(conn)
        .await
}
