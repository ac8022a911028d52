//! The dice form's modifiers as labelled fields (issue 37): every modifier of the
//! tables that take any (appendix C's Landing, Crash Result, Bailing Out and Evading
//! tables, appendix E's bomb attack), named as the rulebook names it and with the
//! tables it belongs to; the page posts the filled ones to the roll as the API names
//! them, and the service refuses one the chosen table does not have.

use campaign::sides::Nationality;
use campaign::tables::evade::SideOfLines;
use campaign::tables::ground_offensive::GroundOffensive;
use campaign::tables::landing::Terrain;
use serde_json::{Map, Value};
use std::collections::HashMap;

use crate::form::FieldErrors;
use crate::words::rolls::offensive;

/// What a modifier's field takes.
pub enum Input {
    /// A checkbox: the modifier applies or not.
    Flag,
    /// A select of (wire name, words).
    Choice(Vec<(&'static str, String)>),
    /// A whole number (an altitude, a count of hexes).
    Number,
}

/// A modifier's field on the form.
pub struct ModifierField {
    /// The API's name, which is also the field's.
    pub name: &'static str,
    pub label: &'static str,
    /// The tables it belongs to, by the rulebook's names.
    pub tables: &'static str,
    pub input: Input,
}

/// A group of fields under a legend.
pub struct ModifierGroup {
    pub legend: &'static str,
    pub fields: Vec<ModifierField>,
}

const LANDING: &str = "Landing";
const CRASH: &str = "Crash Result";
const BAIL: &str = "Bailing Out";
const EVADE: &str = "Evading";
const BOMB: &str = "bomb attack";

fn flag(name: &'static str, label: &'static str, tables: &'static str) -> ModifierField {
    field(name, label, tables, Input::Flag)
}

fn field(
    name: &'static str,
    label: &'static str,
    tables: &'static str,
    input: Input,
) -> ModifierField {
    ModifierField {
        name,
        label,
        tables,
        input,
    }
}

fn words(name: &str) -> String {
    name.replace('_', " ")
}

/// The form's modifier fields, grouped.
pub fn groups() -> Vec<ModifierGroup> {
    let terrain = Terrain::ALL
        .iter()
        .map(|t| (t.as_str(), words(t.as_str())))
        .collect();
    let nationality = Nationality::ALL
        .iter()
        .map(|n| (n.as_str(), n.label().to_owned()))
        .collect();
    let lines = [
        (SideOfLines::Own, "his own side of the lines"),
        (SideOfLines::NoMansLand, "no man's land"),
        (SideOfLines::Enemy, "the enemy's side of the lines"),
    ]
    .iter()
    .map(|(s, w)| (s.as_str(), (*w).to_owned()))
    .collect();
    let offensives = GroundOffensive::ALL
        .iter()
        .map(|o| (o.as_str(), offensive(*o).to_owned()))
        .collect();
    vec![
        ModifierGroup {
            legend: "The aircraft",
            fields: vec![
                field(
                    "terrain",
                    "Terrain of the hex",
                    "Landing (needed), Crash Result",
                    Input::Choice(terrain),
                ),
                flag("road", "A road in the hex", LANDING),
                flag("on_fire", "On fire", "Landing, Crash Result, Bailing Out"),
                flag("smoking", "Smoking", LANDING),
                flag("gliding", "Gliding", LANDING),
                flag("critical_damage", "Critically damaged", LANDING),
                flag("pusher", "A pusher aircraft", CRASH),
                field(
                    "shot_down_at_altitude",
                    "Shot down at altitude",
                    CRASH,
                    Input::Number,
                ),
                flag(
                    "aircraft_destroyed",
                    "Destroyed when the crew bailed out",
                    BAIL,
                ),
                flag("altitude_1", "Bailing out at altitude 1", BAIL),
            ],
        },
        ModifierGroup {
            legend: "The crewman",
            fields: vec![
                field(
                    "nationality",
                    "Nationality",
                    "Bailing Out (needed: parachutes, §13.03)",
                    Input::Choice(nationality),
                ),
                flag("minor_wound", "Has a minor wound", "Landing, Bailing Out"),
                flag(
                    "serious_wound",
                    "Has a serious wound",
                    "Landing, Bailing Out",
                ),
                flag("novice", "Flown by a novice", LANDING),
                flag("observer_flying", "The observer is flying", LANDING),
                flag("co_pilot_flying", "The co-pilot is flying", LANDING),
                flag("minor_injury", "Has a minor injury", EVADE),
                flag("serious_injury", "Has a serious injury", EVADE),
            ],
        },
        ModifierGroup {
            legend: "Evading capture",
            fields: vec![
                field(
                    "side_of_lines",
                    "Landed or crashed on",
                    "Evading (needed)",
                    Input::Choice(lines),
                ),
                field(
                    "hexes_from_friendly_trenches",
                    "Hexes from the friendly trenches",
                    "Evading (needed)",
                    Input::Number,
                ),
                field(
                    "ground_offensive",
                    "Ground offensive",
                    "Evading, without a game (a game gives its own)",
                    Input::Choice(offensives),
                ),
            ],
        },
        ModifierGroup {
            legend: "Bombing",
            fields: vec![
                field(
                    "altitude",
                    "Altitude of the bomb attack",
                    "bomb attack (needed)",
                    Input::Number,
                ),
                flag(
                    "bombardier",
                    "The observer has the Bombardier ability",
                    BOMB,
                ),
            ],
        },
    ]
}

/// The filled fields of `posted` as the roll request's modifiers; a number that is not
/// one is noted next to its field.
pub fn read(posted: &HashMap<String, String>, errors: &mut FieldErrors) -> Map<String, Value> {
    let mut modifiers = Map::new();
    for field in groups().into_iter().flat_map(|g| g.fields) {
        let Some(text) = posted.get(field.name).map(|t| t.trim()) else {
            continue;
        };
        if text.is_empty() {
            continue;
        }
        let value = match field.input {
            Input::Flag => Value::Bool(true),
            Input::Choice(_) => Value::from(text),
            Input::Number => match text.parse::<u32>() {
                Ok(n) => Value::from(n),
                Err(_) => {
                    errors.add(field.name, "give a whole number, e.g. 2");
                    continue;
                }
            },
        };
        modifiers.insert(field.name.to_owned(), value);
    }
    modifiers
}

#[cfg(test)]
mod tests {
    use super::*;

    // Issue 37: the fields post what the roll needs, as the API names it.
    #[test]
    fn fields_post_the_apis_modifiers() {
        let posted: HashMap<String, String> = [
            ("terrain", "shell_holes"),
            ("on_fire", "yes"),
            ("shot_down_at_altitude", "3"),
            ("road", ""),
            ("not_a_modifier", "x"),
        ]
        .into_iter()
        .map(|(k, v)| (k.to_owned(), v.to_owned()))
        .collect();
        let mut errors = FieldErrors::default();
        let m = read(&posted, &mut errors);
        assert!(errors.is_empty());
        assert_eq!(
            Value::Object(m),
            serde_json::json!({"terrain": "shell_holes", "on_fire": true, "shot_down_at_altitude": 3})
        );
        let posted = [("altitude".to_owned(), "high".to_owned())].into();
        let m = read(&posted, &mut errors);
        assert!(m.is_empty());
        assert!(errors.get("altitude").is_some());
    }

    // No field is labelled in code.
    #[test]
    fn labels_are_words() {
        for field in groups().into_iter().flat_map(|g| g.fields) {
            assert!(!field.label.contains('_'), "{}", field.label);
            if let Input::Choice(choices) = field.input {
                assert!(choices.iter().all(|(_, w)| !w.contains('_')));
            }
        }
    }
}
