//! The things the ports name, one type per thing, each as its path names it: a port
//! never takes a tuple of ids or a campaign id beside a game's. A campaign itself is its
//! id.

/// A game of a campaign.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GameRef {
    pub campaign_id: i64,
    pub game_id: i64,
}

/// A sortie of a game of a campaign.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SortieRef {
    pub campaign_id: i64,
    pub game_id: i64,
    pub sortie_id: i64,
}

/// A side's mission in a game of a campaign.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MissionRef {
    pub campaign_id: i64,
    pub game_id: i64,
    pub mission_id: i64,
}

/// A crewman of a campaign.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CrewRef {
    pub campaign_id: i64,
    pub crew_id: i64,
}

/// An award of a campaign: its XP ledger entry.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AwardRef {
    pub campaign_id: i64,
    pub award_id: i64,
}

/// A member of a campaign, by his username.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MemberRef {
    pub campaign_id: i64,
    pub username: String,
}

/// A webhook of a campaign.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct WebhookRef {
    pub campaign_id: i64,
    pub webhook_id: i64,
}

impl GameRef {
    /// The sortie `sortie_id` of this game.
    pub fn sortie(self, sortie_id: i64) -> SortieRef {
        SortieRef {
            campaign_id: self.campaign_id,
            game_id: self.game_id,
            sortie_id,
        }
    }
}

impl SortieRef {
    /// The game this sortie flies in.
    pub fn game(self) -> GameRef {
        GameRef {
            campaign_id: self.campaign_id,
            game_id: self.game_id,
        }
    }
}
