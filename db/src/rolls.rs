//! The dice roll log (R14): every roll with its table, dice, modifiers, result, who
//! rolled it and whether the server rolled or a person entered physical dice.

use campaign::crew::Role;
use campaign::injuries::Outcome;
use campaign::logged_table::LoggedTable;
use campaign::sides::Side;
use chrono::{DateTime, Utc};
use diesel::prelude::*;
use diesel_async::{AsyncPgConnection, RunQueryDsl};

use crate::schema::{debrief_table_rolls, dice_rolls, sortie_crew};
use crate::QueryResult;

/// A roll to record, and what a recorded one says.
#[derive(Debug, Clone, Insertable, Queryable, Selectable)]
#[diesel(table_name = dice_rolls)]
pub struct NewRoll {
    pub campaign_id: i64,
    pub week: i32,
    pub game_id: Option<i64>,
    pub side: Option<Side>,
    pub table_name: LoggedTable,
    pub dice: Vec<i32>,
    pub modifiers: serde_json::Value,
    pub total: i32,
    pub result: String,
    pub entered: bool,
    pub rolled_by: Option<i64>,
    /// The crewman whose roll it was (a debrief's forced-landing, injury and capture
    /// rolls, R8, R14; a sheet's roll for one man); none for rolls that are nobody's
    /// and for those logged before the log kept it (migration 000015).
    pub crew_id: Option<i64>,
    /// The sheet it was rolled on (R17–R19), for the rolls made at the table.
    pub sortie_id: Option<i64>,
    /// Its place in its week's dice and its chain link (R25).
    #[diesel(embed)]
    pub link: crate::fair_dice::RollLink,
}

/// A recorded roll.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = dice_rolls)]
pub struct RollRecord {
    pub id: i64,
    #[diesel(embed)]
    pub roll: NewRoll,
    pub rolled_at: DateTime<Utc>,
    /// Undone on the sheet it was made on: its marks reversed on every sheet (R24).
    pub undone: bool,
}

/// Records a roll and returns it with its id.
pub async fn insert(conn: &mut AsyncPgConnection, roll: &NewRoll) -> QueryResult<RollRecord> {
    diesel::insert_into(dice_rolls::table)
        .values(roll)
        .returning(RollRecord::as_returning())
        .get_result(conn)
        .await
        .map_err(crate::Error::from)
}

/// Records `rolls` in one statement and returns them with their ids, in the order
/// given (the ids are drawn in that order).
pub async fn insert_all(
    conn: &mut AsyncPgConnection,
    rolls: &[NewRoll],
) -> QueryResult<Vec<RollRecord>> {
    if rolls.is_empty() {
        return Ok(Vec::new());
    }
    let mut records: Vec<RollRecord> = diesel::insert_into(dice_rolls::table)
        .values(rolls)
        .returning(RollRecord::as_returning())
        .get_results(conn)
        .await?;
    records.sort_by_key(|r| r.id);
    Ok(records)
}

/// A crewman of a game's sorties and what became of him.
#[derive(Debug, Clone, Queryable)]
pub struct GameSeat {
    pub game_id: i64,
    pub sortie_id: i64,
    pub crew_id: i64,
    pub position: Role,
    pub outcome: Outcome,
    /// Wound boxes crossed off in the game (R7).
    pub wound_boxes: i32,
}

/// A logged roll that was one crewman's (R8, R14).
#[derive(Debug, Clone, Queryable)]
pub struct CrewRoll {
    pub crew_id: i64,
    pub roll: RollRecord,
}

/// The crewmen of the games `game_ids`: each sortie's pilot before its observer, in
/// the order the sorties were reported.
pub async fn seats_of_games(
    mut conn: &AsyncPgConnection,
    game_ids: &[i64],
) -> QueryResult<Vec<GameSeat>> {
    sortie_crew::table
        .filter(sortie_crew::game_id.eq_any(game_ids.to_vec()))
        .order((
            sortie_crew::game_id,
            sortie_crew::sortie_id,
            sortie_crew::position.desc(),
        ))
        .select((
            sortie_crew::game_id,
            sortie_crew::sortie_id,
            sortie_crew::crew_id,
            sortie_crew::position,
            sortie_crew::outcome,
            sortie_crew::wound_boxes,
        ))
        .load(&mut conn)
        .await
        .map_err(crate::Error::from)
}

/// The rolls of the games `game_ids` that were one crewman's and decided his fate,
/// oldest first: the debrief's, and those made at the table that it took as its own
/// (a sheet's other rolls are the game's combat, not his fate).
pub async fn crew_rolls_of_games(
    mut conn: &AsyncPgConnection,
    game_ids: &[i64],
) -> QueryResult<Vec<CrewRoll>> {
    let taken = debrief_table_rolls::table
        .filter(debrief_table_rolls::game_id.eq_any(game_ids.to_vec()))
        .select(debrief_table_rolls::roll_id);
    dice_rolls::table
        .filter(dice_rolls::game_id.eq_any(game_ids.to_vec()))
        .filter(dice_rolls::crew_id.is_not_null())
        .filter(
            dice_rolls::sortie_id
                .is_null()
                .or(dice_rolls::id.eq_any(taken)),
        )
        .order(dice_rolls::id)
        .select(crew_roll_columns())
        .load(&mut conn)
        .await
        .map_err(crate::Error::from)
}

/// The rolls made on the game `game_id`'s sheets for one crewman on one of `tables`,
/// in the order rolled.
pub async fn sheet_crew_rolls(
    mut conn: &AsyncPgConnection,
    game_id: i64,
    tables: &[LoggedTable],
) -> QueryResult<Vec<CrewRoll>> {
    dice_rolls::table
        .filter(dice_rolls::game_id.eq(game_id))
        .filter(dice_rolls::sortie_id.is_not_null())
        .filter(dice_rolls::crew_id.is_not_null())
        .filter(dice_rolls::undone.eq(false))
        .filter(dice_rolls::table_name.eq_any(tables.to_vec()))
        .order(dice_rolls::id)
        .select(crew_roll_columns())
        .load(&mut conn)
        .await
        .map_err(crate::Error::from)
}

/// A [`CrewRoll`]'s columns, for rolls known to be one crewman's.
fn crew_roll_columns() -> (
    diesel::dsl::AssumeNotNull<dice_rolls::crew_id>,
    diesel::dsl::AsSelect<RollRecord, diesel::pg::Pg>,
) {
    (
        dice_rolls::crew_id.assume_not_null(),
        RollRecord::as_select(),
    )
}

/// How many rolls on `table` a sortie's sheet has made.
pub async fn count_on_sortie(
    conn: &mut AsyncPgConnection,
    sortie_id: i64,
    table: LoggedTable,
) -> QueryResult<i64> {
    dice_rolls::table
        .filter(dice_rolls::sortie_id.eq(sortie_id))
        .filter(dice_rolls::table_name.eq(table))
        .count()
        .get_result(conn)
        .await
        .map_err(crate::Error::from)
}

/// The sortie of each roll on `table` of the game `game_id`'s sheets that gave
/// `result`, in the order rolled.
pub async fn sheet_results(
    mut conn: &AsyncPgConnection,
    game_id: i64,
    table: LoggedTable,
    result: &str,
) -> QueryResult<Vec<i64>> {
    dice_rolls::table
        .filter(dice_rolls::game_id.eq(game_id))
        .filter(dice_rolls::table_name.eq(table))
        .filter(dice_rolls::result.eq(result))
        .filter(dice_rolls::sortie_id.is_not_null())
        .select(dice_rolls::sortie_id.assume_not_null())
        .order(dice_rolls::id)
        .load(&mut conn)
        .await
        .map_err(crate::Error::from)
}

/// The roll `roll_id` of the campaign `campaign_id` with who rolled it, if there is one.
pub async fn find_entry(
    conn: &mut AsyncPgConnection,
    campaign_id: i64,
    roll_id: i64,
) -> QueryResult<Option<crate::roll_log::RollEntry>> {
    use crate::schema::users;
    dice_rolls::table
        .left_join(users::table.on(users::id.nullable().eq(dice_rolls::rolled_by)))
        .filter(dice_rolls::campaign_id.eq(campaign_id))
        .filter(dice_rolls::id.eq(roll_id))
        .select((RollRecord::as_select(), users::username.nullable()))
        .first(conn)
        .await
        .optional()
        .map_err(crate::Error::from)
}

/// The rolls logged in the same answer as `roll` on its sheet (a long burst's jam
/// test after its shot, one crew wound roll a man): the same sheet, roller and time.
pub async fn same_answer(
    conn: &mut AsyncPgConnection,
    roll: &RollRecord,
) -> QueryResult<Vec<RollRecord>> {
    let Some(sortie_id) = roll.roll.sortie_id else {
        return Ok(Vec::new());
    };
    dice_rolls::table
        .filter(dice_rolls::sortie_id.eq(sortie_id))
        .filter(dice_rolls::rolled_at.eq(roll.rolled_at))
        .filter(dice_rolls::rolled_by.is_not_distinct_from(roll.roll.rolled_by))
        .select(RollRecord::as_select())
        .order(dice_rolls::id)
        .load(conn)
        .await
        .map_err(crate::Error::from)
}

/// Marks the rolls `ids` undone (R24).
pub async fn set_undone(conn: &mut AsyncPgConnection, ids: &[i64]) -> QueryResult<usize> {
    diesel::update(dice_rolls::table.filter(dice_rolls::id.eq_any(ids)))
        .set(dice_rolls::undone.eq(true))
        .execute(conn)
        .await
        .map_err(crate::Error::from)
}
