//! A debriefed game's results as the game and week pages show them: the XP each
//! crewman earned, per kind of award (R4, R5), and the casualties (R7, R8). Built from
//! the batch queries of `eagles_db::game_results`, so a week of games costs the same
//! queries as one. The game page adds what became of each crewman with the rolls that
//! decided it (R8, R14); the debrief form's preview shows the same lines.

use std::collections::HashMap;

use campaign::injuries::CasualtyKind;
use eagles_db::debriefs::GameCasualty;
use eagles_db::ledger::Award;
use eagles_service::debrief::{CrewRollsView, RollLine};

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
    pub awards: Vec<AwardRow>,
    /// Awards since reversed by a correction; they no longer count.
    pub reversed: usize,
    /// A line per casualty, e.g. "Kurt Wolff: serious injury, out 9 weeks (dice 2 5 6)".
    pub casualties: Vec<String>,
    /// Each crewman's outcome and rolls; only the game page fills it in.
    pub crew: Vec<CrewRolls>,
}

/// What became of one crewman, and the rolls that decided it, in the order made.
#[derive(Debug, Clone)]
pub struct CrewRolls {
    pub crew_id: i64,
    pub crew: String,
    pub outcome: &'static str,
    pub rolls: Vec<RollText>,
}

/// A roll as a person reads it.
#[derive(Debug, Clone)]
pub struct RollText {
    /// The table's name, e.g. "crash".
    pub table: &'static str,
    /// "3 4".
    pub dice: String,
    /// "woods −1, wounded −1", or "none".
    pub modifiers: String,
    pub total: i32,
    /// "serious injury", "evaded", or for an injury "out 3 weeks".
    pub result: String,
}

/// Each of `crew` with his name from `names`.
pub fn crew_rolls(crew: &[CrewRollsView], names: &HashMap<i64, String>) -> Vec<CrewRolls> {
    crew.iter()
        .map(|c| CrewRolls {
            crew_id: c.crew_id,
            crew: names
                .get(&c.crew_id)
                .cloned()
                .unwrap_or_else(|| format!("crewman {}", c.crew_id)),
            outcome: c.outcome.label(),
            rolls: c.rolls.iter().map(roll_text).collect(),
        })
        .collect()
}

fn roll_text(roll: &RollLine) -> RollText {
    let dice = roll.dice.iter().map(i32::to_string).collect::<Vec<_>>();
    let modifiers = roll
        .modifiers
        .as_object()
        .map(|m| {
            m.iter()
                .map(|(name, value)| {
                    let n = value.as_i64().unwrap_or_default();
                    // A typographic minus, as the rulebook prints its modifiers.
                    let signed = if n < 0 {
                        format!("\u{2212}{}", -n)
                    } else {
                        format!("+{n}")
                    };
                    format!("{} {signed}", name.replace('_', " "))
                })
                .collect::<Vec<_>>()
        })
        .unwrap_or_default();
    let result = match &roll.result {
        serde_json::Value::Number(weeks) => format!("out {weeks} week(s)"),
        serde_json::Value::String(name) => name.replace('_', " "),
        other => other.to_string(),
    };
    RollText {
        table: roll.table.label(),
        dice: dice.join(" "),
        modifiers: if modifiers.is_empty() {
            "none".to_owned()
        } else {
            modifiers.join(", ")
        },
        total: roll.total,
        result,
    }
}

/// The results of each game among `awards` and `casualties` (loaded for many games at
/// once), by game id; `names` gives crewmen's names.
pub fn by_game(
    awards: Vec<(Award, Option<i64>)>,
    casualties: Vec<(Option<i64>, GameCasualty)>,
    names: &HashMap<i64, String>,
) -> HashMap<i64, GameResults> {
    let name = |id: i64| {
        names
            .get(&id)
            .cloned()
            .unwrap_or_else(|| format!("crewman {id}"))
    };
    let mut results: HashMap<i64, GameResults> = HashMap::new();
    for (award, reversed_by) in awards {
        let Some(game_id) = award.game_id else {
            continue;
        };
        let game = results.entry(game_id).or_default();
        if reversed_by.is_some() {
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
        if let Some(k) = KINDS.iter().position(|k| *k == award.kind) {
            row.points[k] += award.points;
        }
        row.total += award.points;
    }
    for (game_id, c) in casualties {
        let Some(game_id) = game_id else { continue };
        results
            .entry(game_id)
            .or_default()
            .casualties
            .push(casualty_line(&name(c.crew_id), &c));
    }
    results
}

fn casualty_line(name: &str, c: &GameCasualty) -> String {
    let what = c.kind.label();
    let out = match (c.kind, c.weeks_out, c.sent_home) {
        (CasualtyKind::Killed, _, _) => String::new(),
        (_, _, true) => ", sent home for the rest of the war".to_owned(),
        (CasualtyKind::Captured, None, _) => ", prisoner for the rest of the war".to_owned(),
        (_, Some(weeks), _) => match c.out_until_week {
            Some(until) => format!(", out {weeks} week(s), until week {until}"),
            None => format!(", out {weeks} week(s)"),
        },
        _ => String::new(),
    };
    let dice = match &c.dice {
        Some(d) if !d.is_empty() => format!(
            " (dice {})",
            d.iter().map(i32::to_string).collect::<Vec<_>>().join(" ")
        ),
        _ => String::new(),
    };
    format!("{name}: {what}{out}{dice}")
}
