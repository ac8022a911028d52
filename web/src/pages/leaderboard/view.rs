//! The leaderboard's view: the page and its CSV link's query.

use askama::Template;
use eagles_office::standings::{LeaderboardQuery, LeaderboardRow};

use super::LeaderboardFilters;
use crate::form::FieldErrors;
use crate::pages::Nav;

/// The board's filters as a query string, for the CSV link: built from the parsed
/// filters, so only names and numbers reach it.
pub(super) fn query_string(query: &LeaderboardQuery) -> String {
    let side = query.side.map(|s| format!("side={}", s.as_str()));
    let role = query.role.map(|r| format!("role={}", r.as_str()));
    let week = query.as_of_week.map(|w| format!("as_of_week={w}"));
    [side, role, week]
        .into_iter()
        .flatten()
        .collect::<Vec<_>>()
        .join("&")
}

/// The leaderboard page.
#[derive(Template)]
#[template(path = "standings/leaderboard.html")]
pub struct LeaderboardPage {
    pub nav: Nav,
    pub id: i64,
    pub name: String,
    /// The week the board stands at.
    pub week: i32,
    /// Whether that week is closed: the board then stands "at the close of week N",
    /// else "so far in week N".
    pub closed: bool,
    /// Weeks 1 to the current one, for the as-of picker.
    pub weeks: Vec<i32>,
    pub rows: Vec<LeaderboardRow>,
    pub form: LeaderboardFilters,
    pub errors: FieldErrors,
    /// The CSV link's query.
    pub csv_query: String,
    /// The base template offers a reload once the campaign moves past it.
    pub revision: i64,
}
