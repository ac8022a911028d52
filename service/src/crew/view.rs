//! A crewman as the API shows him: stored facts plus what the rules derive from the
//! ledger (novice, ace, status, availability, pending picks, Spin Recovery bonus).

use campaign::crew::CrewStatus;
use campaign::status::{self};
use campaign::xp::Xp;
use eagles_db::crew::{AwardEntry, CrewRecord};
pub use eagles_office::crew::{CrewmanView, PendingPicksView, XpEntryView};

use crate::error::ServiceError;

/// The doors' view of a stored row.
pub fn xp_entry_view(a: AwardEntry) -> XpEntryView {
    XpEntryView {
        week: a.week,
        game_id: a.game_id,
        points: a.points,
        reason: a.reason,
    }
}

/// Builds the view from a stored record; fails only on data the schema forbids.
pub fn crewman_view(record: CrewRecord, current_week: i32) -> Result<CrewmanView, ServiceError> {
    let xp = Xp(i32::try_from(record.xp).map_err(|_| {
        ServiceError::Internal(format!("crewman {}: bad xp {}", record.id, record.xp))
    })?);
    let kills = u32::try_from(record.kills).unwrap_or(u32::MAX);
    let (status, out_until_week) = status::service_state(record.latest_casualty(), current_week);
    let abilities = record.abilities;
    Ok(CrewmanView {
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
