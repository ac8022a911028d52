//! Dice anyone can check (R25, API v1.3): the chain every rolling write extends, the
//! weeks' seeds, and a week's dice as a reader of the campaign reads them to recheck it.

mod chain;
pub mod seeds;

use std::collections::HashSet;

use eagles_db::diesel_async::AsyncPgConnection;
use eagles_db::fair_dice::RollLink;
use eagles_db::roll_log::RollEntry;
use eagles_office::access::{CampaignScope, ReadAccess};
pub use eagles_office::fair_dice::{
    DiceLine, FairDice, Receipt, RollReceipt, ShownDice, WeekDice, WeekSeal,
};

pub use chain::{DiceChain, ServerDice};
pub use seeds::give_open_weeks;

use crate::error::ServiceError;
use crate::weeks::readable_week;
use crate::Service;
use eagles_office::prelude::*;

/// The receipt of a logged roll's link.
pub fn receipt(link: &RollLink) -> Receipt {
    Receipt {
        seq: link.seq,
        chain: link.chain.clone(),
    }
}

/// Whether week `week`'s seed may be read: once the week is closed, or the campaign
/// ended (R25). Before that it is in no answer.
pub fn seed_public(scope: &CampaignScope, week: i32) -> bool {
    let campaign = scope.campaign();
    week < campaign.current_week || campaign.ended_week.is_some()
}

/// The seal of `week` from its seed and its last link: its commitment, its seed when
/// public, its chain head.
fn sealed(
    scope: &CampaignScope,
    week: i32,
    seed: Option<Vec<u8>>,
    chain_head: Option<String>,
) -> Result<WeekSeal, ServiceError> {
    let seed = seed.map(|s| seeds::seed_of(&s)).transpose()?;
    Ok(WeekSeal {
        week,
        commitment: seed.as_ref().map(|s| s.commitment()),
        seed: seed
            .filter(|_| seed_public(scope, week))
            .map(|s| s.reveal()),
        chain_head,
    })
}

/// The seal of `week` in one statement (the seed with the week's last link), without
/// reading the week's rolls: for the pages that show it beside something else.
pub async fn week_seal(
    conn: &mut AsyncPgConnection,
    scope: &CampaignScope,
    week: i32,
) -> Result<WeekSeal, ServiceError> {
    let tail = eagles_db::fair_dice::chain_tail(conn, scope.campaign().id, week).await?;
    match tail {
        Some(tail) => sealed(scope, week, Some(tail.seed), tail.chain),
        None => sealed(scope, week, None, None),
    }
}

/// The seal of `week` with its rolls in order.
async fn seal(
    conn: &mut AsyncPgConnection,
    scope: &CampaignScope,
    week: i32,
) -> Result<(WeekSeal, Vec<RollEntry>), ServiceError> {
    let campaign_id = scope.campaign().id;
    let (seed, rolls) = futures_util::future::try_join(
        eagles_db::fair_dice::seed(conn, campaign_id, week),
        eagles_db::fair_dice::week_rolls(conn, campaign_id, week),
    )
    .await?;
    let chain_head = rolls.last().and_then(|r| r.roll.roll.link.chain.clone());
    Ok((sealed(scope, week, seed, chain_head)?, rolls))
}

/// Week `week`'s dice as the reader of `scope` may see them: a roll he may not see
/// (R20, as the roll log hides it) shows only its place and link.
pub async fn week_dice(
    conn: &mut AsyncPgConnection,
    scope: &CampaignScope,
    week: i32,
) -> Result<WeekDice, ServiceError> {
    let (seal, rolls) = seal(conn, scope, week).await?;
    let seen = crate::sheets::secrecy::for_reader(conn, scope, rolls.clone()).await?;
    let seen: HashSet<i64> = seen.iter().map(|r| r.roll.id).collect();
    let rolls = rolls
        .into_iter()
        .filter_map(|entry| {
            let (id, roll) = (entry.roll.id, entry.roll.roll);
            let link = roll.link;
            Some(DiceLine {
                seq: link.seq?,
                chain: link.chain?,
                shown: seen.contains(&id).then(|| ShownDice {
                    roll_id: id,
                    table: roll.table_name,
                    sides: link.sides.unwrap_or_default(),
                    dice: roll.dice,
                    entered: roll.entered,
                    nonce: link.nonce,
                }),
            })
        })
        .collect();
    Ok(WeekDice {
        week: seal.week,
        commitment: seal.commitment,
        seed: seal.seed,
        rolls,
        chain_head: seal.chain_head,
    })
}

#[async_trait::async_trait]
impl FairDice for Service {
    async fn week_dice(
        &self,
        reader: ReadAccess,
        campaign_id: i64,
        week: i32,
    ) -> Result<WeekDice, Error> {
        let mut conn = self.conn().await?;
        let scope = readable_week(&mut conn, campaign_id, reader, week).await?;
        week_dice(&mut conn, &scope, week).await
    }

    async fn week_seal(
        &self,
        reader: ReadAccess,
        campaign_id: i64,
        week: i32,
    ) -> Result<WeekSeal, Error> {
        let mut conn = self.conn().await?;
        let scope = readable_week(&mut conn, campaign_id, reader, week).await?;
        Ok(week_seal(&mut conn, &scope, week).await?)
    }
}
