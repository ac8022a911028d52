//! The weeks' dice seeds (R25): 32 bytes from the operating system, made when a week
//! opens — week 1 with its campaign, the next by a week's close — and, for the weeks
//! open when fair dice shipped, at the server's start (or by their first roll, under
//! the campaign's lock). A seed is never printed: [`WeekSeed`]'s `Debug` shows its
//! commitment.

use campaign::fair_dice::{WeekSeed, SEED_BYTES};
use eagles_db::diesel_async::AsyncPgConnection;
use rand::rngs::OsRng;
use rand::RngCore;

use crate::error::ServiceError;

/// Gives `week` of the campaign a fresh seed unless it has one (idempotent).
pub async fn give(
    conn: &mut AsyncPgConnection,
    campaign_id: i64,
    week: i32,
) -> Result<(), ServiceError> {
    let mut seed = [0u8; SEED_BYTES];
    OsRng.fill_bytes(&mut seed);
    eagles_db::fair_dice::give_seed(conn, campaign_id, week, &seed).await?;
    Ok(())
}

/// Gives every running campaign's current week a seed if it has none: the weeks open
/// when fair dice shipped. Safe to run from several instances at once.
pub async fn give_open_weeks(conn: &mut AsyncPgConnection) -> Result<usize, ServiceError> {
    let missing = eagles_db::fair_dice::open_weeks_without_seed(conn).await?;
    for &(campaign_id, week) in &missing {
        give(conn, campaign_id, week).await?;
    }
    Ok(missing.len())
}

/// The seed stored as `bytes`.
pub fn seed_of(bytes: &[u8]) -> Result<WeekSeed, ServiceError> {
    let bytes: [u8; SEED_BYTES] = bytes
        .try_into()
        .map_err(|_| ServiceError::Internal("a dice seed is not 32 bytes".into()))?;
    Ok(WeekSeed::from_bytes(bytes))
}
