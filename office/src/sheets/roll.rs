//! A roll on a sheet's tables (R17–R19): what the door asks for and what it answers.

use crate::rolls::RollView;
use campaign::crew::Role;
use campaign::sheet::aircraft::Section;
use campaign::sheet::combat_value::Shot;
use campaign::sheet::concentrated_fire::ClockColumn;
use serde::{Deserialize, Serialize};

use super::*;

/// A shot by `shooter` (a crewman of this sortie) at `target_sortie`, the Combat
/// Values Table's flags beside them (R17).
#[derive(Debug, Clone, Deserialize, utoipa::ToSchema)]
pub struct CombatRoll {
    pub shooter: i64,
    pub target_sortie: i64,
    #[serde(flatten)]
    #[schema(value_type = Object)]
    pub shot: Shot,
    #[serde(default)]
    pub dice: Option<Vec<u32>>,
    /// A player's nonce (R25); a referee's roll takes none.
    #[serde(default)]
    pub nonce: Option<String>,
    /// Whatever else the body held. serde cannot refuse unknown fields beside a
    /// flattened struct, so the service refuses them by name from here: a misspelt
    /// flag must not be a shot without it.
    #[serde(flatten)]
    #[schema(ignore)]
    pub unknown: std::collections::BTreeMap<String, serde_json::Value>,
}

/// A roll on a sheet's table: `table` and its fields, `dice` the physical dice in the
/// order the table reads them (the server rolls without, R14).
#[derive(Debug, Clone, Deserialize, utoipa::ToSchema)]
#[serde(tag = "table", rename_all = "snake_case", deny_unknown_fields)]
pub enum SheetRollRequest {
    /// A shot (R17); the combat die, then the jam die after a long burst.
    Combat(CombatRoll),
    /// 1d6 for each crewman named, or each living one (R18).
    CrewWound {
        #[serde(default)]
        crew_ids: Option<Vec<i64>>,
        #[serde(default)]
        dice: Option<Vec<u32>>,
        #[serde(default)]
        nonce: Option<String>,
    },
    /// 1d6 to clear the weapon of `position` (R19).
    Unjam {
        #[schema(value_type = String)]
        position: Role,
        #[serde(default)]
        dice: Option<Vec<u32>>,
        #[serde(default)]
        nonce: Option<String>,
    },
    /// 2d6 after red damage to the wings or tail (R19).
    Spin {
        #[serde(default)]
        dice: Option<Vec<u32>>,
        #[serde(default)]
        nonce: Option<String>,
    },
    /// 2d6 while spinning (R19).
    SpinRecovery {
        #[serde(default)]
        dice: Option<Vec<u32>>,
        #[serde(default)]
        nonce: Option<String>,
    },
    /// 1d6 for a critically damaged section; on the engine the seize die, then the
    /// fire die (R19).
    Critical {
        #[schema(value_type = String)]
        section: Section,
        #[serde(default)]
        dice: Option<Vec<u32>>,
        #[serde(default)]
        nonce: Option<String>,
    },
    /// 1d6 to put out a fire (R19).
    ExtinguishFire {
        #[serde(default)]
        sideslip: bool,
        #[serde(default)]
        dice: Option<Vec<u32>>,
        #[serde(default)]
        nonce: Option<String>,
    },
    /// 1d6 to put out smoke (R19).
    ExtinguishSmoke {
        #[serde(default)]
        dice: Option<Vec<u32>>,
        #[serde(default)]
        nonce: Option<String>,
    },
    /// 1d6 for each crewman named, or each conscious one, at altitude 9 or 10 (R19).
    Anoxia {
        altitude: u32,
        #[serde(default)]
        crew_ids: Option<Vec<i64>>,
        #[serde(default)]
        dice: Option<Vec<u32>>,
        #[serde(default)]
        nonce: Option<String>,
    },
    /// 1d6 on the clock column by an ace with Concentrated Fire (R19, appendix D).
    ConcentratedFire {
        shooter: i64,
        #[schema(value_type = String)]
        clock: ClockColumn,
        /// The hex range: 0 or 1 (2 with the Range ability).
        #[serde(default)]
        range: u32,
        #[serde(default)]
        dice: Option<Vec<u32>>,
        #[serde(default)]
        nonce: Option<String>,
    },
    /// 1d6 for troops firing over their own trenchline (§7.05).
    FriendlyFire {
        #[serde(default)]
        dice: Option<Vec<u32>>,
        #[serde(default)]
        nonce: Option<String>,
    },
    /// 1d6 for a bomb run of the mission aircraft at `altitude` 1–4, at most three a
    /// mission (appendix E, R10); the observer's Bombardier adds 1.
    Bomb {
        altitude: u32,
        #[serde(default)]
        dice: Option<Vec<u32>>,
        #[serde(default)]
        nonce: Option<String>,
    },
}

impl SheetRollRequest {
    /// The dice entered, if any.
    pub fn dice(&self) -> Option<&[u32]> {
        use SheetRollRequest::*;
        match self {
            Combat(CombatRoll { dice, .. })
            | CrewWound { dice, .. }
            | Unjam { dice, .. }
            | Spin { dice, .. }
            | SpinRecovery { dice, .. }
            | Critical { dice, .. }
            | ExtinguishFire { dice, .. }
            | ExtinguishSmoke { dice, .. }
            | Anoxia { dice, .. }
            | ConcentratedFire { dice, .. }
            | FriendlyFire { dice, .. }
            | Bomb { dice, .. } => dice.as_deref(),
        }
    }

    /// The player's nonce, if any (R25).
    pub fn nonce(&self) -> Option<&str> {
        use SheetRollRequest::*;
        match self {
            Combat(CombatRoll { nonce, .. })
            | CrewWound { nonce, .. }
            | Unjam { nonce, .. }
            | Spin { nonce, .. }
            | SpinRecovery { nonce, .. }
            | Critical { nonce, .. }
            | ExtinguishFire { nonce, .. }
            | ExtinguishSmoke { nonce, .. }
            | Anoxia { nonce, .. }
            | ConcentratedFire { nonce, .. }
            | FriendlyFire { nonce, .. }
            | Bomb { nonce, .. } => nonce.as_deref(),
        }
    }
}

/// A sheet roll's answer: the roll (the first, when the table rolls one a crewman or
/// a long burst rolls the jam test too), every roll made, and the sheet after them.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct SheetRollAnswer {
    pub roll: RollView,
    pub rolls: Vec<RollView>,
    pub sheet: SheetView,
}
