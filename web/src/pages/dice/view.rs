//! The dice page's view: the page and a roll as the log shows it.

use super::{DiceForm, Input, ModifierGroup};
use crate::form::FieldErrors;
use crate::pages::dice_check::{ReceiptLine, SealLine};
use crate::pages::Nav;
use crate::words::{
    self,
    rolls::{self, Logged},
};
use askama::Template;
use eagles_office::rolls::RollView;

/// A roll as the log shows it.
pub struct DiceLogLine {
    pub view: RollView,
    /// The table by the rulebook's name.
    pub table: &'static str,
    pub dice: String,
    /// "aircraft on fire −1, shot down at altitude 1–3 −2", or empty.
    pub modifiers: String,
    /// "total", or for a shot "combat value".
    pub total_name: &'static str,
    /// The result as a sentence in the rulebook's terms.
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
        let modifiers = match words::modifiers::modifiers(&view.modifiers) {
            none if none == "none" => String::new(),
            said => said,
        };
        Self {
            table: rolls::table_name(view.table),
            total_name: rolls::total_name(view.table),
            result: rolls::result(Logged::from(&view)),
            view,
            dice,
            modifiers,
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
    /// Each table's wire name and the rulebook's name for it.
    pub tables: Vec<(&'static str, &'static str)>,
    /// The modifiers' fields.
    pub modifier_groups: Vec<ModifierGroup>,
    pub rolls: Vec<DiceLogLine>,
    /// The roll just made, shown big.
    pub last: Option<DiceLogLine>,
    /// Its receipt (R25), kept by the phone for the week's check.
    pub last_receipt: Option<ReceiptLine>,
    /// The seal of the log's week, or of the current week (R25).
    pub seal: Option<SealLine>,
    /// A referee's roll takes no nonce: his form has none (R25).
    pub referee: bool,
    /// Members roll while the campaign runs.
    pub may_roll: bool,
    pub form: DiceForm,
    pub errors: FieldErrors,
    /// The base template offers a reload once the campaign moves past it.
    pub revision: i64,
}

impl DicePage {
    /// What the form holds in the modifier field `name`.
    pub fn posted(&self, name: &str) -> &str {
        self.form.modifiers.get(name).map_or("", String::as_str)
    }

    /// Whether any modifier field is filled, to show them open.
    pub fn any_modifier(&self) -> bool {
        self.form.modifiers.values().any(|v| !v.trim().is_empty())
            || self.errors.get("modifiers").is_some()
    }
}
