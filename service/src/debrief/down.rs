//! A sortie's `down` played out: the entered dice checked against the sortie and its
//! tables, the rules crate's `come_down` run with them (the server rolling what is
//! missing, R14), and what the referee sent checked against what it gives — each
//! crewman's `outcome` and the sortie's `aircraft_lost` (API v1.1, R8).

use campaign::crew::CrewId;
use campaign::dice::{check_dice, Dice, FixedDice};
use campaign::down::{agrees, come_down, Aboard, Descent, DiceFor, DownError, How, Setting};
use campaign::error::RuleError;
use campaign::tables::Table;

use super::request::{DownDice, DownReport, SortieReport};
use crate::crew::CrewmanView;
use crate::dice::DiceSource;
use crate::error::{Locus, ServiceError};
use crate::fair_dice::DiceChain;

/// Plays out `down` for the sortie `report` flown by `crew` (in report order), and
/// checks the outcomes and the loss the referee sent against it.
///
/// The server's dice come from the week's `chain` (R25). Without one (a preview), no
/// die is rolled: a table whose dice were not entered is read with
/// stand-in dice and its roll marked not entered, so the preview can show the table
/// and its modifiers and nothing of what follows it; the checks that read what follows
/// are left to the submit.
pub fn play(
    report: &SortieReport,
    down: &DownReport,
    crew: &[&CrewmanView],
    setting: Setting,
    chain: Option<&DiceChain>,
) -> Result<Descent, ServiceError> {
    let preview = chain.is_none();
    let key = &report.key;
    if down.how == How::Exploded && !down.dice.bail_out.is_empty() {
        return Err(refusal(
            "§13.03",
            format!("aircraft {key} exploded, and crew cannot bail out of an aircraft that exploded; report it exploded without bail-out dice, or bailed out if the crew got out before"),
        )
        .at(part(key, None, "down.how")));
    }
    let entered = entered(&down.dice);
    let keyed = entered
        .iter()
        .filter_map(|(table, id, _)| Some((table.as_str(), (*id)?)))
        .chain(down.dice.capture.keys().map(|id| ("capture", *id)))
        .chain(down.dice.injury.keys().map(|id| ("injury", *id)));
    for (table, id) in keyed {
        if !report.crew.iter().any(|c| c.crew_id == id) {
            return Err(ServiceError::invalid(format!(
                "aircraft {key}: the {} dice name crewman {id}, who is not in this aircraft; give the dice of one of its crew",
                table.replace('_', "-")
            ))
            .at(part(key, None, dice_field(table))));
        }
    }
    for (table, crew_id, dice) in &entered {
        check_dice(*table, dice).map_err(|e| {
            refusal(
                e.rule(),
                format!(
                    "aircraft {key}: the {} dice{}: {e}",
                    table.label(),
                    whose(*crew_id)
                ),
            )
            .at(part(key, *crew_id, dice_field(table.as_str())))
        })?;
    }
    let aboard: Vec<Aboard> = report
        .crew
        .iter()
        .zip(crew)
        .map(|(member, record)| Aboard {
            crew: CrewId(member.crew_id),
            position: member.position,
            wound_boxes: member.wound_boxes,
            novice: record.novice,
            nationality: record.nationality,
        })
        .collect();
    let mut dice = DownDiceSource {
        dice: &down.dice,
        used: Vec::new(),
        current: None,
        chain,
    };
    let descent = come_down(&down.down(), &setting, &aboard, &mut dice).map_err(|e| {
        let field = match &e {
            DownError::TerrainMissing => "down.terrain",
            DownError::EvadeFactMissing { field } => down_field(field),
            DownError::NobodyAtControls { .. } => "down.how",
            DownError::BailOutOnTheGround => "down.altitude",
            DownError::Rule(_) => "down",
        };
        refusal(
            e.rule(),
            format!("aircraft {key} ({}): {e}", down.how.label()),
        )
        .at(part(key, None, field))
    })?;
    if preview && descent.rolls().any(|r| !r.entered) {
        // What follows a table still to roll is not known yet.
        return Ok(descent);
    }
    for (table, crew_id, _) in &entered {
        if !dice.used.contains(&(*table, crew_id.map(CrewId))) {
            return Err(ServiceError::invalid(format!(
                "aircraft {key}: the {} dice{} were entered, but the tables made no {} roll{}; leave them out",
                table.label(),
                whose(*crew_id),
                table.label(),
                crew_id.map_or(String::new(), |_| " for him".to_owned()),
            ))
            .at(part(key, *crew_id, dice_field(table.as_str()))));
        }
    }
    check_sent(report, down.how, &descent)?;
    Ok(descent)
}

/// The outcomes and the loss the referee sent must be those the tables give.
fn check_sent(report: &SortieReport, how: How, descent: &Descent) -> Result<(), ServiceError> {
    let key = &report.key;
    for (member, derived) in report.crew.iter().zip(&descent.crew) {
        if let Some(sent) = member.outcome {
            if !agrees(sent, derived, member.wound_boxes) {
                return Err(refusal(
                    "R8",
                    format!(
                        "aircraft {key}, crewman {}: the outcome {} was given, but the forced-landing tables give {} (§11.00, appendix C); leave the outcome out to take the tables' result, or correct how the aircraft came down",
                        member.crew_id, sent.label(), derived.outcome.label()
                    ),
                )
                .at(part(key, Some(member.crew_id), "outcome")));
            }
        }
    }
    if let Some(sent) = report.aircraft_lost {
        if sent != descent.aircraft_lost {
            let (said, is) = if sent {
                ("lost", "kept")
            } else {
                ("not lost", "lost")
            };
            return Err(refusal(
                "R8",
                format!(
                    "aircraft {key}: the aircraft is reported {said}, but an aircraft that came down this way ({}) is {is} (§11.00, appendix C); leave the loss out to take it from how it came down, or correct how it came down",
                    how_it_ended(how, descent)
                ),
            )
            .at(part(key, None, "aircraft_lost")));
        }
    }
    Ok(())
}

fn how_it_ended(how: How, descent: &Descent) -> String {
    let landing = descent
        .rolls()
        .find(|r| r.roll.table == Table::Landing)
        .map(|r| r.roll.result);
    match (how, landing) {
        (How::Landed, Some(result)) => format!("landed, the landing roll {result}"),
        _ => how.label().to_owned(),
    }
}

/// Where in the sortie `key` a refusal points.
pub(super) fn part(key: &str, crew_id: Option<i64>, field: &'static str) -> Locus {
    Locus::SortiePart {
        key: key.to_owned(),
        crew_id,
        field: Some(field),
    }
}

/// The request's name of the entered dice of `table`.
fn dice_field(table: &str) -> &'static str {
    match table {
        "landing" => "down.dice.landing",
        "crash" => "down.dice.crash",
        "bail_out" => "down.dice.bail_out",
        "evade" => "down.dice.evade",
        "capture" => "down.dice.capture",
        "injury" => "down.dice.injury",
        _ => "down.dice",
    }
}

/// The request's name of a field of `down`.
fn down_field(field: &str) -> &'static str {
    match field {
        f if f.starts_with("which side of the lines") => "down.side_of_lines",
        f if f.ends_with("hexes from the friendly trenches") => "down.hexes_from_friendly_trenches",
        _ => "down",
    }
}

fn whose(crew: Option<i64>) -> String {
    crew.map_or(String::new(), |id| format!(" of crewman {id}"))
}

fn refusal(rule: &'static str, detail: String) -> ServiceError {
    ServiceError::Unprocessable {
        detail,
        rule: Some(rule),
        at: None,
    }
}

/// Every entry of the entered dice the tables of `come_down` read: by table and
/// crewman (none for the landing). Capture and injury dice are the debrief's own
/// rolls and are checked with each crewman's fate.
fn entered(dice: &DownDice) -> Vec<(Table, Option<i64>, &Vec<u32>)> {
    let mut all = Vec::new();
    if let Some(landing) = &dice.landing {
        all.push((Table::Landing, None, landing));
    }
    for (table, by_crew) in [
        (Table::Crash, &dice.crash),
        (Table::BailOut, &dice.bail_out),
        (Table::Evade, &dice.evade),
    ] {
        all.extend(by_crew.iter().map(|(id, d)| (table, Some(*id), d)));
    }
    all
}

/// The dice of each roll: those entered (already checked), else the server's.
struct DownDiceSource<'a> {
    dice: &'a DownDice,
    used: Vec<(Table, Option<CrewId>)>,
    current: Option<DiceSource>,
    /// The server's dice; none in a preview, where a table not entered is read with
    /// stand-in dice (all ones).
    chain: Option<&'a DiceChain>,
}

impl DiceFor for DownDiceSource<'_> {
    fn dice_for(
        &mut self,
        table: Table,
        crew: Option<CrewId>,
    ) -> Result<(&mut dyn Dice, bool), RuleError> {
        let by_crew = |map: &'_ std::collections::BTreeMap<i64, Vec<u32>>| {
            crew.and_then(|c| map.get(&c.0)).cloned()
        };
        let entered = match table {
            Table::Landing => self.dice.landing.clone(),
            Table::Crash => by_crew(&self.dice.crash),
            Table::BailOut => by_crew(&self.dice.bail_out),
            Table::Evade => by_crew(&self.dice.evade),
            _ => None,
        };
        if let Some(d) = &entered {
            check_dice(table, d)?;
        }
        self.used.push((table, crew));
        let was_entered = entered.is_some();
        let source = self.current.insert(match entered {
            Some(d) => DiceSource::Entered(FixedDice::new(d)),
            None => match self.chain {
                Some(chain) => DiceSource::Server(chain.server(Some(table.into()))),
                None => DiceSource::StandIn(FixedDice::new(vec![1; 4])),
            },
        });
        Ok((source, was_entered))
    }
}
