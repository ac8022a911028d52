//! Which side is winning the air war (R12, §13.204).

use campaign::standings::{side_totals, LedgerEntry};
use eagles_db::campaigns::Campaign;
use eagles_db::diesel_async::AsyncPgConnection;
use eagles_db::standings::LedgerSum;
pub use eagles_office::standings::{SideXpView, SidesQuery, SidesView};

use super::as_of;
use crate::error::ServiceError;

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
