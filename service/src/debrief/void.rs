//! Corrections: voiding a whole debrief or a single award. The ledger is append-only,
//! so voiding writes reversing entries (points negated, pointing at the original)
//! stamped with the campaign's current week, and keeps every original row. A voided
//! game's kills and casualties stop counting (the crew and standings queries skip
//! games with a `voided_week`); a voided game cannot be debriefed again — the referee
//! opens a new game for a replay.

use eagles_db::debriefs::DebriefGame;
use eagles_db::diesel_async::AsyncPgConnection;
use eagles_db::ledger::Award;
pub use eagles_office::debrief::{LedgerEntryView, VoidedDebrief};

use crate::error::ServiceError;
use crate::unique::is_unique_violation;

/// Voids `game`'s debrief in `week` (the campaign's current week; the caller holds
/// the campaign's lock): marks the game and reverses each of its awards not yet
/// reversed.
pub async fn void_debrief(
    conn: &mut AsyncPgConnection,
    game: &DebriefGame,
    week: i32,
    user_id: i64,
    reason: &str,
) -> Result<VoidedDebrief, ServiceError> {
    if let Some(voided) = game.voided_week {
        return Err(ServiceError::Conflict(format!(
            "the debrief of game {} was already voided in week {voided}",
            game.id
        )));
    }
    if game.debriefed_at.is_none()
        || !eagles_db::debriefs::mark_voided(conn, game.id, week, user_id).await?
    {
        return Err(ServiceError::Conflict(format!(
            "game {} has no debrief to void",
            game.id
        )));
    }
    let mut reversed = 0;
    for (award, reversal) in eagles_db::ledger::game_awards(conn, game.id).await? {
        if reversal.is_none() {
            reverse(conn, &award, week, reason).await?;
            reversed += 1;
        }
    }
    Ok(VoidedDebrief {
        game_id: game.id,
        voided_week: week,
        reversed_awards: reversed,
    })
}

/// Reverses one award in `week`; 409 when it is itself a reversal or already reversed.
pub async fn reverse_award(
    conn: &mut AsyncPgConnection,
    award: &Award,
    week: i32,
    reason: &str,
) -> Result<Award, ServiceError> {
    if let Some(original) = award.reverses {
        return Err(ServiceError::Conflict(format!(
            "award {} is itself the reversal of award {original} and cannot be voided",
            award.id
        )));
    }
    if let Some(reversal) = eagles_db::ledger::reversal_of(conn, award.id).await? {
        return Err(ServiceError::Conflict(format!(
            "award {} was already reversed by award {}",
            award.id, reversal.id
        )));
    }
    reverse(conn, award, week, reason).await
}

async fn reverse(
    conn: &mut AsyncPgConnection,
    award: &Award,
    week: i32,
    reason: &str,
) -> Result<Award, ServiceError> {
    let text = format!("void: {} ({reason})", award.reason);
    eagles_db::ledger::reverse(conn, award, week, &text)
        .await
        .map_err(|e| {
            if is_unique_violation(&e) {
                ServiceError::Conflict(format!(
                    "award {} was reversed at the same moment; reload",
                    award.id
                ))
            } else {
                e.into()
            }
        })
}

/// The doors' view of a stored row.
pub fn ledger_entry_view(a: Award) -> LedgerEntryView {
    LedgerEntryView {
        id: a.id,
        crew_id: a.crew_id,
        week: a.week,
        game_id: a.game_id,
        points: a.points,
        kind: a.kind,
        reason: a.reason,
        two_seater_mission: a.two_seater_mission,
        reverses: a.reverses,
    }
}
