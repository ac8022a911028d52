//! A game's sheets as the rules sum them: the line-up's rows, each sheet's stored
//! marks turned into the rules crate's marks (crewmen by their seats, undone marks by
//! their places), and the read models built from the sums (R17–R21).

use std::collections::BTreeMap;

use campaign::crew::Role;
use campaign::sheet::aircraft::{Section, SheetAircraft};
use campaign::sheet::damage::SectionDamage;
use campaign::sheet::marks::{undone, Mark};
use campaign::sheet::state::SheetState;
use eagles_db::crew::CrewRecord;
use eagles_db::diesel_async::AsyncPgConnection;
use eagles_db::lineup::{LineupSeat, LineupSortie, MarkRow, NewMark};
use eagles_office::secrecy::GameSecrecy;
use eagles_office::sheets::{
    AircraftName, ClaimView, EffectsView, FuelView, JammedView, MarkRequest, MarkView, MissionMark,
    SeatView, SectionView, SectionsView, SheetCrewView, SheetView, SortieView,
};
use futures_util::future::try_join_all;
use serde::Deserialize;

use crate::crew::crewman_view;
use crate::error::ServiceError;

/// A game's line-up, the marks of its sheets as stored, and the aircraft they fly.
pub struct GameSheets {
    pub sorties: Vec<LineupSortie>,
    pub seats: Vec<LineupSeat>,
    /// Each mark as stored, with what it reads back as: read back once, as loaded.
    pub(super) marks: Vec<(MarkRow, MarkRequest)>,
    /// The one sheet whose marks were read, when not every sheet's were.
    pub(super) marks_read_of: Option<i64>,
    pub(super) aircraft: BTreeMap<i64, SheetAircraft>,
}

impl GameSheets {
    /// With `written` after the marks of their sheets.
    pub fn add_marks(&mut self, written: Vec<MarkRow>) -> Result<(), ServiceError> {
        self.marks.extend(read_back(written)?);
        // Stable: each sheet's marks keep their order, the new ones last.
        self.marks.sort_by_key(|(row, _)| row.sortie_id);
        Ok(())
    }

    /// The aircraft `sortie` flies, as the rules read it.
    pub fn aircraft_of(&self, sortie: &LineupSortie) -> Result<&SheetAircraft, ServiceError> {
        self.aircraft.get(&sortie.aircraft_type_id).ok_or_else(|| {
            ServiceError::Internal(format!(
                "aircraft type {} of sortie {} vanished",
                sortie.aircraft_type_id, sortie.key
            ))
        })
    }

    /// The sortie `sortie_id`, or 404.
    pub fn sortie(&self, sortie_id: i64) -> Result<&LineupSortie, ServiceError> {
        self.sorties
            .iter()
            .find(|s| s.id == sortie_id)
            .ok_or_else(|| {
                ServiceError::NotFound(format!("there is no sortie {sortie_id} in this game"))
            })
    }

    /// The seats of `sortie_id`, pilot first.
    pub fn seats_of(&self, sortie_id: i64) -> Vec<&LineupSeat> {
        self.seats
            .iter()
            .filter(|s| s.sortie_id == sortie_id)
            .collect()
    }

    /// The stored marks of `sortie_id`, in order, each read back as written.
    pub fn marks_of(&self, sortie_id: i64) -> Result<Vec<(&MarkRow, MarkRequest)>, ServiceError> {
        if self.marks_read_of.is_some_and(|read| read != sortie_id) {
            return Err(ServiceError::Internal(format!(
                "the marks of sortie {sortie_id} were not read"
            )));
        }
        Ok(self
            .marks
            .iter()
            .filter(|(row, _)| row.sortie_id == sortie_id)
            .map(|(row, mark)| (row, mark.clone()))
            .collect())
    }

    /// Whether writing `rows` on the sheet of `sortie_id` is quiet: it changes no fact
    /// the whole table sees (destroyed, spinning, smoke, fire, down, escaped), writes
    /// on no other sheet (a shot's markers are its target's players' to hear) and
    /// scores no combat hits (a combat roll is declared at the table). A quiet write's
    /// event names the sortie only to the sheet's readers (API v1.3, §13.20, R20).
    pub fn quiet_write(&self, sortie_id: i64, rows: &[NewMark]) -> Result<bool, ServiceError> {
        let mut marks = Vec::with_capacity(rows.len());
        for row in rows {
            if row.sortie_id != sortie_id {
                return Ok(false);
            }
            let mark = MarkRequest::deserialize(&row.mark).map_err(|e| {
                ServiceError::Internal(format!("a new mark does not read back: {e}"))
            })?;
            if matches!(mark, MarkRequest::Hit { .. } | MarkRequest::RedHits { .. }) {
                return Ok(false);
            }
            marks.push(mark);
        }
        let sortie = self.sortie(sortie_id)?;
        let aircraft = self.aircraft_of(sortie)?;
        let seats = self.seats_of(sortie_id);
        let stored = self.marks_of(sortie_id)?;
        let mut summed = rule_marks(&seats, &stored)?;
        let before = SheetState::from_marks(aircraft, &summed)?.open();
        for mark in &marks {
            summed.push(rule_mark(&seats, &stored, mark)?);
        }
        Ok(SheetState::from_marks(aircraft, &summed)?.open() == before)
    }

    /// Whether the reader of `secrecy` reads `sortie_id`'s sheet in full (R20).
    pub fn reads_in_full(&self, secrecy: &GameSecrecy, sortie_id: i64) -> bool {
        secrecy.reads_sheet(self.seats_of(sortie_id).iter().map(|seat| seat.owner_id))
    }
}

/// Each of `rows` with the mark it was written as.
pub(super) fn read_back(rows: Vec<MarkRow>) -> Result<Vec<(MarkRow, MarkRequest)>, ServiceError> {
    rows.into_iter()
        .map(|row| {
            let mark = MarkRequest::deserialize(&row.mark).map_err(|e| {
                ServiceError::Internal(format!("mark {} does not read back: {e}", row.id))
            })?;
            Ok((row, mark))
        })
        .collect()
}

/// The campaign's records of the crewmen in `seats`, in their order, read together.
pub async fn seat_crew(
    conn: &AsyncPgConnection,
    campaign_id: i64,
    seats: &[&LineupSeat],
) -> Result<Vec<CrewRecord>, ServiceError> {
    let found = try_join_all(
        seats
            .iter()
            .map(|seat| eagles_db::crew::find(conn, campaign_id, seat.crew_id)),
    )
    .await?;
    seats
        .iter()
        .zip(found)
        .map(|(seat, record)| {
            record
                .ok_or_else(|| ServiceError::Internal(format!("crewman {} vanished", seat.crew_id)))
        })
        .collect()
}

/// The seat of `crew_id` on a sortie, or a 422 naming him as the request did.
pub fn seat_of(seats: &[&LineupSeat], crew_id: i64, field: &str) -> Result<Role, ServiceError> {
    seats
        .iter()
        .find(|s| s.crew_id == crew_id)
        .map(|s| s.position)
        .ok_or_else(|| {
            ServiceError::invalid(format!(
                "the {} named is no crewman of this aircraft; name one of its crew",
                field.trim_end_matches("_id").replace('_', " ")
            ))
        })
}

/// The rules' marks of a sheet's stored marks, in the same places.
pub fn rule_marks(
    seats: &[&LineupSeat],
    stored: &[(&MarkRow, MarkRequest)],
) -> Result<Vec<Mark>, ServiceError> {
    stored
        .iter()
        .map(|(_, mark)| rule_mark(seats, stored, mark))
        .collect()
}

/// The rules' mark of one stored or requested mark of a sheet whose stored marks are
/// `stored`.
pub fn rule_mark(
    seats: &[&LineupSeat],
    stored: &[(&MarkRow, MarkRequest)],
    mark: &MarkRequest,
) -> Result<Mark, ServiceError> {
    Ok(match mark {
        MarkRequest::Damage {
            section,
            boxes,
            marker,
        } => Mark::Damage {
            section: *section,
            boxes: *boxes,
            marker: *marker,
        },
        MarkRequest::Drawn { marker } => Mark::Drawn { marker: *marker },
        MarkRequest::Fuel { boxes } => Mark::Fuel { boxes: *boxes },
        MarkRequest::Wound { crew_id, boxes } => Mark::Wound {
            seat: seat_of(seats, *crew_id, "crew_id")?,
            boxes: *boxes,
        },
        MarkRequest::Effect { name, on } => Mark::Effect {
            name: *name,
            on: *on,
        },
        MarkRequest::Turn { turn } => Mark::Turn { turn: *turn },
        MarkRequest::Claim { shooters, .. } => {
            for &shooter in shooters {
                seat_of(seats, shooter, "shooters")?;
            }
            Mark::Note
        }
        MarkRequest::Mission(_) => Mark::Note,
        MarkRequest::Down(_) => Mark::Down,
        MarkRequest::Escaped {} => Mark::Escaped,
        MarkRequest::Undo { mark: None, .. } => {
            return Err(ServiceError::invalid(
                "an undo names the mark of this sheet to undo, or the roll made on it",
            ))
        }
        MarkRequest::Undo {
            mark: Some(mark), ..
        } => Mark::Undo {
            mark: stored
                .iter()
                .position(|(row, _)| row.id == *mark)
                .ok_or_else(|| {
                    ServiceError::invalid(format!(
                        "mark {mark} is no mark of this sheet; undo one of its marks"
                    ))
                })?,
        },
        MarkRequest::Hit { blue, red } => Mark::Hit {
            blue: *blue,
            red: *red,
        },
        MarkRequest::RedHits { crew_id, count } => Mark::RedHits {
            seat: seat_of(seats, *crew_id, "crew_id")?,
            count: *count,
        },
        MarkRequest::Rolled { table, crew_id } => Mark::Rolled {
            table: *table,
            seat: crew_id
                .map(|id| seat_of(seats, id, "crew_id"))
                .transpose()?,
        },
    })
}

/// A sheet summed: its state, its marks as stored and read back, and which of them
/// stand undone.
pub struct Summed<'a> {
    pub state: SheetState,
    pub stored: Vec<(&'a MarkRow, MarkRequest)>,
    pub undone: Vec<bool>,
}

/// Sums the marks of `sortie_id`'s sheet.
pub fn sum<'a>(sheets: &'a GameSheets, sortie: &LineupSortie) -> Result<Summed<'a>, ServiceError> {
    let aircraft = sheets.aircraft_of(sortie)?;
    let seats = sheets.seats_of(sortie.id);
    let stored = sheets.marks_of(sortie.id)?;
    let marks = rule_marks(&seats, &stored)?;
    let state = SheetState::from_marks(aircraft, &marks)?;
    let undone = undone(&marks)?;
    Ok(Summed {
        state,
        stored,
        undone,
    })
}

/// A sortie of the line-up as the reader of `secrecy` may see it: every sortie in one
/// shape, its `assignment` only for a reader who may see its side's (§13.20, R16).
pub fn sortie_view(
    secrecy: &GameSecrecy,
    sheets: &GameSheets,
    sortie: &LineupSortie,
    state: &SheetState,
) -> SortieView {
    let crew = sheets
        .seats_of(sortie.id)
        .into_iter()
        .map(|seat| SeatView {
            crew_id: seat.crew_id,
            name: seat.name.clone(),
            position: seat.position,
        })
        .collect();
    SortieView {
        id: sortie.id,
        key: sortie.key.clone(),
        side: sortie.side,
        assignment: secrecy
            .sees_assignment(sortie.side)
            .then_some(sortie.assignment),
        aircraft: AircraftName {
            id: sortie.aircraft_type_id,
            name: sortie.aircraft_name.clone(),
        },
        crew,
        open: state.open(),
    }
}

fn section_view(damage: &SectionDamage) -> SectionView {
    SectionView {
        boxes: damage.boxes,
        triangles: damage.triangles,
        crossed: damage.crossed,
        critical: damage.critical(),
        destroyed: damage.destroyed(),
    }
}

/// The full sheet of `sortie`, for a reader who may read it in full; `crew` holds the
/// records of its crewmen ([`seat_crew`]), and may hold others.
pub fn sheet_view(
    secrecy: &GameSecrecy,
    sheets: &GameSheets,
    sortie: &LineupSortie,
    crew_records: &[CrewRecord],
    week: i32,
) -> Result<SheetView, ServiceError> {
    let Summed {
        state,
        stored,
        undone,
    } = sum(sheets, sortie)?;
    let version = stored.iter().map(|(row, _)| row.id).max().unwrap_or(0);
    let seats = sheets.seats_of(sortie.id);
    let mut crew = Vec::with_capacity(seats.len());
    let mut red_hits = BTreeMap::new();
    for seat in &seats {
        let record = crew_records
            .iter()
            .find(|r| r.id == seat.crew_id)
            .cloned()
            .ok_or_else(|| ServiceError::Internal(format!("crewman {} vanished", seat.crew_id)))?;
        let man = crewman_view(record, week)?;
        let sheet = state.crew(seat.position).copied().unwrap_or_default();
        red_hits.insert(seat.crew_id.to_string(), sheet.red_hits);
        crew.push(SheetCrewView {
            crew_id: seat.crew_id,
            name: man.name,
            position: seat.position,
            wound_boxes: sheet.wound_boxes,
            state: sheet.state(),
            novice: man.novice,
            abilities: man
                .abilities
                .iter()
                .map(|a| a.as_str().to_owned())
                .collect(),
            spin_recovery_bonus: man.spin_recovery_bonus,
        });
    }
    let mut claims = Vec::new();
    let mut mission = MissionMark::default();
    let mut marks = Vec::with_capacity(stored.len());
    for ((row, mark), undone) in stored.into_iter().zip(undone) {
        if !undone {
            match &mark {
                MarkRequest::Claim {
                    victim_sortie,
                    shooters,
                } => claims.push(ClaimView {
                    victim_sortie: *victim_sortie,
                    shooters: shooters.clone(),
                }),
                MarkRequest::Mission(facts) => mission = mission.updated(*facts),
                _ => {}
            }
        }
        marks.push(MarkView {
            id: row.id,
            mark,
            roll_id: row.roll_id,
            by: row.marked_by.clone(),
            at: row.marked_at,
            undone,
        });
    }
    let jammed = |seat| state.crew(seat).is_some_and(|c| c.jammed);
    Ok(SheetView {
        version,
        sortie: sortie_view(secrecy, sheets, sortie, &state),
        turn: state.turn,
        sections: SectionsView {
            engine: section_view(state.section(Section::Engine)),
            wings: section_view(state.section(Section::Wings)),
            fuselage: section_view(state.section(Section::Fuselage)),
            tail: section_view(state.section(Section::Tail)),
        },
        fuel: FuelView {
            boxes: state.fuel_boxes,
            used: state.fuel_used,
        },
        crew,
        state: EffectsView {
            smoke: state.smoke,
            fire: state.fire,
            spinning: state.spinning(),
            gliding: state.gliding(),
            engine_seized: state.engine_seized,
            jammed: JammedView {
                pilot: jammed(Role::Pilot),
                observer: jammed(Role::Observer),
            },
            at_controls: state.at_the_controls(),
        },
        destroyed: state.destroyed(),
        down: state.down,
        escaped: state.escaped,
        red_hits,
        to_draw: state.to_draw,
        due: state.due(),
        claims,
        mission,
        marks,
    })
}
