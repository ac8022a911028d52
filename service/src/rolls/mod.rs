//! Dice (R14): `POST …/rolls` rolls any table of the campaign with its modifiers, and
//! `GET …/rolls?week=` reads the roll log. Every roll made anywhere (games, missions,
//! debriefs, here) lands in the same log; the log is also the audit trail of this
//! endpoint's writes, so they add no audit entry of their own.

mod tables;

use campaign::calendar;
use eagles_db::roll_log::RollEntry;
use eagles_db::users::User;
pub use eagles_office::rolls::{RollQuery, RollRequest, RollView};
use serde_json::Value;

pub use eagles_office::rolls::object_result;
pub use tables::{numeric_result, OffensiveFrom, OffensiveTaken};

use crate::access::{readable_campaign, ReadAccess};
use crate::dice::{record as record_roll, DiceSource, RollContext};
use crate::envelope::{self, Access, Change};
use crate::error::{Locus, ServiceError};
use crate::fair_dice::DiceChain;
use crate::Service;
use campaign::events::EventKind;
use eagles_office::prelude::*;
use eagles_office::rolls::*;

/// The doors' view of a stored row.
pub fn roll_view(entry: RollEntry) -> RollView {
    let (id, rolled_at, r) = (entry.roll.id, entry.roll.rolled_at, entry.roll.roll);
    let result = match r.table_name {
        table if numeric_result(table) => r
            .result
            .parse::<i64>()
            .map(Value::from)
            .unwrap_or_else(|_| Value::from(r.result.clone())),
        table if object_result(table) => {
            serde_json::from_str(&r.result).unwrap_or_else(|_| Value::from(r.result.clone()))
        }
        _ => Value::from(r.result),
    };
    RollView {
        id,
        week: r.week,
        game_id: r.game_id,
        side: r.side,
        table: r.table_name,
        dice: r.dice,
        modifiers: r.modifiers,
        total: r.total,
        result,
        entered: r.entered,
        rolled_by: entry.rolled_by,
        rolled_at,
        crew_id: r.crew_id,
        sortie_id: r.sortie_id,
        ground_offensive: None,
        undone: entry.roll.undone,
        receipt: crate::fair_dice::receipt(&r.link),
    }
}

#[async_trait::async_trait]
impl Rolls for Service {
    /// Rolls on a table for a member of the campaign and logs the roll (R14); the API and
    /// the dice page both roll through here.
    async fn roll(
        &self,
        user: User,
        campaign_id: i64,
        request: RollRequest,
    ) -> Result<RollView, Error> {
        let mut conn = self.conn().await?;
        let conn = &mut *conn;
        let RollRequest {
            table,
            modifiers,
            dice,
            game_id,
            side,
            nonce,
        } = request;
        let (logged, offensive) = envelope::write(
            conn,
            campaign_id,
            &user,
            Access::Member("roll dice"),
            async |conn, scope, record| {
                let chain = DiceChain::open(conn, &scope, nonce.as_deref()).await?;
                let mut source = DiceSource::for_table(table, dice.as_deref(), Some(&chain))
                    .map_err(|e| e.at(Locus::Field("dice")))?;
                let campaign = scope.campaign();
                let game = match game_id {
                    None => None,
                    Some(id) => Some(
                        eagles_db::games::find(conn, campaign.id, id)
                            .await?
                            .ok_or_else(|| {
                                ServiceError::invalid("the game chosen is no game of this campaign")
                                    .at(Locus::Field("game_id"))
                            })?,
                    ),
                };
                let week = game.as_ref().map_or(campaign.current_week, |g| g.week);
                let date = campaign.week_date(week);
                let offensive = game.as_ref().map(|g| g.ground_offensive);
                let circumstances = tables::Circumstances {
                    date,
                    era: calendar::era_on(date),
                    side,
                    offensive,
                };
                // What the table refuses that no other field explains is its modifiers.
                let rolled = tables::roll_table(table, modifiers, circumstances, &mut source)
                    .map_err(|e| e.at(Locus::Field("modifiers")))?;
                let context = RollContext {
                    campaign_id: campaign.id,
                    week,
                    game_id,
                    side,
                    rolled_by: Some(user.id),
                    chain: Some(chain),
                };
                let logged = record_roll(
                    conn,
                    &context,
                    &rolled.roll,
                    rolled.result,
                    source.entered(),
                )
                .await?;
                let receipt = record
                    .record(conn, Change::new(EventKind::Roll, logged.id))
                    .await?;
                Ok(((logged, rolled.offensive), receipt))
            },
        )
        .await?;
        Ok(RollView {
            ground_offensive: offensive,
            ..crate::rolls::roll_view(RollEntry {
                roll: logged,
                rolled_by: Some(user.username),
            })
        })
    }

    /// The roll log of a campaign `reader` may read: one week's or all, in `window`.
    async fn rolls(
        &self,
        reader: ReadAccess,
        campaign_id: i64,
        RollFilter { week, window }: RollFilter,
    ) -> Result<Vec<RollView>, Error> {
        let mut conn = self.conn().await?;
        let conn = &mut *conn;
        let scope = readable_campaign(conn, campaign_id, reader).await?;
        let rolls =
            eagles_db::roll_log::list_window(conn, scope.campaign().id, week, window).await?;
        let rolls = crate::sheets::secrecy::for_reader(conn, &scope, rolls).await?;
        Ok(rolls.into_iter().map(roll_view).collect())
    }
}
