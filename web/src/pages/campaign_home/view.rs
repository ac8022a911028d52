//! The campaign home page's view: the page and its lines, which its JSON twin
//! serializes as they are.

use askama::Template;
use eagles_office::campaigns::{CampaignEnd, RecentKill};
use eagles_office::standings::{LeaderboardRow, SidesView};
use serde::Serialize;

use crate::pages::crew_list::CrewLine;
use crate::pages::members::MemberLine;
use crate::pages::{Nav, WeekLine};

/// One side's crew.
#[derive(Serialize)]
pub struct SideCrew {
    pub side: &'static str,
    pub crew: Vec<CrewLine>,
}

/// A side's mission in a game of this week (R9).
#[derive(Serialize)]
pub struct HomeMission {
    pub side: &'static str,
    pub mission_type: &'static str,
    pub aircraft: Option<String>,
    pub pilot: Option<String>,
    pub observer: Option<String>,
    /// The aircraft and crew are kept from this reader until the debrief (§13.20).
    pub hidden: bool,
    pub success: Option<bool>,
}

/// A game of this week with its ground offensive (R8) and missions.
#[derive(Serialize)]
pub struct HomeGame {
    pub id: i64,
    pub ground_offensive: &'static str,
    pub offensive_dice: String,
    pub debriefed: bool,
    pub voided: bool,
    pub missions: Vec<HomeMission>,
}

/// An aircraft type that enters service this week.
#[derive(Serialize)]
pub struct NewAircraft {
    pub name: String,
    pub side: &'static str,
    pub service_start: String,
}

/// The campaign home page.
#[derive(Template, Serialize)]
#[template(path = "campaigns/home.html")]
pub struct HomePage {
    #[serde(skip)]
    pub nav: Nav,
    pub id: i64,
    pub name: String,
    pub public: bool,
    pub week: WeekLine,
    pub games: Vec<HomeGame>,
    /// The week holds more games than `games` shows.
    pub more_games: bool,
    pub air_war: SidesView,
    pub top_crews: Vec<LeaderboardRow>,
    pub kills: Vec<RecentKill>,
    pub out: Vec<CrewLine>,
    pub new_aircraft: Vec<NewAircraft>,
    pub members: Vec<MemberLine>,
    pub sides: Vec<SideCrew>,
    pub is_referee: bool,
    pub is_member: bool,
    /// How it ended (§13.203); `None` while it runs.
    pub end: Option<CampaignEnd>,
    /// The name of the winner's best crewman.
    pub winner_crewman: Option<String>,
    /// The base template offers a reload once the campaign moves past it.
    pub revision: i64,
    /// Said first to whoever just joined through an invitation (R26).
    #[serde(skip)]
    pub joined: Option<&'static str>,
}
