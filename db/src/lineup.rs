//! A game's line-up (R16) and the marks on its sorties' sheets (R17–R21).

use campaign::crew::Role;
use campaign::missions::Assignment;
use campaign::sides::Side;
use chrono::{DateTime, Utc};
use diesel::prelude::*;
use diesel::sql_types::{BigInt, Text};
use diesel_async::{AsyncPgConnection, RunQueryDsl};
use futures_util::future::try_join_all;

use crate::aircraft::AircraftType;
use crate::prepared::prepared;
use crate::schema::{aircraft_types, crew, lineup_crew, lineup_sorties, sheet_marks, users};
use crate::QueryResult;

/// A declared sortie with its aircraft type's name.
#[derive(Debug, Clone, Queryable)]
pub struct LineupSortie {
    pub id: i64,
    pub game_id: i64,
    pub key: String,
    pub side: Side,
    pub aircraft_type_id: i64,
    pub assignment: Assignment,
    pub aircraft_name: String,
}

/// A crewman in a seat of a declared sortie.
#[derive(Debug, Clone, Queryable)]
pub struct LineupSeat {
    pub sortie_id: i64,
    pub crew_id: i64,
    pub position: Role,
    pub name: String,
    /// The crewman's owner, who marks his sheet.
    pub owner_id: i64,
}

/// A sortie to declare; its key is the side's next.
#[derive(Debug, Clone)]
pub struct NewSortie {
    pub game_id: i64,
    pub side: Side,
    pub aircraft_type_id: i64,
    pub assignment: Assignment,
    pub declared_by: Option<i64>,
}

macro_rules! sortie_columns {
    () => {
        (
            lineup_sorties::id,
            lineup_sorties::game_id,
            lineup_sorties::key,
            lineup_sorties::side,
            lineup_sorties::aircraft_type_id,
            lineup_sorties::assignment,
            aircraft_types::name,
        )
    };
}

/// The sorties of the games `game_ids` in the order declared, each side's keys in
/// order: one statement however many games.
pub async fn sorties(
    mut conn: &AsyncPgConnection,
    game_ids: &[i64],
) -> QueryResult<Vec<LineupSortie>> {
    lineup_sorties::table
        .inner_join(aircraft_types::table)
        .filter(lineup_sorties::game_id.eq_any(game_ids))
        .order(lineup_sorties::id)
        .select(sortie_columns!())
        .load(&mut conn)
        .await
        .map_err(crate::Error::from)
}

/// The aircraft types the sorties of the games `game_ids` fly.
pub async fn aircraft(
    mut conn: &AsyncPgConnection,
    game_ids: &[i64],
) -> QueryResult<Vec<AircraftType>> {
    let rows = aircraft_types::table
        .filter(
            aircraft_types::id.eq_any(
                lineup_sorties::table
                    .filter(lineup_sorties::game_id.eq_any(game_ids))
                    .select(lineup_sorties::aircraft_type_id),
            ),
        )
        .select(aircraft_types::all_columns)
        .load(&mut conn)
        .await;
    crate::aircraft::aircraft_types(rows)
}

/// One sortie of a game.
pub async fn sortie(
    conn: &mut AsyncPgConnection,
    game_id: i64,
    sortie_id: i64,
) -> QueryResult<Option<LineupSortie>> {
    lineup_sorties::table
        .inner_join(aircraft_types::table)
        .filter(lineup_sorties::game_id.eq(game_id))
        .filter(lineup_sorties::id.eq(sortie_id))
        .select(sortie_columns!())
        .first(conn)
        .await
        .optional()
        .map_err(crate::Error::from)
}

/// The seats of the sorties of the games `game_ids`, each sortie's pilot first.
pub async fn seats(mut conn: &AsyncPgConnection, game_ids: &[i64]) -> QueryResult<Vec<LineupSeat>> {
    lineup_crew::table
        .inner_join(crew::table)
        .filter(lineup_crew::game_id.eq_any(game_ids))
        .order((lineup_crew::sortie_id, lineup_crew::position.desc()))
        .select((
            lineup_crew::sortie_id,
            lineup_crew::crew_id,
            lineup_crew::position,
            crew::name,
            crew::owner_id,
        ))
        .load(&mut conn)
        .await
        .map_err(crate::Error::from)
}

/// Declares a sortie with the side's next key (`a3` after `a2`, whether or not `a1`
/// still flies) and its crew; gives its id.
pub async fn insert(
    conn: &mut AsyncPgConnection,
    sortie: &NewSortie,
    crew: &[(i64, Role)],
) -> QueryResult<i64> {
    let prefix = match sortie.side {
        Side::Allied => "a",
        Side::Central => "c",
    };
    let id: i64 = prepared(
        "INSERT INTO lineup_sorties (game_id, key, side, aircraft_type_id, assignment, declared_by)
         SELECT $1, $2 || (COALESCE(MAX(substr(key, 2)::int), 0) + 1), $3, $4, $5, $6
           FROM lineup_sorties WHERE game_id = $1 AND side = $3
         RETURNING id",
    )
    .bind::<BigInt, _>(sortie.game_id)
    .bind::<Text, _>(prefix)
    .bind::<Text, _>(sortie.side)
    .bind::<BigInt, _>(sortie.aircraft_type_id)
    .bind::<Text, _>(sortie.assignment)
    .bind::<diesel::sql_types::Nullable<BigInt>, _>(sortie.declared_by)
    .get_result::<Returned>(conn)
    .await?
    .id;
    seat(conn, id, sortie.game_id, crew).await?;
    Ok(id)
}

#[derive(QueryableByName)]
struct Returned {
    #[diesel(sql_type = BigInt)]
    id: i64,
}

async fn seat(
    conn: &mut AsyncPgConnection,
    sortie_id: i64,
    game_id: i64,
    crew: &[(i64, Role)],
) -> QueryResult<()> {
    let rows: Vec<_> = crew
        .iter()
        .map(|&(crew_id, position)| {
            (
                lineup_crew::sortie_id.eq(sortie_id),
                lineup_crew::game_id.eq(game_id),
                lineup_crew::crew_id.eq(crew_id),
                lineup_crew::position.eq(position),
            )
        })
        .collect();
    diesel::insert_into(lineup_crew::table)
        .values(rows)
        .execute(conn)
        .await
        .map(drop)
        .map_err(crate::Error::from)
}

/// Makes `mission` (or none) the mission sortie of `side` in game `game_id`, every
/// other sortie of the side a sweep: the assignment moved (R16, API v1.3).
pub async fn set_mission(
    conn: &mut AsyncPgConnection,
    game_id: i64,
    side: Side,
    mission: Option<i64>,
) -> QueryResult<()> {
    // Sweeps first: one mission sortie a side (lineup_sorties_one_mission).
    diesel::update(
        lineup_sorties::table
            .filter(lineup_sorties::game_id.eq(game_id))
            .filter(lineup_sorties::side.eq(side)),
    )
    .set(lineup_sorties::assignment.eq(Assignment::Sweep))
    .execute(conn)
    .await?;
    if let Some(id) = mission {
        diesel::update(lineup_sorties::table.find(id))
            .set(lineup_sorties::assignment.eq(Assignment::Mission))
            .execute(conn)
            .await?;
    }
    Ok(())
}

/// Takes back a sortie (its crew go with it).
pub async fn delete(conn: &mut AsyncPgConnection, sortie_id: i64) -> QueryResult<()> {
    diesel::delete(lineup_sorties::table.find(sortie_id))
        .execute(conn)
        .await
        .map(drop)
        .map_err(crate::Error::from)
}

/// A mark as stored, with who marked it.
#[derive(Debug, Clone, Queryable)]
pub struct MarkRow {
    pub id: i64,
    pub sortie_id: i64,
    pub mark: serde_json::Value,
    pub roll_id: Option<i64>,
    pub marked_by: Option<String>,
    pub marked_at: DateTime<Utc>,
}

/// A mark to write.
#[derive(Debug, Clone)]
pub struct NewMark {
    pub sortie_id: i64,
    pub mark: serde_json::Value,
    pub roll_id: Option<i64>,
    pub marked_by: Option<i64>,
}

/// The marks of the sheets of the games `game_ids`, each sheet's in order.
pub async fn marks(mut conn: &AsyncPgConnection, game_ids: &[i64]) -> QueryResult<Vec<MarkRow>> {
    sheet_marks::table
        .left_join(users::table)
        .filter(
            sheet_marks::sortie_id.eq_any(
                lineup_sorties::table
                    .filter(lineup_sorties::game_id.eq_any(game_ids))
                    .select(lineup_sorties::id),
            ),
        )
        .order((sheet_marks::sortie_id, sheet_marks::place))
        .select(mark_columns())
        .load(&mut conn)
        .await
        .map_err(crate::Error::from)
}

/// The marks of one sheet, in order: all a write on it needs, however long the game.
pub async fn sortie_marks(
    mut conn: &AsyncPgConnection,
    sortie_id: i64,
) -> QueryResult<Vec<MarkRow>> {
    sheet_marks::table
        .left_join(users::table)
        .filter(sheet_marks::sortie_id.eq(sortie_id))
        .order(sheet_marks::place)
        .select(mark_columns())
        .load(&mut conn)
        .await
        .map_err(crate::Error::from)
}

/// A [`MarkRow`]'s columns.
fn mark_columns() -> (
    sheet_marks::id,
    sheet_marks::sortie_id,
    sheet_marks::mark,
    sheet_marks::roll_id,
    diesel::dsl::Nullable<users::username>,
    sheet_marks::marked_at,
) {
    (
        sheet_marks::id,
        sheet_marks::sortie_id,
        sheet_marks::mark,
        sheet_marks::roll_id,
        users::username.nullable(),
        sheet_marks::marked_at,
    )
}

/// Whether the sortie's sheet has any mark.
pub async fn marked(conn: &mut AsyncPgConnection, sortie_id: i64) -> QueryResult<bool> {
    diesel::select(diesel::dsl::exists(
        sheet_marks::table.filter(sheet_marks::sortie_id.eq(sortie_id)),
    ))
    .get_result(conn)
    .await
    .map_err(crate::Error::from)
}

/// A mark after those already on its sheet (scripts/bench runs this text).
const INSERT_MARK: &str = "INSERT INTO sheet_marks (sortie_id, place, mark, roll_id, marked_by)
SELECT $1, COALESCE(MAX(place) + 1, 0), $2, $3, $4 FROM sheet_marks WHERE sortie_id = $1
RETURNING id, marked_at";

/// What the database gave a mark it wrote.
#[derive(Debug, Clone, QueryableByName)]
struct Written {
    #[diesel(sql_type = BigInt)]
    id: i64,
    #[diesel(sql_type = diesel::sql_types::Timestamptz)]
    marked_at: DateTime<Utc>,
}

/// Writes marks after those already on their sheets, in the order given (sent together,
/// each after the one before), by the user `by`; gives them as stored.
pub async fn insert_marks(
    conn: &AsyncPgConnection,
    marks: &[NewMark],
    by: Option<&str>,
) -> QueryResult<Vec<MarkRow>> {
    try_join_all(marks.iter().map(|mark| async move {
        let mut conn = conn;
        let written: Written = prepared(INSERT_MARK)
            .bind::<BigInt, _>(mark.sortie_id)
            .bind::<diesel::sql_types::Jsonb, _>(&mark.mark)
            .bind::<diesel::sql_types::Nullable<BigInt>, _>(mark.roll_id)
            .bind::<diesel::sql_types::Nullable<BigInt>, _>(mark.marked_by)
            .get_result(&mut conn)
            .await?;
        Ok(MarkRow {
            id: written.id,
            sortie_id: mark.sortie_id,
            mark: mark.mark.clone(),
            roll_id: mark.roll_id,
            marked_by: by.map(str::to_owned),
            marked_at: written.marked_at,
        })
    }))
    .await
}

/// Who reads a sheet in full before the debrief, for the roll log's secrecy (R20):
/// its crew's owners, and where its game stands (debriefed, voided, abandoned).
#[derive(Debug, Clone, QueryableByName)]
pub struct SheetReaders {
    #[diesel(sql_type = BigInt)]
    pub sortie_id: i64,
    #[diesel(sql_type = diesel::sql_types::Bool)]
    pub debriefed: bool,
    #[diesel(sql_type = diesel::sql_types::Bool)]
    pub voided: bool,
    #[diesel(sql_type = diesel::sql_types::Bool)]
    pub abandoned: bool,
    #[diesel(sql_type = diesel::sql_types::Array<BigInt>)]
    pub owners: Vec<i64>,
}

/// The readers of the sheets `sortie_ids`.
pub async fn sheet_readers(
    conn: &mut AsyncPgConnection,
    sortie_ids: &[i64],
) -> QueryResult<Vec<SheetReaders>> {
    prepared(
        "SELECT s.id AS sortie_id, g.debriefed_at IS NOT NULL AS debriefed,
                g.voided_week IS NOT NULL AS voided, g.abandoned_at IS NOT NULL AS abandoned,
                COALESCE(array_agg(c.owner_id) FILTER (WHERE c.owner_id IS NOT NULL), '{}') AS owners
           FROM lineup_sorties s
           JOIN games g ON g.id = s.game_id
           LEFT JOIN lineup_crew lc ON lc.sortie_id = s.id
           LEFT JOIN crew c ON c.id = lc.crew_id
          WHERE s.id = ANY($1)
          GROUP BY s.id, g.debriefed_at, g.voided_week, g.abandoned_at",
    )
    .bind::<diesel::sql_types::Array<BigInt>, _>(sortie_ids)
    .load(conn)
    .await.map_err(crate::Error::from)
}
