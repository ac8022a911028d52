//! The debrief form: a fixed set of sortie rows (four a side, the first of each side
//! filled in from its mission's assignment), kill rows and each mission's facts, read
//! into the API's `DebriefRequest`. The form is read as name/value pairs, so a
//! rejected form comes back exactly as typed, and a refusal is placed next to the row,
//! crewman or section it names (by the refusal's [`Locus`], never its wording).
//!
//! Each row asks what happened to the aircraft when it came down (API v1.1 `down`,
//! R8, §11, appendix C) in plain words, with the facts the tables read and the dice of
//! each table; every field says when it applies, and `static/debrief.js` hides those
//! that do not. "Preview the rolls" sends the same form to the preview, which shows
//! what the dice give before anything is written.

use std::collections::HashMap;

use campaign::crew::Role;
use campaign::down::How;
use campaign::injuries::Outcome;
use campaign::missions::{AircraftRequirement, Assignment, MissionType};
use campaign::sides::Side;
use campaign::tables::evade::SideOfLines;
use campaign::tables::landing::Terrain;
use eagles_service::debrief::{
    CrewDice, CrewReport, CrewRollsView, DebriefRequest, DownDice, DownReport, KillReport,
    LeftBoard, MissionFacts, SortieReport,
};
use eagles_service::games::MissionView;
use eagles_service::Locus;

use super::choice::{parse_count, parse_dice, Choice};
use super::results::{crew_rolls, CrewRolls};
use super::roster::Roster;

/// Sortie rows per side: the mission aircraft and up to three more.
pub const ROWS_PER_SIDE: usize = 4;
/// Kill rows.
pub const KILL_ROWS: usize = 4;

/// A form read as its name/value pairs, in order (a multiple select repeats its name).
#[derive(Debug, Default, serde::Deserialize)]
#[serde(transparent)]
pub struct RawForm(pub Vec<(String, String)>);

impl RawForm {
    /// The first value of `name`, or "".
    pub fn value(&self, name: &str) -> &str {
        self.0
            .iter()
            .find(|(n, _)| n == name)
            .map_or("", |(_, v)| v.as_str())
    }

    /// Every value of `name`.
    pub fn values(&self, name: &str) -> Vec<&str> {
        self.0
            .iter()
            .filter(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
            .collect()
    }

    /// Whether the checkbox `name` was ticked.
    pub fn ticked(&self, name: &str) -> bool {
        !self.value(name).is_empty()
    }
}

/// A seat of a sortie row.
#[derive(Debug, Clone)]
pub struct SeatInput {
    /// Field names start with it, e.g. `s1_pilot`.
    pub prefix: String,
    pub label: &'static str,
    pub crew: Vec<Choice>,
    pub red_hits: String,
    pub wounds: String,
    pub outcomes: Vec<Choice>,
    pub injury_dice: String,
    pub capture_dice: String,
    /// His dice on the forced-landing tables, as typed.
    pub crash_dice: String,
    pub bail_out_dice: String,
    pub evade_dice: String,
    /// A refusal that names him.
    pub error: Option<String>,
}

/// What happened to a sortie's aircraft, as typed (API v1.1 `down`).
#[derive(Debug, Clone)]
pub struct DownInput {
    /// "What happened to the aircraft?": blank when it came home.
    pub hows: Vec<Choice>,
    pub terrains: Vec<Choice>,
    /// Its checkboxes, in the order of [`DOWN_CHECKS`].
    pub checks: Vec<DownCheck>,
    pub altitude: String,
    pub sides: Vec<Choice>,
    pub hexes: String,
    pub landing_dice: String,
    /// A refusal that names one of these fields.
    pub error: Option<String>,
}

/// A checkbox of what happened to a sortie's aircraft.
#[derive(Debug, Clone)]
pub struct DownCheck {
    /// Its field, after the sortie's prefix (e.g. `s1_road`).
    pub field: &'static str,
    /// Markup: the fact and when it counts.
    pub label: &'static str,
    /// The ways of coming down it counts for, as the form's script reads them.
    pub when: &'static str,
    pub ticked: bool,
}

/// The checkboxes of [`DownInput`] as `(field, label, when)`, in the order shown.
const DOWN_CHECKS: [(&str, &str, &str); 7] = [
    (
        "road",
        "A road in the hex <small>(only if it landed)</small>",
        "landed",
    ),
    (
        "smoking",
        "Smoking <small>(only if it landed)</small>",
        "landed",
    ),
    (
        "on_fire",
        "On fire <small>(only if it landed, was shot down or bailed out of)</small>",
        "landed shot_down bailed_out",
    ),
    (
        "gliding",
        "Gliding <small>(only if it landed)</small>",
        "landed",
    ),
    (
        "critical_damage",
        "Critical damage <small>(only if it landed)</small>",
        "landed",
    ),
    (
        "pusher",
        "A pusher aircraft <small>(only if it landed or was shot down)</small>",
        "landed shot_down",
    ),
    (
        "destroyed",
        "Destroyed as they bailed out <small>(only if the crew bailed out)</small>",
        "bailed_out",
    ),
];

/// The words the form asks "What happened to the aircraft?" with.
fn how_label(how: How) -> &'static str {
    match how {
        How::Landed => "landed away from its airfield (forced landing)",
        How::ShotDown => "shot down",
        How::Exploded => "exploded",
        How::BailedOut => "the crew bailed out",
        How::OffBoard => "came down off the board",
    }
}

fn side_of_lines_label(side: SideOfLines) -> &'static str {
    match side {
        SideOfLines::Own => "behind our own lines",
        SideOfLines::NoMansLand => "in no man's land",
        SideOfLines::Enemy => "behind the enemy's lines",
    }
}

impl DownInput {
    /// Whether the checkbox `field` is ticked.
    fn ticked(&self, field: &str) -> bool {
        self.checks.iter().any(|c| c.field == field && c.ticked)
    }

    fn read(raw: &RawForm, p: &str) -> Self {
        let f = |field: &str| raw.value(&format!("{p}_{field}")).to_owned();
        let ticked = |field: &str| raw.ticked(&format!("{p}_{field}"));
        let how = f("how");
        let hows = std::iter::once((String::new(), "came home, nothing to roll".to_owned())).chain(
            How::ALL
                .iter()
                .map(|h| (h.as_str().to_owned(), how_label(*h).to_owned())),
        );
        let terrain = f("terrain");
        let terrains = std::iter::once((String::new(), "choose…".to_owned())).chain(
            Terrain::ALL
                .iter()
                .map(|t| (t.as_str().to_owned(), t.label().replace('_', " "))),
        );
        let side = f("side_of_lines");
        let sides = std::iter::once((String::new(), "choose…".to_owned())).chain(
            SideOfLines::ALL
                .iter()
                .map(|s| (s.as_str().to_owned(), side_of_lines_label(*s).to_owned())),
        );
        DownInput {
            hows: Choice::list(hows, [how.as_str()]),
            terrains: Choice::list(terrains, [terrain.as_str()]),
            checks: DOWN_CHECKS
                .iter()
                .map(|&(field, label, when)| DownCheck {
                    field,
                    label,
                    when,
                    ticked: ticked(field),
                })
                .collect(),
            altitude: f("altitude"),
            sides: Choice::list(sides, [side.as_str()]),
            hexes: f("hexes"),
            landing_dice: f("landing_dice"),
            error: None,
        }
    }
}

/// A sortie row.
#[derive(Debug, Clone)]
pub struct SortieInput {
    pub n: usize,
    pub key: String,
    pub side: Side,
    pub aircraft: Vec<Choice>,
    pub assignments: Vec<Choice>,
    pub turns: String,
    pub lost: bool,
    pub seats: Vec<SeatInput>,
    pub down: DownInput,
    pub error: Option<String>,
}

/// A kill row.
#[derive(Debug, Clone)]
pub struct KillInput {
    pub n: usize,
    pub victims: Vec<Choice>,
    pub shooters: Vec<Choice>,
}

/// A mission's facts (R10): only those its type is judged on are shown.
#[derive(Debug, Clone)]
pub struct MissionInput {
    pub id: i64,
    pub side: Side,
    pub name: &'static str,
    pub mission_type: MissionType,
    pub landed_safely: bool,
    pub target_observed: bool,
    pub hexes_observed: String,
    pub target_destroyed: bool,
    pub trips: String,
    pub trips_needed: Option<i32>,
    pub hexes_strafed: String,
    pub balloon_destroyed: bool,
    pub error: Option<String>,
}

impl MissionInput {
    pub fn observes_target(&self) -> bool {
        matches!(
            self.mission_type,
            MissionType::ObserveAirfield | MissionType::ObserveHq
        )
    }
    pub fn observes_troops(&self) -> bool {
        self.mission_type == MissionType::ObserveTroops
    }
    pub fn bombs(&self) -> bool {
        self.mission_type.is_bombing()
    }
    pub fn directs_artillery(&self) -> bool {
        self.mission_type == MissionType::DirectArtillery
    }
    pub fn strafes(&self) -> bool {
        self.mission_type == MissionType::StrafeTrenches
    }
    pub fn busts_balloons(&self) -> bool {
        self.mission_type == MissionType::BalloonBusting
    }
}

/// The whole debrief form, as typed, with the reasons it was refused.
#[derive(Debug, Clone, Default)]
pub struct DebriefForm {
    pub turns_played: String,
    pub left_allied: String,
    pub left_central: String,
    pub sorties: Vec<SortieInput>,
    pub kills: Vec<KillInput>,
    pub missions: Vec<MissionInput>,
    /// A refusal that names no row.
    pub error: Option<String>,
    pub turns_error: Option<String>,
    pub kills_error: Option<String>,
    /// What the entered dice give each crewman, once "Preview the rolls" was asked.
    pub preview: Option<Vec<CrewRolls>>,
    /// The campaign's crewmen by id, to name them in the preview.
    names: HashMap<i64, String>,
}

fn key_of(side: Side, i: usize) -> String {
    let letter = if side == Side::Allied { 'a' } else { 'c' };
    format!("{letter}{}", i + 1)
}

fn mission_of(missions: &[MissionView], side: Side) -> Option<&MissionView> {
    missions.iter().find(|m| m.side == side)
}

impl DebriefForm {
    /// The form for `missions` as `raw` holds it; `raw` empty gives the blank form with
    /// each side's mission aircraft filled in from its assignment.
    pub fn read(raw: &RawForm, missions: &[MissionView], roster: &Roster) -> Self {
        let fresh = raw.0.is_empty();
        let mut sorties = Vec::new();
        for side in Side::ALL.iter().copied() {
            let mission = mission_of(missions, side);
            let sweep_side = mission.is_none_or(|m| m.mission_type.is_sweep());
            for i in 0..ROWS_PER_SIDE {
                let n = sorties.len() + 1;
                let p = format!("s{n}");
                let assigned = mission.filter(|_| fresh && i == 0);
                let id = |v: Option<i64>| v.map(|v| v.to_string()).unwrap_or_default();
                let aircraft = match assigned {
                    Some(m) => id(m.aircraft_id),
                    None => raw.value(&format!("{p}_aircraft")).to_owned(),
                };
                let assignment = if fresh {
                    let mission_row = sweep_side || i == 0;
                    (if mission_row { "mission" } else { "sweep" }).to_owned()
                } else {
                    raw.value(&format!("{p}_assignment")).to_owned()
                };
                let seat = |role: Role, chosen: String| {
                    let sp = format!("{p}_{}", role.as_str());
                    // Blank: as the forced-landing tables give it, unharmed when the
                    // aircraft came home.
                    let outcome = raw.value(&format!("{sp}_outcome")).to_owned();
                    SeatInput {
                        label: if role == Role::Pilot {
                            "Pilot"
                        } else {
                            "Observer"
                        },
                        crew: Choice::list(roster.crew_options(side, role), [chosen.as_str()]),
                        red_hits: raw.value(&format!("{sp}_red_hits")).to_owned(),
                        wounds: raw.value(&format!("{sp}_wounds")).to_owned(),
                        outcomes: Choice::list(
                            std::iter::once((
                                String::new(),
                                "as the dice give (unharmed if it came home)".to_owned(),
                            ))
                            .chain(
                                Outcome::ALL
                                    .iter()
                                    .map(|o| (o.as_str().to_owned(), o.label().to_owned())),
                            ),
                            [outcome.as_str()],
                        ),
                        injury_dice: raw.value(&format!("{sp}_injury_dice")).to_owned(),
                        capture_dice: raw.value(&format!("{sp}_capture_dice")).to_owned(),
                        crash_dice: raw.value(&format!("{sp}_crash_dice")).to_owned(),
                        bail_out_dice: raw.value(&format!("{sp}_bail_out_dice")).to_owned(),
                        evade_dice: raw.value(&format!("{sp}_evade_dice")).to_owned(),
                        error: None,
                        prefix: sp,
                    }
                };
                let pilot = match assigned {
                    Some(m) => id(m.pilot_id),
                    None => raw.value(&format!("{p}_pilot")).to_owned(),
                };
                let observer = match assigned {
                    Some(m) => id(m.observer_id),
                    None => raw.value(&format!("{p}_observer")).to_owned(),
                };
                sorties.push(SortieInput {
                    n,
                    key: key_of(side, i),
                    side,
                    aircraft: Choice::list(
                        roster.aircraft_options(side, AircraftRequirement::Either),
                        [aircraft.as_str()],
                    ),
                    assignments: Choice::list(
                        Assignment::ALL
                            .iter()
                            .map(|a| (a.as_str().to_owned(), a.as_str().to_owned())),
                        [assignment.as_str()],
                    ),
                    turns: raw.value(&format!("{p}_turns")).to_owned(),
                    lost: raw.ticked(&format!("{p}_lost")),
                    seats: vec![seat(Role::Pilot, pilot), seat(Role::Observer, observer)],
                    down: DownInput::read(raw, &p),
                    error: None,
                });
            }
        }
        let keys: Vec<(String, String)> = sorties
            .iter()
            .map(|s| (s.key.clone(), format!("{} ({})", s.key, s.side)))
            .collect();
        let kills = (1..=KILL_ROWS)
            .map(|n| KillInput {
                n,
                victims: Choice::list(keys.clone(), [raw.value(&format!("k{n}_victim"))]),
                shooters: Choice::list(roster.flyers(), raw.values(&format!("k{n}_shooters"))),
            })
            .collect();
        let missions = missions
            .iter()
            .filter(|m| !m.mission_type.is_sweep())
            .map(|m| {
                let f = |field: &str| format!("m{}_{field}", m.id);
                MissionInput {
                    id: m.id,
                    side: m.side,
                    name: m.mission_type.label(),
                    mission_type: m.mission_type,
                    landed_safely: raw.ticked(&f("landed_safely")),
                    target_observed: raw.ticked(&f("target_observed")),
                    hexes_observed: raw.value(&f("hexes_observed")).to_owned(),
                    target_destroyed: raw.ticked(&f("target_destroyed")),
                    trips: raw.value(&f("trips")).to_owned(),
                    trips_needed: m.trips_needed,
                    hexes_strafed: raw.value(&f("hexes_strafed")).to_owned(),
                    balloon_destroyed: raw.ticked(&f("balloon_destroyed")),
                    error: None,
                }
            })
            .collect();
        Self {
            turns_played: raw.value("turns_played").to_owned(),
            left_allied: raw.value("left_allied").to_owned(),
            left_central: raw.value("left_central").to_owned(),
            sorties,
            kills,
            missions,
            names: roster.crew.iter().map(|c| (c.id, c.name.clone())).collect(),
            ..Self::default()
        }
    }

    /// Shows what the preview gave each crewman.
    pub fn show_preview(&mut self, crew: &[CrewRollsView]) {
        self.preview = Some(crew_rolls(crew, &self.names));
    }

    /// Whether any reason is shown.
    pub fn refused(&self) -> bool {
        self.error.is_some()
            || self.turns_error.is_some()
            || self.kills_error.is_some()
            || self.sorties.iter().any(|s| {
                s.error.is_some()
                    || s.down.error.is_some()
                    || s.seats.iter().any(|seat| seat.error.is_some())
            })
            || self.missions.iter().any(|m| m.error.is_some())
    }

    /// The API's request, or `None` with the reasons placed when the form itself does
    /// not read (a word where a number goes, a row half filled in).
    pub fn request(&mut self) -> Option<DebriefRequest> {
        let turns_played = match self.turns_played.trim() {
            "" => Err("enter the turns the game lasted".to_owned()),
            t => parse_count(t, 0, "turns played"),
        };
        let left = |text: &str| match text.trim() {
            "" => Ok(None),
            t => parse_count(t, 0, "the turn a side left").map(Some),
        };
        let (allied, central) = (left(&self.left_allied), left(&self.left_central));
        let (turns_played, allied, central) = match (turns_played, allied, central) {
            (Ok(t), Ok(a), Ok(c)) => (t, a, c),
            (t, a, c) => {
                self.turns_error = [t.err(), a.err(), c.err()].into_iter().flatten().next();
                return None;
            }
        };
        let mut sorties = Vec::new();
        for row in &mut self.sorties {
            match row_report(row, turns_played) {
                Ok(Some(report)) => sorties.push(report),
                Ok(None) => {}
                Err(reason) => row.error = Some(reason),
            }
        }
        let mut kills = Vec::new();
        for kill in &self.kills {
            let victim = kill.victims.iter().find(|c| c.selected);
            let shooters: Vec<i64> = kill
                .shooters
                .iter()
                .filter(|c| c.selected)
                .filter_map(|c| c.value.parse().ok())
                .collect();
            match victim {
                Some(v) => kills.push(KillReport {
                    victim: v.value.clone(),
                    shooters,
                }),
                None if !shooters.is_empty() => {
                    self.kills_error = Some(format!(
                        "kill {}: choose the victim of the shooters",
                        kill.n
                    ));
                }
                None => {}
            }
        }
        let mut missions = Vec::new();
        for m in &mut self.missions {
            let counts = (
                parse_count(&m.hexes_observed, 0, "hexes observed"),
                parse_count(&m.trips, 0, "trips"),
                parse_count(&m.hexes_strafed, 0, "hexes strafed"),
            );
            match counts {
                (Ok(hexes_observed), Ok(trips), Ok(hexes_strafed)) => missions.push(MissionFacts {
                    mission_id: m.id,
                    landed_safely: m.landed_safely,
                    target_observed: m.target_observed,
                    hexes_observed,
                    target_destroyed: m.target_destroyed,
                    trips,
                    hexes_strafed,
                    balloon_destroyed: m.balloon_destroyed,
                }),
                (a, b, c) => m.error = [a.err(), b.err(), c.err()].into_iter().flatten().next(),
            }
        }
        if self.refused() {
            return None;
        }
        Some(DebriefRequest {
            turns_played,
            enemy_left_board_on_turn: LeftBoard { allied, central },
            sorties,
            kills,
            missions,
        })
    }

    /// Puts the API's refusal next to the part of the report it points at: a sortie by
    /// its key (one of its crewmen, or what happened to the aircraft), the kills, a
    /// mission, the turns; else above the form.
    pub fn place(&mut self, detail: String, at: Option<&Locus>) {
        let slot = match at {
            Some(Locus::SortiePart {
                key,
                crew_id,
                field,
            }) => self
                .sorties
                .iter_mut()
                .find(|row| row.key == *key)
                .map(|row| {
                    let seat = crew_id.and_then(|id| {
                        row.seats
                            .iter()
                            .position(|s| chosen(&s.crew) == Some(id.to_string().as_str()))
                    });
                    match (seat, field) {
                        (Some(i), _) => &mut row.seats[i].error,
                        (None, Some(f)) if f.starts_with("down") => &mut row.down.error,
                        (None, _) => &mut row.error,
                    }
                }),
            Some(Locus::Sortie(key)) => self
                .sorties
                .iter_mut()
                .find(|row| row.key == *key)
                .map(|row| &mut row.error),
            Some(Locus::Kills) => Some(&mut self.kills_error),
            Some(Locus::Mission(id)) => self
                .missions
                .iter_mut()
                .find(|m| m.id == *id)
                .map(|m| &mut m.error),
            Some(Locus::Field("turns_played")) => Some(&mut self.turns_error),
            Some(Locus::Field(_)) | None => None,
        };
        *slot.unwrap_or(&mut self.error) = Some(detail);
    }
}

fn chosen(choices: &[Choice]) -> Option<&str> {
    choices
        .iter()
        .find(|c| c.selected)
        .map(|c| c.value.as_str())
}

/// A row's sortie; `None` for a row left blank (no aircraft, no crew).
fn row_report(row: &SortieInput, turns_played: u32) -> Result<Option<SortieReport>, String> {
    let aircraft = chosen(&row.aircraft);
    let crew_chosen = row.seats.iter().any(|s| chosen(&s.crew).is_some());
    let aircraft_id = match (aircraft, crew_chosen) {
        (None, false) => return Ok(None),
        (None, true) => return Err("choose the aircraft this crew flew".into()),
        (Some(a), _) => a
            .parse::<i64>()
            .map_err(|_| "choose an aircraft".to_owned())?,
    };
    let assignment = chosen(&row.assignments)
        .and_then(|a| a.parse::<Assignment>().ok())
        .ok_or("choose mission or sweep")?;
    let turns_on_board = parse_count(&row.turns, turns_played, "turns on the board")?;
    let mut crew = Vec::new();
    for (seat, position) in row.seats.iter().zip([Role::Pilot, Role::Observer]) {
        let Some(crew_id) = chosen(&seat.crew) else {
            if position == Role::Pilot {
                return Err("choose the pilot who flew it".into());
            }
            continue;
        };
        let outcome = chosen(&seat.outcomes).and_then(|o| o.parse::<Outcome>().ok());
        let injury = parse_dice(&seat.injury_dice)?;
        let capture = parse_dice(&seat.capture_dice)?;
        crew.push(CrewReport {
            crew_id: crew_id.parse().map_err(|_| "choose a crewman".to_owned())?,
            position,
            red_hits: parse_count(&seat.red_hits, 0, "red hits")?,
            wound_boxes: parse_count(&seat.wounds, 0, "wound boxes")?,
            outcome,
            dice: (injury.is_some() || capture.is_some()).then_some(CrewDice { injury, capture }),
        });
    }
    let down = down_report(row, &crew)?;
    Ok(Some(SortieReport {
        key: row.key.clone(),
        aircraft_id,
        assignment,
        turns_on_board,
        // With `down` the loss follows from the tables (R8); ticked, it must agree.
        aircraft_lost: (down.is_none() || row.lost).then_some(row.lost),
        crew,
        down,
    }))
}

/// The row's `down` when it came down: the facts as typed, and the dice typed for each
/// table, keyed by the crewman in the seat they were typed in.
fn down_report(row: &SortieInput, crew: &[CrewReport]) -> Result<Option<DownReport>, String> {
    let d = &row.down;
    let Some(how) = chosen(&d.hows).and_then(|h| h.parse::<How>().ok()) else {
        return Ok(None);
    };
    let mut dice = DownDice {
        landing: parse_dice(&d.landing_dice)?,
        ..DownDice::default()
    };
    for (seat, member) in row
        .seats
        .iter()
        .filter(|s| chosen(&s.crew).is_some())
        .zip(crew)
    {
        let id = member.crew_id;
        for (typed, table) in [
            (&seat.crash_dice, &mut dice.crash),
            (&seat.bail_out_dice, &mut dice.bail_out),
            (&seat.evade_dice, &mut dice.evade),
        ] {
            if let Some(d) = parse_dice(typed)? {
                table.insert(id, d);
            }
        }
    }
    let hexes = match d.hexes.trim() {
        "" => None,
        h => Some(parse_count(h, 0, "hexes from the friendly trenches")?),
    };
    Ok(Some(DownReport {
        how,
        terrain: chosen(&d.terrains).and_then(|t| t.parse().ok()),
        road: d.ticked("road"),
        smoking: d.ticked("smoking"),
        on_fire: d.ticked("on_fire"),
        gliding: d.ticked("gliding"),
        critical_damage: d.ticked("critical_damage"),
        pusher: d.ticked("pusher"),
        altitude: parse_count(&d.altitude, 0, "altitude")?,
        aircraft_destroyed: d.ticked("destroyed"),
        side_of_lines: chosen(&d.sides).and_then(|s| s.parse().ok()),
        hexes_from_friendly_trenches: hexes,
        dice,
    }))
}
