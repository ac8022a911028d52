//! The dice page's view: the page and a roll as the log shows it.

use askama::Template;
use campaign::tables::Table;
use eagles_office::rolls::RollView;
use serde_json::Value;

use super::DiceForm;
use crate::form::FieldErrors;
use crate::pages::Nav;

/// A roll as the log shows it.
pub struct DiceLogLine {
    pub view: RollView,
    pub dice: String,
    pub modifiers: String,
    pub result: String,
}

impl From<RollView> for DiceLogLine {
    fn from(view: RollView) -> Self {
        let dice = view
            .dice
            .iter()
            .map(i32::to_string)
            .collect::<Vec<_>>()
            .join(" ");
        let modifiers = match &view.modifiers {
            Value::Object(m) if !m.is_empty() => m
                .iter()
                .map(|(k, v)| format!("{k} {v}"))
                .collect::<Vec<_>>()
                .join(", "),
            _ => String::new(),
        };
        let result = match &view.result {
            Value::String(s) => s.replace('_', " "),
            other => other.to_string(),
        };
        Self {
            view,
            dice,
            modifiers,
            result,
        }
    }
}

/// The dice page.
#[derive(Template)]
#[template(path = "dice/page.html")]
pub struct DicePage {
    pub nav: Nav,
    pub id: i64,
    pub name: String,
    pub weeks: Vec<i32>,
    /// The log's week filter as typed.
    pub week: String,
    pub tables: &'static [Table],
    pub rolls: Vec<DiceLogLine>,
    /// The roll just made, shown big.
    pub last: Option<DiceLogLine>,
    /// Members roll while the campaign runs.
    pub may_roll: bool,
    pub form: DiceForm,
    pub errors: FieldErrors,
    /// The base template offers a reload once the campaign moves past it.
    pub revision: i64,
}
