//! What becomes of each crewman of a sortie (R7, R8): his outcome as sent, or — when
//! the sortie came down — as the forced-landing tables give it, and the entered dice of
//! his injury or capture roll checked against his fate.

use campaign::crew::CrewId;
use campaign::debrief::Sortie;
use campaign::down::{DownRoll, Setting};
use campaign::injuries::{fate, injury_table, Fate, Outcome};
use campaign::sides::Side;
use campaign::tables::Table;

use super::super::down::part;
use super::super::request::{CrewDice, CrewReport, DownDice, SortieReport};
use super::PlannedFate;
use crate::crew::CrewmanView;
use crate::dice::DiceSource;
use crate::error::ServiceError;
use crate::fair_dice::DiceChain;

/// The fates of the crew of `report`, flown by `crew` (in report order) for the side
/// of `setting`; a `down` is played out and its outcomes and loss go into `sortie`.
///
/// With `preview` no die is rolled (see [`super::super::down::play`]): a crewman whose
/// fate waits on a table still to roll gets that roll, not entered, as his last, and
/// no fate dice.
pub(super) fn plan(
    report: &SortieReport,
    crew: &[&CrewmanView],
    setting: Setting,
    sortie: &mut Sortie,
    chain: Option<&DiceChain>,
) -> Result<Vec<PlannedFate>, ServiceError> {
    let preview = chain.is_none();
    let side = setting.side;
    let Some(down) = &report.down else {
        return every_crewman(
            report
                .crew
                .iter()
                .map(|member| {
                    let outcome = member.outcome.unwrap_or(Outcome::Unharmed);
                    let entered = member.dice.clone().unwrap_or_default();
                    planned_fate(&report.key, member, side, outcome, entered, None, chain)
                })
                .collect(),
        );
    };
    let descent = super::super::down::play(report, down, crew, setting, chain)?;
    sortie.aircraft_lost = descent.aircraft_lost;
    // A landing still to roll decides what follows for every crewman aboard.
    let landing_to_roll = descent
        .rolls()
        .find(|r| !r.entered && r.roll.table == Table::Landing)
        .cloned();
    let planned: Vec<Result<PlannedFate, ServiceError>> = report
        .crew
        .iter()
        .zip(descent.crew)
        .zip(&mut sortie.crew)
        .map(|((member, derived), seat)| {
            seat.outcome = derived.outcome;
            if preview {
                if let Some(waiting) = waiting_on(&derived.rolls, landing_to_roll.as_ref()) {
                    return Ok(PlannedFate {
                        crew_id: member.crew_id,
                        side,
                        outcome: derived.outcome,
                        fate: Fate::Unharmed,
                        dice: None,
                        rolls: Some(waiting),
                    });
                }
            }
            let entered = crew_dice(member, &down.dice)
                .map_err(|e| e.at(part(&report.key, Some(member.crew_id), "dice")))?;
            planned_fate(
                &report.key,
                member,
                side,
                derived.outcome,
                entered,
                Some(derived.rolls),
                chain,
            )
        })
        .collect();
    every_crewman(planned)
}

/// A crewman's rolls up to the first still to roll, when his fate waits on one (his
/// own, or the landing of his aircraft).
fn waiting_on(rolls: &[DownRoll], landing: Option<&DownRoll>) -> Option<Vec<DownRoll>> {
    if let Some(landing) = landing {
        if !rolls.iter().any(|r| r.roll.table == Table::Landing) {
            return Some(vec![landing.clone()]);
        }
    }
    let first = rolls.iter().position(|r| !r.entered)?;
    Some(rolls[..=first].to_vec())
}

/// The fates of every crewman, or the problems of every crewman whose fate could not
/// be planned.
fn every_crewman(
    planned: Vec<Result<PlannedFate, ServiceError>>,
) -> Result<Vec<PlannedFate>, ServiceError> {
    let (fates, problems): (Vec<_>, Vec<_>) = planned.into_iter().partition(Result::is_ok);
    match ServiceError::all(problems.into_iter().filter_map(Result::err)) {
        Some(problems) => Err(problems),
        None => Ok(fates.into_iter().filter_map(Result::ok).collect()),
    }
}

/// A crewman's injury and capture dice, entered with his seat or under the sortie's
/// `down`, not both.
fn crew_dice(member: &CrewReport, down: &DownDice) -> Result<CrewDice, ServiceError> {
    let own = member.dice.clone().unwrap_or_default();
    let id = member.crew_id;
    let pick = |what: &str, seat: Option<Vec<u32>>, sortie: Option<&Vec<u32>>| {
        match (seat, sortie) {
        (Some(_), Some(_)) => Err(ServiceError::invalid(format!(
            "crewman {id}: the {what} dice were entered twice, with him and with how the aircraft came down; enter them once"
        ))),
        (seat, sortie) => Ok(seat.or_else(|| sortie.cloned())),
    }
    };
    Ok(CrewDice {
        injury: pick("injury", own.injury, down.injury.get(&id))?,
        capture: pick("capture", own.capture, down.capture.get(&id))?,
    })
}

/// A crewman's fate (R7, R8) and the dice of its roll: entered dice must fit the
/// table, and dice for a roll his fate does not call for are refused.
fn planned_fate(
    key: &str,
    member: &CrewReport,
    side: Side,
    outcome: Outcome,
    entered: CrewDice,
    rolls: Option<Vec<DownRoll>>,
    chain: Option<&DiceChain>,
) -> Result<PlannedFate, ServiceError> {
    let at = |field| part(key, Some(member.crew_id), field);
    let fate = fate(CrewId(member.crew_id), member.wound_boxes, outcome)
        .map_err(|e| ServiceError::from(e).at(at("wound_boxes")))?;
    let refuse = |what: &'static str, why: &str| {
        Err(ServiceError::invalid(format!(
            "crewman {}: {what} dice were entered but {why}; leave them out",
            member.crew_id
        ))
        .at(at(if what == "injury" {
            "dice.injury"
        } else {
            "dice.capture"
        })))
    };
    if entered.injury.is_some() && !matches!(fate, Fate::Injured(_)) {
        return refuse("injury", "he has no injury to roll (appendix C)");
    }
    if entered.capture.is_some() && fate != Fate::Captured {
        return refuse("capture", "he was not captured (§11.03)");
    }
    let dice = match fate {
        Fate::Injured(severity) => Some(
            DiceSource::for_table(injury_table(severity), entered.injury.as_deref(), chain)
                .map_err(|e| e.at(at("dice.injury")))?,
        ),
        Fate::Captured => Some(
            DiceSource::for_table(Table::Capture, entered.capture.as_deref(), chain)
                .map_err(|e| e.at(at("dice.capture")))?,
        ),
        Fate::Unharmed | Fate::Killed => None,
    };
    Ok(PlannedFate {
        crew_id: member.crew_id,
        side,
        outcome,
        fate,
        dice,
        rolls,
    })
}
