//! Reference data: the aircraft of appendices A and B (from `seeds/`) and the special
//! abilities of appendix D (from the rules crate, with what each does from
//! `seeds/abilities.csv`). Loading is an upsert keyed on the
//! natural key, so running it at every start changes nothing when nothing changed.

use std::collections::BTreeMap;

use chrono::NaiveDate;
use diesel::prelude::*;
use diesel::upsert::excluded;
use diesel_async::{AsyncPgConnection, RunQueryDsl};
use serde::Deserialize;

use crate::schema::{abilities, aircraft_types};
use crate::QueryResult;

const AIRCRAFT_CSV: &str = include_str!("../../seeds/aircraft.csv");
const AIRCRAFT_NOTES_CSV: &str = include_str!("../../seeds/aircraft_notes.csv");
const ABILITIES_CSV: &str = include_str!("../../seeds/abilities.csv");

/// What an ability does, as `seeds/abilities.csv` gives it.
#[derive(Debug, Deserialize)]
struct EffectRow {
    code: String,
    effect: String,
}

/// An ability as stored: the rules crate's facts and the seed's effect.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = abilities)]
pub struct AbilityRow {
    pub code: String,
    pub name: String,
    pub kind: campaign::abilities::AbilityKind,
    pub min_xp: i32,
    /// What it does at the table, in a sentence or two (appendix D).
    pub effect: String,
}

/// The effect of every ability of the rules crate, by code: exactly one each, none
/// empty, none for a code the rules crate does not know.
fn ability_effects() -> Result<BTreeMap<String, String>, SeedError> {
    let file = "abilities.csv";
    let mut effects = BTreeMap::new();
    for row in csv::Reader::from_reader(ABILITIES_CSV.as_bytes()).deserialize() {
        let row: EffectRow = row.map_err(|e| parse_error(file, e))?;
        let problem = if campaign::abilities::Ability::ALL
            .iter()
            .all(|a| a.code() != row.code)
        {
            Some("is no ability of appendix D")
        } else if row.effect.trim().is_empty() {
            Some("has an empty effect")
        } else if effects.contains_key(&row.code) {
            Some("is listed twice")
        } else {
            None
        };
        if let Some(problem) = problem {
            return Err(SeedError::Parse {
                file,
                message: format!("{:?} {problem}", row.code),
            });
        }
        effects.insert(row.code, row.effect.trim().to_owned());
    }
    if let Some(missing) = campaign::abilities::Ability::ALL
        .iter()
        .find(|a| !effects.contains_key(a.code()))
    {
        return Err(SeedError::Parse {
            file,
            message: format!("{:?} has no effect; add a row for it", missing.code()),
        });
    }
    Ok(effects)
}

/// Every ability as stored.
pub async fn abilities(conn: &mut AsyncPgConnection) -> QueryResult<Vec<AbilityRow>> {
    abilities::table
        .select(AbilityRow::as_select())
        .order(abilities::code)
        .load(conn)
        .await
        .map_err(crate::Error::from)
}

#[derive(Debug, Deserialize)]
struct NoteRow {
    name: String,
    note: String,
}

/// An aircraft type as `seeds/aircraft.csv` gives it, ready to be written.
#[derive(Debug, Clone, Deserialize, Insertable)]
#[diesel(table_name = aircraft_types)]
struct NewAircraftType {
    name: String,
    side: String,
    stability: String,
    engine: i16,
    wings: i16,
    fuselage: i16,
    tail: i16,
    fuel: i16,
    armament: String,
    dive: String,
    climb: i16,
    dual_controls: bool,
    early_altitude: Option<String>,
    late_altitude: Option<String>,
    #[serde(deserialize_with = "first_of_month")]
    service_start: NaiveDate,
    crew: i16,
    /// From `seeds/aircraft_notes.csv`.
    #[serde(skip)]
    note: Option<String>,
}

/// The seed gives a type's service start as a month, `YYYY-MM`.
fn first_of_month<'de, D: serde::Deserializer<'de>>(d: D) -> Result<NaiveDate, D::Error> {
    let month = String::deserialize(d)?;
    NaiveDate::parse_from_str(&format!("{month}-01"), "%Y-%m-%d")
        .map_err(|e| serde::de::Error::custom(format!("service_start {month:?}: {e}")))
}

/// A seed file that does not parse; the message names the file, row and field.
#[derive(Debug, thiserror::Error)]
pub enum SeedError {
    #[error("seeds/{file}: {message}")]
    Parse { file: &'static str, message: String },
    #[error("loading reference data: {0}")]
    Database(#[from] diesel::result::Error),
}

/// Parses the aircraft seed files compiled into the binary.
fn aircraft_seed() -> Result<Vec<NewAircraftType>, SeedError> {
    let mut notes: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for row in csv::Reader::from_reader(AIRCRAFT_NOTES_CSV.as_bytes()).deserialize() {
        let row: NoteRow = row.map_err(|e| parse_error("aircraft_notes.csv", e))?;
        notes.entry(row.name).or_default().push(row.note);
    }
    let mut types = Vec::new();
    for row in csv::Reader::from_reader(AIRCRAFT_CSV.as_bytes()).deserialize() {
        let mut row: NewAircraftType = row.map_err(|e| parse_error("aircraft.csv", e))?;
        row.note = notes.remove(&row.name).map(|n| n.join(" "));
        types.push(row);
    }
    if let Some(name) = notes.keys().next() {
        return Err(SeedError::Parse {
            file: "aircraft_notes.csv",
            message: format!("a note names {name:?}, which is not in aircraft.csv"),
        });
    }
    Ok(types)
}

fn parse_error(file: &'static str, e: csv::Error) -> SeedError {
    SeedError::Parse {
        file,
        message: e.to_string(),
    }
}

/// Loads the aircraft types and abilities, updating rows whose seed changed.
pub async fn load(conn: &mut AsyncPgConnection) -> Result<(), SeedError> {
    let types = aircraft_seed()?;
    diesel::insert_into(aircraft_types::table)
        .values(&types)
        .on_conflict(aircraft_types::name)
        .do_update()
        .set((
            aircraft_types::side.eq(excluded(aircraft_types::side)),
            aircraft_types::stability.eq(excluded(aircraft_types::stability)),
            aircraft_types::engine.eq(excluded(aircraft_types::engine)),
            aircraft_types::wings.eq(excluded(aircraft_types::wings)),
            aircraft_types::fuselage.eq(excluded(aircraft_types::fuselage)),
            aircraft_types::tail.eq(excluded(aircraft_types::tail)),
            aircraft_types::fuel.eq(excluded(aircraft_types::fuel)),
            aircraft_types::armament.eq(excluded(aircraft_types::armament)),
            aircraft_types::dive.eq(excluded(aircraft_types::dive)),
            aircraft_types::climb.eq(excluded(aircraft_types::climb)),
            aircraft_types::dual_controls.eq(excluded(aircraft_types::dual_controls)),
            aircraft_types::early_altitude.eq(excluded(aircraft_types::early_altitude)),
            aircraft_types::late_altitude.eq(excluded(aircraft_types::late_altitude)),
            aircraft_types::service_start.eq(excluded(aircraft_types::service_start)),
            aircraft_types::crew.eq(excluded(aircraft_types::crew)),
            aircraft_types::note.eq(excluded(aircraft_types::note)),
        ))
        .execute(conn)
        .await?;

    let effects = ability_effects()?;
    let rows: Vec<_> = campaign::abilities::Ability::ALL
        .iter()
        .map(|a| {
            (
                abilities::code.eq(a.code()),
                abilities::name.eq(a.name()),
                abilities::kind.eq(a.kind().as_str()),
                abilities::min_xp.eq(a.min_xp().0),
                abilities::effect.eq(&effects[a.code()]),
            )
        })
        .collect();
    diesel::insert_into(abilities::table)
        .values(&rows)
        .on_conflict(abilities::code)
        .do_update()
        .set((
            abilities::name.eq(excluded(abilities::name)),
            abilities::kind.eq(excluded(abilities::kind)),
            abilities::min_xp.eq(excluded(abilities::min_xp)),
            abilities::effect.eq(excluded(abilities::effect)),
        ))
        .execute(conn)
        .await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    // Appendices A and B: 35 Allied and 31 Central types.
    #[test]
    fn the_seed_has_every_type_of_appendices_a_and_b() {
        let types = aircraft_seed().unwrap();
        assert_eq!(types.iter().filter(|t| t.side == "allied").count(), 35);
        assert_eq!(types.iter().filter(|t| t.side == "central").count(), 31);
    }

    // Appendix D: every special ability has an effect to show beside the pick form
    // and on the ID cards.
    #[test]
    fn every_ability_has_an_effect() {
        let effects = ability_effects().unwrap();
        assert_eq!(effects.len(), campaign::abilities::Ability::ALL.len());
    }

    // R11: a two-seater is a type whose armament has an observer-operated weapon.
    #[test]
    fn crew_count_follows_the_observer_weapon() {
        for t in aircraft_seed().unwrap() {
            let observer_weapon = t
                .armament
                .split(|c: char| !c.is_ascii_alphanumeric())
                .any(|code| code.trim_start_matches(char::is_numeric).contains('O'));
            assert_eq!(t.crew == 2, observer_weapon, "{}: {}", t.name, t.armament);
        }
    }
}
