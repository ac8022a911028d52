//! The weekly briefing of a club night: rosters, who is out and back, picks waiting,
//! last week's results and the standings.

use crate::access::ReadAccess;
use crate::reference::AircraftView;
use crate::standings::SidesView;
use campaign::calendar::Era;
use campaign::crew::{CrewStatus, Role};
use campaign::injuries::CasualtyKind;
use campaign::missions::MissionType;
use campaign::sides::Side;
use campaign::status::PendingPicks;
use chrono::NaiveDate;
use serde::Serialize;

/// The briefing of one week of a campaign.
#[derive(Debug, Serialize)]
pub struct Briefing {
    pub campaign_id: i64,
    pub campaign_name: String,
    pub public: bool,
    pub week: i32,
    pub date: NaiveDate,
    pub era: Era,
    /// The campaign's week now: a briefing of an earlier week is history.
    pub current_week: i32,
    /// The week the campaign ended in, once it has (§13.203).
    pub ended_week: Option<i32>,
    /// Types whose service starts while the week runs: in service from the first of
    /// their month, on the next week's date for the missions (R9, R15).
    pub new_aircraft: Vec<AircraftView>,
    /// The crew fit to fly, by side then player.
    pub flying: Vec<SideRoster>,
    /// The players none of whose crew can fly this week (all out, killed or
    /// captured), with each crewman's state: they may create replacements (R3).
    pub grounded: Vec<GroundedPlayer>,
    /// The crew out of service, and until when.
    pub out: Vec<OutCrewman>,
    /// The crew back this week: their time out ended with the week before (R7).
    pub returning: Vec<CrewmanRef>,
    /// The crew with abilities earned and not chosen yet (R6).
    pub pending_picks: Vec<PendingPick>,
    /// The week before's results; none in week 1.
    pub last_week: Option<WeekResults>,
    /// The standings as of the week before, with their change; none in week 1.
    pub standings: Option<Standings>,
}

/// A crewman named on the briefing.
#[derive(Debug, Clone, Serialize)]
pub struct CrewmanRef {
    pub id: i64,
    pub name: String,
    pub role: Role,
    pub side: Side,
    /// The owning player's username.
    pub owner: String,
}

/// One side's crew fit to fly.
#[derive(Debug, Serialize)]
pub struct SideRoster {
    pub side: Side,
    pub players: Vec<PlayerRoster>,
}

/// One player's crew fit to fly.
#[derive(Debug, Serialize)]
pub struct PlayerRoster {
    pub owner: String,
    pub crew: Vec<FlyingCrewman>,
}

/// A player with crew, none of it fit to fly.
#[derive(Debug, Serialize)]
pub struct GroundedPlayer {
    pub owner: String,
    pub side: Side,
    /// His crew, each with why he cannot fly.
    pub crew: Vec<GroundedCrewman>,
}

/// A crewman of a grounded player and why he cannot fly.
#[derive(Debug, Serialize)]
pub struct GroundedCrewman {
    pub crewman: CrewmanRef,
    pub status: CrewStatus,
    /// The last week he is out; none when his war is over.
    pub out_until_week: Option<i32>,
}

/// A crewman fit to fly, with what the table needs of him.
#[derive(Debug, Serialize)]
pub struct FlyingCrewman {
    pub id: i64,
    pub name: String,
    pub role: Role,
    pub xp: i64,
    /// Under 50 XP (R6).
    pub novice: bool,
    /// At least 5 kills (R6).
    pub ace: bool,
}

/// A crewman out of service.
#[derive(Debug, Serialize)]
pub struct OutCrewman {
    pub crewman: CrewmanRef,
    /// `wounded`, `captured` or `sent_home`; the dead are not out, they are gone.
    pub status: CrewStatus,
    /// The last week he is out; none when his war is over (a prisoner, sent home).
    pub out_until_week: Option<i32>,
}

/// A crewman with picks to make.
#[derive(Debug, Serialize)]
pub struct PendingPick {
    pub crewman: CrewmanRef,
    pub xp: i64,
    pub kills: i64,
    pub picks: PendingPicks,
}

/// A week's results as they stood when it closed.
#[derive(Debug, Default, Serialize)]
pub struct WeekResults {
    pub week: i32,
    /// Games played and not voided by the close.
    pub games: usize,
    /// Games abandoned when the week closed without their debrief (API v1.2): no
    /// awards, no casualties; not counted in `games`.
    pub abandoned: Vec<i64>,
    pub kills: Vec<KillLine>,
    pub deaths: Vec<CasualtyLine>,
    pub captures: Vec<CasualtyLine>,
    pub injuries: Vec<CasualtyLine>,
    pub missions: Vec<MissionResult>,
}

/// A kill: who shot down whom.
#[derive(Debug, Serialize)]
pub struct KillLine {
    pub game_id: i64,
    /// The crewmen credited (a shared kill has several, R4).
    pub shooters: Vec<String>,
    pub victim_side: String,
    pub victim_aircraft: String,
    /// The victim's crew, pilot first.
    pub victim_crew: Vec<String>,
}

/// A casualty of a game.
#[derive(Debug, Serialize)]
pub struct CasualtyLine {
    pub crew_id: i64,
    pub name: String,
    pub owner: String,
    pub side: Side,
    pub kind: CasualtyKind,
    /// The last week he is out; none when his war is over.
    pub out_until_week: Option<i32>,
    pub sent_home: bool,
}

/// A side's mission in a game and how it went (R10).
#[derive(Debug, Serialize)]
pub struct MissionResult {
    pub game_id: i64,
    pub side: Side,
    pub mission_type: MissionType,
    /// None until the game's debrief.
    pub success: Option<bool>,
    /// The mission aircraft and its crew, when the reader may see them (§13.20).
    pub aircraft: Option<String>,
    pub crew: Vec<String>,
}

/// The standings as of a week, with their change since the week before it.
#[derive(Debug, Serialize)]
pub struct Standings {
    pub as_of_week: i32,
    /// The week the change is counted from; none when the standings are the first.
    pub since_week: Option<i32>,
    /// Every crewman who had joined by `as_of_week`, by XP then kills.
    pub crew: Vec<StandingLine>,
    /// The side totals of R12.
    pub sides: SidesView,
    pub sides_before: Option<SidesView>,
}

/// A crewman's place in the standings and its change.
#[derive(Debug, Serialize)]
pub struct StandingLine {
    pub rank: u32,
    /// His rank a week earlier; none when he was not on the board then.
    pub rank_before: Option<u32>,
    pub crewman: CrewmanRef,
    pub xp: i64,
    /// XP earned in the week (the starting XP of a new crewman not counted).
    pub xp_gained: i64,
    pub kills: i64,
    pub kills_gained: i64,
}

impl StandingLine {
    /// Places climbed since the week before (negative when he fell); none for a
    /// crewman new to the board.
    pub fn climbed(&self) -> Option<i64> {
        self.rank_before
            .map(|before| i64::from(before) - i64::from(self.rank))
    }
}

/// The club night's briefing.
#[async_trait::async_trait]
pub trait Briefings {
    /// The briefing of a week: rosters, results, standings.
    async fn briefing(
        &self,
        reader: ReadAccess,
        campaign_id: i64,
        week: i32,
    ) -> Result<Briefing, crate::Error>;
}
