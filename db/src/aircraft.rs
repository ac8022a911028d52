//! Aircraft types of appendices A and B (the abilities of appendix D are read by
//! `crate::reference`).

use campaign::sides::Side;
use chrono::NaiveDate;
use diesel::prelude::*;
use diesel_async::{AsyncPgConnection, RunQueryDsl};

use crate::schema::{aircraft_types, missions};

/// An aircraft type as stored.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = aircraft_types)]
pub struct AircraftType {
    pub id: i64,
    pub name: String,
    pub side: Side,
    pub stability: String,
    pub engine: i16,
    pub wings: i16,
    pub fuselage: i16,
    pub tail: i16,
    pub fuel: i16,
    pub armament: String,
    pub dive: String,
    pub climb: i16,
    pub dual_controls: bool,
    pub early_altitude: Option<String>,
    pub late_altitude: Option<String>,
    pub service_start: NaiveDate,
    pub crew: i16,
    pub note: Option<String>,
}

/// Aircraft types, optionally of one side and in service by a date, in rulebook order.
pub async fn list(
    conn: &mut AsyncPgConnection,
    side: Option<&str>,
    in_service_on: Option<NaiveDate>,
) -> QueryResult<Vec<AircraftType>> {
    let mut query = aircraft_types::table
        .select(AircraftType::as_select())
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
        .select(AircraftType::as_select())
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
        .select(AircraftType::as_select())
        .load(&mut conn)
        .await
}

/// The aircraft types of `ids` and those assigned to the missions of `game_id`: what
/// a debrief of the game is checked against, in one query.
pub async fn named_or_assigned(
    mut conn: &AsyncPgConnection,
    ids: &[i64],
    game_id: i64,
) -> QueryResult<Vec<AircraftType>> {
    let assigned = missions::table
        .filter(missions::game_id.eq(game_id))
        .filter(missions::aircraft_type_id.is_not_null())
        .select(missions::aircraft_type_id.assume_not_null());
    aircraft_types::table
        .filter(
            aircraft_types::id
                .eq_any(ids)
                .or(aircraft_types::id.eq_any(assigned)),
        )
        .select(AircraftType::as_select())
        .load(&mut conn)
        .await
}
