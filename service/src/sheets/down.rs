//! A `down` mark played out at the table (R8, §11, appendix C): the forced-landing
//! tables are rolled when the player marks how his aircraft came down, with his crew as
//! the sheet has them, and each roll goes in the roll log with the sortie and the
//! crewman. The mark keeps every die, so the debrief drafted from the sheet reads the
//! same rolls and refers to them by id instead of rolling or logging them again
//! (API v1.2, "a roll made at the table counts once").

use campaign::crew::CrewId;
use campaign::down::{DownRoll, Setting};
use campaign::tables::Table;
use eagles_db::diesel_async::AsyncPgConnection;
use eagles_db::rolls::RollRecord;
use eagles_office::debrief::{DownDice, DownReport};

use super::draft::sortie_report;
use super::marks::OpenSheet;
use super::read::{seat_crew, sheet_view};
use crate::crew::crewman_view;
use crate::dice::{log_entry, RollContext};
use crate::error::ServiceError;
use crate::fair_dice::DiceChain;

/// Plays `down` out on the sheet `open` for `user_id`: the rolls it made, logged, and
/// the `down` to mark, its dice now all known (those entered, and the server's).
pub(super) async fn at_the_table(
    conn: &mut AsyncPgConnection,
    open: &OpenSheet,
    down: &DownReport,
    user_id: i64,
) -> Result<(DownReport, Vec<RollRecord>), ServiceError> {
    let (sheets, sortie, game) = (&open.sheets, open.sortie(), &open.game);
    let records = seat_crew(conn, game.campaign_id, &sheets.seats_of(sortie.id)).await?;
    let sheet = sheet_view(
        &crate::games::secrecy_of(&open.scope, game),
        sheets,
        sortie,
        &records,
        game.week,
    )?;
    // The report the draft will make of this sheet, so the debrief reads these rolls
    // with the same crew and the same modifiers.
    let mut report = sortie_report(&sheet);
    report.down = Some(down.clone());
    let views = records
        .into_iter()
        .map(|record| crewman_view(record, game.week))
        .collect::<Result<Vec<_>, _>>()?;
    let crew = report
        .crew
        .iter()
        .map(|member| {
            views
                .iter()
                .find(|v| v.id == member.crew_id)
                .ok_or_else(|| {
                    ServiceError::Internal(format!("crewman {} vanished", member.crew_id))
                })
        })
        .collect::<Result<Vec<_>, _>>()?;
    let setting = Setting {
        side: sortie.side,
        offensive: game.ground_offensive,
        date: open.scope.campaign().week_date(game.week),
        dual_controls: sheets.aircraft_of(sortie)?.dual_controls,
    };
    let chain = DiceChain::open(conn, &open.scope, down.nonce.as_deref()).await?;
    let descent = crate::debrief::down::play(&report, down, &crew, setting, Some(&chain))?;
    let context = RollContext {
        campaign_id: game.campaign_id,
        week: game.week,
        game_id: Some(game.id),
        side: Some(sortie.side),
        rolled_by: Some(user_id),
        chain: Some(chain),
    };
    let mut dice = DownDice {
        capture: down.dice.capture.clone(),
        injury: down.dice.injury.clone(),
        ..DownDice::default()
    };
    let mut entries = Vec::new();
    for man in &descent.crew {
        for made in &man.rolls {
            keep_dice(&mut dice, man.crew, made);
            let mut entry = log_entry(&context, &made.roll, made.roll.result, made.entered);
            entry.crew_id = Some(man.crew.0);
            entry.sortie_id = Some(sortie.id);
            entries.push(entry);
        }
    }
    let logged = eagles_db::rolls::insert_all(conn, &entries).await?;
    Ok((
        // The nonce was this roll's; the debrief drafted from the mark is a referee's.
        DownReport {
            dice,
            nonce: None,
            ..down.clone()
        },
        logged,
    ))
}

/// Writes the dice of `made`, a roll for `crew`, where the debrief's `down` takes them.
fn keep_dice(dice: &mut DownDice, crew: CrewId, made: &DownRoll) {
    let rolled = made.roll.dice.clone();
    let by_crew = match made.roll.table {
        Table::Landing => {
            dice.landing = Some(rolled);
            return;
        }
        Table::Crash => &mut dice.crash,
        Table::BailOut => &mut dice.bail_out,
        Table::Evade => &mut dice.evade,
        _ => return,
    };
    by_crew.insert(crew.0, rolled);
}
