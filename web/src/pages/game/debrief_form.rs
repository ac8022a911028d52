//! The debrief form: a row per aircraft that flew — each side's mission aircraft
//! filled in from its assignment, one spare row a side, and "Add an Allied (Central)
//! aircraft" for more — kill rows whose victims are named by row, aircraft and pilot
//! and whose shooters are boxes to tick, and each mission's facts that its success
//! needs (R10), read into the API's `DebriefRequest`. The form is read as name/value
//! pairs, so a refused or extended form comes back exactly as typed; every problem of
//! a submit is placed next to the row, crewman or section it names (by the
//! refusal's [`Locus`], never its wording) and said in the page's words
//! ([`super::words`]).
//!
//! Field names (stable: the live notice keeps them while a form is half typed): the
//! game `turns_played`, `left_allied`, `left_central`; the rows' counts
//! `allied_rows`, `central_rows`, `kill_rows`; a row by its key (`a1`, `c2`, …):
//! `{key}_aircraft`, `{key}_turns`, `{key}_how`, `{key}_terrain`, `{key}_road`,
//! `{key}_smoking`, `{key}_on_fire`, `{key}_gliding`, `{key}_critical_damage`,
//! `{key}_pusher`, `{key}_destroyed`, `{key}_altitude`, `{key}_side_of_lines`,
//! `{key}_hexes`, `{key}_landing_dice`; a seat `{key}_pilot` / `{key}_observer` and,
//! after it, `_red_hits`, `_wounds`, `_injury_dice`, `_capture_dice`, `_crash_dice`,
//! `_bail_out_dice`, `_evade_dice`; a kill `k{n}_victim`, `k{n}_shooters` (one box a
//! crewman); a mission `m{id}_landed_safely`, `m{id}_target_observed`,
//! `m{id}_hexes_observed`, `m{id}_target_destroyed`, `m{id}_trips`,
//! `m{id}_hexes_strafed`, `m{id}_balloon_destroyed`.
//!
//! One control says how each aircraft ended its sortie (API v1.1 `down`, R8, §11,
//! appendix C) — came home, or the way it came down — and its loss follows from it.
//! The facts the tables read and the dice of each table say when they apply, and
//! `static/debrief.js` hides those that do not (and the observer of a single-seater).

use campaign::missions::Assignment;
use campaign::sides::Side;
use eagles_office::debrief::{CrewRollsView, DebriefRequest, KillReport, LeftBoard, MissionFacts};
use eagles_office::games::MissionView;
use eagles_office::{Error, Locus};

use super::choice::{chosen, parse_count, Choice};
use super::debrief_rows::{mission_input, row_report, sortie_row, SideRows, SortieInput};
use super::mission_fields::FactsInput;
use super::results::crew_rolls;
use super::roster::Roster;
use super::words::Words;

/// Rows a side starts with: its mission aircraft and one more.
pub const ROWS_PER_SIDE: usize = 2;
/// The most rows a side or the kills may grow to.
pub const MAX_ROWS: usize = 12;

/// A form read as its name/value pairs, in order (boxes of one name repeat it).
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

    /// What the "Add …" button pressed asks for: `allied`, `central`, `kill`, or "".
    pub fn adding(&self) -> &str {
        self.value("add")
    }
}

/// A kill row.
#[derive(Debug, Clone)]
pub struct KillInput {
    pub n: usize,
    pub victims: Vec<Choice>,
    /// One box per crewman who may fly this week.
    pub shooters: Vec<Choice>,
}

/// A mission's facts (R10): only those its success is judged on are shown.
#[derive(Debug, Clone)]
pub struct MissionInput {
    pub id: i64,
    pub side: Side,
    pub name: &'static str,
    pub landed_safely: bool,
    pub target_destroyed: bool,
    /// The facts a player reports from his sheet as well.
    pub facts: FactsInput,
    pub errors: Vec<String>,
}

/// What the preview gives a crewman.
#[derive(Debug, Clone)]
pub struct PreviewCrew {
    pub crew_id: i64,
    pub crew: String,
    /// His fate (API v1.2), or that dice still to roll decide it.
    pub fate: String,
    pub rolls: Vec<PreviewRoll>,
}

/// A roll of the preview: made with the dice entered, or still to roll (its table and
/// modifiers only).
#[derive(Debug, Clone)]
pub struct PreviewRoll {
    pub table: &'static str,
    pub dice: String,
    pub modifiers: String,
    pub total: String,
    pub result: String,
}

/// A declared sortie of the game's line-up: a row of the form, under its key.
#[derive(Debug, Clone)]
pub struct Declared {
    pub key: String,
    pub side: Side,
    pub assignment: Assignment,
    /// Its aircraft type's name; empty while the reader may not see it (§13.20).
    pub aircraft: String,
}

/// The whole debrief form, as typed, with the reasons it was refused.
#[derive(Debug, Clone, Default)]
pub struct DebriefForm {
    pub turns_played: String,
    pub left_allied: String,
    pub left_central: String,
    pub sides: Vec<SideRows>,
    pub kills: Vec<KillInput>,
    pub missions: Vec<MissionInput>,
    /// Refusals that name no part of the form.
    pub errors: Vec<String>,
    pub turns_errors: Vec<String>,
    pub kills_errors: Vec<String>,
    /// What the entered dice give each crewman, once "Preview the rolls" was asked.
    pub preview: Option<Vec<PreviewCrew>>,
    /// The game's declared sorties are its rows (API v1.2): no row is added.
    pub declared: bool,
    /// Filled in from the sheets' draft (R22).
    pub drafted: bool,
    /// The names the page shows, to say refusals and the preview with.
    words: Words,
}

fn key_of(side: Side, i: usize) -> String {
    let letter = if side == Side::Allied { 'a' } else { 'c' };
    format!("{letter}{}", i + 1)
}

fn mission_of(missions: &[MissionView], side: Side) -> Option<&MissionView> {
    missions.iter().find(|m| m.side == side)
}

/// A count of rows as the form holds it: `default` when absent, one more when its
/// "Add" button was pressed, within 1 and [`MAX_ROWS`].
fn rows_count(raw: &RawForm, field: &str, add: &str, default: usize) -> usize {
    let held = raw.value(field).trim().parse().unwrap_or(default);
    let more = usize::from(raw.adding() == add);
    (held + more).clamp(1, MAX_ROWS)
}

impl DebriefForm {
    /// The form for `missions` as `raw` holds it; `raw` empty gives the blank form with
    /// each side's mission aircraft and crew filled in from its assignment. A game with
    /// a line-up has a row for each of its `declared` sorties, under its key.
    pub fn read(
        raw: &RawForm,
        missions: &[MissionView],
        roster: &Roster,
        declared: &[Declared],
    ) -> Self {
        let fresh = raw.0.is_empty();
        let mut sides = Vec::new();
        for side in Side::ALL.iter().copied() {
            let mission = mission_of(missions, side);
            let sweep_side = mission.is_some_and(|m| m.mission_type.is_sweep());
            let assigned = mission.filter(|m| m.aircraft_id.is_some());
            let rows = if declared.is_empty() {
                let count = rows_count(raw, &format!("{side}_rows"), side.as_str(), ROWS_PER_SIDE);
                (0..count)
                    .map(|i| {
                        let key = key_of(side, i);
                        let filled = assigned.filter(|_| fresh && i == 0);
                        let mission_row = sweep_side || (i == 0 && assigned.is_some());
                        sortie_row(raw, roster, side, key, filled, mission_row)
                    })
                    .collect()
            } else {
                declared
                    .iter()
                    .filter(|d| d.side == side)
                    .map(|d| {
                        let mission_row = d.assignment == Assignment::Mission;
                        sortie_row(raw, roster, side, d.key.clone(), None, mission_row)
                    })
                    .collect()
            };
            sides.push(SideRows { side, rows });
        }
        let kill_count = rows_count(raw, "kill_rows", "kill", 1);
        let mut form = Self {
            turns_played: raw.value("turns_played").to_owned(),
            left_allied: raw.value("left_allied").to_owned(),
            left_central: raw.value("left_central").to_owned(),
            sides,
            missions: missions
                .iter()
                .filter(|m| !m.mission_type.is_sweep())
                .map(|m| mission_input(raw, m))
                .collect(),
            words: Words {
                crew: roster.crew.iter().map(|c| (c.id, c.name.clone())).collect(),
                aircraft: roster
                    .aircraft
                    .iter()
                    .map(|a| (a.id, a.name.clone()))
                    .collect(),
                missions: missions
                    .iter()
                    .map(|m| {
                        let side = if m.side == Side::Allied {
                            "Allied"
                        } else {
                            "Central"
                        };
                        (
                            m.id,
                            format!("the {side} mission ({})", m.mission_type.label()),
                        )
                    })
                    .collect(),
            },
            declared: !declared.is_empty(),
            ..Self::default()
        };
        let victims: Vec<(String, String)> = form
            .rows()
            .map(|row| {
                let side = if row.side == Side::Allied {
                    "Allied"
                } else {
                    "Central"
                };
                let label = match row.named(roster) {
                    Some(named) => format!("{} — {named}", row.key),
                    None => format!("{} — the {side} aircraft of that row", row.key),
                };
                (row.key.clone(), label)
            })
            .collect();
        let flyers = roster.flyers();
        form.kills = (1..=kill_count)
            .map(|n| KillInput {
                n,
                victims: Choice::list(victims.clone(), [raw.value(&format!("k{n}_victim"))]),
                shooters: Choice::list(flyers.clone(), raw.values(&format!("k{n}_shooters"))),
            })
            .collect();
        form
    }

    /// Every sortie row, Allied first.
    pub fn rows(&self) -> impl Iterator<Item = &SortieInput> {
        self.sides.iter().flat_map(|s| s.rows.iter())
    }

    pub(super) fn rows_mut(&mut self) -> impl Iterator<Item = &mut SortieInput> {
        self.sides.iter_mut().flat_map(|s| s.rows.iter_mut())
    }

    /// Shows what the preview gave each crewman: the rolls whose dice were entered,
    /// and the first still to roll with its table and modifiers.
    pub fn show_preview(&mut self, crew: &[CrewRollsView]) {
        let texts = crew_rolls(crew, &self.words.crew);
        self.preview = Some(
            crew.iter()
                .zip(texts)
                .map(|(view, text)| {
                    let waiting = view.rolls.iter().any(|r| r.dice.is_empty());
                    PreviewCrew {
                        crew_id: text.crew_id,
                        crew: text.crew,
                        fate: if waiting {
                            "decided by the dice still to roll".to_owned()
                        } else {
                            // What becomes of him (API v1.2 `fate`), not a table's result.
                            text.fate.to_owned()
                        },
                        rolls: view
                            .rolls
                            .iter()
                            .zip(text.rolls)
                            .map(|(line, t)| {
                                let rolled = !line.dice.is_empty();
                                PreviewRoll {
                                    table: t.table,
                                    dice: if rolled {
                                        t.dice
                                    } else {
                                        "to be rolled".to_owned()
                                    },
                                    modifiers: t.modifiers,
                                    total: if rolled {
                                        t.total.to_string()
                                    } else {
                                        "—".to_owned()
                                    },
                                    result: if rolled { t.result } else { "—".to_owned() },
                                }
                            })
                            .collect(),
                    }
                })
                .collect(),
        );
    }

    /// Whether any reason is shown.
    pub fn refused(&self) -> bool {
        !self.errors.is_empty()
            || !self.turns_errors.is_empty()
            || !self.kills_errors.is_empty()
            || self.rows().any(SortieInput::refused)
            || self.missions.iter().any(|m| !m.errors.is_empty())
    }

    /// The API's request, or `None` with every reason placed when the form itself does
    /// not read (a word where a number goes, a row half filled in).
    pub fn request(&mut self) -> Option<DebriefRequest> {
        let turns_played = match self.turns_played.trim() {
            "" => Err("enter the turns the game lasted".to_owned()),
            t => parse_count(t, 0, "Turns played"),
        };
        let left = |text: &str, side: &str| match text.trim() {
            "" => Ok(None),
            t => parse_count(t, 0, &format!("The turn the {side} side left")).map(Some),
        };
        let (allied, central) = (
            left(&self.left_allied, "Allied"),
            left(&self.left_central, "Central"),
        );
        let mut sorties = Vec::new();
        let played = turns_played.as_ref().map_or(0, |t| *t);
        for row in self.rows_mut() {
            if let Some(report) = row_report(row, played) {
                sorties.push(report);
            }
        }
        for e in [
            turns_played.as_ref().err(),
            allied.as_ref().err(),
            central.as_ref().err(),
        ]
        .into_iter()
        .flatten()
        {
            self.turns_errors.push(e.clone());
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
                    self.kills_errors.push(format!(
                        "kill {}: choose the aircraft its shooters brought down",
                        kill.n
                    ));
                }
                None => {}
            }
        }
        let mut missions = Vec::new();
        for m in &mut self.missions {
            match m.facts.counts() {
                Ok(counts) => missions.push(MissionFacts {
                    mission_id: m.id,
                    landed_safely: m.landed_safely,
                    target_observed: m.facts.target_observed,
                    hexes_observed: counts.hexes_observed,
                    target_destroyed: m.target_destroyed,
                    trips: counts.trips,
                    hexes_strafed: counts.hexes_strafed,
                    balloon_destroyed: m.facts.balloon_destroyed,
                }),
                Err(problems) => m.errors.extend(problems.into_iter().map(|(_, e)| e)),
            }
        }
        let (Ok(turns_played), Ok(allied), Ok(central)) = (turns_played, allied, central) else {
            return None;
        };
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

    /// Puts every problem of the API's refusal next to the part of the report it
    /// points at — a row by its key (one of its crewmen, or how it came down), the
    /// kills, a mission, the turns; else above the form — in the page's words.
    pub fn place(&mut self, error: &Error) {
        for problem in error.problems() {
            let words = self.words.say(&problem.to_string());
            self.place_one(words, problem.locus());
        }
    }

    fn place_one(&mut self, words: String, at: Option<&Locus>) {
        let slot = match at {
            Some(Locus::SortiePart {
                key,
                crew_id,
                field,
            }) => self.rows_mut().find(|row| row.key == *key).map(|row| {
                let seat = crew_id.and_then(|id| {
                    row.seats
                        .iter()
                        .position(|s| chosen(&s.crew) == Some(id.to_string().as_str()))
                });
                match (seat, field) {
                    (Some(i), _) => &mut row.seats[i].errors,
                    (None, Some(f)) if f.starts_with("down") => &mut row.down.errors,
                    (None, _) => &mut row.errors,
                }
            }),
            Some(Locus::Sortie(key)) => self
                .rows_mut()
                .find(|row| row.key == *key)
                .map(|row| &mut row.errors),
            Some(Locus::Kills) => Some(&mut self.kills_errors),
            Some(Locus::Mission(id)) => self
                .missions
                .iter_mut()
                .find(|m| m.id == *id)
                .map(|m| &mut m.errors),
            Some(Locus::Field("turns_played")) => Some(&mut self.turns_errors),
            Some(Locus::Field(_)) | None => None,
        };
        match slot {
            Some(slot) => slot.push(words),
            None => self.errors.push(words),
        }
    }
}
