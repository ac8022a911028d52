//! The ID cards' view: the page and a card with its skills.

use askama::Template;
use eagles_office::crew::CrewmanView;

use super::IdCardFilters;
use crate::form::FieldErrors;
use crate::pages::Nav;

/// One ID card.
pub struct IdCard {
    pub crewman: CrewmanView,
    pub role: &'static str,
    pub nationality: &'static str,
    pub status: &'static str,
    /// The type of his latest sortie, if he has flown.
    pub aircraft: Option<String>,
    /// His abilities, as the card shows them.
    pub skills: Vec<Skill>,
}

impl IdCard {
    /// His time out of service in the words every page uses, if he is coming back.
    pub fn absence(&self) -> Option<String> {
        self.crewman
            .out_until_week
            .map(crate::pages::crew_list::absence)
    }
}

/// An ability on a card: its name and what it does, briefly.
pub struct Skill {
    pub name: &'static str,
    /// Spin Recovery's +1 per 250 XP (R6), derived from his XP now.
    pub bonus: Option<i64>,
    pub brief: String,
}

/// The first sentence of an ability's effect: the cards are small, and the seed puts
/// what matters at the table first.
pub(super) fn brief(effect: &str) -> String {
    match effect.find(". ") {
        Some(end) => effect[..=end].to_owned(),
        None => effect.to_owned(),
    }
}

/// The ID cards page.
#[derive(Template)]
#[template(path = "id_cards/page.html")]
pub struct IdCardsPage {
    pub nav: Nav,
    pub id: i64,
    pub name: String,
    pub week: i32,
    pub cards: Vec<IdCard>,
    /// The players owning crew, for the filter.
    pub players: Vec<String>,
    pub form: IdCardFilters,
    pub errors: FieldErrors,
}
