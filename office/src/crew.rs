//! Pilots and observers (R2, R3, R6): the crewman's view with what the rules derive,
//! the requests that enlist one and pick his abilities, and the pages' rosters.

use crate::access::ReadAccess;
use crate::refs::CrewRef;
use crate::User;
use campaign::abilities::Ability;
use campaign::crew::{CrewStatus, Role};
use campaign::sides::Nationality;
use campaign::sides::Side;
use campaign::status::PendingPicks;
use serde::{Deserialize, Serialize};

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

/// A crewman to create.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct NewCrew {
    pub name: String,
    pub role: Role,
    /// Decides the side (R2).
    pub nationality: Nationality,
    /// A novice replacement for a role with nobody available (R3).
    #[serde(default)]
    pub replacement: bool,
    /// The owning player's username; the caller by default.
    pub owner: Option<String>,
}

/// Filters of the crew list.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[serde(deny_unknown_fields)]
#[into_params(parameter_in = Query)]
pub struct CrewQuery {
    pub side: Option<Side>,
    pub role: Option<Role>,
}

/// An ability to pick.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct AbilityPick {
    pub ability: Ability,
}

/// The crew page of a campaign: the campaign as the caller sees it, every crewman, and
/// the players the referee may enlist crew for.
#[derive(Debug)]
pub struct CrewRoster {
    pub scope: crate::access::CampaignScope,
    pub crew: Vec<CrewmanView>,
    /// The usernames of the campaign's players (not its referees).
    pub players: Vec<String>,
}

/// One crewman's page: the campaign as the caller sees it, the crewman with his XP
/// ledger (`awards`), the week he joined, his service record week by week, each
/// ability's effect (appendix D), and whether the caller may pick an ability for him.
#[derive(Debug)]
pub struct CrewmanDetail {
    pub scope: crate::access::CampaignScope,
    pub crewman: CrewmanView,
    pub joined_week: i32,
    pub awards: Vec<XpEntryView>,
    pub record: Vec<crate::record::RecordWeek>,
    pub ability_effects: std::collections::HashMap<Ability, String>,
    /// While the campaign runs, his owner and the referee may pick (R6, §13.203).
    pub may_pick: bool,
}

/// Pilots and observers (R2, R3, R6).
#[async_trait::async_trait]
pub trait Crew {
    /// Enlists a crewman (R2, R3).
    async fn create_crewman(
        &self,
        user: User,
        campaign_id: i64,
        new: NewCrew,
    ) -> Result<CrewmanView, crate::Error>;

    /// Takes a special ability the crewman has earned (R6).
    async fn pick_ability(
        &self,
        user: User,
        crewman: CrewRef,
        pick: Ability,
    ) -> Result<CrewmanView, crate::Error>;

    /// The crew of a campaign `reader` may read.
    async fn crew(
        &self,
        reader: ReadAccess,
        campaign_id: i64,
        query: CrewQuery,
    ) -> Result<Vec<CrewmanView>, crate::Error>;

    /// One crewman with his XP ledger.
    async fn crewman(
        &self,
        reader: ReadAccess,
        crewman: CrewRef,
    ) -> Result<CrewmanView, crate::Error>;

    /// The crew page of a campaign `reader` may read.
    async fn crew_roster(
        &self,
        reader: ReadAccess,
        campaign_id: i64,
    ) -> Result<CrewRoster, crate::Error>;

    /// For every crewman of a campaign `reader` may read who has flown in a game not
    /// voided, the aircraft type of his latest sortie, by crewman id.
    async fn last_flown(
        &self,
        reader: ReadAccess,
        campaign_id: i64,
    ) -> Result<std::collections::HashMap<i64, String>, crate::Error>;

    /// One crewman's page, in a campaign `reader` may read.
    async fn crewman_detail(
        &self,
        reader: ReadAccess,
        crewman: CrewRef,
    ) -> Result<CrewmanDetail, crate::Error>;
}
