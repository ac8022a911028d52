//! The debrief report as the referee sends it, and the bodies of the corrections.
//! Unknown fields are refused (400) so a misspelt fact is never silently dropped.

use std::collections::BTreeMap;

use campaign::crew::Role;
use campaign::down::{Down, How};
use campaign::injuries::Outcome;
use campaign::missions::Assignment;
use campaign::success::MissionReport;
use campaign::tables::evade::SideOfLines;
use campaign::tables::landing::Terrain;
use serde::Deserialize;

/// A game's debrief (API.md "Weeks, games, missions, debriefs").
#[derive(Debug, Clone, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct DebriefRequest {
    /// Turns the game lasted.
    pub turns_played: u32,
    /// The turn each side left the board, if it did: `central: 17` credits the Allied
    /// pilots still on the board to turn 25 (R5).
    #[serde(default)]
    pub enemy_left_board_on_turn: LeftBoard,
    /// Every aircraft that flew, in the order the referee lists them.
    pub sorties: Vec<SortieReport>,
    /// Enemy aircraft destroyed, each naming its victim's sortie key.
    #[serde(default)]
    pub kills: Vec<KillReport>,
    /// What each mission aircraft reported; fighter sweep and scramble may be left out.
    #[serde(default)]
    pub missions: Vec<MissionFacts>,
}

/// The turn each side left the board.
#[derive(Debug, Clone, Copy, Default, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct LeftBoard {
    #[serde(default)]
    pub allied: Option<u32>,
    #[serde(default)]
    pub central: Option<u32>,
}

/// One aircraft in the game.
#[derive(Debug, Clone, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct SortieReport {
    /// The name kills give their victim by, e.g. `a1`.
    pub key: String,
    /// The aircraft type (GET /api/v1/aircraft); its side is the sortie's side.
    pub aircraft_id: i64,
    /// `mission` for the side's mission aircraft, `sweep` for the others (R9).
    pub assignment: Assignment,
    pub turns_on_board: u32,
    /// Destroyed, crashed or captured; false when left out. With `down` it follows
    /// from what happened and may be left out; when sent it must agree.
    #[serde(default)]
    pub aircraft_lost: Option<bool>,
    /// The pilot, and the observer of a two-seater.
    pub crew: Vec<CrewReport>,
    /// What happened to the aircraft on the board, when it came down: the server then
    /// runs the forced-landing tables (R8, §11, appendix C) and derives each
    /// crewman's outcome.
    #[serde(default)]
    pub down: Option<DownReport>,
}

/// How an aircraft came down and where (API.md v1.1 "Forced landings in the
/// debrief"); the names are those the rolls endpoint takes for the same tables.
/// Modifiers that follow from the crew (wounds, novice, the observer at the
/// controls) are derived from the records, never sent.
#[derive(Debug, Clone, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct DownReport {
    /// `landed`, `shot_down`, `exploded`, `bailed_out` or `off_board`.
    pub how: How,
    /// The hex's terrain (the worst, if several); needed to land, and moves a crash.
    #[serde(default)]
    pub terrain: Option<Terrain>,
    /// A road in the hex (landing at +1).
    #[serde(default)]
    pub road: bool,
    /// Landing −1.
    #[serde(default)]
    pub smoking: bool,
    /// Landing −2, crash −1, bail-out −1.
    #[serde(default)]
    pub on_fire: bool,
    /// Landing −1.
    #[serde(default)]
    pub gliding: bool,
    /// Landing −1.
    #[serde(default)]
    pub critical_damage: bool,
    /// A pusher aircraft: crash −1.
    #[serde(default)]
    pub pusher: bool,
    /// The altitude it was shot down at (crash) or bailed out from (bail-out).
    #[serde(default)]
    pub altitude: u32,
    /// Destroyed when the crew bailed out: bail-out −1.
    #[serde(default)]
    pub aircraft_destroyed: bool,
    /// `own`, `no_mans_land` or `enemy`: needed when a crewman survives on the board
    /// (he rolls to evade, §11.03).
    #[serde(default)]
    pub side_of_lines: Option<SideOfLines>,
    /// Needed with `side_of_lines`.
    #[serde(default)]
    pub hexes_from_friendly_trenches: Option<u32>,
    /// Physical dice, by table and crewman; the server rolls what is missing.
    #[serde(default)]
    pub dice: DownDice,
}

impl DownReport {
    /// The report as the rules read it.
    pub fn down(&self) -> Down {
        Down {
            how: self.how,
            terrain: self.terrain,
            road: self.road,
            smoking: self.smoking,
            on_fire: self.on_fire,
            gliding: self.gliding,
            critical_damage: self.critical_damage,
            pusher: self.pusher,
            altitude: self.altitude,
            aircraft_destroyed: self.aircraft_destroyed,
            side_of_lines: self.side_of_lines,
            hexes_from_friendly_trenches: self.hexes_from_friendly_trenches,
        }
    }
}

/// Dice entered for the rolls of an aircraft that came down (R14): the landing's
/// 2d6, and each crewman's by his id.
#[derive(Debug, Clone, Default, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct DownDice {
    #[serde(default)]
    pub landing: Option<Vec<u32>>,
    #[serde(default)]
    pub crash: BTreeMap<i64, Vec<u32>>,
    #[serde(default)]
    pub bail_out: BTreeMap<i64, Vec<u32>>,
    #[serde(default)]
    pub evade: BTreeMap<i64, Vec<u32>>,
    /// The 2d6 of the capture roll, then the 1d100 when they show 2 (R8).
    #[serde(default)]
    pub capture: BTreeMap<i64, Vec<u32>>,
    /// The 1d6 of a minor injury or the 3d6 of a serious one (R7).
    #[serde(default)]
    pub injury: BTreeMap<i64, Vec<u32>>,
}

/// One crewman of a sortie.
#[derive(Debug, Clone, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CrewReport {
    pub crew_id: i64,
    /// The seat: `pilot` or `observer`.
    pub position: Role,
    /// Red hits by fire (collisions excluded, R4); 0 when left out.
    #[serde(default)]
    pub red_hits: u32,
    /// Wound boxes crossed off, 0–3 (R7); 0 when left out.
    #[serde(default)]
    pub wound_boxes: u32,
    /// `unharmed` (the default), `minor_injury`, `serious_injury`, `killed`,
    /// `captured` or `evaded`. With the sortie's `down` it is derived and may be left
    /// out; when sent it must agree.
    #[serde(default)]
    pub outcome: Option<Outcome>,
    /// Physical dice for his injury or capture roll; the server rolls without them.
    #[serde(default)]
    pub dice: Option<CrewDice>,
}

/// Dice entered for a crewman's rolls (R14).
#[derive(Debug, Clone, Default, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CrewDice {
    /// The 1d6 of a minor injury or the 3d6 of a serious one (R7).
    #[serde(default)]
    pub injury: Option<Vec<u32>>,
    /// The 2d6 of the capture roll, then the 1d100 when they show 2 (R8).
    #[serde(default)]
    pub capture: Option<Vec<u32>>,
}

/// An enemy aircraft destroyed.
#[derive(Debug, Clone, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct KillReport {
    /// The key of a lost sortie of the other side.
    pub victim: String,
    /// The crewmen who share it (R4: 24/n each).
    pub shooters: Vec<i64>,
}

/// What a mission aircraft reported (R10). Missing counts are 0, missing flags false.
#[derive(Debug, Clone, Copy, Default, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct MissionFacts {
    pub mission_id: i64,
    #[serde(default)]
    pub landed_safely: bool,
    #[serde(default)]
    pub target_observed: bool,
    #[serde(default)]
    pub hexes_observed: u32,
    #[serde(default)]
    pub target_destroyed: bool,
    #[serde(default)]
    pub trips: u32,
    #[serde(default)]
    pub hexes_strafed: u32,
    #[serde(default)]
    pub balloon_destroyed: bool,
}

impl MissionFacts {
    /// The facts as the rules read them.
    pub fn report(&self) -> MissionReport {
        MissionReport {
            landed_safely: self.landed_safely,
            target_observed: self.target_observed,
            hexes_observed: self.hexes_observed,
            target_destroyed: self.target_destroyed,
            trips: self.trips,
            hexes_strafed: self.hexes_strafed,
            balloon_destroyed: self.balloon_destroyed,
        }
    }
}

/// Why a debrief or an award is voided; it goes into the reversing entries.
#[derive(Debug, Clone, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct VoidRequest {
    pub reason: String,
}
