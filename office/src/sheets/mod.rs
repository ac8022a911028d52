//! A game's line-up and its aircraft data sheets (API v1.2, R16–R21): the sorties
//! declared before play, the marks written on their sheets at the table, the sheet's
//! tables rolled with what the campaign knows of the crew, and each sheet as the sum
//! of its marks. Until the debrief a sheet is read in full only by its players and the
//! referees; everyone else sees its open facts (§4.00, R20).

use std::collections::BTreeMap;

use campaign::crew::Role;
use campaign::missions::Assignment;
use campaign::sheet::aircraft::Section;
use campaign::sheet::combat_result::Hits;
use campaign::sheet::marks::{Effect, Marker};
use campaign::sheet::state::{Due, OpenFacts};
use campaign::sheet::SheetTable;
use campaign::sides::Side;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use crate::access::ReadAccess;
use crate::debrief::DownReport;
use crate::User;

mod roll;
mod version;

pub use roll::*;
pub use version::IfMatch;
// The line-up's and the sheets' doors name games and sorties so.
pub use crate::refs::{GameRef, SortieRef};

/// A crewman in a seat of a sortie to declare.
#[derive(Debug, Clone, Copy, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct SeatRequest {
    pub crew_id: i64,
    /// `pilot` or `observer`.
    pub position: Role,
}

/// A sortie to declare before play (R16): an aircraft type and its crew.
#[derive(Debug, Clone, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct DeclareSortie {
    /// The aircraft type (GET /api/v1/aircraft); its side is the sortie's side.
    pub aircraft_id: i64,
    /// A pilot, and an observer in a two-seater.
    pub crew: Vec<SeatRequest>,
}

/// An aircraft type by id and name.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct AircraftName {
    pub id: i64,
    pub name: String,
}

/// A crewman in a seat of a sortie.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct SeatView {
    pub crew_id: i64,
    pub name: String,
    pub position: Role,
}

/// A sortie of a game's line-up, as its reader may see it: until the game is over a
/// reader who may not see a side's assignment sees every sortie of that side in this
/// one shape, with no `assignment` (§13.20, R16, R20, API v1.3); every sortie shows the
/// facts the whole table sees.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct SortieView {
    pub id: i64,
    /// `a1`, `a2`, … (Allied) and `c1`, … (Central), in the order declared.
    pub key: String,
    pub side: Side,
    /// `mission` (the declared sortie that matches the side's assignment) or `sweep`;
    /// left out for a reader who may not see the side's assignment.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(required = false, nullable = false)]
    pub assignment: Option<Assignment>,
    pub aircraft: AircraftName,
    pub crew: Vec<SeatView>,
    /// Destroyed, spinning, smoke, fire, down, escaped.
    #[schema(value_type = Object)]
    pub open: OpenFacts,
}

/// The mission's facts as the mission sortie's sheet records them (R10); each left
/// out is unchanged.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = MissionFacts)]
pub struct MissionMark {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub target_observed: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hexes_observed: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub trips: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hexes_strafed: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub balloon_destroyed: Option<bool>,
}

impl MissionMark {
    /// These facts with `later`'s written over them.
    pub fn updated(self, later: MissionMark) -> MissionMark {
        MissionMark {
            target_observed: later.target_observed.or(self.target_observed),
            hexes_observed: later.hexes_observed.or(self.hexes_observed),
            trips: later.trips.or(self.trips),
            hexes_strafed: later.hexes_strafed.or(self.hexes_strafed),
            balloon_destroyed: later.balloon_destroyed.or(self.balloon_destroyed),
        }
    }
}

/// A mark on a sheet; its fields stand beside `kind`:
/// `{"kind": "damage", "section": "wings", "boxes": 4}`. The kinds `hit`, `red_hits`
/// and `rolled` are written by the sheet's rolls, never posted.
#[derive(Debug, Clone, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum MarkRequest {
    /// Boxes crossed in a section, as a drawn marker says; `marker` clears one marker
    /// of that colour from those to draw (red on the wings or tail: a spin test is due).
    Damage {
        #[schema(value_type = String)]
        section: Section,
        boxes: u32,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[schema(value_type = Option<String>)]
        marker: Option<Marker>,
    },
    /// A marker drawn with no boxes to cross ("engine damaged").
    Drawn {
        #[schema(value_type = String)]
        marker: Marker,
    },
    /// Fuel boxes used.
    Fuel { boxes: u32 },
    /// A wound: one box light, two serious (R18).
    Wound { crew_id: i64, boxes: u32 },
    /// An effect switched on or off: `smoke`, `fire`, `spinning`, `gliding`,
    /// `engine_seized`, `jammed_pilot`, `jammed_observer`, `pilot_killed`,
    /// `observer_killed`, `exploded`.
    Effect {
        #[schema(value_type = String)]
        name: Effect,
        on: bool,
    },
    /// The turn now played.
    Turn { turn: u32 },
    /// A claim on an enemy sortie by crewmen of this one (R22).
    Claim {
        victim_sortie: i64,
        shooters: Vec<i64>,
    },
    /// The mission's facts (R10), on the mission sortie.
    Mission(MissionMark),
    /// The aircraft came down on the board, as the debrief's `down` says (R8, §11).
    Down(Box<DownReport>),
    /// The aircraft left the board or landed at home.
    Escaped {},
    /// Reverses the mark `mark` (its id) of this sheet, or every mark of the roll
    /// `roll` made on this sheet, on every sheet (R24); nothing is deleted.
    Undo {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        mark: Option<i64>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        roll: Option<i64>,
    },
    /// Markers to draw after a combat roll at this aircraft (written by the roll).
    Hit { blue: u32, red: u32 },
    /// Red hits a crewman of this sortie inflicted (written by the roll, R21).
    RedHits { crew_id: i64, count: u32 },
    /// A roll on one of the sheet's tables (written by the roll).
    Rolled {
        #[schema(value_type = String)]
        table: SheetTable,
        /// The crewman whose roll it was, when it was one man's (R23).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        crew_id: Option<i64>,
    },
}

impl MarkRequest {
    /// The mark's kind, as on the wire.
    pub const fn kind(&self) -> &'static str {
        match self {
            MarkRequest::Damage { .. } => "damage",
            MarkRequest::Drawn { .. } => "drawn",
            MarkRequest::Fuel { .. } => "fuel",
            MarkRequest::Wound { .. } => "wound",
            MarkRequest::Effect { .. } => "effect",
            MarkRequest::Turn { .. } => "turn",
            MarkRequest::Claim { .. } => "claim",
            MarkRequest::Mission(_) => "mission",
            MarkRequest::Down(_) => "down",
            MarkRequest::Escaped {} => "escaped",
            MarkRequest::Undo { .. } => "undo",
            MarkRequest::Hit { .. } => "hit",
            MarkRequest::RedHits { .. } => "red_hits",
            MarkRequest::Rolled { .. } => "rolled",
        }
    }

    /// Whether only a roll writes this kind.
    pub const fn written_by_rolls(&self) -> bool {
        matches!(
            self,
            MarkRequest::Hit { .. } | MarkRequest::RedHits { .. } | MarkRequest::Rolled { .. }
        )
    }
}

/// A mark as the sheet lists it.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct MarkView {
    pub id: i64,
    /// The mark: `kind` and its fields.
    #[serde(flatten)]
    #[schema(value_type = Object)]
    pub mark: MarkRequest,
    /// The roll that wrote it, if a roll did.
    pub roll_id: Option<i64>,
    /// Username of whoever marked it.
    pub by: Option<String>,
    pub at: DateTime<Utc>,
    /// Reversed by a later undo that stands.
    pub undone: bool,
}

/// A section's boxes and triangles (appendix A/B, R17).
#[derive(Debug, Clone, Copy, Serialize, utoipa::ToSchema)]
pub struct SectionView {
    /// Boxes of the type's row.
    pub boxes: u32,
    /// Triangles after the boxes (R17: two, a multi-engine engine section 3 or 4).
    pub triangles: u32,
    /// Boxes, then triangles, crossed.
    pub crossed: u32,
    /// Past its boxes: a triangle crossed (§3.604).
    pub critical: bool,
    /// Every box and triangle crossed (§3.601, §5.03).
    pub destroyed: bool,
}

/// The four sections of a sheet.
#[derive(Debug, Clone, Copy, Serialize, utoipa::ToSchema)]
pub struct SectionsView {
    pub engine: SectionView,
    pub wings: SectionView,
    pub fuselage: SectionView,
    pub tail: SectionView,
}

/// The fuel boxes.
#[derive(Debug, Clone, Copy, Serialize, utoipa::ToSchema)]
pub struct FuelView {
    pub boxes: u32,
    pub used: u32,
}

/// A crewman on the sheet, with what the campaign knows of him.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct SheetCrewView {
    pub crew_id: i64,
    pub name: String,
    pub position: Role,
    /// Wound boxes crossed: three kill (R18).
    pub wound_boxes: u32,
    /// `active`, `passed_out` or `killed`.
    pub state: &'static str,
    /// Below 50 XP (R6).
    pub novice: bool,
    /// His abilities' codes (appendix D).
    pub abilities: Vec<String>,
    /// What Spin Recovery adds to his spin recovery rolls (R6).
    pub spin_recovery_bonus: i32,
}

/// Whose weapon is jammed.
#[derive(Debug, Clone, Copy, Serialize, utoipa::ToSchema)]
pub struct JammedView {
    pub pilot: bool,
    pub observer: bool,
}

/// The effects on the aircraft.
#[derive(Debug, Clone, Copy, Serialize, utoipa::ToSchema)]
pub struct EffectsView {
    pub smoke: bool,
    pub fire: bool,
    pub spinning: bool,
    pub gliding: bool,
    pub engine_seized: bool,
    pub jammed: JammedView,
    /// `pilot`, `observer` (dual controls, R18) or null (nobody can fly it: it spins).
    pub at_controls: Option<Role>,
}

/// A claim written on the sheet (R22).
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct ClaimView {
    pub victim_sortie: i64,
    pub shooters: Vec<i64>,
}

/// An aircraft data sheet: its sortie and the sum of its marks (R17–R21).
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct SheetView {
    /// The sheet's version (RFC 9110 `ETag`, API v1.3): its last mark's id, 0 before
    /// any; any mark on it changes it, its own, another sheet's roll, an undo.
    #[serde(skip)]
    pub version: i64,
    pub sortie: SortieView,
    /// The turn last marked (0 before the first).
    pub turn: u32,
    pub sections: SectionsView,
    pub fuel: FuelView,
    pub crew: Vec<SheetCrewView>,
    pub state: EffectsView,
    pub destroyed: bool,
    pub down: bool,
    pub escaped: bool,
    /// Red hits by crewman id (R21).
    pub red_hits: BTreeMap<String, u32>,
    /// Markers received and not yet drawn (§3.541).
    #[schema(value_type = Object)]
    pub to_draw: Hits,
    /// The tests the rules now require: `draw`, `spin`, `spin_recovery`,
    /// `extinguish_fire`, `extinguish_smoke`.
    #[schema(value_type = Vec<String>)]
    pub due: Vec<Due>,
    pub claims: Vec<ClaimView>,
    pub mission: MissionMark,
    pub marks: Vec<MarkView>,
}

/// A mark's answer: the sheet after it, and the rolls it made (a `down` rolls the
/// forced landing's tables as it is marked, R8); the API answers with the sheet.
#[derive(Debug, Clone)]
pub struct MarkAnswer {
    pub sheet: SheetView,
    pub rolls: Vec<i64>,
    /// The receipts of those rolls (R25), in the same order.
    pub receipts: Vec<crate::fair_dice::RollReceipt>,
}

/// A game's line-up (R16): the sorties declared before play.
#[async_trait::async_trait]
pub trait Lineups {
    /// Declares a sortie of a game (R16): a player his own crewmen, a referee any.
    async fn declare_sortie(
        &self,
        user: User,
        game: GameRef,
        request: DeclareSortie,
    ) -> Result<SortieView, crate::Error>;

    /// Takes back a sortie whose sheet has no mark.
    async fn withdraw_sortie(&self, user: User, sortie: SortieRef) -> Result<(), crate::Error>;

    /// A game's line-up as `reader` may see it.
    async fn lineup(
        &self,
        reader: ReadAccess,
        game: GameRef,
    ) -> Result<Vec<SortieView>, crate::Error>;
}

/// The aircraft data sheets (R17–R21): each the sum of its marks, and the marks
/// written on them at the table.
#[async_trait::async_trait]
pub trait SheetMarks {
    /// A sortie's sheet, for its players and the referees (everyone after the
    /// debrief); 404 for anyone else.
    async fn sheet(&self, reader: ReadAccess, sortie: SortieRef)
        -> Result<SheetView, crate::Error>;

    /// The sheets of a game that `reader` reads in full (his own sorties', every one for
    /// a referee, and for everyone once the game is debriefed), read at once.
    async fn game_sheets(
        &self,
        reader: ReadAccess,
        game: GameRef,
    ) -> Result<Vec<SheetView>, crate::Error>;

    /// Writes a mark on a sortie's sheet; gives the sheet and the rolls it made.
    async fn mark(
        &self,
        user: User,
        sortie: SortieRef,
        mark: MarkRequest,
        if_match: Option<IfMatch>,
    ) -> Result<MarkAnswer, crate::Error>;
}

/// The sheets' tables rolled with what the campaign knows of the crew (R18–R21, R23).
#[async_trait::async_trait]
pub trait SheetRolls {
    /// Rolls one of the sheet's tables and writes its effect on the sheets.
    async fn roll_on_sheet(
        &self,
        user: User,
        sortie: SortieRef,
        request: SheetRollRequest,
        if_match: Option<IfMatch>,
    ) -> Result<SheetRollAnswer, crate::Error>;
}

/// A game's line-up and its aircraft data sheets (R16–R21), for a door that uses all
/// three: the page that shows a game's sheets beside its line-up.
pub trait Sheets: Lineups + SheetMarks + SheetRolls {}

impl<T: Lineups + SheetMarks + SheetRolls + ?Sized> Sheets for T {}
