//! A crewman as the API shows him: stored facts plus what the rules derive from the
//! ledger (novice, ace, status, availability, pending picks, Spin Recovery bonus).

use campaign::abilities::Ability;
use campaign::crew::{CrewStatus, Role};
use campaign::sides::Nationality;
use campaign::status::{self, PendingPicks};
use campaign::xp::Xp;
use eagles_db::crew::{AwardEntry, CrewRecord};
use serde::Serialize;

use crate::error::ServiceError;

/// A crewman.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct CrewmanView {
    pub id: i64,
    pub name: String,
    pub role: Role,
    /// Follows the nationality (R2).
    pub side: campaign::sides::Side,
    pub nationality: Nationality,
    /// The owning player's username.
    pub owner: String,
    /// Starting XP plus every award of the ledger.
    pub xp: i64,
    /// Under 50 XP (R6, §13.101).
    pub novice: bool,
    /// Kills credited, shared ones included (R6).
    pub kills: i64,
    /// At least 5 kills (R6).
    pub ace: bool,
    /// `active`, `wounded`, `captured`, `killed` or `sent_home`.
    pub status: CrewStatus,
    /// Can fly this week.
    pub available: bool,
    /// The last week he is out of service (R7), while he is out.
    pub out_until_week: Option<i32>,
    /// Ability codes, in the order chosen.
    pub abilities: Vec<Ability>,
    #[schema(value_type = PendingPicksView)]
    pub pending_picks: PendingPicks,
    /// +1 per 250 XP with Spin Recovery, else 0 (R6).
    pub spin_recovery_bonus: i32,
    /// The XP ledger; only on a single crewman's page.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub awards: Option<Vec<XpEntryView>>,
}

/// Picks earned but not yet made.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct PendingPicksView {
    /// From XP slots.
    pub xp: u32,
    /// From ace slots.
    pub ace: u32,
}

/// One entry of a crewman's XP ledger.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct XpEntryView {
    pub week: i32,
    pub game_id: Option<i64>,
    pub points: i32,
    pub reason: String,
}

impl From<AwardEntry> for XpEntryView {
    fn from(a: AwardEntry) -> Self {
        Self {
            week: a.week,
            game_id: a.game_id,
            points: a.points,
            reason: a.reason,
        }
    }
}

impl CrewmanView {
    /// Builds the view from a stored record; fails only on data the schema forbids.
    pub fn from_record(record: CrewRecord, current_week: i32) -> Result<Self, ServiceError> {
        let xp = Xp(i32::try_from(record.xp).map_err(|_| {
            ServiceError::Internal(format!("crewman {}: bad xp {}", record.id, record.xp))
        })?);
        let kills = u32::try_from(record.kills).unwrap_or(u32::MAX);
        let (status, out_until_week) =
            status::service_state(record.latest_casualty(), current_week);
        let abilities = record.abilities;
        Ok(Self {
            id: record.id,
            name: record.name,
            role: record.role,
            side: record.nationality.side(),
            nationality: record.nationality,
            owner: record.owner,
            xp: record.xp,
            novice: status::is_novice(xp),
            kills: record.kills,
            ace: status::is_ace(kills),
            available: status == CrewStatus::Active,
            status,
            out_until_week,
            pending_picks: status::pending_picks(xp, kills, &abilities),
            spin_recovery_bonus: status::spin_recovery_bonus(xp, &abilities),
            abilities,
            awards: None,
        })
    }
}
