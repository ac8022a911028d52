//! Games and missions (R9) as the doors show them and take them: a view is always
//! built for one reader, so no door can show a mission's assignment to someone
//! §13.20 keeps it from.

use std::collections::HashMap;

use crate::access::CampaignScope;
use crate::access::ReadAccess;
use crate::crew::CrewmanView;
use crate::debrief::{CrewRollsView, GameRecords};
use crate::refs::{GameRef, MissionRef};
use crate::User;
use campaign::missions::MissionType;
use campaign::sides::Side;
use campaign::tables::ground_offensive::GroundOffensive;
use chrono::NaiveDate;
use serde::{Deserialize, Serialize};

/// A game's ground offensive roll (appendix E).
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct OffensiveView {
    /// The 2d6.
    pub dice: Vec<i32>,
    /// Their total, read on the table.
    pub roll: i32,
    /// `major_central`, `minor_central`, `quiet`, `minor_allied` or `major_allied`.
    pub result: GroundOffensive,
    /// The roll's entry in the roll log.
    pub roll_id: i64,
    /// The roll's receipt (R25).
    #[serde(flatten)]
    pub receipt: crate::fair_dice::Receipt,
}

/// A side's mission in a game (R9), with its assignment and, after the debrief, its
/// success (R10). Until the game's debrief (or its abandonment) its assignment is
/// shown only to the referees and the players of its side (§13.20); anyone else gets
/// `assignment_hidden: true` and null `aircraft_id`, `pilot_id` and `observer_id`,
/// whether or not the mission is assigned yet.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct MissionView {
    pub id: i64,
    pub game_id: i64,
    pub side: Side,
    /// The d10 read on the mission table.
    pub roll: i32,
    /// The dice logged: the d10, and for directing artillery the d6 of trips.
    pub dice: Vec<i32>,
    pub mission_type: MissionType,
    /// Trips that make directing artillery a success; null for other missions.
    pub trips_needed: Option<i32>,
    /// The mission aircraft's type, once assigned; null while hidden (§13.20).
    pub aircraft_id: Option<i64>,
    /// The mission pilot, once assigned; null while hidden (§13.20).
    pub pilot_id: Option<i64>,
    /// The mission observer, on a two-seater once assigned; null while hidden (§13.20).
    pub observer_id: Option<i64>,
    /// Whether the assignment is kept from this reader until the game's debrief
    /// (§13.20): he is neither a referee nor a player of the mission's side.
    pub assignment_hidden: bool,
    /// Set by the debrief (R10); null before it.
    pub success: Option<bool>,
    /// The mission roll's entry in the roll log.
    pub roll_id: i64,
    /// The mission roll's receipt (R25).
    #[serde(flatten)]
    pub receipt: crate::fair_dice::Receipt,
}

/// Where a game stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum GameState {
    /// Not both sides' missions rolled yet: no debrief can be entered (API v1.2).
    AwaitingMissions,
    /// Both missions rolled, waiting for its debrief.
    InProgress,
    /// Debriefed.
    Debriefed,
    /// Debriefed, then voided: its kills and casualties no longer count.
    Voided,
    /// Its week closed without its debrief, at the referee's word: no awards, no
    /// casualties (API v1.2).
    Abandoned,
}

impl GameState {
    /// The state as the pages write it: "awaiting missions", "in progress", …
    pub const fn label(self) -> &'static str {
        match self {
            GameState::AwaitingMissions => "awaiting missions",
            GameState::InProgress => "in progress",
            GameState::Debriefed => "debriefed",
            GameState::Voided => "voided",
            GameState::Abandoned => "abandoned",
        }
    }

    /// Whether it still waits for its debrief.
    pub const fn open(self) -> bool {
        matches!(self, GameState::AwaitingMissions | GameState::InProgress)
    }

    /// Whether it has a debrief to show (voided or not).
    pub const fn has_debrief(self) -> bool {
        matches!(self, GameState::Debriefed | GameState::Voided)
    }
}

impl std::fmt::Display for GameState {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.label())
    }
}

/// A game with its ground offensive and missions.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct GameView {
    pub id: i64,
    pub week: i32,
    pub ground_offensive: OffensiveView,
    pub missions: Vec<MissionView>,
    /// Whether its debrief has been entered.
    pub debriefed: bool,
    /// Whether its debrief was voided.
    pub voided: bool,
    /// Whether its week closed without its debrief (API v1.2): it gives no awards and
    /// no casualties.
    pub abandoned: bool,
    /// Where it stands: `awaiting_missions`, `in_progress`, `debriefed`, `voided` or
    /// `abandoned`.
    pub state: GameState,
}

impl GameView {
    /// Where the game stands, from its flags and its missions.
    pub fn settled_state(&self) -> GameState {
        if self.voided {
            GameState::Voided
        } else if self.debriefed {
            GameState::Debriefed
        } else if self.abandoned {
            GameState::Abandoned
        } else if self.missions.len() < Side::ALL.len() {
            GameState::AwaitingMissions
        } else {
            GameState::InProgress
        }
    }
}

/// A game to open.
#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct NewGameRequest {
    /// The 2d6 of the ground offensive, entered; the server rolls without.
    pub dice: Option<Vec<u32>>,
    /// A player's nonce (1–64 of `A–Z a–z 0–9 _ -`, R25): the server's dice follow from
    /// it too, so nobody holding the database knows them before he asks. A referee's
    /// roll takes none (422).
    #[serde(default)]
    pub nonce: Option<String>,
}

/// A side's mission to roll.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct MissionRequest {
    pub side: Side,
    /// The d10, and a d6 of trips after a 6 (directing artillery), entered.
    pub dice: Option<Vec<u32>>,
    /// A player's nonce (1–64 of `A–Z a–z 0–9 _ -`, R25): the server's dice follow from
    /// it too, so nobody holding the database knows them before he asks. A referee's
    /// roll takes none (422).
    #[serde(default)]
    pub nonce: Option<String>,
}

/// The mission aircraft and its crew (R9).
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct AssignmentRequest {
    /// An aircraft type id of `GET /api/v1/aircraft`.
    pub aircraft_id: i64,
    pub pilot_id: i64,
    /// Null or absent on a single-seater.
    #[serde(default)]
    pub observer_id: Option<i64>,
}

/// The games of the campaign loop (R9).
#[async_trait::async_trait]
pub trait Games {
    /// A game with its ground offensive and missions, as `reader` may see it (§13.20).
    async fn game(&self, reader: ReadAccess, game: GameRef) -> Result<GameView, crate::Error>;

    /// Opens a game of the current week and rolls its ground offensive (appendix E).
    async fn open_game(
        &self,
        user: User,
        campaign_id: i64,
        request: NewGameRequest,
    ) -> Result<GameView, crate::Error>;

    /// Rolls a side's mission for a game (appendix E, R9).
    async fn roll_mission(
        &self,
        user: User,
        game: GameRef,
        request: MissionRequest,
    ) -> Result<MissionView, crate::Error>;

    /// Assigns the mission's aircraft and crew (R9).
    async fn assign_mission(
        &self,
        user: User,
        mission: MissionRef,
        request: AssignmentRequest,
    ) -> Result<MissionView, crate::Error>;

    /// The current week's games as `reader` may see them (§13.20), with their names.
    async fn tonight(&self, reader: ReadAccess, campaign_id: i64) -> Result<Tonight, crate::Error>;

    /// A game as its page draws it (§13.20 applied), with its crew, aircraft types
    /// and, once debriefed, its records.
    async fn game_page(&self, reader: ReadAccess, game: GameRef) -> Result<GamePage, crate::Error>;
}

/// The names the game lists give crewmen and aircraft types, by id.
#[derive(Debug, Clone, Default)]
pub struct Names {
    pub crew: HashMap<i64, String>,
    pub aircraft: HashMap<i64, String>,
}

/// The games of a campaign's current week as one reader may see them (§13.20): the
/// club night's and the live page's.
#[derive(Debug)]
pub struct Tonight {
    pub scope: CampaignScope,
    pub games: Vec<GameView>,
    pub names: Names,
}

/// An aircraft type as the game page offers it for a mission (R9, R15).
#[derive(Debug, Clone)]
pub struct AircraftChoice {
    pub id: i64,
    pub name: String,
    pub side: Side,
    pub service_start: NaiveDate,
    /// 1 or 2 (R11).
    pub crew: i16,
}

/// A game as its page draws it, read once with the access check: the game as the
/// reader may see it (§13.20), the crew as of its week and the aircraft types its
/// selects offer, and once debriefed what the debrief recorded.
#[derive(Debug)]
pub struct GamePage {
    pub scope: CampaignScope,
    pub game: GameView,
    pub crew: Vec<CrewmanView>,
    pub aircraft: Vec<AircraftChoice>,
    pub voided_week: Option<i32>,
    pub turns_played: Option<i32>,
    /// Empty before the debrief.
    pub records: GameRecords,
    /// Each crewman's fate and the rolls that decided it; empty before the debrief.
    pub crew_rolls: Vec<CrewRollsView>,
}
