//! Club night's view: the page of the week's games and the page that confirms the end
//! of the campaign.

use askama::Template;
use eagles_office::campaigns::CampaignEnd;

use super::ClubNightForm;
use crate::form::FieldErrors;
use crate::pages::week::GameLine;
use crate::pages::{Nav, WeekLine};

/// The club-night page.
#[derive(Template)]
#[template(path = "club_night/page.html")]
pub struct ClubNightPage {
    pub nav: Nav,
    pub id: i64,
    pub name: String,
    pub week: WeekLine,
    pub games: Vec<GameLine>,
    /// Whether to ask the referee to abandon the open games of the week he is
    /// closing: his close was refused because of them.
    pub ask_abandon: bool,
    /// The games without a debrief, in words: "game 3", "games 3 and 4".
    pub open_games: String,
    /// How many they are.
    pub open_count: usize,
    pub is_referee: bool,
    /// The week the campaign ended in; it then takes no more writes (§13.203).
    pub ended_week: Option<i32>,
    pub form: ClubNightForm,
    pub errors: FieldErrors,
    /// The base template offers a reload once the campaign moves past it.
    pub revision: i64,
}

/// "End the campaign? This cannot be undone": the second step of ending a campaign,
/// with the standings it would end on (R12, R13).
#[derive(Template)]
#[template(path = "club_night/end.html")]
pub struct EndConfirmPage {
    pub nav: Nav,
    pub id: i64,
    pub name: String,
    pub week: WeekLine,
    pub outcome: CampaignEnd,
}
