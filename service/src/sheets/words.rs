//! A sheet's marks and rolls in the words a player uses, for the refusals that name
//! them (R24's roll and drawn marks, a sheet that changed meanwhile): never an id.

use eagles_db::lineup::{LineupSeat, MarkRow};
use eagles_db::roll_log::RollEntry;
use eagles_office::sheets::MarkRequest;

use super::read::GameSheets;

fn plural(n: u32, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// What a mark says, the crewmen named by name: "4 wings boxes (a blue marker)".
pub fn mark_words(mark: &MarkRequest, seats: &[&LineupSeat]) -> String {
    let name = |id: i64| {
        seats
            .iter()
            .find(|s| s.crew_id == id)
            .map_or_else(|| "a crewman".to_owned(), |s| s.name.clone())
    };
    match mark {
        MarkRequest::Damage {
            section,
            boxes,
            marker,
        } => {
            let boxes = plural(*boxes, "box", "boxes");
            match marker {
                Some(m) => format!(
                    "{boxes} on the {} (a {} marker)",
                    section.label(),
                    m.label()
                ),
                None => format!("{boxes} on the {}", section.label()),
            }
        }
        MarkRequest::Drawn { marker } => format!("a {} marker drawn", marker.label()),
        MarkRequest::Fuel { boxes } => format!("{} of fuel", plural(*boxes, "box", "boxes")),
        MarkRequest::Wound { crew_id, boxes } => {
            format!(
                "{} of {}",
                plural(*boxes, "wound box", "wound boxes"),
                name(*crew_id)
            )
        }
        MarkRequest::Effect { name, on } => {
            format!("{} {}", name.label(), if *on { "on" } else { "off" })
        }
        MarkRequest::Turn { turn } => format!("turn {turn}"),
        MarkRequest::Claim { .. } => "a claim".to_owned(),
        MarkRequest::Mission(_) => "the mission's facts".to_owned(),
        MarkRequest::Down(_) => "came down".to_owned(),
        MarkRequest::Escaped {} => "left the board".to_owned(),
        MarkRequest::Undo { roll: Some(_), .. } => "a roll undone".to_owned(),
        MarkRequest::Undo { .. } => "an undo".to_owned(),
        MarkRequest::Hit { blue, red } => format!("markers to draw: {blue} blue, {red} red"),
        MarkRequest::RedHits { crew_id, count } => {
            format!(
                "{} of {}",
                plural(*count, "red hit", "red hits"),
                name(*crew_id)
            )
        }
        MarkRequest::Rolled { table, .. } => format!("a {} roll", table.label()),
    }
}

/// A stored mark with who made it: "4 boxes on the wings, marked by bob".
pub fn marked_by(row: &MarkRow, mark: &MarkRequest, seats: &[&LineupSeat]) -> String {
    let what = mark_words(mark, seats);
    match &row.marked_by {
        Some(by) => format!("{what}, marked by {by}"),
        None => what,
    }
}

/// Who wrote a stored mark and what: "bob marked 4 boxes on the wings", "bea's roll
/// marked markers to draw: 1 blue, 3 red".
pub fn who_marked(row: &MarkRow, mark: &MarkRequest, seats: &[&LineupSeat]) -> String {
    let what = mark_words(mark, seats);
    let by = row.marked_by.as_deref().unwrap_or("someone");
    if row.roll_id.is_some() {
        format!("{by}'s roll marked {what}")
    } else {
        format!("{by} marked {what}")
    }
}

/// A roll of the log as the table knows it: "the combat roll of Charles Nungesser on
/// a2's sheet, rolled by ada".
pub fn roll_words(sheets: &GameSheets, entry: &RollEntry) -> String {
    let roll = &entry.roll.roll;
    let mut words = format!("the {} roll", roll.table_name.label());
    if let Some(man) = roll
        .crew_id
        .and_then(|id| sheets.seats.iter().find(|s| s.crew_id == id))
    {
        words.push_str(&format!(" of {}", man.name));
    }
    if let Some(sortie) = roll
        .sortie_id
        .and_then(|id| sheets.sorties.iter().find(|s| s.id == id))
    {
        words.push_str(&format!(" on {}'s sheet", sortie.key));
    }
    if let Some(by) = &entry.rolled_by {
        words.push_str(&format!(", rolled by {by}"));
    }
    words
}
