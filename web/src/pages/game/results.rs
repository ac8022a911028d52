//! A debriefed game's results as the game and week pages show them: who flew what,
//! with each man's fate (R7, R8), who shot down whom (R4), the XP each crewman earned,
//! per kind of award (R4, R5), and the casualties. Drawn from what the service read of
//! many games' debriefs at once ([`GameRecords`]). The game page adds what became of each
//! crewman with the rolls that decided it (R8, R14); the debrief form's preview shows
//! the same lines.

use std::collections::HashMap;

use campaign::injuries::CasualtyKind;
use campaign::missions::Assignment;
use eagles_office::debrief::{
    CrewRollsView, Flown, FlownKill, FlownSortie, GameAward, GameCasualty, GameRecords, RollLine,
};

use crate::pages::and_list;
use crate::words;

/// The kinds of award in the order the columns show them.
pub const KINDS: [&str; 6] = [
    "turns",
    "kill",
    "red_hits",
    "sortie",
    "mission_success",
    "mission_units",
];

/// The column headings of [`KINDS`].
pub const KIND_LABELS: [&str; 6] = [
    "turns",
    "kills",
    "red hits",
    "sortie",
    "mission success",
    "mission units",
];

/// What one crewman earned in a game.
#[derive(Debug, Clone)]
pub struct AwardRow {
    pub crew_id: i64,
    pub crew: String,
    /// Points per kind, in the order of [`KINDS`].
    pub points: Vec<i32>,
    pub total: i32,
}

/// A game's debrief results.
#[derive(Debug, Clone, Default)]
pub struct GameResults {
    /// The game's id, for the ids of the page's elements.
    pub game_id: i64,
    /// Each aircraft that flew, with its crew and their fates.
    pub sorties: Vec<SortieResult>,
    /// Who shot down whom: "Georges Guynemer (Spad VII, a1) shot down c2 (Albatros
    /// D.III, Max Immelmann)".
    pub kills: Vec<String>,
    pub awards: Vec<AwardRow>,
    /// Awards since reversed by a correction; they no longer count.
    pub reversed: usize,
    /// A line per casualty, e.g. "Kurt Wolff: serious injury, out 9 weeks (dice 2 5 6)".
    pub casualties: Vec<String>,
    /// Each crewman's outcome and rolls; only the game page fills it in.
    pub crew: Vec<CrewRolls>,
}

/// An aircraft that flew in the game.
#[derive(Debug, Clone)]
pub struct SortieResult {
    /// `a1`, `c2`, …
    pub key: String,
    /// "Allied" or "Central".
    pub side: &'static str,
    pub aircraft: String,
    /// It flew its side's mission (R9).
    pub mission: bool,
    pub lost: bool,
    /// Its pilot, then its observer.
    pub crew: Vec<SeatLine>,
}

/// A man aboard and his fate.
#[derive(Debug, Clone)]
pub struct SeatLine {
    pub crew_id: i64,
    pub crew: String,
    /// "pilot" or "observer".
    pub position: &'static str,
    /// "unharmed", "serious injury", "captured", …: the final result (R7, R8).
    pub fate: &'static str,
}

/// What became of one crewman, and the rolls that decided it, in the order made.
#[derive(Debug, Clone)]
pub struct CrewRolls {
    pub crew_id: i64,
    pub crew: String,
    /// His fate: the worse of his wounds and the tables' results, or his capture (R7,
    /// R8); never a table's result alone. The pages show this.
    pub fate: &'static str,
    /// What the forced-landing tables gave, or what was sent: shown beside the fate
    /// only where it says otherwise ("unharmed" on the crash table, a serious wound).
    pub outcome: &'static str,
    pub rolls: Vec<RollText>,
}

/// A roll as a person reads it.
#[derive(Debug, Clone)]
pub struct RollText {
    /// The table's name, e.g. "Crash Result Table".
    pub table: &'static str,
    /// "3 4".
    pub dice: String,
    /// "crashed in woods or a trench line −1, minor wound −1", or "none".
    pub modifiers: String,
    pub total: i32,
    /// "Serious injury", "Evaded capture: …", or for an injury "3 weeks out of service".
    pub result: String,
}

/// Each of `crew` with his name from `names`.
pub fn crew_rolls(crew: &[CrewRollsView], names: &HashMap<i64, String>) -> Vec<CrewRolls> {
    crew.iter()
        .map(|c| CrewRolls {
            crew_id: c.crew_id,
            crew: name_of(names, c.crew_id),
            fate: c.fate.label(),
            outcome: c.outcome.label(),
            rolls: c.rolls.iter().map(roll_text).collect(),
        })
        .collect()
}

fn roll_text(roll: &RollLine) -> RollText {
    let dice = roll.dice.iter().map(i32::to_string).collect::<Vec<_>>();
    RollText {
        table: words::rolls::table_name(roll.table),
        dice: dice.join(" "),
        modifiers: words::modifiers::modifiers(&roll.modifiers),
        total: roll.total,
        result: words::rolls::result(words::rolls::Logged::from(roll)),
    }
}

/// The results of the games `records` holds, by game id; `names` gives crewmen's names.
pub fn of(records: &GameRecords, names: &HashMap<i64, String>) -> HashMap<i64, GameResults> {
    let flown = &records.flown;
    let mut results = by_game(&records.awards, &records.casualties, names);
    for sortie in &flown.sorties {
        results
            .entry(sortie.game_id)
            .or_default()
            .sorties
            .push(sortie_line(sortie, names));
    }
    for kill in &flown.kills {
        results
            .entry(kill.game_id)
            .or_default()
            .kills
            .push(kill_line(kill, flown, names));
    }
    for (&game_id, game) in &mut results {
        game.game_id = game_id;
    }
    results
}

fn name_of(names: &HashMap<i64, String>, id: i64) -> String {
    names
        .get(&id)
        .cloned()
        .unwrap_or_else(|| format!("crewman {id}"))
}

fn sortie_line(s: &FlownSortie, names: &HashMap<i64, String>) -> SortieResult {
    SortieResult {
        key: s.key.clone(),
        side: s.side.label(),
        aircraft: s.aircraft.clone(),
        mission: s.assignment == Assignment::Mission,
        lost: s.lost,
        crew: s
            .crew
            .iter()
            .map(|c| SeatLine {
                crew_id: c.crew_id,
                crew: name_of(names, c.crew_id),
                position: c.position.label(),
                fate: c.fate.label(),
            })
            .collect(),
    }
}

/// "Georges Guynemer (Spad VII, a1) shot down c2 (Albatros D.III, Max Immelmann)":
/// each shooter with his aircraft and sortie, the victim with its aircraft and crew.
fn kill_line(kill: &FlownKill, flown: &Flown, names: &HashMap<i64, String>) -> String {
    let shooters: Vec<String> = kill
        .shooters
        .iter()
        .map(|&id| {
            let name = name_of(names, id);
            match flown.sortie_of(kill.game_id, id) {
                Some(s) => format!("{name} ({}, {})", s.aircraft, s.key),
                None => name,
            }
        })
        .collect();
    let victim = match flown.sortie(kill.game_id, &kill.victim) {
        Some(s) => {
            let crew: Vec<String> = s.crew.iter().map(|c| name_of(names, c.crew_id)).collect();
            let crew = and_list(&crew);
            format!("{} ({}, {crew})", s.key, s.aircraft)
        }
        None => kill.victim.clone(),
    };
    format!("{} shot down {victim}", and_list(&shooters))
}

/// The results of each game among `awards` and `casualties` (loaded for many games at
/// once), by game id; `names` gives crewmen's names.
fn by_game(
    awards: &[GameAward],
    casualties: &[GameCasualty],
    names: &HashMap<i64, String>,
) -> HashMap<i64, GameResults> {
    let name = |id: i64| name_of(names, id);
    let mut results: HashMap<i64, GameResults> = HashMap::new();
    for award in awards {
        let game = results.entry(award.game_id).or_default();
        if award.reversed {
            game.reversed += 1;
            continue;
        }
        let row = match game.awards.iter().position(|r| r.crew_id == award.crew_id) {
            Some(i) => &mut game.awards[i],
            None => {
                game.awards.push(AwardRow {
                    crew_id: award.crew_id,
                    crew: name(award.crew_id),
                    points: vec![0; KINDS.len()],
                    total: 0,
                });
                game.awards.last_mut().expect("just pushed")
            }
        };
        if let Some(k) = KINDS.iter().position(|k| *k == award.kind.as_str()) {
            row.points[k] += award.points;
        }
        row.total += award.points;
    }
    for c in casualties {
        results
            .entry(c.game_id)
            .or_default()
            .casualties
            .push(casualty_line(&name(c.crew_id), c));
    }
    results
}

/// "out 1 week", "out 3 weeks".
fn weeks_out(weeks: i64) -> String {
    format!("out {}", words::counted(weeks, "week"))
}

fn casualty_line(name: &str, c: &GameCasualty) -> String {
    let what = c.kind.label();
    let out = match (c.kind, c.weeks_out, c.sent_home) {
        (CasualtyKind::Killed, _, _) => String::new(),
        (_, _, true) => ", sent home for the rest of the war".to_owned(),
        (CasualtyKind::Captured, None, _) => ", prisoner for the rest of the war".to_owned(),
        (_, Some(weeks), _) => match c.out_until_week {
            Some(until) => format!(", {}", super::super::crew_list::absence(until)),
            None => format!(", {}", weeks_out(i64::from(weeks))),
        },
        _ => String::new(),
    };
    let dice = match c.dice.as_slice() {
        [] => String::new(),
        d => format!(
            " (dice {})",
            d.iter().map(i32::to_string).collect::<Vec<_>>().join(" ")
        ),
    };
    format!("{name}: {what}{out}{dice}")
}
