//! Settles a checked debrief and hands it to the one writer: the injury and capture
//! rolls are made here (R7, R8), so what `eagles_db::debriefs::write` receives is
//! final — the game's sorties, kills, awards, casualties with their rolls, the
//! forced-landing rolls the plan made (logged before the crewman's casualty), and
//! mission results. The caller runs it inside the transaction that holds the campaign's lock.

use crate::campaigns::week_number;
use campaign::debrief::Debrief;
use campaign::events::EventKind;
use campaign::experience::Award;
use campaign::injuries::{out_until_week, roll_injury, CasualtyKind, Fate, Severity};
use campaign::logged_table::LoggedTable;
use campaign::sides::{PerSide, Side};
use campaign::tables::capture::{roll_capture, CaptureResult};
use campaign::tables::Table;
use campaign::webhooks::WebhookEvent;
use eagles_db::debriefs::{CasualtyRecord, CasualtyRoll, DebriefRows, SeatRecord, SortieRecord};
use eagles_db::diesel_async::AsyncPgConnection;
use eagles_db::ledger::NewAward;
use eagles_db::rolls::{CrewRoll, NewRoll};
use futures_util::future::{try_join, try_join3};

use super::response::{load, roll_line_of, CrewRollsView, DebriefResult, RollLine};
use super::validate::{Plan, PlannedFate};
use crate::dice::{log_entry, RollContext};
use crate::envelope::{Change, Receipt, Recorder};
use crate::error::ServiceError;
use crate::fair_dice::DiceChain;

/// Writes `plan` for the referee `user_id`, recording it with the audit entry `audit`
/// and its webhook delivery, and reads the debrief back for the answer: the game's
/// mark, the rows, the record and the four reads go out together (pipelined), one
/// round trip; the server runs them in order, so the reads see the write. When the
/// game has `sheets` and a sortie came down, the forced-landing rolls made at the
/// table are read first, to be referred to rather than logged again.
pub async fn write(
    conn: &AsyncPgConnection,
    campaign_id: i64,
    user_id: i64,
    (plan, sheets, chain): (Plan, bool, DiceChain),
    audit: serde_json::Value,
    recorder: Recorder,
) -> Result<(DebriefResult, Receipt), ServiceError> {
    let game_id = plan.game.id;
    let turns = i32::try_from(plan.debrief.turns_played)
        .map_err(|_| ServiceError::invalid("the turns played are too many"))?;
    let mut tally = Tally::of(&plan);
    let summary =
        crate::webhooks::debrief_summary(tally.week, game_id, &plan.kills_said, tally.deaths);
    let came_down = plan.fates.iter().any(|f| f.rolls.is_some());
    let at_the_table = if sheets && came_down {
        TableRolls(eagles_db::rolls::sheet_crew_rolls(conn, game_id, &FORCED_LANDING).await?)
    } else {
        TableRolls::default()
    };
    let (rows, _) = settle(campaign_id, user_id, plan, at_the_table, Some(&chain))?;
    tally.chain_head = chain.chain_head();
    // In the same transaction, so the delivery is never lost (#14).
    let change = Change::new(EventKind::Debrief, game_id)
        .audit("debrief.create", audit)
        .webhook(WebhookEvent::Debrief, summary, &tally)?;
    let written = async {
        let (marked, receipt, ()) = try_join3(
            async {
                Ok::<_, ServiceError>(
                    eagles_db::debriefs::mark_debriefed(conn, game_id, turns).await?,
                )
            },
            recorder.record(conn, change),
            async { Ok::<_, ServiceError>(eagles_db::debriefs::write(conn, &rows).await?) },
        )
        .await?;
        Ok::<_, ServiceError>((marked, receipt))
    };
    let ((marked, receipt), stored) = try_join(written, load(conn, campaign_id, game_id)).await?;
    // The campaign's lock makes this rare; when it happens the transaction, and with
    // it the rows, is rolled back.
    if !marked {
        return Err(ServiceError::Conflict(format!(
            "game {game_id} was debriefed at the same moment; reload it"
        )));
    }
    let (_, result) =
        stored.ok_or_else(|| ServiceError::Internal(format!("game {game_id} vanished")))?;
    Ok((result, receipt))
}

/// The tables of a forced landing, rolled at the table when a `down` is marked.
const FORCED_LANDING: [LoggedTable; 4] = [
    LoggedTable::Campaign(Table::Landing),
    LoggedTable::Campaign(Table::Crash),
    LoggedTable::Campaign(Table::BailOut),
    LoggedTable::Campaign(Table::Evade),
];

/// The forced-landing rolls made on a game's sheets, oldest first.
#[derive(Default)]
struct TableRolls(Vec<CrewRoll>);

impl TableRolls {
    /// The id of the latest roll made at the table for `crew_id` that reads as
    /// `roll` does — the same table, dice, modifiers and result — taken so that it
    /// counts once.
    fn take(&mut self, crew_id: i64, roll: &NewRoll) -> Option<i64> {
        let same = |r: &CrewRoll| {
            let made = &r.roll.roll;
            r.crew_id == crew_id
                && made.table_name == roll.table_name
                && made.dice == roll.dice
                && made.modifiers == roll.modifiers
                && made.total == roll.total
                && made.result == roll.result
        };
        let at = self.0.iter().rposition(same)?;
        Some(self.0.remove(at).roll.id)
    }
}

/// A debrief in numbers, for its webhook delivery.
#[derive(serde::Serialize)]
struct Tally {
    game_id: i64,
    week: i32,
    kills: i64,
    deaths: i64,
    /// The last link of the week's dice chain after the debrief's rolls (R25).
    chain_head: Option<String>,
}

impl Tally {
    fn of(plan: &Plan) -> Self {
        let deaths = plan.fates.iter().filter(|f| f.fate == Fate::Killed).count();
        Tally {
            game_id: plan.game.id,
            week: plan.game.week,
            kills: i64::try_from(plan.debrief.kills.len()).unwrap_or(i64::MAX),
            deaths: i64::try_from(deaths).unwrap_or(i64::MAX),
            chain_head: None,
        }
    }
}

/// What `plan` would give each crewman, for the referee `user_id`, with nothing
/// written: the same rolls a debrief makes, the server rolling the dice not entered.
pub fn preview(
    campaign_id: i64,
    user_id: i64,
    plan: Plan,
) -> Result<Vec<CrewRollsView>, ServiceError> {
    settle(campaign_id, user_id, plan, TableRolls::default(), None).map(|(_, crew)| crew)
}

/// The rows of `plan`, with the dice of every fate that needs them rolled, and each
/// crewman's outcome and rolls (in report order) for a preview.
///
/// A forced-landing roll the debrief makes that one of `at_the_table` already made is
/// referred to by its id, not logged again.
///
/// For a `preview` no die is rolled: a roll whose dice were not entered is listed with
/// its table and modifiers and no dice, and nothing after it.
fn settle(
    campaign_id: i64,
    user_id: i64,
    plan: Plan,
    mut at_the_table: TableRolls,
    chain: Option<&DiceChain>,
) -> Result<(DebriefRows, Vec<CrewRollsView>), ServiceError> {
    let preview = chain.is_none();
    let Plan {
        game,
        debrief,
        aircraft,
        fates,
        missions,
        awards,
        results,
        kills_said: _,
    } = plan;
    let mut rows = DebriefRows::default();
    CheckedDebrief {
        campaign_id,
        game_id: game.id,
        week: game.week,
        debrief: &debrief,
        aircraft: &aircraft,
        awards: &awards,
        missions: &missions,
        results: &results,
    }
    .rows_into(&mut rows)?;
    let mut crew = Vec::new();
    for mut planned in fates {
        let context = RollContext {
            campaign_id,
            week: game.week,
            game_id: Some(game.id),
            side: Some(planned.side),
            rolled_by: Some(user_id),
            chain: chain.cloned(),
        };
        let mut lines = Vec::new();
        let mut waiting = false;
        // The forced landing's rolls come first: they decided the fate (R8).
        // A roll taken from the table keeps the place it took there (R25): only a roll
        // logged here takes one.
        let unsealed = RollContext {
            chain: None,
            ..context.clone()
        };
        for made in planned.rolls.take().unwrap_or_default() {
            let mut logged = log_entry(&unsealed, &made.roll, made.roll.result, made.entered);
            if preview && !made.entered {
                lines.push(to_be_rolled(&logged));
                waiting = true;
                break;
            }
            match at_the_table.take(planned.crew_id, &logged) {
                Some(id) => rows.table_roll(id, game.id),
                None => {
                    if let Some(chain) = chain {
                        chain.seal(&mut logged);
                    }
                    rows.log_roll(&logged, planned.crew_id)
                }
            }
            lines.push(roll_line_of(&logged));
        }
        let (crew_id, outcome, fate) = (planned.crew_id, planned.outcome, planned.fate.kind());
        if preview && (waiting || planned.dice.as_ref().is_some_and(|d| !d.entered())) {
            if !waiting {
                lines.extend(fate_to_be_rolled(&context, &planned));
            }
            crew.push(CrewRollsView {
                crew_id,
                outcome,
                fate,
                rolls: lines,
            });
            continue;
        }
        if let Some((casualty, roll)) = settle_fate(&context, planned)? {
            lines.extend(roll.as_ref().map(roll_line_of));
            let logged = roll.as_ref().map_or(CasualtyRoll::None, CasualtyRoll::New);
            rows.casualty(casualty, logged);
        }
        crew.push(CrewRollsView {
            crew_id,
            outcome,
            fate,
            rolls: lines,
        });
    }
    Ok((rows, crew))
}

/// A checked debrief of one game, as its rows are written: the debrief's own plan →
/// rows step, shared with `eagles seed bench`, which plays its games by the same rules
/// and writes them through the same writer.
pub struct CheckedDebrief<'a> {
    pub campaign_id: i64,
    pub game_id: i64,
    /// The game's week, which its awards are credited in.
    pub week: i32,
    /// The facts, checked (`Debrief::check`).
    pub debrief: &'a Debrief,
    /// The aircraft type of each sortie, parallel to `debrief.sorties`.
    pub aircraft: &'a [i64],
    /// The awards (R4, R5).
    pub awards: &'a [Award],
    /// The game's missions and the side each flies for; each side's mission report is
    /// the debrief's.
    pub missions: &'a [(i64, Side)],
    /// Each side's mission result (R10).
    pub results: &'a PerSide<Option<bool>>,
}

impl CheckedDebrief<'_> {
    /// Adds to `rows` everything the debrief writes but the casualties (their dice are
    /// rolled when it is written): the sorties with their crews, the kills with their
    /// shooters, the awards and the missions' results.
    pub fn rows_into(&self, rows: &mut DebriefRows) -> Result<(), ServiceError> {
        let game_id = self.game_id;
        for (sortie, &aircraft_type_id) in self.debrief.sorties.iter().zip(self.aircraft) {
            rows.sortie(SortieRecord {
                game_id,
                key: &sortie.key,
                side: sortie.side,
                aircraft_type_id,
                assignment: sortie.assignment,
                turns_on_board: count(sortie.turns_on_board),
                aircraft_lost: sortie.aircraft_lost,
            });
            for c in &sortie.crew {
                rows.seat(SeatRecord {
                    game_id,
                    key: &sortie.key,
                    crew_id: c.crew.0,
                    position: c.position,
                    red_hits: count(c.red_hits),
                    wound_boxes: count(c.wound_boxes),
                    outcome: c.outcome,
                });
            }
        }
        for kill in &self.debrief.kills {
            let shooters: Vec<i64> = kill.shooters.iter().map(|s| s.0).collect();
            rows.kill(game_id, &kill.victim, &shooters);
        }
        for award in self.awards {
            rows.award(&NewAward {
                campaign_id: self.campaign_id,
                crew_id: award.crew.0,
                week: self.week,
                game_id: Some(game_id),
                points: count(award.points),
                kind: award.kind.as_str(),
                reason: &award.reason,
                // R12: mission awards earned in a two-seater count twice for the side.
                two_seater_mission: award.kind.counts_twice_for_side(award.in_two_seater),
                reverses: None,
            });
        }
        for &(mission_id, side) in self.missions {
            let flown = self.debrief.missions.get(side).as_ref().ok_or_else(|| {
                ServiceError::Internal(format!(
                    "mission {mission_id}: the debrief has no {side} mission"
                ))
            })?;
            let details = serde_json::to_value(flown.report)
                .map_err(|e| ServiceError::Internal(format!("mission details: {e}")))?;
            rows.mission_result(
                mission_id,
                self.results.get(side).unwrap_or(false),
                &details,
            );
        }
        Ok(())
    }
}

/// A roll still to be made, as the preview lists it: its table and modifiers, no dice,
/// no total, no result.
fn to_be_rolled(roll: &NewRoll) -> RollLine {
    let mut line = roll_line_of(roll);
    line.dice.clear();
    line.total = 0;
    line.result = serde_json::Value::Null;
    line
}

/// The injury or capture roll `planned`'s fate still needs, as [`to_be_rolled`] lists
/// it (read with stand-in dice for its modifiers).
fn fate_to_be_rolled(context: &RollContext, planned: &PlannedFate) -> Option<RollLine> {
    let mut stand_in = campaign::dice::FixedDice::new(vec![1; 4]);
    let logged = match planned.fate {
        Fate::Injured(severity) => {
            let roll = roll_injury(severity, &mut stand_in);
            log_entry(context, &roll, roll.result.weeks_out.to_string(), false)
        }
        Fate::Captured => {
            let roll = roll_capture(&mut stand_in);
            log_entry(context, &roll, roll.result.as_str(), false)
        }
        Fate::Unharmed | Fate::Killed => return None,
    };
    Some(to_be_rolled(&logged))
}

/// Rolls what became of one crewman (R7, R8): the injury's weeks out or the capture,
/// with the roll to log beside the casualty; a death needs no roll, the unharmed have
/// no casualty.
fn settle_fate(
    context: &RollContext,
    planned: PlannedFate,
) -> Result<Option<(CasualtyRecord, Option<NewRoll>)>, ServiceError> {
    let week = context.week;
    let PlannedFate {
        crew_id,
        fate,
        dice,
        ..
    } = planned;
    let casualty = |kind| CasualtyRecord {
        crew_id,
        game_id: context.game_id,
        week,
        kind,
        weeks_out: None,
        out_until_week: None,
        sent_home: false,
    };
    Ok(Some(match (fate, dice) {
        (Fate::Unharmed, _) => return Ok(None),
        (Fate::Killed, _) => (casualty(CasualtyKind::Killed), None),
        (Fate::Injured(severity), Some(mut dice)) => {
            let roll = roll_injury(severity, &mut dice);
            let weeks = roll.result;
            let logged = log_entry(context, &roll, weeks.weeks_out.to_string(), dice.entered());
            let casualty = CasualtyRecord {
                weeks_out: Some(count(weeks.weeks_out)),
                // R7: out k weeks after week w → out until week w + k; none when sent home.
                out_until_week: weeks.out_until_week(week_number(week)).map(count),
                sent_home: weeks.sent_home,
                ..casualty(match severity {
                    Severity::Minor => CasualtyKind::MinorInjury,
                    Severity::Serious => CasualtyKind::SeriousInjury,
                })
            };
            (casualty, Some(logged))
        }
        (Fate::Captured, Some(mut dice)) => {
            let roll = roll_capture(&mut dice);
            let logged = log_entry(context, &roll, roll.result.as_str(), dice.entered());
            let weeks_out = match roll.result {
                CaptureResult::Escaped { weeks_out } => Some(weeks_out),
                CaptureResult::Prisoner => None,
            };
            let casualty = CasualtyRecord {
                weeks_out: weeks_out.map(count),
                // R8 with R7: escaped, out 1d100 weeks after this week.
                out_until_week: weeks_out.map(|k| count(out_until_week(week_number(week), k))),
                ..casualty(CasualtyKind::Captured)
            };
            (casualty, Some(logged))
        }
        (Fate::Injured(_) | Fate::Captured, None) => {
            return Err(ServiceError::Internal(format!(
                "crewman {crew_id}: a fate that needs dice was planned without them"
            )))
        }
    }))
}

/// A count the rules keep unsigned, as the database stores it.
fn count(n: u32) -> i32 {
    i32::try_from(n).unwrap_or(i32::MAX)
}

#[cfg(test)]
mod tests {
    use chrono::Utc;
    use eagles_db::rolls::RollRecord;
    use serde_json::json;

    use super::*;

    fn landing(dice: [i32; 2], modifiers: serde_json::Value, total: i32) -> NewRoll {
        NewRoll {
            campaign_id: 1,
            week: 1,
            game_id: Some(1),
            side: Some(Side::Central),
            table_name: LoggedTable::Campaign(Table::Landing),
            dice: dice.to_vec(),
            modifiers,
            total,
            result: "landed".to_owned(),
            entered: false,
            rolled_by: None,
            crew_id: Some(7),
            sortie_id: Some(3),
            link: Default::default(),
        }
    }

    fn at_the_table(rolls: &[(i64, NewRoll)]) -> TableRolls {
        TableRolls(
            rolls
                .iter()
                .map(|(id, roll)| CrewRoll {
                    crew_id: roll.crew_id.unwrap(),
                    roll: RollRecord {
                        id: *id,
                        roll: roll.clone(),
                        rolled_at: Utc::now(),
                        undone: false,
                    },
                })
                .collect(),
        )
    }

    // API v1.2: a roll made at the table counts once. The debrief's reading of the
    // same dice takes the latest such roll of the same crewman, once; a reading the
    // referee changed (another modifier) or another man's roll is not the same roll.
    #[test]
    fn a_roll_made_at_the_table_is_taken_once_and_only_as_it_was_read() {
        let plain = landing([4, 5], json!({}), 9);
        let on_a_road = landing([4, 5], json!({ "road": 1 }), 10);
        let mut made = at_the_table(&[(10, plain.clone()), (11, plain.clone())]);
        assert_eq!(made.take(7, &on_a_road), None);
        assert_eq!(made.take(8, &plain), None);
        assert_eq!(made.take(7, &plain), Some(11));
        assert_eq!(made.take(7, &plain), Some(10));
        assert_eq!(made.take(7, &plain), None);
    }
}
