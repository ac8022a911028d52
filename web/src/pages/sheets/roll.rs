//! A roll on a sheet's table as the page shows it large: for a shot the combat value,
//! the die and the Combat Result Table's blue and red hits ("combat value 11 — die
//! 5 — B3R: one blue, three red", R17); for the other tables the dice and the result.

use campaign::logged_table::LoggedTable;
use campaign::sheet::SheetTable;
use eagles_office::rolls::RollView;
use eagles_office::sheets::SortieView;
use serde_json::Value;

use super::card::markers;
use crate::pages::dice_check::ReceiptLine;

/// A roll just made, in words.
pub struct RollShown {
    pub id: i64,
    /// What was rolled: "Combat: a1 fired at c1", "Spin test".
    pub what: String,
    /// The line shown large.
    pub headline: String,
    /// The modifiers that applied, in words; empty when none did.
    pub modifiers: String,
    /// Whether the dice were entered (else the server rolled).
    pub entered: bool,
    /// The roll's receipt (R25), kept by the phone for the week's check.
    pub receipt: Option<ReceiptLine>,
}

/// The Combat Result Table's notation: "B3R" is one blue and three red, "2B" two blue.
pub fn hits_code(blue: u64, red: u64) -> String {
    let part = |n: u64, letter: char| match n {
        0 => String::new(),
        1 => letter.to_string(),
        n => format!("{n}{letter}"),
    };
    format!("{}{}", part(blue, 'B'), part(red, 'R'))
}

/// A shot's hits in the Combat Result Table's notation and in words: "B3R: one blue,
/// three red", or "no effect".
pub fn hits_words(blue: u64, red: u64) -> String {
    if blue + red == 0 {
        return "no effect".to_owned();
    }
    let mut words = Vec::new();
    if blue > 0 {
        words.push(markers(blue as u32, "blue"));
    }
    if red > 0 {
        words.push(markers(red as u32, "red"));
    }
    format!("{}: {}", hits_code(blue, red), words.join(", "))
}

/// A shot as the whole table sees it declared (R20), from its logged result: "a1 at
/// c1, combat value 11: B3R: one blue, three red"; none for another table's roll.
pub fn shot_summary(roll: &RollView) -> Option<String> {
    if !matches!(roll.table, LoggedTable::Sheet(SheetTable::Combat)) {
        return None;
    }
    let result = object(&roll.result)?;
    let number = |key: &str| result.get(key).and_then(Value::as_u64).unwrap_or(0);
    let key = |key: &str| {
        result
            .get(key)
            .and_then(Value::as_str)
            .unwrap_or("?")
            .to_owned()
    };
    let value = result
        .get("combat_value")
        .and_then(Value::as_i64)
        .unwrap_or(0);
    Some(format!(
        "{} at {}, combat value {value}: {}",
        key("shooter_sortie"),
        key("target_sortie"),
        hits_words(number("blue"), number("red"))
    ))
}

/// A roll's result as an object: the log keeps a shot's as JSON text.
pub(super) fn object(result: &Value) -> Option<serde_json::Map<String, Value>> {
    match result {
        Value::Object(map) => Some(map.clone()),
        Value::String(text) => serde_json::from_str(text).ok(),
        _ => None,
    }
}

fn modifier_words(modifiers: &Value) -> String {
    match modifiers {
        Value::Object(m) => m
            .iter()
            .map(|(name, value)| {
                let value = match value.as_i64() {
                    Some(v) if v > 0 => format!("+{v}"),
                    Some(v) => v.to_string(),
                    None => value.to_string(),
                };
                format!("{} {value}", name.replace('_', " "))
            })
            .collect::<Vec<_>>()
            .join(", "),
        _ => String::new(),
    }
}

impl RollShown {
    /// The roll `roll` just made in the campaign's current week `week`, naming the
    /// sorties of `lineup`.
    pub fn new(roll: &RollView, lineup: &[SortieView], week: i32) -> Self {
        let dice = roll
            .dice
            .iter()
            .map(i32::to_string)
            .collect::<Vec<_>>()
            .join(" ");
        let shot = matches!(roll.table, LoggedTable::Sheet(SheetTable::Combat));
        let (what, headline) = match object(&roll.result).filter(|_| shot) {
            Some(result) => {
                let number = |key: &str| result.get(key).and_then(Value::as_u64).unwrap_or(0);
                let key = |key: &str| {
                    let key = result.get(key).and_then(Value::as_str).unwrap_or("?");
                    lineup
                        .iter()
                        .find(|s| s.key == key)
                        .map_or_else(|| key.to_owned(), super::card::sortie_title)
                };
                let (blue, red) = (number("blue"), number("red"));
                let value = result
                    .get("combat_value")
                    .and_then(Value::as_i64)
                    .unwrap_or(0);
                let hits = hits_words(blue, red);
                // Die Roll Add moves the die, not the value (R17): say so beside it.
                let die = match roll.modifiers.get("die_roll_add").and_then(Value::as_i64) {
                    Some(add) if add != 0 => format!("{dice} {add:+} (Die Roll Add)"),
                    _ => dice.clone(),
                };
                (
                    format!(
                        "Combat: {} fired at {}",
                        key("shooter_sortie"),
                        key("target_sortie")
                    ),
                    format!("combat value {value} — die {die} — {hits}"),
                )
            }
            None => {
                let result = match &roll.result {
                    Value::String(s) => s.replace('_', " "),
                    other => other.to_string(),
                };
                let mut label = roll.table.label().to_owned();
                if let Some(first) = label.get(..1) {
                    label = first.to_uppercase() + &label[1..];
                }
                (label, format!("dice {dice} — {result}"))
            }
        };
        Self {
            id: roll.id,
            what,
            headline,
            modifiers: modifier_words(&roll.modifiers),
            entered: roll.entered,
            receipt: ReceiptLine::of(&roll.receipt, week),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_result_table_notation() {
        // R17: `B3R` is one blue and three red.
        assert_eq!(hits_code(1, 3), "B3R");
        assert_eq!(hits_code(2, 0), "2B");
        assert_eq!(hits_code(0, 1), "R");
    }
}
