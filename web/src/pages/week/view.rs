//! The week page's view: the page, a game with its missions and a roll of the log as
//! lines; the club night's and the live page's games are the same lines.

use std::collections::HashMap;

use askama::Template;
use campaign::sides::Side;
use eagles_office::games::{GameState, GameView, Names, Tonight};
use eagles_office::rolls::RollView;

use crate::pages::dice_check::SealLine;
use crate::pages::game::results::GameResults;
use crate::pages::Nav;
use crate::words::rolls::{self as words, Logged};

/// A side's mission as the lists show it.
pub struct MissionLine {
    pub side: String,
    pub name: &'static str,
    pub dice: String,
    /// "Sopwith 1 1/2 Strutter: Mick Mannock, Tom Mottershead" once assigned.
    pub assigned: Option<String>,
    /// The assignment is kept from this reader until the debrief (§13.20).
    pub hidden: bool,
    pub success: Option<bool>,
}

/// A game as the lists show it.
pub struct GameLine {
    pub id: i64,
    pub offensive: String,
    pub offensive_dice: String,
    pub missions: Vec<MissionLine>,
    /// Awaiting missions, in progress, debriefed, voided or abandoned; it shows as
    /// its label.
    pub state: GameState,
    /// Filled in by the week page.
    pub results: GameResults,
}

pub(super) fn joined(dice: &[i32], by: &str) -> String {
    dice.iter().map(i32::to_string).collect::<Vec<_>>().join(by)
}

/// The lines of the games of the campaign's current week, as its reader may see them
/// (§13.20): the club night's and the live page's.
pub fn tonight(tonight: Tonight) -> Vec<GameLine> {
    game_lines(tonight.games, &tonight.names)
}

/// The lines of `games`, naming crew and aircraft from `names`.
pub fn game_lines(games: Vec<GameView>, names: &Names) -> Vec<GameLine> {
    let name = |names: &HashMap<i64, String>, id: i64| {
        names.get(&id).cloned().unwrap_or_else(|| id.to_string())
    };
    let (crew, aircraft) = (&names.crew, &names.aircraft);
    games
        .into_iter()
        .map(|g| GameLine {
            id: g.id,
            offensive: crate::words::rolls::offensive(g.ground_offensive.result).to_owned(),
            offensive_dice: format!(
                "{} = {}",
                joined(&g.ground_offensive.dice, " + "),
                g.ground_offensive.roll
            ),
            state: g.state,
            missions: g
                .missions
                .iter()
                .map(|m| MissionLine {
                    side: m.side.to_string(),
                    name: m.mission_type.label(),
                    dice: joined(&m.dice, " "),
                    assigned: m.aircraft_id.map(|a| {
                        let seats = [m.pilot_id, m.observer_id]
                            .into_iter()
                            .flatten()
                            .map(|c| name(crew, c))
                            .collect::<Vec<_>>()
                            .join(", ");
                        format!("{}: {seats}", name(aircraft, a))
                    }),
                    hidden: m.assignment_hidden,
                    success: m.success,
                })
                .collect(),
            results: GameResults::default(),
        })
        .collect()
}

/// A roll of the log as the page shows it.
pub struct RollLine {
    pub id: i64,
    pub game_id: Option<i64>,
    pub side: &'static str,
    pub table: &'static str,
    pub dice: String,
    pub total: i32,
    /// "total", or for a shot "combat value" (the die is the row it is read on).
    pub total_name: &'static str,
    /// The result as a sentence in the rulebook's terms.
    pub result: String,
    pub source: &'static str,
    pub rolled_by: String,
}

impl From<RollView> for RollLine {
    fn from(r: RollView) -> Self {
        Self {
            id: r.id,
            game_id: r.game_id,
            side: r.side.map_or("", Side::label),
            table: words::table_name(r.table),
            dice: joined(&r.dice, " "),
            total: r.total,
            total_name: words::total_name(r.table),
            result: words::result(Logged::from(&r)),
            source: if r.entered { "entered" } else { "server" },
            rolled_by: r.rolled_by.unwrap_or_default(),
        }
    }
}

/// The week page.
#[derive(Template)]
#[template(path = "week/page.html")]
pub struct WeekPage {
    pub nav: Nav,
    pub id: i64,
    pub name: String,
    pub week: i32,
    pub date: String,
    pub era: &'static str,
    pub closed: bool,
    pub current_week: i32,
    pub games: Vec<GameLine>,
    pub kinds: [&'static str; 6],
    /// Types that entered service when this week closed (R15).
    pub new_aircraft: Vec<String>,
    pub rolls: Vec<RollLine>,
    /// The week's seal and the way to check its dice (R25).
    pub seal: SealLine,
}
