//! Dice anyone can check (R25, API v1.3): a roll's receipt, and a week's dice as
//! anyone who may read the campaign reads them to recheck it.

use crate::access::ReadAccess;
use campaign::logged_table::LoggedTable;
use serde::{Deserialize, Serialize};

/// A roll's receipt, handed out with every rolling answer: its place in its week's
/// dice and its link of the week's hash chain. Both null for a roll made before the
/// dice could be checked (its week was closed before).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct Receipt {
    /// The roll's place in its week, from 1, with no gap.
    pub seq: Option<i32>,
    /// Hex SHA-256 of the previous link (the commitment for `seq` 1) and this roll.
    pub chain: Option<String>,
}

/// A roll's receipt with the roll it is for: what a mark that rolled (a `down`, R8)
/// answers beside the sheet.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct RollReceipt {
    pub roll_id: i64,
    #[serde(flatten)]
    pub receipt: Receipt,
}

/// A week's seal: what the dice and live pages show of a week's dice.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct WeekSeal {
    pub week: i32,
    /// Hex SHA-256 of the seed, public from the week's start; null for a week closed
    /// before the dice could be checked.
    pub commitment: Option<String>,
    /// The seed in hex: null until the week is closed (or the campaign ended).
    pub seed: Option<String>,
    /// The last link of the week's chain; null before its first roll.
    pub chain_head: Option<String>,
}

/// `GET /api/v1/campaigns/{cid}/weeks/{n}/dice`: everything needed to recheck a week.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct WeekDice {
    pub week: i32,
    /// Hex SHA-256 of the seed's 32 bytes, public from the week's start.
    pub commitment: Option<String>,
    /// The seed in hex, once the week is closed (or the campaign ended); null before.
    pub seed: Option<String>,
    /// The week's rolls in `seq` order.
    pub rolls: Vec<DiceLine>,
    /// The last roll's `chain`; null before the week's first roll.
    pub chain_head: Option<String>,
}

impl WeekDice {
    /// The seal of these dice, for a page's header.
    pub fn seal(&self) -> WeekSeal {
        WeekSeal {
            week: self.week,
            commitment: self.commitment.clone(),
            seed: self.seed.clone(),
            chain_head: self.chain_head.clone(),
        }
    }
}

/// A roll of a week's dice: its place and link, and the roll itself when the reader
/// may see it (R20: until the debrief a sheet's roll is its players' and the referees').
#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct DiceLine {
    pub seq: i32,
    pub chain: String,
    #[serde(flatten)]
    pub shown: Option<ShownDice>,
}

/// What a reader who may see a roll reads of it to recheck it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct ShownDice {
    pub roll_id: i64,
    /// The logged table's name, as the chain hashes it.
    pub table: LoggedTable,
    /// Each die's sides, in the order the table reads them.
    pub sides: Vec<i32>,
    pub dice: Vec<i32>,
    /// Whether a person entered physical dice (otherwise the server derived them).
    pub entered: bool,
    /// The player's nonce; null for none.
    pub nonce: Option<String>,
}

/// A week's dice, read like the campaign (R25).
#[async_trait::async_trait]
pub trait FairDice {
    /// Week `week`'s dice as `reader` may see them (R20 applied); 404 for a week that
    /// has not begun or a campaign he may not read.
    async fn week_dice(
        &self,
        reader: ReadAccess,
        campaign_id: i64,
        week: i32,
    ) -> Result<WeekDice, crate::Error>;

    /// Week `week`'s commitment, its seed once closed and its chain head, without the
    /// rolls: for the pages' headers.
    async fn week_seal(
        &self,
        reader: ReadAccess,
        campaign_id: i64,
        week: i32,
    ) -> Result<WeekSeal, crate::Error>;
}
