//! Games and missions as the API shows them, built from stored records; the week page
//! shows the same views. A view is always built for one reader, so no door can show
//! a mission's assignment to someone §13.20 keeps it from.

use campaign::missions::{MissionType, Reader};
use campaign::sides::Side;
use campaign::tables::ground_offensive::GroundOffensive;
use eagles_db::games::{GameRecord, MissionRecord};
use serde::Serialize;

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

impl OffensiveView {
    /// The offensive of a stored game.
    pub fn of(game: &GameRecord) -> Self {
        Self {
            dice: game.offensive_dice.clone(),
            roll: game.offensive_total,
            result: game.ground_offensive,
            roll_id: game.offensive_roll_id,
        }
    }
}

impl MissionView {
    /// A stored mission of a game as `reader` may see it (§13.20); `over` says whether
    /// its game is over: debriefed, or abandoned when its week closed.
    pub fn seen_by(m: MissionRecord, over: bool, reader: Reader) -> Self {
        let shown = reader.sees_assignment(m.side, over);
        let shown_or_none = |v: Option<i64>| v.filter(|_| shown);
        Self {
            side: m.side,
            mission_type: m.mission_type,
            roll: m.dice.first().copied().unwrap_or_default(),
            id: m.id,
            game_id: m.game_id,
            dice: m.dice,
            trips_needed: m.trips_needed,
            aircraft_id: shown_or_none(m.aircraft_type_id),
            pilot_id: shown_or_none(m.pilot_id),
            observer_id: shown_or_none(m.observer_id),
            assignment_hidden: !shown,
            success: m.success,
            roll_id: m.roll_id,
        }
    }
}

impl GameView {
    /// Builds the views of games, as `reader` may see them (§13.20), from the games and
    /// all their missions, loaded each in one query; missions are matched to their game
    /// here.
    pub fn build_all(
        games: Vec<GameRecord>,
        missions: Vec<MissionRecord>,
        reader: Reader,
    ) -> Vec<Self> {
        let mut views: Vec<Self> = games
            .into_iter()
            .map(|game| Self {
                id: game.id,
                week: game.week,
                ground_offensive: OffensiveView::of(&game),
                missions: Vec::new(),
                debriefed: game.debriefed(),
                voided: game.voided_week.is_some(),
                abandoned: game.abandoned(),
                // Settled below, once its missions are counted.
                state: GameState::AwaitingMissions,
            })
            .collect();
        for mission in missions {
            if let Some(game) = views.iter_mut().find(|g| g.id == mission.game_id) {
                // An abandoned game is over without a debrief: nothing is kept secret.
                let over = game.debriefed || game.abandoned;
                game.missions
                    .push(MissionView::seen_by(mission, over, reader));
            }
        }
        for game in &mut views {
            game.state = game.settled_state();
        }
        views
    }

    fn settled_state(&self) -> GameState {
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
