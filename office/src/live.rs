//! The live page's port: the club night on the projector, read whole in one call — the
//! week's games as the reader may see them (§13.20), their line-ups with the open
//! facts alone (R16, R20), the latest rolls said in words, who is out and the top of
//! the leaderboard. The page renders it and adds nothing but markup.

use crate::access::{CampaignScope, ReadAccess};
use crate::crew::CrewmanView;
use crate::games::{GameView, Names};
use crate::rolls::RollView;
use crate::sheets::SortieView;
use crate::standings::LeaderboardRow;

/// How many crews the projector ranks.
pub const TOP_CREWS: usize = 5;
/// How many rolls the projector shows: the newest, big, and those before it.
pub const LATEST_ROLLS: usize = 8;

/// Tonight on the projector, as one reader may see it.
#[derive(Debug)]
pub struct LiveNight {
    pub scope: CampaignScope,
    /// The current week's games in the order opened, each with its line-up.
    pub games: Vec<LiveGame>,
    /// The names the games' missions give crewmen and aircraft types, by id.
    pub names: Names,
    /// The week's latest rolls the reader may see, newest first, at most
    /// [`LATEST_ROLLS`].
    pub rolls: Vec<LiveRoll>,
    /// The crewmen not fit to fly this week (wounded, captured, killed…).
    pub out: Vec<CrewmanView>,
    /// The crews ranked by XP, at most [`TOP_CREWS`].
    pub top_crews: Vec<LeaderboardRow>,
    /// The current week's seal (R25): its commitment, its seed once public, its last
    /// link.
    pub seal: crate::fair_dice::WeekSeal,
}

/// A game of the night with its declared sorties, each as the reader may see it: the
/// mission sortie looks like any other to the other side until the debrief (R16, R20).
#[derive(Debug)]
pub struct LiveGame {
    pub game: GameView,
    pub sorties: Vec<SortieView>,
}

/// A roll of the week's log as the projector says it.
#[derive(Debug)]
pub struct LiveRoll {
    pub roll: RollView,
    /// "Game 3: Allied mission" for a game's own offensive or mission roll; else the
    /// table, its side, and for a roll tagged with a game "for game 3" — a roll of the
    /// dice page is never shown as a game's mission.
    pub what: String,
    /// The crewman the roll was for (an injury, a landing…), by name.
    pub crewman: Option<String>,
}

/// The live page's read.
#[async_trait::async_trait]
pub trait LiveBoard {
    /// Tonight of the campaign `campaign_id` as `reader` may see it, read with the
    /// same statements however many games the night holds.
    async fn live_night(
        &self,
        reader: ReadAccess,
        campaign_id: i64,
    ) -> Result<LiveNight, crate::Error>;
}
