//! The game page's view: the page, each side's panel with its mission and the
//! assignment's choices, made from the office's missions and the game's roster.

use askama::Template;
use campaign::crew::Role;
use campaign::missions::AircraftRequirement;
use campaign::sides::Side;
use eagles_office::access::CampaignScope;
use eagles_office::games::MissionView;

use super::debrief_form::DebriefForm;
use super::lineup;
use super::results::GameResults;
use super::roster::Roster;
use super::Choice;
use crate::pages::dice_check::ReceiptLine;
use crate::pages::Nav;

/// A side's part of the page: its mission, the roll form, the assignment form.
pub struct SidePanel {
    pub side: Side,
    /// The referee or a player of this side, while the campaign runs and the game is
    /// not debriefed: may roll and assign (as the API decides).
    pub can_act: bool,
    pub mission: Option<MissionPanel>,
    /// The roll form's dice, as typed.
    pub dice: String,
    pub error: Option<String>,
}

/// A rolled mission and its assignment form.
pub struct MissionPanel {
    pub id: i64,
    pub name: &'static str,
    pub roll: String,
    pub trips_needed: Option<i32>,
    pub needs: &'static str,
    /// "RAF RE8: Albert Ball, Tom Mottershead" once assigned.
    pub assigned: Option<String>,
    /// The assignment is kept from this reader until the debrief (§13.20).
    pub hidden: bool,
    pub success: Option<bool>,
    pub aircraft: Vec<Choice>,
    pub pilots: Vec<Choice>,
    pub observers: Vec<Choice>,
    pub single_seater: bool,
    pub error: Option<String>,
    /// The mission roll's receipt (R25), kept by a phone for the week's check.
    pub receipt: Option<ReceiptLine>,
}

/// The game page.
#[derive(Template)]
#[template(path = "game/page.html")]
pub struct GamePage {
    pub nav: Nav,
    pub id: i64,
    pub name: String,
    pub game_id: i64,
    pub week: i32,
    pub week_date: String,
    pub offensive: String,
    pub offensive_dice: String,
    /// The ground offensive roll's receipt (R25).
    pub offensive_receipt: Option<ReceiptLine>,
    pub debriefed: bool,
    /// Its week closed without its debrief (API v1.2).
    pub abandoned: bool,
    pub voided_week: Option<i32>,
    pub turns_played: Option<i32>,
    /// The caller referees a running campaign: the debrief and void forms are his.
    pub may_referee: bool,
    /// The game is of the current week, so it may still be debriefed.
    pub current: bool,
    pub sides: Vec<SidePanel>,
    pub debrief: DebriefForm,
    pub results: GameResults,
    /// The game's combat rolls in words, once debriefed (API v1.2).
    pub combat: Vec<String>,
    /// The line-up and its sheets (R16–R20).
    pub lineup: lineup::Lineup,
    pub kinds: [&'static str; 6],
    /// A refusal of the whole page's state (409), shown at the top.
    pub message: Option<String>,
    pub void_reason: String,
    pub void_error: Option<String>,
    /// The base template offers a reload once the campaign moves past it.
    pub revision: i64,
}

pub(super) fn names(text: impl IntoIterator<Item = String>) -> String {
    text.into_iter().collect::<Vec<_>>().join(", ")
}

pub(super) fn plays_side(scope: &CampaignScope, side: Side) -> bool {
    scope.is_referee() || scope.member().is_some_and(|m| m.side == Some(side))
}

/// The panel of the mission `m` of a game of week `week`.
pub(super) fn mission_panel(m: &MissionView, roster: &Roster, week: i32) -> MissionPanel {
    let needs = m.mission_type.requirement();
    let id = |v: Option<i64>| v.map(|v| v.to_string()).unwrap_or_default();
    let assigned = m.aircraft_id.map(|a| {
        let crew = [m.pilot_id, m.observer_id]
            .into_iter()
            .flatten()
            .map(|c| roster.crew_name(c));
        format!("{}: {}", roster.aircraft_name(a), names(crew))
    });
    MissionPanel {
        id: m.id,
        name: m.mission_type.label(),
        roll: names(m.dice.iter().map(i32::to_string)),
        trips_needed: m.trips_needed,
        needs: needs.label(),
        assigned,
        hidden: m.assignment_hidden,
        success: m.success,
        aircraft: Choice::list(
            roster.aircraft_options(m.side, needs),
            [id(m.aircraft_id).as_str()],
        ),
        pilots: Choice::list(
            roster.crew_options(m.side, Role::Pilot),
            [id(m.pilot_id).as_str()],
        ),
        observers: Choice::list(
            roster.crew_options(m.side, Role::Observer),
            [id(m.observer_id).as_str()],
        ),
        single_seater: needs == AircraftRequirement::SingleSeater,
        error: None,
        receipt: ReceiptLine::of(&m.receipt, week),
    }
}

impl GamePage {
    pub(super) fn side_mut(&mut self, side: Side) -> &mut SidePanel {
        self.sides
            .iter_mut()
            .find(|s| s.side == side)
            .expect("a panel per side")
    }

    pub(super) fn mission_mut(&mut self, mission_id: i64) -> Option<&mut MissionPanel> {
        self.sides
            .iter_mut()
            .filter_map(|s| s.mission.as_mut())
            .find(|m| m.id == mission_id)
    }
}
