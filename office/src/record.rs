//! A crewman's service record, week by week and sortie by sortie.

use crate::access::ReadAccess;
use crate::refs::CrewRef;
use campaign::injuries::FateKind;
use chrono::NaiveDate;
use serde::Serialize;

/// A crewman's service record.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct ServiceRecord {
    pub crew_id: i64,
    pub name: String,
    /// Only the weeks in which something happened to him, oldest first.
    pub weeks: Vec<RecordWeek>,
}

/// One week of a service record.
#[derive(Debug, Default, Serialize, utoipa::ToSchema)]
pub struct RecordWeek {
    pub week: i32,
    /// The week's date in the campaign calendar.
    #[schema(value_type = String, format = Date)]
    pub date: NaiveDate,
    pub sorties: Vec<RecordSortie>,
    pub kills: Vec<RecordKill>,
    /// The week's ledger entries; a reversal has negative points and names the
    /// award it cancels.
    pub awards: Vec<RecordAward>,
    pub injuries: Vec<RecordInjury>,
    /// Ability codes picked this week.
    pub abilities: Vec<String>,
}

/// A sortie flown. Rows of a voided game stay in the record with `voided_week`.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct RecordSortie {
    pub game_id: i64,
    /// The sortie's key in its debrief.
    pub key: String,
    /// The aircraft type's name.
    pub aircraft: String,
    /// `mission` or `sweep`.
    pub assignment: campaign::missions::Assignment,
    /// `pilot` or `observer`.
    pub position: campaign::crew::Role,
    pub turns_on_board: i32,
    pub red_hits: i32,
    pub wound_boxes: i32,
    /// As sent, or as the forced-landing tables gave it.
    pub outcome: campaign::injuries::Outcome,
    /// What became of him (API v1.2): the worse of his wounds and his outcome (R7), or
    /// his capture (R8). The pages show this, never the outcome alone.
    pub fate: FateKind,
    pub aircraft_lost: bool,
    /// The side's mission, when this sortie flew it.
    pub mission_type: Option<campaign::missions::MissionType>,
    /// Whether that mission succeeded, once debriefed.
    pub mission_success: Option<bool>,
    /// The week the game was voided, if it was.
    pub voided_week: Option<i32>,
    /// Its aircraft data sheet, the sortie's id in the game's line-up, when the game
    /// had one (API v1.2): read in full once the game is debriefed.
    pub sheet_sortie_id: Option<i64>,
}

/// A kill credited, alone or shared.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct RecordKill {
    pub game_id: i64,
    pub victim: RecordVictim,
    /// The other shooters' names.
    pub shared_with: Vec<String>,
    /// The week the game was voided, if it was.
    pub voided_week: Option<i32>,
}

/// The aircraft shot down.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct RecordVictim {
    /// The victim sortie's key in its debrief.
    pub key: String,
    pub aircraft: String,
    /// Its crew's names, pilot first.
    pub crew: Vec<String>,
}

/// An entry of the XP ledger.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct RecordAward {
    pub id: i64,
    pub game_id: Option<i64>,
    pub points: i32,
    pub reason: String,
    #[schema(value_type = String)]
    pub kind: campaign::experience::AwardKind,
    /// The award this entry cancels, for a reversal.
    pub reverses: Option<i64>,
}

/// An injury, capture or death.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct RecordInjury {
    pub game_id: Option<i64>,
    /// `minor_injury`, `serious_injury`, `captured` or `killed`.
    #[schema(value_type = String)]
    pub kind: campaign::injuries::CasualtyKind,
    pub weeks_out: Option<i32>,
    /// The last week out of service; none when he will not return.
    pub out_until_week: Option<i32>,
    pub sent_home: bool,
    /// The week the game was voided, if it was.
    pub voided_week: Option<i32>,
}

/// A crewman's service record.
#[async_trait::async_trait]
pub trait Records {
    /// A crewman's service record, week by week.
    async fn service_record(
        &self,
        reader: ReadAccess,
        crewman: CrewRef,
    ) -> Result<ServiceRecord, crate::Error>;
}
