//! The player standings' view: the page and a player's place.

use askama::Template;
use eagles_office::standings::PlayerRow;

use crate::pages::{Nav, WeekLine};

/// A player's line: his place and his best crewman's name.
pub struct PlayerPlace {
    pub row: PlayerRow,
    pub best_name: String,
}

/// The player standings page.
#[derive(Template)]
#[template(path = "standings/players.html")]
pub struct PlayersPage {
    pub nav: Nav,
    pub id: i64,
    pub name: String,
    pub week: WeekLine,
    pub players: Vec<PlayerPlace>,
    /// The base template offers a reload once the campaign moves past it.
    pub revision: i64,
}
