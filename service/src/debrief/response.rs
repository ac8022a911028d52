//! A game's debrief result as stored: the answer of the debrief POST and of its GET,
//! read back from the rows written, so both always agree.

use campaign::crew::CrewId;
use campaign::injuries::{fate, CasualtyKind, Fate, FateKind};
use eagles_db::debriefs::DebriefGame;
use eagles_db::diesel_async::AsyncPgConnection;
use eagles_db::ledger::Award;
use eagles_db::rolls::{CrewRoll, GameSeat, NewRoll};
pub use eagles_office::debrief::{
    AwardView, CaptureView, CrewRollsView, DebriefResult, InjuryView, MissionResultView, RollLine,
};
use futures_util::future::{try_join, try_join4};

use crate::error::ServiceError;

/// A roll, about to be written or stored (`RollRecord::roll`), as the answer lists it.
pub fn roll_line_of(roll: &NewRoll) -> RollLine {
    RollLine {
        receipt: crate::fair_dice::receipt(&roll.link),
        ..RollLine::new(
            roll.table_name,
            &roll.dice,
            &roll.modifiers,
            roll.total,
            &roll.result,
        )
    }
}

/// A stored award with the entry that reversed it, if any.
pub fn award_view((award, reversed_by): (Award, Option<i64>)) -> AwardView {
    {
        AwardView {
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
    let awards = awards.into_iter().map(award_view).collect();
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
            c.rolls.push(RollLine {
                id: Some(r.roll.id),
                ..roll_line_of(&r.roll.roll)
            });
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
