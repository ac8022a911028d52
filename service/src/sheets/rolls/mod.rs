//! The sheet's tables rolled at the table (R17–R19): each with what the sheet and the
//! campaign know of the crew, each roll in the roll log with its game, sortie and
//! crewman (R14), its effect written on the sheets as marks.

use campaign::abilities::Ability;
use campaign::calendar;
use campaign::crew::Role;
use campaign::dice::Dice;
use campaign::logged_table::LoggedTable;
use campaign::missions::Assignment;
use campaign::sheet::anoxia::roll_anoxia;
use campaign::sheet::combat::{roll_combat, Shooter};
use campaign::sheet::combat_value::Burst;
use campaign::sheet::concentrated_fire::roll_concentrated_fire;
use campaign::sheet::critical::{roll_critical, roll_engine_fire, Critical};
use campaign::sheet::effects;
use campaign::sheet::fire::{roll_fire_out, roll_smoke_out};
use campaign::sheet::friendly_fire::roll_friendly_fire;
use campaign::sheet::guns::{roll_jam, roll_unjam};
use campaign::sheet::marks::Mark;
use campaign::sheet::spins::{roll_spin, roll_spin_recovery, AtTheControls};
use campaign::sheet::state::{CrewSheet, SheetState};
use campaign::sheet::turn;
use campaign::sheet::wounds::roll_crew_wound;
use campaign::sheet::{aircraft::Section, SheetTable};
use campaign::tables::bombing::{roll_bomb, BombModifiers, MAX_BOMB_RUNS};
use campaign::tables::{Roll, Table};
use campaign::xp::Xp;
use eagles_db::diesel_async::AsyncPgConnection;
use eagles_db::games::GameRecord;
use eagles_db::lineup::{LineupSeat, LineupSortie};
use eagles_db::roll_log::RollEntry;
use eagles_db::rolls::NewRoll;
use eagles_db::users::User;
use eagles_office::sheets::{
    CombatRoll, IfMatch, MarkRequest, SheetRollAnswer, SheetRollRequest, SortieRef,
};
use serde::Serialize;

use super::marks::{checked_marks, write_sheet, OpenSheet, Reads};
use super::read::{seat_crew, sum, GameSheets};
use crate::crew::crewman_view;
use crate::dice::{log_entry, RollContext};
use crate::error::{Locus, ServiceError};
use crate::fair_dice::{DiceChain, ServerDice};

mod crew;
mod table;

use crate::Service;
use crew::{at_controls, chosen, in_seat, man, men, Man};
use eagles_office::prelude::*;
use table::roll;

/// The dice of one request: the entered ones in order, or the server's.
enum SheetDice {
    Entered(std::collections::VecDeque<u32>),
    Server(ServerDice),
}

impl Dice for SheetDice {
    fn roll(&mut self, sides: u32) -> u32 {
        match self {
            // Counted before any roll (`check_count`), so never short.
            SheetDice::Entered(dice) => dice.pop_front().unwrap_or(1),
            SheetDice::Server(dice) => dice.roll(sides),
        }
    }
}

/// One roll made: its log entry and the marks it writes on this sheet and, for a
/// shot, on the target's.
struct Made {
    entry: NewRoll,
    marks: Vec<Mark>,
    target_marks: Vec<Mark>,
}

fn made<R: Serialize>(
    context: &RollContext,
    roll: &Roll<R, SheetTable>,
    entered: bool,
    crew_id: Option<i64>,
    marks: Vec<Mark>,
) -> Made {
    let result = match serde_json::to_value(&roll.result) {
        Ok(serde_json::Value::String(name)) => name,
        Ok(serde_json::Value::Bool(yes)) => yes_or_no(roll.table, yes).to_owned(),
        Ok(other) => other.to_string(),
        Err(_) => String::new(),
    };
    let mut entry = log_entry(context, roll, result, entered);
    entry.crew_id = crew_id;
    Made {
        entry,
        marks,
        target_marks: Vec::new(),
    }
}

/// The result of a table that answers yes or no, named as the table reads it.
fn yes_or_no(table: SheetTable, yes: bool) -> &'static str {
    match (table, yes) {
        (SheetTable::Jam, true) => "jammed",
        (SheetTable::Jam, false) => "fires_on",
        (SheetTable::Unjam, true) => "unjammed",
        (SheetTable::Unjam, false) => "still_jammed",
        (SheetTable::Anoxia, true) => "passed_out",
        (SheetTable::Anoxia, false) => "conscious",
        (SheetTable::FriendlyFire, true) => "troops_fire",
        (SheetTable::FriendlyFire, false) => "hold_fire",
        (_, true) => "yes",
        (_, false) => "no",
    }
}

/// How many dice the request reads, for the dice entered: one a crewman for the
/// wound and anoxia tables, the jam die after a long burst, the fire die after a
/// seized engine.
fn dice_needed(request: &SheetRollRequest, men: usize, entered: &[u32]) -> usize {
    use SheetRollRequest::*;
    match request {
        Combat(CombatRoll { shot, .. }) => 1 + usize::from(shot.burst == Burst::Long),
        CrewWound { .. } | Anoxia { .. } => men,
        Spin { .. } | SpinRecovery { .. } => 2,
        Critical {
            section: Section::Engine,
            ..
        } => 1 + usize::from(entered.first().is_some_and(|&d| d >= 5)),
        _ => 1,
    }
}

fn sheet_dice(
    request: &SheetRollRequest,
    men: usize,
    chain: &DiceChain,
) -> Result<SheetDice, ServiceError> {
    let Some(dice) = request.dice() else {
        // One source for the request's rolls: each is logged before the next is read.
        return Ok(SheetDice::Server(chain.server(None)));
    };
    let wrong = |message: String| Err(ServiceError::invalid(message).at(Locus::Field("dice")));
    if let Some((i, &d)) = dice
        .iter()
        .enumerate()
        .find(|(_, &d)| !(1..=6).contains(&d))
    {
        return wrong(format!(
            "die {} is {d}; a six-sided die shows 1 to 6",
            i + 1
        ));
    }
    let needed = dice_needed(request, men, dice);
    if dice.len() != needed {
        return wrong(format!(
            "this roll reads {needed} dice, in the order the table reads them; {} were entered",
            dice.len()
        ));
    }
    Ok(SheetDice::Entered(dice.iter().copied().collect()))
}

/// A refusal of a roll the sheet's state does not call for.
fn not_now(what: &str) -> ServiceError {
    ServiceError::invalid(what.to_owned())
}

/// 422 unless a bomb run may be rolled on `sortie`: the mission aircraft of a bombing
/// mission, with fewer than three runs made (appendix E, R10).
async fn check_bomb_run(
    conn: &mut AsyncPgConnection,
    game: &GameRecord,
    sortie: &LineupSortie,
) -> Result<(), ServiceError> {
    let missions = eagles_db::games::missions_of(conn, &[game.id]).await?;
    let mission = missions.iter().find(|m| m.side == sortie.side);
    match mission {
        Some(m) if sortie.assignment == Assignment::Mission && m.mission_type.is_bombing() => {}
        Some(m) if sortie.assignment == Assignment::Mission => {
            return Err(ServiceError::invalid(format!(
                "aircraft {}'s mission is {}; bomb runs are flown on bombing missions (appendix E)",
                sortie.key,
                m.mission_type.label()
            )))
        }
        _ => {
            return Err(ServiceError::invalid(format!(
                "aircraft {} is no mission aircraft; bomb runs are the mission aircraft's (§13.20, appendix E)",
                sortie.key
            )))
        }
    }
    let table = LoggedTable::Campaign(Table::Bomb);
    let runs = eagles_db::rolls::count_on_sortie(conn, sortie.id, table).await?;
    if runs >= MAX_BOMB_RUNS as i64 {
        return Err(ServiceError::invalid(format!(
            "aircraft {} has made its {MAX_BOMB_RUNS} bomb runs; a mission carries bombs for three (appendix E)",
            sortie.key
        )));
    }
    Ok(())
}

/// The stored form of a mark a roll wrote: crewmen by their ids, a `rolled` mark with
/// the crewman whose roll it was (`crew_id`).
fn stored(
    mark: &Mark,
    seats: &[&LineupSeat],
    crew_id: Option<i64>,
) -> Result<MarkRequest, ServiceError> {
    let crew_of = |seat: Role| {
        seats
            .iter()
            .find(|s| s.position == seat)
            .map(|s| s.crew_id)
            .ok_or_else(|| ServiceError::Internal(format!("no {seat} aboard")))
    };
    Ok(match *mark {
        Mark::Hit { blue, red } => MarkRequest::Hit { blue, red },
        Mark::RedHits { seat, count } => MarkRequest::RedHits {
            crew_id: crew_of(seat)?,
            count,
        },
        Mark::Rolled { table, .. } => MarkRequest::Rolled { table, crew_id },
        Mark::Wound { seat, boxes } => MarkRequest::Wound {
            crew_id: crew_of(seat)?,
            boxes,
        },
        Mark::Effect { name, on } => MarkRequest::Effect { name, on },
        ref other => {
            return Err(ServiceError::Internal(format!(
                "a roll wrote a {} mark",
                other.kind()
            )))
        }
    })
}

/// How many crewmen a per-crewman table rolls for: those named, or by default the
/// living (crew wound) or the conscious (anoxia); one roll otherwise.
fn rolled_for(request: &SheetRollRequest, state: &SheetState, men: &[Man]) -> usize {
    let count = |keep: fn(&CrewSheet) -> bool| {
        men.iter()
            .filter(|m| state.crew(m.seat).is_some_and(keep))
            .count()
    };
    match request {
        SheetRollRequest::CrewWound { crew_ids, .. } => crew_ids
            .as_ref()
            .map_or_else(|| count(|c| !c.killed()), Vec::len),
        SheetRollRequest::Anoxia { crew_ids, .. } => crew_ids
            .as_ref()
            .map_or_else(|| count(|c| c.able()), Vec::len),
        _ => 1,
    }
}

/// 422 naming a field of a combat roll that is none of the Combat Values Table's.
fn refuse_unknown(
    unknown: &std::collections::BTreeMap<String, serde_json::Value>,
) -> Result<(), ServiceError> {
    match unknown.keys().next() {
        None => Ok(()),
        Some(field) => Err(ServiceError::invalid(format!(
            "\"{field}\" is no modifier of the Combat Values Table (§3.53); a combat roll \
             takes the shooter, the target, the range, the burst, the weapon, dual weapons, \
             a free-firing cannon, deflection, a spinning target, a restricted maneuver, \
             fired at last turn, tailed last turn, the target's altitude, a stalled target, \
             speed 3 or 4 and the dice"
        ))),
    }
}

fn blue(mark: &Mark) -> u32 {
    match mark {
        Mark::Hit { blue, .. } => *blue,
        _ => 0,
    }
}

fn red(mark: &Mark) -> u32 {
    match mark {
        Mark::Hit { red, .. } => *red,
        _ => 0,
    }
}

/// The target of a shot: an enemy sortie of the same game still in the air.
fn target_of<'a>(
    sheets: &'a GameSheets,
    shooter: &LineupSortie,
    target_sortie: i64,
) -> Result<&'a LineupSortie, ServiceError> {
    let target = sheets.sortie(target_sortie).map_err(|_| {
        ServiceError::invalid("the target is no aircraft of this game")
            .at(Locus::Field("target_sortie"))
    })?;
    if target.side == shooter.side {
        return Err(ServiceError::invalid(format!(
            "{} is a sortie of your own side; fire at an enemy aircraft",
            target.key
        ))
        .at(Locus::Field("target_sortie")));
    }
    Ok(target)
}

#[async_trait::async_trait]
impl SheetRolls for Service {
    /// Rolls one of the sheet's tables on a sortie's sheet; its players or a referee.
    async fn roll_on_sheet(
        &self,
        user: User,
        at: SortieRef,
        request: SheetRollRequest,
        if_match: Option<IfMatch>,
    ) -> Result<SheetRollAnswer, Error> {
        let mut conn = self.conn().await?;
        let conn = &mut *conn;
        let write = async |conn: &mut AsyncPgConnection, open: &OpenSheet| {
            let (sheets, sortie, game) = (&open.sheets, open.sortie(), &open.game);
            let state = sum(sheets, sortie)?.state;
            let target = match &request {
                SheetRollRequest::Combat(CombatRoll {
                    target_sortie,
                    unknown,
                    ..
                }) => {
                    refuse_unknown(unknown)?;
                    Some(target_of(sheets, sortie, *target_sortie)?)
                }
                _ => None,
            };
            let seats = sheets.seats_of(sortie.id);
            // The crew and the week's chain tail go out together: one round trip.
            let campaign = open.scope.campaign();
            let shared: &AsyncPgConnection = conn;
            let (men, tail) = futures_util::future::try_join(
                men(shared, at.campaign_id, &seats, game.week),
                async {
                    let week = campaign.current_week;
                    Ok(eagles_db::fair_dice::chain_tail(shared, campaign.id, week).await?)
                },
            )
            .await?;
            let chain = DiceChain::after(conn, &open.scope, request.nonce(), tail).await?;
            let mut dice = sheet_dice(&request, rolled_for(&request, &state, &men), &chain)?;
            let date = open.scope.campaign().week_date(game.week);
            let context = RollContext {
                campaign_id: at.campaign_id,
                week: game.week,
                game_id: Some(game.id),
                side: Some(sortie.side),
                rolled_by: Some(user.id),
                chain: Some(chain),
            };
            if let SheetRollRequest::Bomb { .. } = request {
                check_bomb_run(conn, &open.game, sortie).await?;
            }
            let era = calendar::era_on(date);
            let mut made = roll(&request, &state, &men, era, &context, &mut dice)?;
            if made.is_empty() {
                return Err(ServiceError::invalid(
                    "nobody aboard is left to roll for; name the crewmen to roll for",
                ));
            }
            if let (
                SheetRollRequest::Combat(CombatRoll { shot: declared, .. }),
                Some(target),
                Some(shot),
            ) = (&request, target, made.first_mut())
            {
                // The roll as declared at the table names both aircraft, the range and the
                // burst (R20).
                shot.entry.result = serde_json::json!({
                    "combat_value": shot.entry.total,
                    "blue": shot.target_marks.iter().map(blue).sum::<u32>(),
                    "red": shot.target_marks.iter().map(red).sum::<u32>(),
                    "shooter_sortie": sortie.key,
                    "target_sortie": target.key,
                    "range": declared.range,
                    "burst": declared.burst.as_str(),
                })
                .to_string();
            }
            let (entries, effects): (Vec<_>, Vec<_>) = made
                .into_iter()
                .map(|mut m| {
                    m.entry.sortie_id = Some(sortie.id);
                    (m.entry, (m.marks, m.target_marks))
                })
                .unzip();
            let records = eagles_db::rolls::insert_all(conn, &entries).await?;
            let mut logged = Vec::with_capacity(records.len());
            let mut marks = Vec::new();
            let mut target_marks = Vec::new();
            for ((own, theirs), roll) in effects.into_iter().zip(records) {
                for mark in &own {
                    marks.push((stored(mark, &seats, roll.roll.crew_id)?, Some(roll.id)));
                }
                if let Some(target) = target {
                    let target_seats = sheets.seats_of(target.id);
                    for mark in &theirs {
                        target_marks.push((stored(mark, &target_seats, None)?, Some(roll.id)));
                    }
                }
                logged.push(roll);
            }
            let mut rows = checked_marks(sheets, sortie, &marks, user.id)?;
            if let Some(target) = target.filter(|_| !target_marks.is_empty()) {
                rows.extend(checked_marks(sheets, target, &target_marks, user.id)?);
            }
            Ok((logged, rows))
        };
        // A combat roll writes the hits on its target's sheet too.
        let reads = match request {
            SheetRollRequest::Combat(_) => Reads::Game,
            _ => Reads::Sheet,
        };
        let (logged, sheet) = write_sheet(
            conn,
            &user,
            (at, reads, if_match.as_ref()),
            "roll on this sheet",
            write,
        )
        .await?;
        let rolls: Vec<_> = logged
            .into_iter()
            .map(|roll| {
                crate::rolls::roll_view(RollEntry {
                    roll,
                    rolled_by: Some(user.username.clone()),
                })
            })
            .collect();
        Ok(SheetRollAnswer {
            roll: rolls[0].clone(),
            rolls,
            sheet,
        })
    }
}
