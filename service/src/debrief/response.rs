//! A game's debrief result as stored: the answer of the debrief POST and of its GET,
//! read back from the rows written, so both always agree.

use campaign::crew::CrewId;
use campaign::injuries::{fate, CasualtyKind, Fate, FateKind, Outcome, Severity};
use campaign::tables::Table;
use eagles_db::debriefs::DebriefGame;
use eagles_db::diesel_async::AsyncPgConnection;
use eagles_db::ledger::Award;
use eagles_db::rolls::{CrewRoll, GameSeat, NewRoll, RollRecord};
use futures_util::future::{try_join, try_join4};
use serde::Serialize;

use crate::error::ServiceError;

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
    pub table: Table,
    pub dice: Vec<i32>,
    /// The modifiers that applied, by name, with what each added.
    #[schema(value_type = Object)]
    pub modifiers: serde_json::Value,
    pub total: i32,
    /// A snake_case name, or the weeks out for the injury tables.
    #[schema(value_type = Object)]
    pub result: serde_json::Value,
}

impl From<&NewRoll> for RollLine {
    fn from(roll: &NewRoll) -> Self {
        Self::new(
            roll.table_name,
            &roll.dice,
            &roll.modifiers,
            roll.total,
            &roll.result,
        )
    }
}

impl From<&RollRecord> for RollLine {
    fn from(roll: &RollRecord) -> Self {
        Self::new(
            roll.table_name,
            &roll.dice,
            &roll.modifiers,
            roll.total,
            &roll.result,
        )
    }
}

impl RollLine {
    fn new(
        table: Table,
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
            table,
            dice: dice.to_vec(),
            modifiers: modifiers.clone(),
            total,
            result,
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
    pub kind: String,
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

impl From<(Award, Option<i64>)> for AwardView {
    fn from((award, reversed_by): (Award, Option<i64>)) -> Self {
        Self {
            id: award.id,
            crew_id: award.crew_id,
            points: award.points,
            reason: award.reason,
            kind: award.kind,
            two_seater_mission: award.two_seater_mission,
            reversed_by,
        }
    }
}

/// Reads the stored debrief of the game `game_id` of the campaign: `None` when there
/// is no such game. The six reads go out together (pipelined), one round trip.
pub async fn load(
    conn: &AsyncPgConnection,
    campaign_id: i64,
    game_id: i64,
) -> Result<Option<(DebriefGame, DebriefResult)>, ServiceError> {
    let ((game, awards, casualties, missions), (seats, rolls)) = try_join(
        try_join4(
            eagles_db::debriefs::game(conn, campaign_id, game_id),
            eagles_db::ledger::game_awards(conn, game_id),
            eagles_db::debriefs::casualties(conn, game_id),
            eagles_db::debriefs::missions(conn, game_id),
        ),
        try_join(
            eagles_db::rolls::seats_of_games(conn, &[game_id]),
            eagles_db::rolls::crew_rolls_of_games(conn, &[game_id]),
        ),
    )
    .await?;
    let Some(game) = game else {
        return Ok(None);
    };
    let awards = awards.into_iter().map(AwardView::from).collect();
    let mut injuries = Vec::new();
    let mut captures = Vec::new();
    let mut deaths = Vec::new();
    for c in casualties {
        let dice = c.dice.unwrap_or_default();
        // An injury has a severity; anything else is a capture or a death.
        match c.kind.severity() {
            Some(severity) => injuries.push(InjuryView {
                crew_id: c.crew_id,
                severity,
                weeks_out: c.weeks_out.unwrap_or_default(),
                sent_home: c.sent_home,
                out_until_week: c.out_until_week,
                dice,
            }),
            None if c.kind == CasualtyKind::Captured => captures.push(CaptureView {
                crew_id: c.crew_id,
                result: if c.weeks_out.is_some() {
                    "escaped"
                } else {
                    "prisoner"
                }
                .to_owned(),
                weeks_out: c.weeks_out,
                out_until_week: c.out_until_week,
                dice,
            }),
            None => deaths.push(c.crew_id),
        }
    }
    let missions = missions
        .into_iter()
        .map(|m| MissionResultView {
            mission_id: m.id,
            side: m.side,
            mission_type: m.mission_type,
            success: m.success.unwrap_or(false),
            details: m.details,
        })
        .collect();
    let result = DebriefResult {
        game_id: game.id,
        week: game.week,
        turns_played: game.turns_played,
        voided_week: game.voided_week,
        awards,
        injuries,
        captures,
        deaths,
        missions,
        crew: crew_rolls(seats, rolls)?,
    };
    Ok(Some((game, result)))
}

/// Each crewman of `seats` with his outcome, his fate (R7, R8) and, in the order
/// made, his `rolls`.
pub fn crew_rolls(
    seats: Vec<GameSeat>,
    rolls: Vec<CrewRoll>,
) -> Result<Vec<CrewRollsView>, ServiceError> {
    let mut crew = seats
        .into_iter()
        .map(|s| {
            Ok(CrewRollsView {
                crew_id: s.crew_id,
                outcome: s.outcome,
                fate: seat_fate(&s)?,
                rolls: Vec::new(),
            })
        })
        .collect::<Result<Vec<_>, ServiceError>>()?;
    for r in rolls {
        if let Some(c) = crew.iter_mut().find(|c| c.crew_id == r.crew_id) {
            c.rolls.push(RollLine::from(&r.roll));
        }
    }
    Ok(crew)
}

/// What became of the man of a stored seat: the worse of his wounds and his outcome
/// (R7), or his capture (R8), as the debrief decided it.
pub(super) fn seat_fate(seat: &GameSeat) -> Result<FateKind, ServiceError> {
    let boxes = u32::try_from(seat.wound_boxes).unwrap_or(u32::MAX);
    fate(CrewId(seat.crew_id), boxes, seat.outcome)
        .map(Fate::kind)
        .map_err(|e| {
            ServiceError::Internal(format!("the stored seat of crewman {}: {e}", seat.crew_id))
        })
}
