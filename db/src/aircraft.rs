//! Aircraft types of appendices A and B (the abilities of appendix D are read by
//! `crate::reference`).

use chrono::NaiveDate;
use diesel::prelude::*;
use diesel_async::{AsyncPgConnection, RunQueryDsl};

use crate::schema::{aircraft_types, lineup_sorties, missions};

/// An aircraft type as stored: the office's view of it, read by its columns in order.
pub use eagles_office::reference::AircraftView as AircraftType;

/// Aircraft types, optionally of one side and in service by a date, in rulebook order.
pub async fn list(
    conn: &mut AsyncPgConnection,
    side: Option<&str>,
    in_service_on: Option<NaiveDate>,
) -> QueryResult<Vec<AircraftType>> {
    let mut query = aircraft_types::table
        .select(aircraft_types::all_columns)
        .order(aircraft_types::id)
        .into_boxed();
    if let Some(side) = side {
        query = query.filter(aircraft_types::side.eq(side.to_owned()));
    }
    if let Some(date) = in_service_on {
        query = query.filter(aircraft_types::service_start.le(date));
    }
    query.load(conn).await
}

/// One aircraft type.
pub async fn find(conn: &mut AsyncPgConnection, id: i64) -> QueryResult<Option<AircraftType>> {
    aircraft_types::table
        .find(id)
        .select(aircraft_types::all_columns)
        .first(conn)
        .await
        .optional()
}

/// The aircraft types of `ids` that exist, in one query.
pub async fn find_many(
    mut conn: &AsyncPgConnection,
    ids: &[i64],
) -> QueryResult<Vec<AircraftType>> {
    aircraft_types::table
        .filter(aircraft_types::id.eq_any(ids))
        .select(aircraft_types::all_columns)
        .load(&mut conn)
        .await
}

/// The aircraft types of `ids` and those assigned to the missions of `game_id` or
/// declared in its line-up: what a debrief of the game is checked against, in one query.
pub async fn named_or_assigned(
    mut conn: &AsyncPgConnection,
    ids: &[i64],
    game_id: i64,
) -> QueryResult<Vec<AircraftType>> {
    let assigned = missions::table
        .filter(missions::game_id.eq(game_id))
        .filter(missions::aircraft_type_id.is_not_null())
        .select(missions::aircraft_type_id.assume_not_null());
    let declared = lineup_sorties::table
        .filter(lineup_sorties::game_id.eq(game_id))
        .select(lineup_sorties::aircraft_type_id);
    aircraft_types::table
        .filter(
            aircraft_types::id
                .eq_any(ids)
                .or(aircraft_types::id.eq_any(assigned))
                .or(aircraft_types::id.eq_any(declared)),
        )
        .select(aircraft_types::all_columns)
        .load(&mut conn)
        .await
}
