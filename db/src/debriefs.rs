//! A game's debrief as stored: the game's debrief and void marks, its missions'
//! results, the sorties flown with their crews, kills with their shooters, and the
//! casualties (injuries, captures, deaths) with the rolls that decided them.

use campaign::crew::Role;
use campaign::injuries::{CasualtyKind, Outcome};
use campaign::missions::{Assignment, MissionType};
use campaign::sides::Side;
use chrono::{DateTime, Utc};
use diesel::prelude::*;
use diesel_async::{AsyncPgConnection, RunQueryDsl};

use crate::schema::{
    casualties, dice_rolls, games, kill_shooters, kills, missions, sortie_crew, sorties,
};

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

/// Records whether a mission succeeded and the facts it was judged on.
pub async fn set_mission_result(
    conn: &mut AsyncPgConnection,
    mission_id: i64,
    success: bool,
    details: &serde_json::Value,
) -> QueryResult<()> {
    diesel::update(missions::table.find(mission_id))
        .set((missions::success.eq(success), missions::details.eq(details)))
        .execute(conn)
        .await
        .map(drop)
}

/// An aircraft that flew in a game.
#[derive(Debug, Clone, Insertable)]
#[diesel(table_name = sorties)]
pub struct NewSortie<'a> {
    pub game_id: i64,
    pub key: &'a str,
    pub side: Side,
    pub aircraft_type_id: i64,
    pub assignment: Assignment,
    pub turns_on_board: i32,
    pub aircraft_lost: bool,
}

/// A crewman of a sortie.
#[derive(Debug, Clone, Insertable)]
#[diesel(table_name = sortie_crew)]
pub struct NewSortieCrew {
    pub sortie_id: i64,
    pub game_id: i64,
    pub crew_id: i64,
    pub position: Role,
    pub red_hits: i32,
    pub wound_boxes: i32,
    pub outcome: Outcome,
}

/// Records the sorties of a game in one statement; returns each one's key and id.
pub async fn insert_sorties(
    conn: &mut AsyncPgConnection,
    sorties: &[NewSortie<'_>],
) -> QueryResult<Vec<(String, i64)>> {
    diesel::insert_into(sorties::table)
        .values(sorties)
        .returning((sorties::key, sorties::id))
        .get_results(conn)
        .await
}

/// Records the crew of sorties, in one statement.
pub async fn insert_sortie_crew(
    conn: &mut AsyncPgConnection,
    crew: &[NewSortieCrew],
) -> QueryResult<()> {
    diesel::insert_into(sortie_crew::table)
        .values(crew)
        .execute(conn)
        .await
        .map(drop)
}

/// Records a kill of the sortie `victim_sortie_id` shared by `shooters`.
pub async fn insert_kill(
    conn: &mut AsyncPgConnection,
    game_id: i64,
    victim_sortie_id: i64,
    shooters: &[i64],
) -> QueryResult<i64> {
    let kill_id: i64 = diesel::insert_into(kills::table)
        .values((
            kills::game_id.eq(game_id),
            kills::victim_sortie_id.eq(victim_sortie_id),
        ))
        .returning(kills::id)
        .get_result(conn)
        .await?;
    let rows: Vec<_> = shooters
        .iter()
        .map(|&crew_id| {
            (
                kill_shooters::kill_id.eq(kill_id),
                kill_shooters::crew_id.eq(crew_id),
            )
        })
        .collect();
    diesel::insert_into(kill_shooters::table)
        .values(rows)
        .execute(conn)
        .await?;
    Ok(kill_id)
}

/// An injury, capture or death.
#[derive(Debug, Clone, Insertable)]
#[diesel(table_name = casualties)]
pub struct NewCasualty {
    pub crew_id: i64,
    pub game_id: Option<i64>,
    pub week: i32,
    pub kind: CasualtyKind,
    pub weeks_out: Option<i32>,
    pub out_until_week: Option<i32>,
    pub sent_home: bool,
    pub roll_id: Option<i64>,
}

/// Records a casualty.
pub async fn insert_casualty(
    conn: &mut AsyncPgConnection,
    casualty: &NewCasualty,
) -> QueryResult<()> {
    diesel::insert_into(casualties::table)
        .values(casualty)
        .execute(conn)
        .await
        .map(drop)
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
