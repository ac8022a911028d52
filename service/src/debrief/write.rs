//! Writes a checked debrief: the game's mark, sorties, kills, awards, the injury and
//! capture rolls with their casualties, deaths and mission results. The caller runs
//! it inside the transaction that holds the campaign's lock.

use std::collections::HashMap;

use campaign::injuries::{out_until_week, roll_injury, CasualtyKind, Fate, Severity};
use campaign::tables::capture::{roll_capture, CaptureResult};
use eagles_db::debriefs::{NewCasualty, NewSortie, NewSortieCrew};
use eagles_db::diesel_async::AsyncPgConnection;
use eagles_db::ledger::NewAward;

use super::validate::{Plan, PlannedFate};
use crate::dice::{record, RollContext};
use crate::error::ServiceError;

/// Writes `plan` for the referee `user_id`.
pub async fn write(
    conn: &mut AsyncPgConnection,
    campaign_id: i64,
    user_id: i64,
    plan: Plan,
) -> Result<(), ServiceError> {
    let Plan {
        game,
        debrief,
        aircraft,
        fates,
        missions,
        awards,
        results,
    } = plan;
    let turns = i32::try_from(debrief.turns_played)
        .map_err(|_| ServiceError::invalid("`turns_played` is too large"))?;
    if !eagles_db::debriefs::mark_debriefed(conn, game.id, turns).await? {
        return Err(ServiceError::Conflict(format!(
            "game {} was debriefed at the same moment; reload it",
            game.id
        )));
    }

    let sorties: Vec<NewSortie> = debrief
        .sorties
        .iter()
        .zip(aircraft)
        .map(|(sortie, aircraft_type_id)| NewSortie {
            game_id: game.id,
            key: &sortie.key,
            side: sortie.side,
            aircraft_type_id,
            assignment: sortie.assignment,
            turns_on_board: count(sortie.turns_on_board),
            aircraft_lost: sortie.aircraft_lost,
        })
        .collect();
    let sortie_ids: HashMap<String, i64> = if sorties.is_empty() {
        HashMap::new()
    } else {
        eagles_db::debriefs::insert_sorties(conn, &sorties)
            .await?
            .into_iter()
            .collect()
    };
    let crew: Vec<NewSortieCrew> = debrief
        .sorties
        .iter()
        .flat_map(|sortie| {
            let sortie_id = sortie_ids[sortie.key.as_str()];
            sortie.crew.iter().map(move |c| NewSortieCrew {
                sortie_id,
                game_id: game.id,
                crew_id: c.crew.0,
                position: c.position,
                red_hits: count(c.red_hits),
                wound_boxes: count(c.wound_boxes),
                outcome: c.outcome,
            })
        })
        .collect();
    if !crew.is_empty() {
        eagles_db::debriefs::insert_sortie_crew(conn, &crew).await?;
    }

    for kill in &debrief.kills {
        let shooters: Vec<i64> = kill.shooters.iter().map(|s| s.0).collect();
        eagles_db::debriefs::insert_kill(
            conn,
            game.id,
            sortie_ids[kill.victim.as_str()],
            &shooters,
        )
        .await?;
    }

    let ledger: Vec<NewAward> = awards
        .iter()
        .map(|award| NewAward {
            campaign_id,
            crew_id: award.crew.0,
            week: game.week,
            game_id: Some(game.id),
            points: count(award.points),
            kind: award.kind.as_str(),
            reason: &award.reason,
            // R12: mission awards earned in a two-seater count twice for the side.
            two_seater_mission: award.kind.counts_twice_for_side(award.in_two_seater),
            reverses: None,
        })
        .collect();
    eagles_db::ledger::insert_all(conn, &ledger).await?;

    for planned in fates {
        let context = RollContext {
            campaign_id,
            week: game.week,
            game_id: Some(game.id),
            side: Some(planned.side),
            rolled_by: Some(user_id),
        };
        write_fate(conn, &context, planned).await?;
    }

    for (mission_id, side) in missions {
        let flown = debrief
            .missions
            .get(side)
            .as_ref()
            .expect("every mission of the game is in the debrief");
        let details = serde_json::to_value(flown.report)
            .map_err(|e| ServiceError::Internal(format!("mission details: {e}")))?;
        let success = results.get(side).unwrap_or(false);
        eagles_db::debriefs::set_mission_result(conn, mission_id, success, &details).await?;
    }
    Ok(())
}

/// Rolls and records what became of one crewman (R7, R8): the injury's weeks out or
/// the capture, each roll in the log with the casualty pointing at it; a death needs
/// no roll.
async fn write_fate(
    conn: &mut AsyncPgConnection,
    context: &RollContext,
    planned: PlannedFate,
) -> Result<(), ServiceError> {
    let week = context.week;
    let PlannedFate {
        crew_id,
        fate,
        dice,
        ..
    } = planned;
    let casualty = |kind| NewCasualty {
        crew_id,
        game_id: context.game_id,
        week,
        kind,
        weeks_out: None,
        out_until_week: None,
        sent_home: false,
        roll_id: None,
    };
    let new = match (fate, dice) {
        (Fate::Unharmed, _) => return Ok(()),
        (Fate::Killed, _) => casualty(CasualtyKind::Killed),
        (Fate::Injured(severity), Some(mut dice)) => {
            let roll = roll_injury(severity, &mut dice);
            let weeks = roll.result;
            let logged = record(
                conn,
                context,
                &roll,
                weeks.weeks_out.to_string(),
                dice.entered(),
            )
            .await?;
            NewCasualty {
                weeks_out: Some(count(weeks.weeks_out)),
                // R7: out k weeks after week w → out until week w + k; none when sent home.
                out_until_week: weeks.out_until_week(week_number(week)).map(count),
                sent_home: weeks.sent_home,
                roll_id: Some(logged.id),
                ..casualty(match severity {
                    Severity::Minor => CasualtyKind::MinorInjury,
                    Severity::Serious => CasualtyKind::SeriousInjury,
                })
            }
        }
        (Fate::Captured, Some(mut dice)) => {
            let roll = roll_capture(&mut dice);
            let logged = record(conn, context, &roll, roll.result.as_str(), dice.entered()).await?;
            let weeks_out = match roll.result {
                CaptureResult::Escaped { weeks_out } => Some(weeks_out),
                CaptureResult::Prisoner => None,
            };
            NewCasualty {
                weeks_out: weeks_out.map(count),
                // R8 with R7: escaped, out 1d100 weeks after this week.
                out_until_week: weeks_out.map(|k| count(out_until_week(week_number(week), k))),
                roll_id: Some(logged.id),
                ..casualty(CasualtyKind::Captured)
            }
        }
        (Fate::Injured(_) | Fate::Captured, None) => {
            return Err(ServiceError::Internal(format!(
                "crewman {crew_id}: a fate that needs dice was planned without them"
            )))
        }
    };
    eagles_db::debriefs::insert_casualty(conn, &new).await?;
    Ok(())
}

/// A count the rules keep unsigned, as the database stores it.
fn count(n: u32) -> i32 {
    i32::try_from(n).unwrap_or(i32::MAX)
}

fn week_number(week: i32) -> u32 {
    u32::try_from(week).unwrap_or(1)
}
