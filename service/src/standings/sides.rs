//! Which side is winning the air war (R12, §13.204).

use campaign::standings::{side_totals, Leader, LedgerEntry, SideXp};
use eagles_db::campaigns::Campaign;
use eagles_db::diesel_async::AsyncPgConnection;
use eagles_db::standings::LedgerSum;
use serde::{Deserialize, Serialize};

use super::as_of;
use crate::error::ServiceError;

/// The week of the side totals.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[serde(deny_unknown_fields)]
#[into_params(parameter_in = Query)]
pub struct SidesQuery {
    /// Count only awards made in weeks up to this one; the current week by default.
    pub as_of_week: Option<i32>,
}

/// One side's XP for the air war.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct SideXpView {
    /// XP its crews earned in games; starting XP does not count.
    pub xp: i64,
    /// Mission awards earned in two-seaters, counted a second time.
    pub doubled_mission_xp: i64,
    /// `xp + doubled_mission_xp`.
    pub total: i64,
}

impl From<SideXp> for SideXpView {
    fn from(s: SideXp) -> Self {
        Self {
            xp: s.xp,
            doubled_mission_xp: s.doubled_mission_xp,
            total: s.total,
        }
    }
}

/// Both sides' totals and who leads (R12).
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct SidesView {
    pub allied: SideXpView,
    pub central: SideXpView,
    /// `allied`, `central` or `tied`, on `total`.
    pub leader: Leader,
    /// The week these totals stand at.
    pub as_of_week: i32,
}

/// The side totals of a campaign the caller may read (R12): one query. The API and
/// the pages both total through here.
pub async fn totals(
    conn: &mut AsyncPgConnection,
    campaign: &Campaign,
    as_of_week: Option<i32>,
) -> Result<SidesView, ServiceError> {
    let week = as_of(campaign, as_of_week)?;
    let sums = eagles_db::standings::ledger_as_of(conn, campaign.id, week).await?;
    let entries = sums
        .iter()
        .map(entry)
        .collect::<Result<Vec<_>, ServiceError>>()?;
    let totals = side_totals(entries);
    Ok(SidesView {
        allied: totals.allied.into(),
        central: totals.central.into(),
        leader: totals.leader,
        as_of_week: week,
    })
}

fn entry(sum: &LedgerSum) -> Result<LedgerEntry, ServiceError> {
    let points = i32::try_from(sum.points).map_err(|_| {
        ServiceError::Internal(format!(
            "xp_awards: a side total of {} points is out of range",
            sum.points
        ))
    })?;
    Ok(LedgerEntry {
        side: sum.nationality.side(),
        points,
        kind: sum.kind,
        in_two_seater: sum.two_seater_mission,
    })
}
