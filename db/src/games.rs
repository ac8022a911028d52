//! Games and their missions (R9): a game of a campaign's week with its ground
//! offensive roll, and each side's mission with its roll and assignment. A game's and a
//! mission's roll are read with them from the roll log, so the dice shown are the
//! dice logged.

use campaign::missions::MissionType;
use campaign::sides::Side;
use campaign::tables::ground_offensive::GroundOffensive;
use chrono::{DateTime, Utc};
use diesel::prelude::*;
use diesel_async::{AsyncPgConnection, RunQueryDsl};

use crate::schema::{dice_rolls, games, missions};
use crate::QueryResult;

/// A game with the dice of its ground offensive.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = games)]
pub struct GameRecord {
    pub id: i64,
    pub campaign_id: i64,
    pub week: i32,
    pub offensive_roll_id: i64,
    pub ground_offensive: GroundOffensive,
    pub turns_played: Option<i32>,
    pub debriefed_at: Option<DateTime<Utc>>,
    pub voided_week: Option<i32>,
    /// When its week closed without its debrief, at the referee's word (API v1.2).
    pub abandoned_at: Option<DateTime<Utc>>,
    /// The 2d6 of the ground offensive.
    #[diesel(select_expression = dice_rolls::dice)]
    pub offensive_dice: Vec<i32>,
    /// Their total, read on the table.
    #[diesel(select_expression = dice_rolls::total)]
    pub offensive_total: i32,
    /// The roll's place in its week's dice and its link (R25).
    #[diesel(select_expression = dice_rolls::seq)]
    pub offensive_seq: Option<i32>,
    #[diesel(select_expression = dice_rolls::chain)]
    pub offensive_chain: Option<String>,
}

impl GameRecord {
    /// Whether the game's debrief has been entered (voiding keeps it debriefed).
    pub fn debriefed(&self) -> bool {
        self.debriefed_at.is_some()
    }

    /// Whether its week closed without its debrief: it was abandoned (API v1.2).
    pub fn abandoned(&self) -> bool {
        self.abandoned_at.is_some()
    }

    /// Whether it still waits for its debrief: neither debriefed nor abandoned.
    pub fn open(&self) -> bool {
        !self.debriefed() && !self.abandoned()
    }
}

/// A game to create; its offensive roll is already in the log.
#[derive(Debug, Clone, Insertable)]
#[diesel(table_name = games)]
pub struct NewGame {
    pub campaign_id: i64,
    pub week: i32,
    pub offensive_roll_id: i64,
    pub ground_offensive: GroundOffensive,
    pub created_by: i64,
}

/// Creates a game and ties its offensive roll to it. Run it in a transaction with the
/// roll's insert: `games.offensive_roll_id` is NOT NULL, so the roll comes first.
pub async fn create(conn: &mut AsyncPgConnection, new: &NewGame) -> QueryResult<i64> {
    let id: i64 = diesel::insert_into(games::table)
        .values(new)
        .returning(games::id)
        .get_result(conn)
        .await?;
    attach_roll(conn, new.offensive_roll_id, id).await?;
    Ok(id)
}

/// Marks a logged roll as one of `game_id`'s.
pub async fn attach_roll(
    conn: &mut AsyncPgConnection,
    roll_id: i64,
    game_id: i64,
) -> QueryResult<()> {
    diesel::update(dice_rolls::table.find(roll_id))
        .set(dice_rolls::game_id.eq(game_id))
        .execute(conn)
        .await
        .map(drop)
        .map_err(crate::Error::from)
}

/// A game of a campaign; `None` when it does not exist or belongs to another one.
pub async fn find(
    mut conn: &AsyncPgConnection,
    campaign_id: i64,
    game_id: i64,
) -> QueryResult<Option<GameRecord>> {
    games::table
        .inner_join(dice_rolls::table.on(dice_rolls::id.eq(games::offensive_roll_id)))
        .filter(games::id.eq(game_id))
        .filter(games::campaign_id.eq(campaign_id))
        .select(GameRecord::as_select())
        .first(&mut conn)
        .await
        .optional()
        .map_err(crate::Error::from)
}

/// The games of a campaign's week, in the order they were opened.
pub async fn list_for_week(
    conn: &mut AsyncPgConnection,
    campaign_id: i64,
    week: i32,
) -> QueryResult<Vec<GameRecord>> {
    // Postgres reads the largest bigint as no limit at all.
    first_of_week(conn, campaign_id, week, i64::MAX).await
}

/// The first `limit` games of a campaign's week, oldest first.
pub async fn first_of_week(
    conn: &mut AsyncPgConnection,
    campaign_id: i64,
    week: i32,
    limit: i64,
) -> QueryResult<Vec<GameRecord>> {
    games::table
        .inner_join(dice_rolls::table.on(dice_rolls::id.eq(games::offensive_roll_id)))
        .filter(games::campaign_id.eq(campaign_id))
        .filter(games::week.eq(week))
        .select(GameRecord::as_select())
        .order(games::id)
        .limit(limit)
        .load(conn)
        .await
        .map_err(crate::Error::from)
}

/// Marks abandoned the games of a campaign's week that have no debrief, when the week
/// closes at the referee's word (API v1.2); returns their ids, oldest first. Call it
/// with the campaign row locked.
pub async fn abandon_open(
    conn: &mut AsyncPgConnection,
    campaign_id: i64,
    week: i32,
) -> QueryResult<Vec<i64>> {
    let mut ids: Vec<i64> = diesel::update(
        games::table
            .filter(games::campaign_id.eq(campaign_id))
            .filter(games::week.eq(week))
            .filter(games::debriefed_at.is_null())
            .filter(games::abandoned_at.is_null()),
    )
    .set(games::abandoned_at.eq(diesel::dsl::now))
    .returning(games::id)
    .get_results(conn)
    .await?;
    ids.sort_unstable();
    Ok(ids)
}

/// A mission with the dice of its roll.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = missions)]
pub struct MissionRecord {
    pub id: i64,
    pub game_id: i64,
    pub side: Side,
    pub roll_id: i64,
    pub mission_type: MissionType,
    pub trips_needed: Option<i32>,
    pub aircraft_type_id: Option<i64>,
    pub pilot_id: Option<i64>,
    pub observer_id: Option<i64>,
    pub success: Option<bool>,
    /// The d10, then the d6 of trips for directing artillery.
    #[diesel(select_expression = dice_rolls::dice)]
    pub dice: Vec<i32>,
    /// What the debrief recorded of the mission's result.
    pub details: Option<serde_json::Value>,
    /// The roll's place in its week's dice and its link (R25).
    #[diesel(select_expression = dice_rolls::seq)]
    pub seq: Option<i32>,
    #[diesel(select_expression = dice_rolls::chain)]
    pub chain: Option<String>,
}

/// A mission to create; its roll is already in the log.
#[derive(Debug, Clone, Insertable)]
#[diesel(table_name = missions)]
pub struct NewMission {
    pub game_id: i64,
    pub side: Side,
    pub roll_id: i64,
    pub mission_type: MissionType,
    pub trips_needed: Option<i32>,
}

/// Creates a mission; a second one for the same side of a game is a unique violation
/// (R9).
pub async fn create_mission(conn: &mut AsyncPgConnection, new: &NewMission) -> QueryResult<i64> {
    diesel::insert_into(missions::table)
        .values(new)
        .returning(missions::id)
        .get_result(conn)
        .await
        .map_err(crate::Error::from)
}

/// Whether a side of a game already has its mission.
pub async fn side_has_mission(
    conn: &mut AsyncPgConnection,
    game_id: i64,
    side: &str,
) -> QueryResult<bool> {
    diesel::select(diesel::dsl::exists(
        missions::table
            .filter(missions::game_id.eq(game_id))
            .filter(missions::side.eq(side)),
    ))
    .get_result(conn)
    .await
    .map_err(crate::Error::from)
}

/// One mission of a game.
pub async fn find_mission(
    conn: &mut AsyncPgConnection,
    game_id: i64,
    mission_id: i64,
) -> QueryResult<Option<MissionRecord>> {
    // A game has a mission per side at the most (R9), so reading them all costs nothing.
    let missions = missions_of(conn, &[game_id]).await?;
    Ok(missions.into_iter().find(|m| m.id == mission_id))
}

/// The missions of the given games, by game then side.
pub async fn missions_of(
    mut conn: &AsyncPgConnection,
    game_ids: &[i64],
) -> QueryResult<Vec<MissionRecord>> {
    missions::table
        .inner_join(dice_rolls::table.on(dice_rolls::id.eq(missions::roll_id)))
        .filter(missions::game_id.eq_any(game_ids))
        .select(MissionRecord::as_select())
        .order((missions::game_id, missions::id))
        .load(&mut conn)
        .await
        .map_err(crate::Error::from)
}

/// Who flies a mission: the mission aircraft and its crew (R9).
#[derive(Debug, Clone, Copy)]
pub struct MissionCrew {
    pub aircraft_type_id: i64,
    pub pilot_id: i64,
    pub observer_id: Option<i64>,
}

/// Sets (or replaces) a mission's assignment.
pub async fn assign(
    conn: &mut AsyncPgConnection,
    mission_id: i64,
    crew: MissionCrew,
) -> QueryResult<()> {
    diesel::update(missions::table.find(mission_id))
        .set((
            missions::aircraft_type_id.eq(crew.aircraft_type_id),
            missions::pilot_id.eq(crew.pilot_id),
            missions::observer_id.eq(crew.observer_id),
        ))
        .execute(conn)
        .await
        .map(drop)
        .map_err(crate::Error::from)
}
