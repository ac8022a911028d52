//! Aircraft types of appendices A and B (the abilities of appendix D are read by
//! `crate::reference`).

use chrono::NaiveDate;
use diesel::prelude::*;
use diesel_async::{AsyncPgConnection, RunQueryDsl};

use crate::schema::{aircraft_types, lineup_sorties, missions};
use crate::QueryResult;

/// An aircraft type as stored: the office's view of it, read by its columns in order.
pub use eagles_office::reference::AircraftView as AircraftType;

/// An aircraft type as its columns read, in order.
pub type StoredAircraft = (
    i64,
    String,
    campaign::sides::Side,
    String,
    i16,
    i16,
    i16,
    i16,
    i16,
    String,
    String,
    i16,
    bool,
    Option<String>,
    Option<String>,
    NaiveDate,
    i16,
    Option<String>,
);

/// The aircraft types of `rows` as read.
pub(crate) fn aircraft_types(
    rows: diesel::QueryResult<Vec<StoredAircraft>>,
) -> QueryResult<Vec<AircraftType>> {
    Ok(rows?.into_iter().map(aircraft_type).collect())
}

fn aircraft_type(row: StoredAircraft) -> AircraftType {
    AircraftType {
        id: row.0,
        name: row.1,
        side: row.2,
        stability: row.3,
        engine: row.4,
        wings: row.5,
        fuselage: row.6,
        tail: row.7,
        fuel: row.8,
        armament: row.9,
        dive: row.10,
        climb: row.11,
        dual_controls: row.12,
        early_altitude: row.13,
        late_altitude: row.14,
        service_start: row.15,
        crew: row.16,
        note: row.17,
    }
}

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
    aircraft_types(query.load(conn).await)
}

/// One aircraft type.
pub async fn find(conn: &mut AsyncPgConnection, id: i64) -> QueryResult<Option<AircraftType>> {
    let row = aircraft_types::table
        .find(id)
        .select(aircraft_types::all_columns)
        .first(conn)
        .await
        .optional()?;
    Ok(row.map(aircraft_type))
}

/// The aircraft types of `ids` that exist, in one query.
pub async fn find_many(
    mut conn: &AsyncPgConnection,
    ids: &[i64],
) -> QueryResult<Vec<AircraftType>> {
    aircraft_types(
        aircraft_types::table
            .filter(aircraft_types::id.eq_any(ids))
            .select(aircraft_types::all_columns)
            .load(&mut conn)
            .await,
    )
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
    let rows = aircraft_types::table
        .filter(
            aircraft_types::id
                .eq_any(ids)
                .or(aircraft_types::id.eq_any(assigned))
                .or(aircraft_types::id.eq_any(declared)),
        )
        .select(aircraft_types::all_columns)
        .load(&mut conn)
        .await;
    aircraft_types(rows)
}
