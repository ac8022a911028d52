//! The path parameters of the endpoints, described once for the OpenAPI document:
//! the handlers extract them as tuples, in the order the route names them.

use eagles_office::refs::{AwardRef, CrewRef, GameRef, MissionRef, SortieRef};
use serde::Deserialize;
use utoipa::IntoParams;

/// `/campaigns/{cid}`.
#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Path)]
pub struct CampaignPath {
    /// Campaign id
    pub cid: i64,
}

/// `/campaigns/{cid}/games/{gid}`.
#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Path)]
pub struct GamePath {
    /// Campaign id
    pub cid: i64,
    /// Game id
    pub gid: i64,
}

impl GamePath {
    /// The game the path names.
    pub fn game(&self) -> GameRef {
        GameRef {
            campaign_id: self.cid,
            game_id: self.gid,
        }
    }
}

/// `/campaigns/{cid}/games/{gid}/missions/{mid}`.
#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Path)]
pub struct MissionPath {
    /// Campaign id
    pub cid: i64,
    /// Game id
    pub gid: i64,
    /// Mission id
    pub mid: i64,
}

impl MissionPath {
    /// The mission the path names.
    pub fn mission(&self) -> MissionRef {
        MissionRef {
            campaign_id: self.cid,
            game_id: self.gid,
            mission_id: self.mid,
        }
    }
}

/// `/campaigns/{cid}/crew/{id}`.
#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Path)]
pub struct CrewmanPath {
    /// Campaign id
    pub cid: i64,
    /// Crewman id
    pub id: i64,
}

impl CrewmanPath {
    /// The crewman the path names.
    pub fn crewman(&self) -> CrewRef {
        CrewRef {
            campaign_id: self.cid,
            crew_id: self.id,
        }
    }
}

/// `/campaigns/{cid}/awards/{aid}`.
#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Path)]
pub struct AwardPath {
    /// Campaign id
    pub cid: i64,
    /// Award (ledger entry) id
    pub aid: i64,
}

impl AwardPath {
    /// The award the path names.
    pub fn award(&self) -> AwardRef {
        AwardRef {
            campaign_id: self.cid,
            award_id: self.aid,
        }
    }
}

/// `/campaigns/{cid}/members/{username}`.
#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Path)]
pub struct MemberPath {
    /// Campaign id
    pub cid: i64,
    pub username: String,
}

/// `/campaigns/{cid}/weeks/{n}`.
#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Path)]
pub struct WeekPath {
    /// Campaign id
    pub cid: i64,
    /// Week number, from 1
    pub n: i32,
}

/// `/campaigns/{cid}/games/{gid}/sorties/{sid}`.
#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Path)]
pub struct SortiePath {
    /// Campaign id
    pub cid: i64,
    /// Game id
    pub gid: i64,
    /// Sortie id
    pub sid: i64,
}

impl SortiePath {
    /// The sortie the path names.
    pub fn sortie(&self) -> SortieRef {
        SortieRef {
            campaign_id: self.cid,
            game_id: self.gid,
            sortie_id: self.sid,
        }
    }
}
