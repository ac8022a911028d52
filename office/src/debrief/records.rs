//! What debriefed games recorded — sorties, kills, awards and casualties — as the
//! game, week and result pages read it.

use campaign::crew::Role;
use campaign::injuries::FateKind;
use campaign::missions::Assignment;
use campaign::sides::Side;

/// The sorties and kills of debriefed games.
#[derive(Debug, Clone, Default)]
pub struct Flown {
    /// Every sortie, by game then in the order reported.
    pub sorties: Vec<FlownSortie>,
    /// Every kill, by game then in the order recorded.
    pub kills: Vec<FlownKill>,
}

/// An aircraft that flew in a game.
#[derive(Debug, Clone)]
pub struct FlownSortie {
    pub game_id: i64,
    /// The key the debrief named it by: `a1`, `c2`, …
    pub key: String,
    pub side: Side,
    /// Its type's name.
    pub aircraft: String,
    pub assignment: Assignment,
    pub lost: bool,
    /// Its pilot, then its observer.
    pub crew: Vec<FlownSeat>,
}

/// A man aboard a sortie and what became of him.
#[derive(Debug, Clone)]
pub struct FlownSeat {
    pub crew_id: i64,
    pub position: Role,
    /// The final result after R7 and capture (API v1.2).
    pub fate: FateKind,
}

/// An aircraft shot down.
#[derive(Debug, Clone)]
pub struct FlownKill {
    pub game_id: i64,
    /// The victim's sortie key.
    pub victim: String,
    /// The crewmen credited, by id (a shared kill has several, R4).
    pub shooters: Vec<i64>,
}

impl Flown {
    /// The sortie `crew_id` flew in game `game_id`.
    pub fn sortie_of(&self, game_id: i64, crew_id: i64) -> Option<&FlownSortie> {
        self.sorties
            .iter()
            .find(|s| s.game_id == game_id && s.crew.iter().any(|c| c.crew_id == crew_id))
    }

    /// The sortie `key` of game `game_id`.
    pub fn sortie(&self, game_id: i64, key: &str) -> Option<&FlownSortie> {
        self.sorties
            .iter()
            .find(|s| s.game_id == game_id && s.key == key)
    }
}

/// An award of a debriefed game as the result tables count it (R4, R5).
#[derive(Debug, Clone)]
pub struct GameAward {
    pub game_id: i64,
    pub crew_id: i64,
    /// `turns`, `kill`, `red_hits`, `sortie`, `mission_success` or `mission_units`.
    pub kind: campaign::experience::AwardKind,
    pub points: i32,
    /// Reversed since by a correction: it no longer counts.
    pub reversed: bool,
}

/// A casualty of a debriefed game (R7, R8).
#[derive(Debug, Clone)]
pub struct GameCasualty {
    pub game_id: i64,
    pub crew_id: i64,
    pub kind: campaign::injuries::CasualtyKind,
    pub weeks_out: Option<i32>,
    pub out_until_week: Option<i32>,
    pub sent_home: bool,
    pub dice: Vec<i32>,
}

/// What some games' debriefs recorded: awards, casualties, sorties and kills, in the
/// order recorded. The game and week pages draw their results from it.
#[derive(Debug, Clone, Default)]
pub struct GameRecords {
    pub awards: Vec<GameAward>,
    pub casualties: Vec<GameCasualty>,
    pub flown: Flown,
}
