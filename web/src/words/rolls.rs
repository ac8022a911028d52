//! A logged roll in the rulebook's words: its table by the name the rulebook gives it
//! (appendices C and E, §7.02, the sheet's phases of §3), and its result — parsed back
//! from the log into the campaign crate's typed result — as a sentence.

use campaign::injuries::Harm;
use campaign::logged_table::LoggedTable;
use campaign::missions::MissionType;
use campaign::sheet::aircraft::Section;
use campaign::sheet::combat_value::Burst;
use campaign::sheet::concentrated_fire::TargetArea;
use campaign::sheet::critical::{Critical, EngineFire};
use campaign::sheet::fire::{FireOut, SmokeOut};
use campaign::sheet::spins::{Recovery, SpinTest};
use campaign::sheet::wounds::CrewWound;
use campaign::sheet::SheetTable;
use campaign::tables::anti_aircraft::AntiAircraft;
use campaign::tables::bombing::BombResult;
use campaign::tables::evade::EvadeResult;
use campaign::tables::ground_offensive::GroundOffensive;
use campaign::tables::landing::LandingResult;
use campaign::tables::Table;
use serde::de::DeserializeOwned;
use serde::Deserialize;
use serde_json::Value;

use super::{count, counted, number};

/// A roll as the log keeps it, whichever log it comes from.
#[derive(Debug, Clone, Copy)]
pub struct Logged<'a> {
    pub table: LoggedTable,
    pub dice: &'a [i32],
    pub total: i32,
    pub result: &'a Value,
}

impl<'a> From<&'a eagles_office::rolls::RollView> for Logged<'a> {
    fn from(r: &'a eagles_office::rolls::RollView) -> Self {
        Self {
            table: r.table,
            dice: &r.dice,
            total: r.total,
            result: &r.result,
        }
    }
}

impl<'a> From<&'a eagles_office::debrief::RollLine> for Logged<'a> {
    fn from(r: &'a eagles_office::debrief::RollLine) -> Self {
        Self {
            table: r.table,
            dice: &r.dice,
            total: r.total,
            result: &r.result,
        }
    }
}

/// The table's name as the rulebook gives it.
pub fn table_name(table: LoggedTable) -> &'static str {
    match table {
        LoggedTable::Campaign(t) => match t {
            Table::Mission => "Mission Table",
            Table::GroundOffensive => "Ground Offensive Table",
            Table::AntiAircraft => "Anti-Aircraft Markers",
            Table::Landing => "Landing Table",
            Table::Crash => "Crash Result Table",
            Table::BailOut => "Bailing Out Table",
            Table::Evade => "Evading Table",
            Table::Capture => "Exchange or escape",
            Table::MinorInjury => "Minor injury",
            Table::SeriousInjury => "Serious injury",
            Table::ArtilleryTrips => "Directing artillery fire: trips",
            Table::Bomb => "Bomb attack",
            Table::D6 => "1d6",
            Table::TwoD6 => "2d6",
            Table::D10 => "1d10",
            Table::D100 => "1d100",
        },
        LoggedTable::Sheet(t) => match t {
            SheetTable::Combat => "Combat Results Table",
            SheetTable::CrewWound => "Wounding pilots/observers",
            SheetTable::Jam => "Weapon jamming",
            SheetTable::Unjam => "Unjamming weapons",
            SheetTable::Spin => "Testing for spins",
            SheetTable::SpinRecovery => "Spin recovery",
            SheetTable::Critical => "Critical damage",
            SheetTable::EngineFire => "Seized engine: fire",
            SheetTable::ExtinguishFire => "Fire extinguishing",
            SheetTable::ExtinguishSmoke => "Smoke extinguishing",
            SheetTable::Anoxia => "Anoxia",
            SheetTable::ConcentratedFire => "Concentrated Fire Table",
            SheetTable::FriendlyFire => "Friendly fire",
        },
    }
}

/// What the roll's total is called: a shot's is its combat value (the column of the
/// Combat Results Table it is read on, the die being its row).
pub fn total_name(table: LoggedTable) -> &'static str {
    match table {
        LoggedTable::Sheet(SheetTable::Combat) => "combat value",
        _ => "total",
    }
}

/// A shot as the log keeps it (R20): who fired at whom, at what range and burst, the
/// combat value and the markers it drew.
#[derive(Debug, Clone, Deserialize)]
pub struct LoggedShot {
    pub combat_value: i64,
    pub blue: u64,
    pub red: u64,
    pub shooter_sortie: String,
    pub target_sortie: String,
    pub range: u32,
    pub burst: Burst,
}

impl LoggedShot {
    /// The shot of a combat roll's logged result (kept as an object, or as its JSON
    /// text).
    pub fn of(result: &Value) -> Option<Self> {
        match result {
            Value::String(text) => serde_json::from_str(text).ok(),
            other => serde_json::from_value(other.clone()).ok(),
        }
    }
}

/// The markers a shot drew: "one blue and two red markers", "no effect".
pub fn markers(blue: u64, red: u64) -> String {
    match (blue, red) {
        (0, 0) => "no effect".to_owned(),
        (b, 0) => format!("{} blue {}", number(b), marker_noun(b)),
        (0, r) => format!("{} red {}", number(r), marker_noun(r)),
        (b, r) => format!(
            "{} blue and {} red {}",
            number(b),
            number(r),
            marker_noun(r)
        ),
    }
}

fn marker_noun(n: u64) -> &'static str {
    if n == 1 {
        "marker"
    } else {
        "markers"
    }
}

fn typed<T: DeserializeOwned>(result: &Value) -> Option<T> {
    serde_json::from_value(result.clone()).ok()
}

/// The roll's result as a sentence in the rulebook's terms.
pub fn result(roll: Logged<'_>) -> String {
    said(roll).unwrap_or_else(|| match roll.result {
        Value::String(s) => s.replace('_', " "),
        Value::Number(n) => n.to_string(),
        _ => String::new(),
    })
}

fn said(roll: Logged<'_>) -> Option<String> {
    let r = roll.result;
    Some(match roll.table {
        LoggedTable::Campaign(t) => match t {
            Table::Mission => {
                let mission: MissionType = typed(r)?;
                match roll.dice.get(1) {
                    Some(&trips) if mission == MissionType::DirectArtillery => format!(
                        "{}, {} along the observation area to succeed",
                        super::capitalised(mission.label()),
                        counted(trips, "trip")
                    ),
                    _ => super::capitalised(mission.label()),
                }
            }
            Table::GroundOffensive => offensive(typed(r)?).to_owned(),
            Table::AntiAircraft => match typed::<AntiAircraft>(r)? {
                AntiAircraft::NoMarkers => "No anti-aircraft marker",
                AntiAircraft::OneLight => "One light anti-aircraft marker",
                AntiAircraft::OneLightOneHeavy => "One light and one heavy anti-aircraft marker",
                AntiAircraft::OneLightTwoHeavy => "One light and two heavy anti-aircraft markers",
            }
            .to_owned(),
            Table::Landing => match typed::<LandingResult>(r)? {
                LandingResult::Landed => "Landed safely",
                LandingResult::Crashed => "Crashed",
            }
            .to_owned(),
            Table::Crash | Table::BailOut => harm(typed(r)?).to_owned(),
            Table::Evade => match typed::<EvadeResult>(r)? {
                EvadeResult::Evaded => "Evaded capture: back to his own lines",
                EvadeResult::Captured => "Captured",
                EvadeResult::Killed => "Killed evading capture",
            }
            .to_owned(),
            Table::Capture => match (r.as_str()?, roll.dice.get(2)) {
                ("escaped", Some(&weeks)) => format!(
                    "Exchanged or escaped: out of the war {}",
                    counted(weeks, "week")
                ),
                ("escaped", None) => "Exchanged or escaped".to_owned(),
                _ => "A prisoner: for him, the war is over".to_owned(),
            },
            Table::MinorInjury => format!("{} out of service", counted(r.as_i64()?, "week")),
            Table::SeriousInjury => {
                let triple = roll.dice.len() == 3 && roll.dice.iter().all(|&d| d == roll.dice[0]);
                if triple {
                    "A triple: sent home for the rest of the war".to_owned()
                } else {
                    format!("{} out of service", counted(r.as_i64()?, "week"))
                }
            }
            Table::ArtilleryTrips => {
                format!(
                    "{} along the observation area",
                    counted(r.as_i64()?, "trip")
                )
            }
            Table::Bomb => match typed::<BombResult>(r)? {
                BombResult::Hit => "A hit: the target is destroyed",
                BombResult::Miss => "A miss",
            }
            .to_owned(),
            Table::D6 | Table::TwoD6 | Table::D10 | Table::D100 => r.as_i64()?.to_string(),
        },
        LoggedTable::Sheet(t) => sheet(t, roll)?,
    })
}

fn sheet(table: SheetTable, roll: Logged<'_>) -> Option<String> {
    let r = roll.result;
    let name = r.as_str().unwrap_or_default();
    Some(match table {
        SheetTable::Combat => {
            let shot = LoggedShot::of(r)?;
            format!(
                "{} at {}, range {}, {} burst: {}",
                shot.shooter_sortie,
                shot.target_sortie,
                shot.range,
                shot.burst.label(),
                markers(shot.blue, shot.red)
            )
        }
        SheetTable::CrewWound => match typed::<CrewWound>(r)? {
            CrewWound::NoEffect => "No effect".to_owned(),
            CrewWound::Light => "A light wound: one wound box crossed off".to_owned(),
            CrewWound::Serious => "A serious wound: two wound boxes crossed off".to_owned(),
        },
        SheetTable::Jam => match name {
            "jammed" => "The weapon jams",
            "fires_on" => "The weapon fires on",
            _ => return None,
        }
        .to_owned(),
        SheetTable::Unjam => match name {
            "unjammed" => "The weapon is unjammed",
            "still_jammed" => "Still jammed",
            _ => return None,
        }
        .to_owned(),
        SheetTable::Spin => match typed::<SpinTest>(r)? {
            SpinTest::Spins => "The aircraft spins",
            SpinTest::Holds => "No spin",
        }
        .to_owned(),
        SheetTable::SpinRecovery => match typed::<Recovery>(r)? {
            Recovery::Recovers => "Recovers from the spin",
            Recovery::StillSpinning => "Still spinning",
        }
        .to_owned(),
        SheetTable::Critical => match typed::<Critical>(r)? {
            Critical::NoEffect => "No effect",
            Critical::EngineSeizes => "The engine seizes: the aircraft glides",
            Critical::Destroyed => "The section breaks apart: the aircraft is destroyed",
        }
        .to_owned(),
        SheetTable::EngineFire => match typed::<EngineFire>(r)? {
            EngineFire::None => "No fire",
            EngineFire::Smoke => "The engine smokes",
            EngineFire::Fire => "The engine catches fire",
        }
        .to_owned(),
        SheetTable::ExtinguishFire => match typed::<FireOut>(r)? {
            FireOut::Smoke => "The fire is out: smoke remains",
            FireOut::Burning => "Still on fire",
        }
        .to_owned(),
        SheetTable::ExtinguishSmoke => match typed::<SmokeOut>(r)? {
            SmokeOut::Out => "The smoke is out",
            SmokeOut::Smoking => "Still smoking",
            SmokeOut::Fire => "The aircraft catches fire",
        }
        .to_owned(),
        SheetTable::Anoxia => match name {
            "passed_out" => "Passed out",
            "conscious" => "Stays conscious",
            _ => return None,
        }
        .to_owned(),
        SheetTable::ConcentratedFire => {
            let area: TargetArea = match r {
                Value::String(text) => serde_json::from_str(text).ok()?,
                other => typed(other)?,
            };
            let section = match area.section {
                Section::Engine => "engine",
                Section::Wings => "wings",
                Section::Fuselage => "fuselage",
                Section::Tail => "tail",
            };
            if area.crew_hit {
                format!("All damage into the {section}; check for a crew hit")
            } else {
                format!("All damage into the {section}")
            }
        }
        SheetTable::FriendlyFire => match name {
            "troops_fire" => "The troops fire on him",
            "hold_fire" => "The troops hold their fire",
            _ => return None,
        }
        .to_owned(),
    })
}

/// A ground offensive as appendix E's Ground Offensive Table says it.
pub fn offensive(o: GroundOffensive) -> &'static str {
    match o {
        GroundOffensive::MajorCentral => "Major Central Forces ground attack in progress",
        GroundOffensive::MinorCentral => "Minor Central Forces ground attack in progress",
        GroundOffensive::Quiet => "All is quiet on the front",
        GroundOffensive::MinorAllied => "Minor Allied Forces ground attack in progress",
        GroundOffensive::MajorAllied => "Major Allied Forces ground attack in progress",
    }
}

/// What the Crash Result and Bailing Out tables give.
pub fn harm(h: Harm) -> &'static str {
    match h {
        Harm::Unharmed => "Unharmed",
        Harm::MinorInjury => "Minor injury",
        Harm::SeriousInjury => "Serious injury",
        Harm::Killed => "Killed",
    }
}

/// The hits of a shot as the Combat Results Table writes them and in words: "B2R: one
/// blue and two red markers".
pub fn hits(blue: u64, red: u64) -> String {
    let code = |n: u64, c: &str| match n {
        0 => String::new(),
        1 => c.to_owned(),
        n => format!("{n}{c}"),
    };
    match (blue, red) {
        (0, 0) => "no effect".to_owned(),
        _ => format!(
            "{}{}: {}",
            code(blue, "B"),
            code(red, "R"),
            markers(blue, red)
        ),
    }
}

/// "1 red hit", "3 red hits".
pub fn red_hits(n: i64) -> String {
    count(n, "red hit", "red hits")
}

#[cfg(test)]
#[path = "rolls_tests.rs"]
mod tests;
