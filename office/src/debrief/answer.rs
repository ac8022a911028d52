//! What a debrief answers: each mission's result, each crewman's rolls, awards and
//! fate; and what voiding a debrief or an award answers.

use campaign::injuries::Outcome;
use campaign::injuries::{FateKind, Severity};
use campaign::logged_table::LoggedTable;
use serde::Serialize;

/// The breakdown of a debrief (API.md).
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct DebriefResult {
    pub game_id: i64,
    pub week: i32,
    pub turns_played: Option<i32>,
    /// The week the debrief was voided in; its kills and casualties no longer count
    /// and its awards are reversed.
    pub voided_week: Option<i32>,
    /// The awards given, in the order the rules list them (R4, R5).
    pub awards: Vec<AwardView>,
    pub injuries: Vec<InjuryView>,
    pub captures: Vec<CaptureView>,
    /// Crewmen killed.
    pub deaths: Vec<i64>,
    /// Every mission of the game with its result (R10).
    pub missions: Vec<MissionResultView>,
    /// Every crewman of the game's sorties (each sortie's pilot, then its observer):
    /// his outcome and the rolls made for him in the rulebook's order — for a sortie
    /// that came down (`down`) landing (with the man at the controls), crash or
    /// bail-out, evade; then capture or injury (R7, R8, R14). The roll log keeps the
    /// same rolls with the game's id and the crewman's.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub crew: Vec<CrewRollsView>,
}

/// One crewman's outcome, his fate and the rolls that decided it.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct CrewRollsView {
    pub crew_id: i64,
    /// As sent, or as the forced-landing tables gave it.
    pub outcome: Outcome,
    /// What became of him (API v1.2): the worse of his wounds and his outcome (R7), or
    /// his capture (R8) — `unharmed`, `minor_injury`, `serious_injury`, `killed` or
    /// `captured`. The pages show this, never the outcome alone.
    pub fate: FateKind,
    pub rolls: Vec<RollLine>,
}

/// A roll as the debrief's answer shows it.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct RollLine {
    /// Its id in the roll log, once logged; a roll made at the table that the debrief
    /// took as its own keeps its id there (API v1.2).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub id: Option<i64>,
    pub table: LoggedTable,
    pub dice: Vec<i32>,
    /// The modifiers that applied, by name, with what each added.
    #[schema(value_type = Object)]
    pub modifiers: serde_json::Value,
    pub total: i32,
    /// A snake_case name, or the weeks out for the injury tables.
    #[schema(value_type = Object)]
    pub result: serde_json::Value,
    /// The roll's receipt (R25), once logged.
    #[serde(flatten)]
    pub receipt: crate::fair_dice::Receipt,
}

impl RollLine {
    /// A roll as the answer lists it: a numeric table's result as a number.
    pub fn new(
        table: LoggedTable,
        dice: &[i32],
        modifiers: &serde_json::Value,
        total: i32,
        result: &str,
    ) -> Self {
        let result = match result.parse::<i64>() {
            Ok(n) if crate::rolls::numeric_result(table) => serde_json::Value::from(n),
            _ => serde_json::Value::from(result),
        };
        Self {
            id: None,
            table,
            dice: dice.to_vec(),
            modifiers: modifiers.clone(),
            total,
            result,
            receipt: Default::default(),
        }
    }
}

/// An award of the debrief.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct AwardView {
    /// The ledger entry; `POST /campaigns/{cid}/awards/{id}/void` reverses it.
    pub id: i64,
    pub crew_id: i64,
    pub points: i32,
    pub reason: String,
    /// `turns`, `kill`, `red_hits`, `sortie`, `mission_success` or `mission_units`.
    #[schema(value_type = String)]
    pub kind: campaign::experience::AwardKind,
    /// A mission award earned in a two-seater, counted twice for the side (R12).
    pub two_seater_mission: bool,
    /// The entry that reversed it, once voided.
    pub reversed_by: Option<i64>,
}

/// An injury and its weeks out (R7).
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct InjuryView {
    pub crew_id: i64,
    /// `minor` or `serious`.
    pub severity: Severity,
    pub weeks_out: i32,
    /// Home for the rest of the war: a serious injury on a triple.
    pub sent_home: bool,
    /// The last week he is out; none when sent home.
    pub out_until_week: Option<i32>,
    /// The dice of the injury roll.
    pub dice: Vec<i32>,
}

/// A capture and its roll (R8).
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct CaptureView {
    pub crew_id: i64,
    /// `escaped` (exchanged or escaped, out 1d100 weeks) or `prisoner` (for the war).
    pub result: String,
    pub weeks_out: Option<i32>,
    pub out_until_week: Option<i32>,
    /// The 2d6 of the capture roll, then the 1d100 on a 2.
    pub dice: Vec<i32>,
}

/// A mission's result.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct MissionResultView {
    pub mission_id: i64,
    pub side: campaign::sides::Side,
    pub mission_type: campaign::missions::MissionType,
    pub success: bool,
    /// The facts it was judged on.
    #[schema(value_type = Object)]
    pub details: Option<serde_json::Value>,
}

/// The answer to voiding a debrief.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct VoidedDebrief {
    pub game_id: i64,
    /// The week from which the game no longer counts.
    pub voided_week: i32,
    /// Awards cancelled by a reversing entry.
    pub reversed_awards: usize,
}

/// A ledger entry, as the award void answers with its reversing entry.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct LedgerEntryView {
    pub id: i64,
    pub crew_id: i64,
    pub week: i32,
    pub game_id: Option<i64>,
    pub points: i32,
    #[schema(value_type = String)]
    pub kind: campaign::experience::AwardKind,
    pub reason: String,
    pub two_seater_mission: bool,
    /// The award this entry cancels.
    pub reverses: Option<i64>,
}
