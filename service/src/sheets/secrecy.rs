//! The roll log as a reader may see the rolls made on sheets (§4.00, R20): until the
//! game is over, a sheet's rolls are its players' and the referees'
//! ([`GameSecrecy::sees_roll`] decides). Everyone else sees the
//! combat rolls as declared at the table (the sorties, the combat value, the result,
//! the die, not the modifiers that tell of wounds and abilities) and the other rolls
//! only when their result is open: a spin, smoke, fire, a destruction.

use std::collections::HashMap;

use campaign::logged_table::LoggedTable;
use campaign::secrecy::RollSight;
use campaign::sheet::SheetTable;
use eagles_db::diesel_async::AsyncPgConnection;
use eagles_db::roll_log::RollEntry;
use eagles_office::secrecy::GameSecrecy;

use crate::access::CampaignScope;
use crate::error::ServiceError;

/// Whether a sheet roll's result changes what the whole table sees.
fn open_result(table: SheetTable, result: &str) -> bool {
    use SheetTable::*;
    matches!(
        (table, result),
        (Spin, "spins")
            | (SpinRecovery, "recovers")
            | (Critical, "destroyed")
            | (EngineFire, "smoke" | "fire")
            | (ExtinguishFire, "smoke")
            | (ExtinguishSmoke, "out" | "fire")
    )
}

/// `rolls` as the caller of `scope` may see them.
pub async fn for_reader(
    conn: &mut AsyncPgConnection,
    scope: &CampaignScope,
    rolls: Vec<RollEntry>,
) -> Result<Vec<RollEntry>, ServiceError> {
    let mut sortie_ids: Vec<i64> = rolls.iter().filter_map(|r| r.roll.roll.sortie_id).collect();
    if sortie_ids.is_empty() {
        return Ok(rolls);
    }
    sortie_ids.sort_unstable();
    sortie_ids.dedup();
    let sheets: HashMap<i64, (GameSecrecy, Vec<i64>)> =
        eagles_db::lineup::sheet_readers(conn, &sortie_ids)
            .await?
            .into_iter()
            .map(|r| {
                let secrecy = GameSecrecy::of(scope, r.debriefed, r.voided, r.abandoned);
                (r.sortie_id, (secrecy, r.owners))
            })
            .collect();
    Ok(rolls
        .into_iter()
        .filter_map(|mut entry| {
            let Some(sortie_id) = entry.roll.roll.sortie_id else {
                return Some(entry);
            };
            let (secrecy, owners) = sheets.get(&sortie_id)?;
            let (combat, open) = match entry.roll.roll.table_name {
                LoggedTable::Sheet(SheetTable::Combat) => (true, false),
                LoggedTable::Sheet(table) => (false, open_result(table, &entry.roll.roll.result)),
                _ => (false, false),
            };
            match secrecy.sees_roll(owners.iter().copied(), combat, open) {
                RollSight::Full => Some(entry),
                RollSight::AsDeclared => {
                    entry.roll.roll.modifiers = serde_json::json!({});
                    entry.roll.roll.crew_id = None;
                    Some(entry)
                }
                RollSight::Hidden => None,
            }
        })
        .collect())
}
