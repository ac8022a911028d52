//! A game's debrief (R4, R5, R7, R10): the request the referee sends, the result it
//! answers and stores, and what the pages read of it.

use crate::access::ReadAccess;
use crate::refs::{AwardRef, GameRef};
use crate::User;
use campaign::crew::Role;
use campaign::down::{Down, How};
use campaign::injuries::Outcome;
use campaign::missions::Assignment;
use campaign::success::MissionReport;
use campaign::tables::evade::SideOfLines;
use campaign::tables::landing::Terrain;
use serde::Deserialize;
use serde::Serialize;
use std::collections::BTreeMap;

mod answer;
mod records;

pub use answer::*;
pub use records::*;

/// A game's debrief (API.md "Weeks, games, missions, debriefs").
#[derive(Debug, Clone, Deserialize, Serialize, utoipa::ToSchema)]
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
#[derive(Debug, Clone, Copy, Default, Deserialize, Serialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct LeftBoard {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub allied: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub central: Option<u32>,
}

/// One aircraft in the game. In a game with a line-up (API v1.2) the debrief covers
/// exactly its sorties, each named by `sortie_id` or by its key; the line-up then
/// gives what is left out of the key, aircraft, assignment and crew, and what is sent
/// must agree with it.
#[derive(Debug, Clone, Deserialize, Serialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct SortieReport {
    /// A declared sortie of the game's line-up.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sortie_id: Option<i64>,
    /// The name kills give their victim by, e.g. `a1`.
    #[serde(default)]
    pub key: String,
    /// The aircraft type (GET /api/v1/aircraft); its side is the sortie's side.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub aircraft_id: Option<i64>,
    /// `mission` for the side's mission aircraft, `sweep` for the others (R9).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub assignment: Option<Assignment>,
    pub turns_on_board: u32,
    /// Destroyed, crashed or captured; false when left out. With `down` it follows
    /// from what happened and may be left out; when sent it must agree.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub aircraft_lost: Option<bool>,
    /// The pilot, and the observer of a two-seater.
    #[serde(default)]
    pub crew: Vec<CrewReport>,
    /// What happened to the aircraft on the board, when it came down: the server then
    /// runs the forced-landing tables (R8, §11, appendix C) and derives each
    /// crewman's outcome.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub down: Option<DownReport>,
}

/// How an aircraft came down and where (API.md v1.1 "Forced landings in the
/// debrief"); the names are those the rolls endpoint takes for the same tables.
/// Modifiers that follow from the crew (wounds, novice, the observer at the
/// controls) are derived from the records, never sent.
#[derive(Debug, Clone, Deserialize, Serialize, utoipa::ToSchema)]
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
    /// A player's nonce for the rolls a `down` mark makes at the table (R25); the
    /// debrief is a referee's and takes none.
    #[serde(default)]
    pub nonce: Option<String>,
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
#[derive(Debug, Clone, Default, Deserialize, Serialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct DownDice {
    #[serde(default)]
    pub landing: Option<Vec<u32>>,
    #[serde(default, deserialize_with = "crew_keys::deserialize")]
    pub crash: BTreeMap<i64, Vec<u32>>,
    #[serde(default, deserialize_with = "crew_keys::deserialize")]
    pub bail_out: BTreeMap<i64, Vec<u32>>,
    #[serde(default, deserialize_with = "crew_keys::deserialize")]
    pub evade: BTreeMap<i64, Vec<u32>>,
    /// The 2d6 of the capture roll, then the 1d100 when they show 2 (R8).
    #[serde(default, deserialize_with = "crew_keys::deserialize")]
    pub capture: BTreeMap<i64, Vec<u32>>,
    /// The 1d6 of a minor injury or the 3d6 of a serious one (R7).
    #[serde(default, deserialize_with = "crew_keys::deserialize")]
    pub injury: BTreeMap<i64, Vec<u32>>,
}

/// Crewmen's ids as the keys of a JSON object. Inside a mark (`{"kind": "down", …}`,
/// a tagged enum) serde hands a map's keys over as the strings JSON wrote, not as
/// numbers, so they are parsed here, for the debrief and the sheet alike.
mod crew_keys {
    use std::collections::BTreeMap;
    use std::fmt;

    use serde::de::{self, Deserializer, Visitor};
    use serde::Deserialize;

    pub fn deserialize<'de, D: Deserializer<'de>>(
        deserializer: D,
    ) -> Result<BTreeMap<i64, Vec<u32>>, D::Error> {
        let keyed = BTreeMap::<CrewKey, Vec<u32>>::deserialize(deserializer)?;
        Ok(keyed.into_iter().map(|(key, dice)| (key.0, dice)).collect())
    }

    #[derive(PartialEq, Eq, PartialOrd, Ord)]
    struct CrewKey(i64);

    impl<'de> Deserialize<'de> for CrewKey {
        fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
            deserializer.deserialize_any(CrewKeyVisitor)
        }
    }

    struct CrewKeyVisitor;

    impl Visitor<'_> for CrewKeyVisitor {
        type Value = CrewKey;

        fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
            f.write_str("a crewman's id")
        }

        fn visit_i64<E: de::Error>(self, id: i64) -> Result<CrewKey, E> {
            Ok(CrewKey(id))
        }

        fn visit_u64<E: de::Error>(self, id: u64) -> Result<CrewKey, E> {
            i64::try_from(id)
                .map(CrewKey)
                .map_err(|_| E::custom(format!("{id} is no crewman's id")))
        }

        fn visit_str<E: de::Error>(self, id: &str) -> Result<CrewKey, E> {
            id.parse()
                .map(CrewKey)
                .map_err(|_| E::custom(format!("\"{id}\" is no crewman's id")))
        }
    }
}

/// One crewman of a sortie.
#[derive(Debug, Clone, Deserialize, Serialize, utoipa::ToSchema)]
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
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub outcome: Option<Outcome>,
    /// Physical dice for his injury or capture roll; the server rolls without them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dice: Option<CrewDice>,
}

/// Dice entered for a crewman's rolls (R14).
#[derive(Debug, Clone, Default, Deserialize, Serialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CrewDice {
    /// The 1d6 of a minor injury or the 3d6 of a serious one (R7).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub injury: Option<Vec<u32>>,
    /// The 2d6 of the capture roll, then the 1d100 when they show 2 (R8).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub capture: Option<Vec<u32>>,
}

/// An enemy aircraft destroyed.
#[derive(Debug, Clone, Deserialize, Serialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct KillReport {
    /// The key of a lost sortie of the other side.
    pub victim: String,
    /// The crewmen who share it (R4: 24/n each).
    pub shooters: Vec<i64>,
}

/// What a mission aircraft reported (R10). Missing counts are 0, missing flags false.
#[derive(Debug, Clone, Copy, Default, Deserialize, Serialize, utoipa::ToSchema)]
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

/// A game's debrief and its corrections (R4, R5, R7, R10).
#[async_trait::async_trait]
pub trait Debriefs {
    /// Records a game's debrief: referee only.
    async fn debrief(
        &self,
        user: User,
        game: GameRef,
        request: DebriefRequest,
    ) -> Result<DebriefResult, crate::Error>;

    /// What a debrief would roll, without rolling or writing anything.
    async fn preview_debrief(
        &self,
        user: User,
        game: GameRef,
        request: DebriefRequest,
    ) -> Result<Vec<CrewRollsView>, crate::Error>;

    /// The debrief drafted from the game's sheets (R22): referees; a player gets the
    /// part of the sorties he flies in.
    async fn debrief_draft(
        &self,
        reader: crate::access::ReadAccess,
        game: GameRef,
    ) -> Result<crate::draft::DebriefDraft, crate::Error>;

    /// Voids a game's debrief, reversing its awards.
    async fn void_debrief(
        &self,
        user: User,
        game: GameRef,
        reason: String,
    ) -> Result<VoidedDebrief, crate::Error>;

    /// A game's stored debrief, as `reader` may read it.
    async fn debrief_result(
        &self,
        reader: ReadAccess,
        game: GameRef,
    ) -> Result<DebriefResult, crate::Error>;

    /// Reverses one award with a reason.
    async fn void_award(
        &self,
        user: User,
        award: AwardRef,
        reason: String,
    ) -> Result<LedgerEntryView, crate::Error>;
}
