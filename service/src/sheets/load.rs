//! How a game's sheets are read (R16–R21): the line-up, the marks and the aircraft
//! types of one game for a sheet's write or read, or of every game of a night at
//! once, each with the same four statements.

use std::collections::BTreeMap;

use campaign::sheet::aircraft::{SheetAircraft, Stability};
use eagles_db::aircraft::AircraftType;
use eagles_db::diesel_async::AsyncPgConnection;
use futures_util::future::try_join4;

use super::read::{read_back, GameSheets};
use crate::error::ServiceError;

impl GameSheets {
    /// The line-up, marks and aircraft of the game `game_id`, in one round trip: a
    /// sheet's write holds the campaign's lock while it reads them.
    pub async fn load(conn: &AsyncPgConnection, game_id: i64) -> Result<Self, ServiceError> {
        Self::load_marks(conn, game_id, None).await
    }

    /// [`GameSheets::load`] with the marks of the sheet `sortie_id` alone: a mark
    /// written on one sheet reads no other, however long the game has run.
    pub async fn load_sheet(
        conn: &AsyncPgConnection,
        game_id: i64,
        sortie_id: i64,
    ) -> Result<Self, ServiceError> {
        Self::load_marks(conn, game_id, Some(sortie_id)).await
    }

    async fn load_marks(
        conn: &AsyncPgConnection,
        game_id: i64,
        of: Option<i64>,
    ) -> Result<Self, ServiceError> {
        let marks = async {
            match of {
                Some(sortie_id) => eagles_db::lineup::sortie_marks(conn, sortie_id).await,
                None => eagles_db::lineup::marks(conn, &[game_id]).await,
            }
        };
        let (sorties, seats, marks, aircraft) = try_join4(
            eagles_db::lineup::sorties(conn, &[game_id]),
            eagles_db::lineup::seats(conn, &[game_id]),
            marks,
            eagles_db::lineup::aircraft(conn, &[game_id]),
        )
        .await?;
        Ok(Self {
            sorties,
            seats,
            marks: read_back(marks)?,
            marks_read_of: of,
            aircraft: sheet_aircraft_by_id(aircraft)?,
        })
    }

    /// The sheets of each of the games `game_ids`, in their order, read with four
    /// statements however many games: the live page's whole night.
    pub async fn load_games(
        conn: &AsyncPgConnection,
        game_ids: &[i64],
    ) -> Result<Vec<(i64, Self)>, ServiceError> {
        let (sorties, seats, marks, aircraft) = try_join4(
            eagles_db::lineup::sorties(conn, game_ids),
            eagles_db::lineup::seats(conn, game_ids),
            eagles_db::lineup::marks(conn, game_ids),
            eagles_db::lineup::aircraft(conn, game_ids),
        )
        .await?;
        let aircraft = sheet_aircraft_by_id(aircraft)?;
        let mut marks = read_back(marks)?;
        let mut seats = seats;
        let mut sorties = sorties;
        let mut games = Vec::with_capacity(game_ids.len());
        for &game_id in game_ids {
            let (own, rest): (Vec<_>, Vec<_>) =
                sorties.into_iter().partition(|s| s.game_id == game_id);
            sorties = rest;
            let of_game = |sortie_id: i64| own.iter().any(|s| s.id == sortie_id);
            let (own_seats, rest): (Vec<_>, Vec<_>) =
                seats.into_iter().partition(|s| of_game(s.sortie_id));
            seats = rest;
            let (own_marks, rest): (Vec<_>, Vec<_>) = marks
                .into_iter()
                .partition(|(row, _)| of_game(row.sortie_id));
            marks = rest;
            let sheets = Self {
                sorties: own,
                seats: own_seats,
                marks: own_marks,
                marks_read_of: None,
                aircraft: aircraft.clone(),
            };
            games.push((game_id, sheets));
        }
        Ok(games)
    }
}

/// The aircraft types read, as the rules read them, by id.
fn sheet_aircraft_by_id(
    rows: Vec<AircraftType>,
) -> Result<BTreeMap<i64, SheetAircraft>, ServiceError> {
    rows.into_iter()
        .map(|row| Ok((row.id, sheet_aircraft(row)?)))
        .collect()
}

/// An aircraft type as the sheet's rules read it: appendix A/B's row (R17).
fn sheet_aircraft(row: AircraftType) -> Result<SheetAircraft, ServiceError> {
    let stability = row
        .stability
        .parse::<Stability>()
        .map_err(|e| ServiceError::Internal(format!("aircraft type {}: {e}", row.name)))?;
    let boxes = [row.engine, row.wings, row.fuselage, row.tail, row.fuel]
        .map(|n| u32::try_from(n).unwrap_or(0));
    let (two_seater, dual_controls) = (row.crew == 2, row.dual_controls);
    Ok(SheetAircraft::of_row(
        row.name,
        stability,
        boxes,
        two_seater,
        dual_controls,
    ))
}
