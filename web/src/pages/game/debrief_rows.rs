//! The debrief form's rows: a row as typed or filled in from its mission's assignment,
//! and a row read into the report of its sortie (its crew, how it came down).

use campaign::crew::Role;
use campaign::missions::{AircraftRequirement, Assignment};
use campaign::sides::Side;
use eagles_office::debrief::{CrewDice, CrewReport, DownDice, DownReport, SortieReport};
use eagles_office::games::MissionView;

use super::choice::{chosen, parse_count, parse_dice, Choice};

use super::debrief_form::{MissionInput, RawForm};
use super::down_fields::{seat_dice, DownInput};
use super::mission_fields::{FactsInput, MissionAsks};
use super::roster::Roster;

/// A seat of a sortie row.
#[derive(Debug, Clone)]
pub struct SeatInput {
    /// Field names start with it, e.g. `a1_pilot`.
    pub prefix: String,
    pub label: &'static str,
    pub crew: Vec<Choice>,
    pub red_hits: String,
    pub wounds: String,
    pub injury_dice: String,
    pub capture_dice: String,
    /// His dice on the forced-landing tables, as typed.
    pub crash_dice: String,
    pub bail_out_dice: String,
    pub evade_dice: String,
    /// The refusals that name him.
    pub errors: Vec<String>,
}

/// A sortie row: one aircraft that flew.
#[derive(Debug, Clone)]
pub struct SortieInput {
    /// Its key, `a1`, `c2`, …: field names start with it.
    pub key: String,
    pub side: Side,
    /// What it flew: the side's mission (its first row, once assigned; every row on
    /// fighter sweep or scramble, R9) or fighter sweep.
    pub assignment: Assignment,
    pub aircraft: Vec<Choice>,
    pub turns: String,
    /// The pilot, and the observer unless the aircraft chosen is a single-seater.
    pub seats: Vec<SeatInput>,
    pub down: DownInput,
    pub errors: Vec<String>,
    /// What the sheets leave the referee to decide about it (R22).
    pub to_decide: Vec<String>,
}

impl SortieInput {
    /// "Albatros D-III, Max Immelmann", as far as the row is filled in.
    pub(super) fn named(&self, roster: &Roster) -> Option<String> {
        let aircraft = chosen(&self.aircraft).and_then(|a| a.parse().ok());
        let pilot = self
            .seats
            .first()
            .and_then(|s| chosen(&s.crew))
            .and_then(|c| c.parse().ok());
        let parts: Vec<String> = [
            aircraft.map(|a| roster.aircraft_name(a)),
            pilot.map(|p| roster.crew_name(p)),
        ]
        .into_iter()
        .flatten()
        .collect();
        (!parts.is_empty()).then(|| parts.join(", "))
    }

    /// Whether it flew its side's mission.
    pub fn flies_mission(&self) -> bool {
        self.assignment == Assignment::Mission
    }

    /// Every refusal of the row, its crew's and its landing's.
    pub fn refused(&self) -> bool {
        !self.errors.is_empty()
            || !self.down.errors.is_empty()
            || self.seats.iter().any(|s| !s.errors.is_empty())
    }
}

/// A side's rows.
#[derive(Debug, Clone)]
pub struct SideRows {
    pub side: Side,
    pub rows: Vec<SortieInput>,
}

/// A row of `side` keyed `key`: as `raw` holds it, or filled in from the mission's
/// assignment.
pub(super) fn sortie_row(
    raw: &RawForm,
    roster: &Roster,
    side: Side,
    key: String,
    filled: Option<&MissionView>,
    mission_row: bool,
) -> SortieInput {
    let p = key.as_str();
    let id = |v: Option<i64>| v.map(|v| v.to_string()).unwrap_or_default();
    let typed = |field: &str| raw.value(&format!("{p}_{field}")).to_owned();
    let aircraft = match filled {
        Some(m) => id(m.aircraft_id),
        None => typed("aircraft"),
    };
    let single_seater = aircraft
        .parse::<i64>()
        .ok()
        .and_then(|a| roster.aircraft.iter().find(|t| t.id == a))
        .is_some_and(|t| t.crew == 1);
    let seat = |role: Role, chosen: String| {
        let sp = format!("{p}_{}", role.as_str());
        let f = |field: &str| raw.value(&format!("{sp}_{field}")).to_owned();
        SeatInput {
            label: if role == Role::Pilot {
                "Pilot"
            } else {
                "Observer"
            },
            crew: Choice::list(roster.crew_options(side, role), [chosen.as_str()]),
            red_hits: f("red_hits"),
            wounds: f("wounds"),
            injury_dice: f("injury_dice"),
            capture_dice: f("capture_dice"),
            crash_dice: f("crash_dice"),
            bail_out_dice: f("bail_out_dice"),
            evade_dice: f("evade_dice"),
            errors: Vec::new(),
            prefix: sp,
        }
    };
    let pilot = match filled {
        Some(m) => id(m.pilot_id),
        None => typed("pilot"),
    };
    let mut seats = vec![seat(Role::Pilot, pilot)];
    if !single_seater {
        let observer = match filled {
            Some(m) => id(m.observer_id),
            None => typed("observer"),
        };
        seats.push(seat(Role::Observer, observer));
    }
    let mut aircraft_choices = Choice::list(
        roster.aircraft_options(side, AircraftRequirement::Either),
        [aircraft.as_str()],
    );
    for c in &mut aircraft_choices {
        c.data = roster
            .aircraft
            .iter()
            .find(|t| t.id.to_string() == c.value)
            .map_or(String::new(), |t| t.crew.to_string());
    }
    SortieInput {
        side,
        assignment: if mission_row {
            Assignment::Mission
        } else {
            Assignment::Sweep
        },
        aircraft: aircraft_choices,
        turns: typed("turns"),
        seats,
        down: DownInput::read(
            |field| raw.value(&format!("{p}_{field}")).to_owned(),
            "came home",
        ),
        errors: Vec::new(),
        to_decide: Vec::new(),
        key,
    }
}

pub(super) fn mission_input(raw: &RawForm, m: &MissionView) -> MissionInput {
    let f = |field: &str| format!("m{}_{field}", m.id);
    let asks = MissionAsks(Some(m.mission_type));
    MissionInput {
        id: m.id,
        side: m.side,
        name: m.mission_type.label(),
        landed_safely: raw.ticked(&f("landed_safely")),
        target_destroyed: raw.ticked(&f("target_destroyed")),
        facts: FactsInput::read(asks, m.trips_needed, |field| {
            raw.value(&f(field)).to_owned()
        }),
        errors: Vec::new(),
    }
}

/// A row's sortie; `None` for a row left blank (no aircraft, no crew) or one whose
/// problems were placed on it, its seats and its landing.
pub(super) fn row_report(row: &mut SortieInput, turns_played: u32) -> Option<SortieReport> {
    let aircraft = chosen(&row.aircraft).map(str::to_owned);
    let crew_chosen = row.seats.iter().any(|s| chosen(&s.crew).is_some());
    let aircraft_id = match (aircraft, crew_chosen) {
        (None, false) => return None,
        (None, true) => {
            row.errors.push("choose the aircraft this crew flew".into());
            None
        }
        (Some(a), _) => a.parse::<i64>().ok(),
    };
    let turns_on_board = parse_count(&row.turns, turns_played, "Turns on board")
        .map_err(|e| row.errors.push(e))
        .ok();
    let mut crew = Vec::new();
    for (seat, position) in row.seats.iter_mut().zip([Role::Pilot, Role::Observer]) {
        let Some(crew_id) = chosen(&seat.crew).and_then(|c| c.parse::<i64>().ok()) else {
            if position == Role::Pilot {
                seat.errors.push("choose the pilot who flew it".into());
            }
            continue;
        };
        let errors = &mut seat.errors;
        let injury = keep(parse_dice(&seat.injury_dice), errors);
        let capture = keep(parse_dice(&seat.capture_dice), errors);
        let red_hits = keep(parse_count(&seat.red_hits, 0, "Red hits"), errors);
        let wound_boxes = keep(parse_count(&seat.wounds, 0, "Wound boxes"), errors);
        if let (Some(injury), Some(capture), Some(red_hits), Some(wound_boxes)) =
            (injury, capture, red_hits, wound_boxes)
        {
            crew.push(CrewReport {
                crew_id,
                position,
                red_hits,
                wound_boxes,
                outcome: None,
                dice: (injury.is_some() || capture.is_some())
                    .then_some(CrewDice { injury, capture }),
            });
        }
    }
    let down = down_report(row, &crew);
    if row.refused() {
        return None;
    }
    let down = down?;
    Some(SortieReport {
        sortie_id: None,
        key: row.key.clone(),
        aircraft_id: Some(aircraft_id?),
        assignment: Some(row.assignment),
        turns_on_board: turns_on_board?,
        // How it ended its sortie says whether it was lost (R8): came home, kept.
        aircraft_lost: down.is_none().then_some(false),
        crew,
        down,
    })
}

/// What `result` read, or `None` with its problem added to `errors`.
fn keep<T>(result: Result<T, String>, errors: &mut Vec<String>) -> Option<T> {
    result.map_err(|e| errors.push(e)).ok()
}

/// The row's `down` when it came down — the facts as typed, and the dice typed for
/// each table keyed by the crewman in the seat they were typed in — `Some(None)` when
/// it came home, and `None` with the problems placed when a field does not read.
fn down_report(row: &mut SortieInput, crew: &[CrewReport]) -> Option<Option<DownReport>> {
    let Some(how) = row.down.how() else {
        return Some(None);
    };
    let report = row.down.report(how);
    let mut dice = DownDice::default();
    let mut read = true;
    for seat in &mut row.seats {
        let Some(member) = chosen(&seat.crew)
            .and_then(|c| c.parse::<i64>().ok())
            .and_then(|id| crew.iter().find(|m| m.crew_id == id))
        else {
            continue;
        };
        let typed = [&seat.crash_dice, &seat.bail_out_dice, &seat.evade_dice].map(String::as_str);
        let problems = seat_dice(&mut dice, member.crew_id, typed);
        read &= problems.is_empty();
        seat.errors.extend(problems);
    }
    let mut report = report.filter(|_| read)?;
    report.dice = DownDice {
        landing: report.dice.landing.take(),
        ..dice
    };
    Some(Some(report))
}
