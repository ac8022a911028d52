//! A campaign's export document (its format and version) and how it is read: what
//! the export answers and the import takes.

use crate::campaigns::CampaignView;
use crate::User;
use std::collections::HashSet;
use std::str::FromStr;

use campaign::ParseEnumError;
use chrono::{DateTime, NaiveDate, Utc};
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// A campaign with everything that belongs to it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CampaignExport {
    /// Always `eagles-campaign`.
    #[schema(example = "eagles-campaign")]
    pub format: String,
    /// The document's version; this server reads version 1.
    pub version: u32,
    pub exported_at: DateTime<Utc>,
    pub campaign: ExportedCampaign,
    /// In the order they joined.
    pub members: Vec<ExportedMember>,
    pub crew: Vec<ExportedCrewman>,
    /// The special abilities picked (R6).
    pub ability_picks: Vec<ExportedPick>,
    /// The roll log (R14), every roll of the campaign.
    pub rolls: Vec<ExportedRoll>,
    pub games: Vec<ExportedGame>,
    pub missions: Vec<ExportedMission>,
    pub sorties: Vec<ExportedSortie>,
    pub sortie_crew: Vec<ExportedSortieCrew>,
    pub kills: Vec<ExportedKill>,
    pub casualties: Vec<ExportedCasualty>,
    /// The XP ledger (R4) with its reversing entries.
    pub xp_awards: Vec<ExportedAward>,
    /// The dice seeds of the closed weeks (R25), so an imported campaign can still be
    /// checked; an open week's is secret until its close. Absent in documents of
    /// servers before fair dice.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub dice_seeds: Vec<ExportedSeed>,
}

/// A closed week's dice seed (R25).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ExportedSeed {
    pub week: i32,
    /// The seed's 32 bytes in hex.
    pub seed: String,
}

/// The campaign itself.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ExportedCampaign {
    pub name: String,
    #[schema(value_type = String, format = Date)]
    pub start_date: NaiveDate,
    pub public: bool,
    pub current_week: i32,
    /// Username of the account that created it.
    pub created_by: String,
    pub created_at: DateTime<Utc>,
    /// Present when the campaign has ended (§13.203); an import keeps it ended.
    /// Documents without it, those of servers before the end existed included, are
    /// of a running campaign.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ended: Option<ExportedEnd>,
}

/// The end of a campaign.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ExportedEnd {
    /// The week it ended in: its current week, which no longer moves.
    pub week: i32,
    pub at: DateTime<Utc>,
    /// How it ended, for whoever reads the document: the records decide it, so an
    /// import reads it back from them and takes no account of this.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub final_standings: Option<FinalStandings>,
}

/// The final standings of an ended campaign (R12, R13).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct FinalStandings {
    /// The player whose best crewman has the most XP (R13); none when first place is
    /// shared.
    pub winner: Option<String>,
    /// The players level on every tie-break of R13, when there is no winner.
    #[serde(default)]
    pub shared_first_place: Vec<String>,
    /// `allied`, `central` or `tied` on the side totals (R12).
    pub side_leader: campaign::standings::Leader,
    pub allied_total: i64,
    pub central_total: i64,
}

/// A member.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ExportedMember {
    /// An account that must exist on the importing server.
    pub username: String,
    /// `referee` or `player`.
    pub role: String,
    /// `allied` or `central`; players have one.
    #[schema(value_type = Option<campaign::sides::Side>)]
    pub side: Option<String>,
    pub joined_at: DateTime<Utc>,
}

/// A crewman.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ExportedCrewman {
    /// Export-local id.
    pub id: i64,
    /// Username of the member who flies him.
    pub owner: String,
    pub name: String,
    /// `pilot` or `observer`.
    pub role: String,
    #[schema(value_type = campaign::sides::Nationality)]
    pub nationality: String,
    pub replacement: bool,
    pub starting_xp: i32,
    pub joined_week: i32,
    pub created_at: DateTime<Utc>,
}

/// An ability pick.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ExportedPick {
    /// Export-local id of the crewman.
    pub crew: i64,
    /// The ability's code (appendix D).
    pub ability: String,
    pub week: i32,
    pub chosen_at: DateTime<Utc>,
}

/// A roll of the roll log.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ExportedRoll {
    /// Export-local id.
    pub id: i64,
    pub week: i32,
    /// Export-local id of its game.
    pub game: Option<i64>,
    /// Export-local id of the crewman whose roll it was: a debrief's forced-landing,
    /// injury and capture rolls are each one crewman's (R8, R14). Absent for rolls
    /// that are nobody's, and in documents of servers before the roll log kept it,
    /// which still import (their rolls as nobody's).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub crew: Option<i64>,
    #[schema(value_type = Option<campaign::sides::Side>)]
    pub side: Option<String>,
    /// The table rolled on.
    #[schema(value_type = campaign::tables::Table)]
    pub table: String,
    pub dice: Vec<i32>,
    #[schema(value_type = Object)]
    pub modifiers: serde_json::Value,
    pub total: i32,
    pub result: String,
    /// Physical dice entered by a person rather than rolled by the server.
    pub entered: bool,
    /// Undone at the table, its marks reversed (R24); the log keeps it. Absent in
    /// documents of servers before rolls could be undone, which still import.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub undone: bool,
    /// Username of who rolled or entered it.
    pub rolled_by: Option<String>,
    pub rolled_at: DateTime<Utc>,
    /// Its place in its week's dice (R25): the week current when it was made, its
    /// `seq`, the player's nonce, its chain link and each die's sides. Absent for rolls
    /// made before fair dice, and in documents of servers before them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dice_week: Option<i32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seq: Option<i32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub nonce: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub chain: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sides: Option<Vec<i32>>,
}

/// A game.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ExportedGame {
    /// Export-local id.
    pub id: i64,
    pub week: i32,
    /// Export-local id of the ground offensive roll.
    pub offensive_roll: i64,
    pub ground_offensive: String,
    pub turns_played: Option<i32>,
    pub debriefed_at: Option<DateTime<Utc>>,
    pub voided_week: Option<i32>,
    pub voided_at: Option<DateTime<Utc>>,
    /// Username of who voided its debrief.
    pub voided_by: Option<String>,
    pub created_by: String,
    pub created_at: DateTime<Utc>,
    /// When its week closed without its debrief, at the referee's word (API v1.2);
    /// absent in documents from before abandoned games.
    #[serde(default)]
    pub abandoned_at: Option<DateTime<Utc>>,
}

/// A side's mission in a game.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ExportedMission {
    /// Export-local id of the game.
    pub game: i64,
    #[schema(value_type = campaign::sides::Side)]
    pub side: String,
    /// Export-local id of the mission roll.
    pub roll: i64,
    #[schema(value_type = campaign::missions::MissionType)]
    pub mission_type: String,
    pub trips_needed: Option<i32>,
    /// The assigned aircraft type, by name.
    pub aircraft: Option<String>,
    /// Export-local crew ids.
    pub pilot: Option<i64>,
    pub observer: Option<i64>,
    pub success: Option<bool>,
    #[schema(value_type = Option<Object>)]
    pub details: Option<serde_json::Value>,
}

/// A sortie.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ExportedSortie {
    /// Export-local id.
    pub id: i64,
    /// Export-local id of the game.
    pub game: i64,
    pub key: String,
    #[schema(value_type = campaign::sides::Side)]
    pub side: String,
    /// The aircraft type, by name.
    pub aircraft: String,
    /// `mission` or `sweep`.
    pub assignment: String,
    pub turns_on_board: i32,
    pub aircraft_lost: bool,
}

/// A crewman aboard a sortie.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ExportedSortieCrew {
    /// Export-local id of the sortie.
    pub sortie: i64,
    /// Export-local id of the crewman.
    pub crew: i64,
    /// `pilot` or `observer`.
    pub position: String,
    pub red_hits: i32,
    pub wound_boxes: i32,
    #[schema(value_type = campaign::injuries::Outcome)]
    pub outcome: String,
}

/// A kill.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ExportedKill {
    /// Export-local id of the game.
    pub game: i64,
    /// Export-local id of the sortie shot down.
    pub victim_sortie: i64,
    /// Export-local ids of the crewmen credited.
    pub shooters: Vec<i64>,
}

/// An injury, capture or death.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ExportedCasualty {
    /// Export-local id of the crewman.
    pub crew: i64,
    /// Export-local id of the game.
    pub game: Option<i64>,
    pub week: i32,
    /// `minor_injury`, `serious_injury`, `captured` or `killed`.
    #[schema(value_type = String)]
    pub kind: campaign::injuries::CasualtyKind,
    pub weeks_out: Option<i32>,
    pub out_until_week: Option<i32>,
    pub sent_home: bool,
    /// Export-local id of the roll that decided it.
    pub roll: Option<i64>,
}

/// An entry of the XP ledger.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ExportedAward {
    /// Export-local id.
    pub id: i64,
    /// Export-local id of the crewman.
    pub crew: i64,
    pub week: i32,
    /// Export-local id of the game.
    pub game: Option<i64>,
    pub points: i32,
    #[schema(value_type = String)]
    pub kind: campaign::experience::AwardKind,
    pub reason: String,
    pub two_seater_mission: bool,
    /// Export-local id of the award this entry cancels.
    pub reverses: Option<i64>,
    pub created_at: DateTime<Utc>,
}

impl CampaignExport {
    /// Every username the document names, with its path.
    pub fn username_paths(&self) -> Vec<(String, String)> {
        let mut named = vec![(
            "campaign.created_by".to_owned(),
            self.campaign.created_by.clone(),
        )];
        for (i, m) in self.members.iter().enumerate() {
            named.push((format!("members[{i}].username"), m.username.clone()));
        }
        for (i, r) in self.rolls.iter().enumerate() {
            if let Some(name) = &r.rolled_by {
                named.push((format!("rolls[{i}].rolled_by"), name.clone()));
            }
        }
        for (i, c) in self.crew.iter().enumerate() {
            named.push((format!("crew[{i}].owner"), c.owner.clone()));
        }
        for (i, g) in self.games.iter().enumerate() {
            named.push((format!("games[{i}].created_by"), g.created_by.clone()));
            if let Some(name) = &g.voided_by {
                named.push((format!("games[{i}].voided_by"), name.clone()));
            }
        }
        named
    }

    pub fn usernames(&self) -> Vec<String> {
        let mut names: Vec<String> = self.username_paths().into_iter().map(|(_, n)| n).collect();
        names.sort();
        names.dedup();
        names
    }

    /// Every aircraft type the document names, with its path.
    pub fn aircraft_paths(&self) -> Vec<(String, String)> {
        let mut named = Vec::new();
        for (i, m) in self.missions.iter().enumerate() {
            if let Some(name) = &m.aircraft {
                named.push((format!("missions[{i}].aircraft"), name.clone()));
            }
        }
        for (i, s) in self.sorties.iter().enumerate() {
            named.push((format!("sorties[{i}].aircraft"), s.aircraft.clone()));
        }
        named
    }

    pub fn aircraft_names(&self) -> Vec<String> {
        let mut names: Vec<String> = self.aircraft_paths().into_iter().map(|(_, n)| n).collect();
        names.sort();
        names.dedup();
        names
    }
}

/// A campaign's export and import.
#[async_trait::async_trait]
pub trait Backups {
    /// The whole campaign as one document: referee only.
    async fn export(&self, user: User, campaign_id: i64) -> Result<CampaignExport, crate::Error>;

    /// A campaign from an export document, refereed by `user`.
    async fn import(
        &self,
        user: User,
        document: CampaignExport,
    ) -> Result<CampaignView, crate::Error>;
}

/// The largest import accepted: years of a club's club nights fit many times over.
pub const MAX_IMPORT_BYTES: usize = 64 * 1024 * 1024;

/// What the document says it is.
pub const FORMAT: &str = "eagles-campaign";
/// The version of the document this server writes and reads.
pub const VERSION: u32 = 1;

/// The most problems one answer lists.
const MAX_PROBLEMS: usize = 20;

/// Parses an export document: not JSON at all is a 400; a document of another format
/// or version, a field of the wrong shape, or text the database cannot keep (a NUL
/// character) is a 422 naming its path.
pub fn parse(bytes: &[u8]) -> Result<CampaignExport, crate::Error> {
    let value: Value = serde_json::from_slice(bytes)
        .map_err(|e| crate::Error::BadRequest(format!("the file is not valid JSON: {e}")))?;
    // Text the database cannot keep, everywhere in the document, each by its path.
    let unstorable = crate::text::unstorable_paths(&value);
    if !unstorable.is_empty() {
        let mut problems = Problems::default();
        for path in unstorable {
            problems.push(path, crate::text::UNSTORABLE);
        }
        problems.into_result()?;
    }
    let format = value.get("format").and_then(Value::as_str);
    if format != Some(FORMAT) {
        return Err(crate::Error::invalid(format!(
            "`format`: this is not an Eagles campaign export (expected \"{FORMAT}\")"
        )));
    }
    match value.get("version").and_then(Value::as_u64) {
        Some(v) if v == u64::from(VERSION) => {}
        Some(v) => {
            return Err(crate::Error::invalid(format!(
            "`version`: this server reads version {VERSION} of the export, the file is version {v}"
        )))
        }
        None => {
            return Err(crate::Error::invalid(
                "`version`: missing; the export's version must be a number",
            ))
        }
    }
    serde_path_to_error::deserialize(value).map_err(|e| {
        let path = e.path().to_string();
        crate::Error::invalid(format!("`{path}`: {}", e.into_inner()))
    })
}

/// What is wrong with a document, each with its JSON path.
#[derive(Default)]
pub struct Problems(Vec<String>);

impl Problems {
    pub fn push(&mut self, path: impl Into<String>, what: impl Into<String>) {
        self.0.push(format!("`{}`: {}", path.into(), what.into()));
    }

    /// Checks `value` is one of the names of `T`.
    pub fn name_of<T: FromStr<Err = ParseEnumError>>(&mut self, path: String, value: &str) {
        if let Err(e) = value.parse::<T>() {
            self.push(path, e.to_string());
        }
    }

    /// Checks `id` is one of `ids`, the export-local ids of `list`.
    pub fn reference(&mut self, path: String, list: &str, ids: &HashSet<i64>, id: i64) {
        if !ids.contains(&id) {
            self.push(path, format!("there is no entry with id {id} in `{list}`"));
        }
    }

    pub fn week(&mut self, path: String, week: i32, current: i32) {
        if !(1..=current).contains(&week) {
            self.push(
                path,
                format!("week {week} is outside the campaign's weeks 1 to {current}"),
            );
        }
    }

    pub fn into_result(self) -> Result<(), crate::Error> {
        if self.0.is_empty() {
            return Ok(());
        }
        let count = self.0.len();
        let mut listed: Vec<String> = self.0.into_iter().take(MAX_PROBLEMS).collect();
        if count > MAX_PROBLEMS {
            listed.push(format!("and {} more", count - MAX_PROBLEMS));
        }
        Err(crate::Error::invalid(format!(
            "the file cannot be imported; nothing was written: {}",
            listed.join("; ")
        )))
    }
}
