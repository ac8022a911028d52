//! One roll on any table of `POST …/rolls`: the request's `modifiers` object read into
//! the rules crate's typed modifiers of that table, the table rolled, and the result
//! named as the roll log shows it (R14).
//!
//! Modifiers that do not fit the table (an unknown name, a wrong value, a required one
//! missing) are a 422 naming the table's allowed modifiers: the body is well-formed
//! JSON, its `modifiers` just do not fit the `table` it names.

use campaign::calendar::Era;
use campaign::dice::Dice;
use campaign::injuries::{roll_injury, Severity};
use campaign::sides::{Nationality, Side};
use campaign::tables::anti_aircraft::roll_anti_aircraft;
use campaign::tables::artillery::roll_artillery_trips;
use campaign::tables::bail_out::{parachute, roll_bail_out, BailOutModifiers};
use campaign::tables::bombing::{roll_bomb, BombModifiers};
use campaign::tables::capture::roll_capture;
use campaign::tables::crash::{roll_crash, CrashModifiers};
use campaign::tables::evade::{roll_evade, EvadeModifiers};
use campaign::tables::ground_offensive::{roll_ground_offensive, GroundOffensive};
use campaign::tables::landing::{roll_landing, LandingModifiers};
use campaign::tables::mission::roll_mission;
use campaign::tables::plain::roll_plain;
use campaign::tables::{Roll, Table};
use chrono::NaiveDate;
pub use eagles_office::rolls::numeric_result;
pub use eagles_office::rolls::{OffensiveFrom, OffensiveTaken};
use serde::de::DeserializeOwned;
use serde_json::{Map, Value};

use crate::error::{Locus, ServiceError};

/// What a roll needs to know beyond its modifiers.
#[derive(Debug, Clone, Copy)]
pub struct Circumstances {
    /// The date of the roll's week: parachutes depend on it (§13.03).
    pub date: NaiveDate,
    /// The era of the roll's week: anti-aircraft is +1 late war (§7.02).
    pub era: Era,
    /// The side the roll is for, when given.
    pub side: Option<Side>,
    /// The ground offensive of the roll's game, when it names one (R8).
    pub offensive: Option<GroundOffensive>,
}

/// A roll with its result already named for the log.
pub struct Rolled {
    pub roll: Roll<()>,
    pub result: String,
    /// For an evade: the ground offensive it took and where from (R8).
    pub offensive: Option<OffensiveTaken>,
}

fn named<R>(roll: Roll<R>, name: impl FnOnce(&R) -> String) -> Rolled {
    let result = name(&roll.result);
    Rolled {
        roll: Roll {
            table: roll.table,
            dice: roll.dice,
            modifiers: roll.modifiers,
            total: roll.total,
            result: (),
        },
        result,
        offensive: None,
    }
}

/// The modifiers each table accepts, for messages.
fn allowed_modifiers(table: Table) -> &'static str {
    use Table::*;
    match table {
        Landing => "terrain (required), road, minor_wound, serious_wound, novice, observer_flying, co_pilot_flying, smoking, on_fire, gliding, critical_damage",
        Crash => "pusher, on_fire, terrain, shot_down_at_altitude",
        BailOut => "nationality (required), altitude_1, on_fire, aircraft_destroyed, minor_wound, serious_wound",
        Evade => "side_of_lines (required), hexes_from_friendly_trenches (required), minor_injury, serious_injury, and ground_offensive when no game_id is given",
        Bomb => "altitude (required), bombardier",
        Mission | GroundOffensive | AntiAircraft | Capture | MinorInjury | SeriousInjury
        | ArtilleryTrips | D6 | TwoD6 | D10 | D100 => "none",
    }
}

fn unfit(table: Table, why: impl std::fmt::Display) -> ServiceError {
    ServiceError::invalid(format!(
        "the modifiers do not fit the {} table: {why}; its modifiers are: {}",
        table.label(),
        allowed_modifiers(table).replace('_', " ")
    ))
}

fn parse<T: DeserializeOwned>(
    table: Table,
    modifiers: Map<String, Value>,
) -> Result<T, ServiceError> {
    serde_json::from_value(Value::Object(modifiers)).map_err(|e| unfit(table, e))
}

/// Takes an extra modifier that is not part of the table's own struct out of the map.
fn take<T: DeserializeOwned>(
    table: Table,
    modifiers: &mut Map<String, Value>,
    name: &str,
) -> Result<Option<T>, ServiceError> {
    modifiers
        .remove(name)
        .map(|value| {
            serde_json::from_value(value).map_err(|e| unfit(table, format!("{name}: {e}")))
        })
        .transpose()
}

fn none(table: Table, modifiers: &Map<String, Value>) -> Result<(), ServiceError> {
    match modifiers.keys().next() {
        None => Ok(()),
        Some(name) => Err(unfit(table, format!("unknown modifier \"{name}\""))),
    }
}

/// Rolls `table` with `dice` (already checked against it) and the request's modifiers.
pub fn roll_table(
    table: Table,
    mut modifiers: Map<String, Value>,
    at: Circumstances,
    dice: &mut impl Dice,
) -> Result<Rolled, ServiceError> {
    Ok(match table {
        Table::Mission => {
            none(table, &modifiers)?;
            named(roll_mission(dice), |m| m.mission_type.to_string())
        }
        Table::GroundOffensive => {
            none(table, &modifiers)?;
            named(roll_ground_offensive(dice), |o| o.to_string())
        }
        Table::AntiAircraft => {
            none(table, &modifiers)?;
            named(roll_anti_aircraft(at.era, dice), |a| a.to_string())
        }
        Table::Landing => {
            let mods: LandingModifiers = parse(table, modifiers)?;
            named(roll_landing(&mods, dice), |l| l.to_string())
        }
        Table::Crash => {
            let mods: CrashModifiers = parse(table, modifiers)?;
            named(roll_crash(&mods, dice), |h| h.to_string())
        }
        Table::BailOut => {
            let nationality: Nationality =
                take(table, &mut modifiers, "nationality")?.ok_or_else(|| {
                    unfit(
                        table,
                        "the nationality of the crewman bailing out is missing",
                    )
                })?;
            let mods: BailOutModifiers = parse(table, modifiers)?;
            let chute = parachute(nationality, at.date)?;
            named(roll_bail_out(chute, &mods, dice), |h| h.to_string())
        }
        Table::Evade => {
            let named_offensive: Option<GroundOffensive> =
                take(table, &mut modifiers, "ground_offensive")?;
            let (offensive, from) = match (at.offensive, named_offensive) {
                (Some(_), Some(_)) => {
                    return Err(ServiceError::invalid(
                        "the evade roll takes the game's ground offensive itself (appendix E); leave the ground offensive out of the modifiers when naming the game",
                    ))
                }
                (Some(o), None) => (o, OffensiveFrom::Game),
                (None, Some(o)) => (o, OffensiveFrom::Modifiers),
                (None, None) => (GroundOffensive::Quiet, OffensiveFrom::AssumedQuiet),
            };
            let side = at.side.ok_or_else(|| {
                ServiceError::invalid(
                    "an evade roll needs the crewman's side: the ground offensive helps or hinders him by it (§13.202)",
                )
                .at(Locus::Field("side"))
            })?;
            let mods: EvadeModifiers = parse(table, modifiers)?;
            Rolled {
                offensive: Some(OffensiveTaken {
                    result: offensive,
                    from,
                }),
                ..named(roll_evade(side, offensive, &mods, dice), |e| e.to_string())
            }
        }
        Table::Capture => {
            none(table, &modifiers)?;
            named(roll_capture(dice), |c| c.as_str().to_owned())
        }
        Table::MinorInjury | Table::SeriousInjury => {
            none(table, &modifiers)?;
            let severity = if table == Table::MinorInjury {
                Severity::Minor
            } else {
                Severity::Serious
            };
            named(roll_injury(severity, dice), |w| w.weeks_out.to_string())
        }
        Table::ArtilleryTrips => {
            none(table, &modifiers)?;
            named(roll_artillery_trips(dice), u32::to_string)
        }
        Table::Bomb => {
            let mods: BombModifiers = parse(table, modifiers)?;
            named(roll_bomb(&mods, dice)?, |b| b.to_string())
        }
        Table::D6 | Table::TwoD6 | Table::D10 | Table::D100 => {
            none(table, &modifiers)?;
            named(roll_plain(table, dice), u32::to_string)
        }
    })
}
