//! An aircraft data sheet as the pages draw it (R17–R21): the office's sheet turned
//! into words and counts, the same for the player's phone and the referee's game page.

use campaign::abilities::Ability;
use campaign::crew::Role;
use campaign::sheet::aircraft::Section;
use campaign::sheet::marks::Effect;
use campaign::sheet::state::{Due, OpenFacts};
use eagles_office::sheets::{MarkRequest, MissionMark, SectionView, SheetView, SortieView};

use super::cells::{cells, Cell};
use crate::pages::game::how_label;

/// The facts the whole table sees (§4.00, R20), in words: "spinning", "smoke"…
pub fn open_facts(open: &OpenFacts) -> Vec<&'static str> {
    [
        (open.destroyed, "destroyed"),
        (open.spinning, "spinning"),
        (open.smoke, "smoke"),
        (open.fire, "fire"),
        (open.down, "down"),
        (open.escaped, "escaped"),
    ]
    .into_iter()
    .filter_map(|(on, word)| on.then_some(word))
    .collect()
}

/// "a1 · Nieuport 17".
pub fn sortie_title(sortie: &SortieView) -> String {
    named(sortie, "·")
}

/// "c2 — Albatros D-III": a sortie as a claim names it.
pub fn victim_title(sortie: &SortieView) -> String {
    named(sortie, "—")
}

fn named(sortie: &SortieView, dash: &str) -> String {
    format!("{} {dash} {}", sortie.key, sortie.aircraft.name)
}

/// A sortie of the line-up as anyone may see it: its key, aircraft, crew and open
/// facts, every sortie alike so nothing tells the mission aircraft (§13.20, R16).
pub struct SortieLine {
    pub id: i64,
    pub title: String,
    pub side: &'static str,
    pub crew: String,
    pub open: Vec<&'static str>,
}

impl From<&SortieView> for SortieLine {
    fn from(s: &SortieView) -> Self {
        Self {
            id: s.id,
            title: sortie_title(s),
            side: s.side.label(),
            crew: s
                .crew
                .iter()
                .map(|c| c.name.clone())
                .collect::<Vec<_>>()
                .join(", "),
            open: open_facts(&s.open),
        }
    }
}

/// A crewman on the sheet.
pub struct SheetCrewman {
    pub id: i64,
    pub name: String,
    pub position: &'static str,
    /// Three boxes, crossed ones first: "■■□".
    pub boxes: String,
    pub wound_boxes: u32,
    /// "active", "passed out", "killed".
    pub state: String,
    pub at_controls: bool,
    pub novice: bool,
    /// His abilities by name.
    pub abilities: String,
    pub red_hits: u32,
    /// His three wound boxes; a tap crosses off a light (1) or serious (2) wound.
    pub cells: Vec<Cell>,
}

/// A section's damage.
pub struct SectionLine {
    pub code: &'static str,
    pub name: &'static str,
    /// "", "critical" or "destroyed".
    pub state: &'static str,
    /// "3 of 8 boxes", "8 of 8 boxes, 1 of 2 triangles".
    pub words: String,
    /// The section's boxes then triangles, as the paper sheet draws them.
    pub cells: Vec<Cell>,
}

impl SectionLine {
    fn new(section: Section, view: &SectionView) -> Self {
        let boxes_crossed = view.crossed.min(view.boxes);
        let triangles = view.crossed.saturating_sub(view.boxes);
        let mut words = format!("{boxes_crossed} of {} boxes", view.boxes);
        if triangles > 0 {
            words.push_str(&format!(", {triangles} of {} triangles", view.triangles));
        }
        Self {
            code: section.as_str(),
            name: section.label(),
            state: if view.destroyed {
                "destroyed"
            } else if view.critical {
                "critical"
            } else {
                ""
            },
            words,
            cells: cells(
                view.boxes + view.triangles,
                view.boxes,
                view.crossed,
                u32::MAX,
            ),
        }
    }
}

/// An effect the player switches on or off with one button.
pub struct Toggle {
    pub name: &'static str,
    pub label: &'static str,
    pub on: bool,
}

/// A sheet, drawn.
pub struct SheetCard {
    pub sortie_id: i64,
    pub title: String,
    pub side: &'static str,
    pub assignment: &'static str,
    pub turn: u32,
    pub next_turn: u32,
    pub open: Vec<&'static str>,
    pub crew: Vec<SheetCrewman>,
    pub sections: Vec<SectionLine>,
    pub fuel: String,
    /// The effects on the aircraft, in words.
    pub effects: Vec<String>,
    pub toggles: Vec<Toggle>,
    /// "1 blue, 2 red", or empty.
    pub to_draw: String,
    /// The tests due, in words.
    pub due: Vec<&'static str>,
    /// The tables due, by their wire names, to show their buttons first.
    pub due_tables: Vec<&'static str>,
    /// The last thing still standing that an undo on this sheet may reverse: the form
    /// field that names it (`mark`, or `roll` for a roll made on this sheet, whose marks
    /// are undone together, R24), its id and words. A mark another sheet's roll made is
    /// that roll's and offers no undo here.
    pub last_mark: Option<(&'static str, i64, String)>,
    /// The sheet's version as shown: each mark form sends it back, so a mark made on
    /// a sheet that changed meanwhile is shown back first (API v1.3, RFC 9110).
    pub version: i64,
    /// Whether the whole table sees the aircraft gone: destroyed, down or escaped.
    pub ended: bool,
    /// How the sortie ended, in words: "came down: shot down", "left the board or
    /// landed at home", "destroyed"; empty while it flies.
    pub ending: String,
    /// The kills claimed (R22), in words: "c2 — Albatros D-III, by Albert Ball".
    pub claims: Vec<String>,
    /// The mission's facts marked (R10), in words.
    pub mission: Vec<String>,
    /// The marker colour the damage boxes start with: the one colour still to draw,
    /// or the one just sent with a refused mark; empty for none.
    pub marker_shown: String,
    /// The aircraft type's data of appendix A or B, at the sheet's head.
    pub data: Option<super::data::AircraftData>,
}

/// A marker count in words: "one blue", "three red".
pub fn markers(count: u32, colour: &str) -> String {
    const WORDS: [&str; 7] = ["no", "one", "two", "three", "four", "five", "six"];
    match WORDS.get(count as usize) {
        Some(w) => format!("{w} {colour}"),
        None => format!("{count} {colour}"),
    }
}

/// Markers to draw, "1 blue, 2 red", or empty when there are none.
fn to_draw(blue: u32, red: u32) -> String {
    let mut parts = Vec::new();
    if blue > 0 {
        parts.push(format!("{blue} blue"));
    }
    if red > 0 {
        parts.push(format!("{red} red"));
    }
    parts.join(", ")
}

fn due_words(due: Due) -> (&'static str, Option<&'static str>) {
    match due {
        Due::Draw => ("draw the markers received", None),
        Due::Spin => ("spin test (red damage to the wings or tail)", Some("spin")),
        Due::SpinRecovery => ("spin recovery", Some("spin_recovery")),
        Due::ExtinguishFire => (
            "put out the fire, and a blue marker this turn",
            Some("extinguish_fire"),
        ),
        Due::ExtinguishSmoke => ("put out the smoke", Some("extinguish_smoke")),
    }
}

/// A mark in words, for the undo button: "2 wings boxes", "turn 3".
pub fn mark_words(mark: &MarkRequest, crew: &[SheetCrewman]) -> String {
    let name = |id: i64| {
        crew.iter()
            .find(|c| c.id == id)
            .map_or_else(|| "a crewman".to_owned(), |c| c.name.clone())
    };
    match mark {
        MarkRequest::Damage { section, boxes, .. } => {
            format!("{boxes} {} box{}", section.label(), plural_es(*boxes))
        }
        MarkRequest::Drawn { marker } => format!("a {} marker drawn", marker.label()),
        MarkRequest::Fuel { boxes } => format!("{boxes} fuel box{}", plural_es(*boxes)),
        MarkRequest::Wound { crew_id, boxes } => {
            format!(
                "{boxes} wound box{} of {}",
                plural_es(*boxes),
                name(*crew_id)
            )
        }
        MarkRequest::Effect { name, on } => {
            format!("{} {}", name.label(), if *on { "on" } else { "off" })
        }
        MarkRequest::Turn { turn } => format!("turn {turn}"),
        MarkRequest::Claim { .. } => "the claim".to_owned(),
        MarkRequest::Mission(_) => "the mission's facts".to_owned(),
        MarkRequest::Down(report) => format!("came down ({})", how_label(report.how)),
        MarkRequest::Escaped {} => "left the board".to_owned(),
        MarkRequest::Undo { .. } => "an undo".to_owned(),
        MarkRequest::Hit { blue, red } => {
            format!("hit: {}", to_draw(*blue, *red))
        }
        MarkRequest::RedHits { crew_id, count } => {
            format!("{count} red hits of {}", name(*crew_id))
        }
        MarkRequest::Rolled { table, .. } => format!("a {} roll", table.label()),
    }
}

fn plural_es(n: u32) -> &'static str {
    if n == 1 {
        ""
    } else {
        "es"
    }
}

/// The mission's facts marked, in words: "target observed", "3 hexes observed".
fn mission_words(facts: &MissionMark) -> Vec<String> {
    let yes_no =
        |fact: Option<bool>, yes: &str, no: &str| fact.map(|f| if f { yes } else { no }.to_owned());
    let count = |n: Option<u32>, one: &str, many: &str| {
        n.map(|n| format!("{n} {}", if n == 1 { one } else { many }))
    };
    [
        yes_no(
            facts.target_observed,
            "target observed",
            "target not observed",
        ),
        count(facts.hexes_observed, "hex observed", "hexes observed"),
        count(facts.trips, "trip done", "trips done"),
        count(
            facts.hexes_strafed,
            "trench hex strafed",
            "trench hexes strafed",
        ),
        yes_no(
            facts.balloon_destroyed,
            "balloon destroyed",
            "balloon not destroyed",
        ),
    ]
    .into_iter()
    .flatten()
    .collect()
}

/// How the sheet says its sortie ended, in words; empty while it flies.
fn ending(sheet: &SheetView) -> String {
    let down = sheet
        .marks
        .iter()
        .rev()
        .filter(|m| !m.undone)
        .find_map(|m| match &m.mark {
            MarkRequest::Down(report) => Some(how_label(report.how)),
            _ => None,
        });
    match down {
        Some(how) if sheet.down => format!("came down: {how}"),
        _ if sheet.escaped => "left the board or landed at home".to_owned(),
        _ if sheet.destroyed => "destroyed".to_owned(),
        _ => String::new(),
    }
}

impl SheetCard {
    /// The sheet drawn, the sorties its claims name found in `lineup`.
    pub fn new(sheet: &SheetView, lineup: &[SortieView]) -> Self {
        let state = &sheet.state;
        let crew: Vec<SheetCrewman> = sheet
            .crew
            .iter()
            .map(|c| SheetCrewman {
                id: c.crew_id,
                name: c.name.clone(),
                position: c.position.label(),
                boxes: (0..3)
                    .map(|i| if i < c.wound_boxes { '■' } else { '□' })
                    .collect(),
                wound_boxes: c.wound_boxes,
                state: c.state.replace('_', " "),
                at_controls: state.at_controls == Some(c.position),
                novice: c.novice,
                abilities: c
                    .abilities
                    .iter()
                    .map(|a| {
                        a.parse::<Ability>()
                            .map_or_else(|_| a.replace('_', " "), |a| a.name().to_owned())
                    })
                    .collect::<Vec<_>>()
                    .join(", "),
                red_hits: sheet
                    .red_hits
                    .get(&c.crew_id.to_string())
                    .copied()
                    .unwrap_or(0),
                cells: cells(3, 3, c.wound_boxes, 2),
            })
            .collect();
        let s = &sheet.sections;
        let sections = [
            (Section::Engine, &s.engine),
            (Section::Wings, &s.wings),
            (Section::Fuselage, &s.fuselage),
            (Section::Tail, &s.tail),
        ]
        .into_iter()
        .map(|(section, view)| SectionLine::new(section, view))
        .collect();
        let mut effects: Vec<String> = [
            (state.smoke, Effect::Smoke),
            (state.fire, Effect::Fire),
            (state.spinning, Effect::Spinning),
            (state.gliding, Effect::Gliding),
            (state.engine_seized, Effect::EngineSeized),
            (state.jammed.pilot, Effect::JammedPilot),
            (state.jammed.observer, Effect::JammedObserver),
        ]
        .into_iter()
        .filter(|(on, _)| *on)
        .map(|(_, e)| e.label().to_owned())
        .collect();
        if state.at_controls == Some(Role::Observer) {
            effects.push("the observer flies (dual controls)".to_owned());
        } else if state.at_controls.is_none() {
            effects.push("nobody at the controls".to_owned());
        }
        let toggles = [
            (Effect::Smoke, "Smoke", state.smoke),
            (Effect::Fire, "Fire", state.fire),
            (Effect::Spinning, "Spinning", state.spinning),
        ]
        .into_iter()
        .map(|(e, label, on)| Toggle {
            name: e.as_str(),
            label,
            on,
        })
        .collect();
        let (due, due_tables) = sheet
            .due
            .iter()
            .map(|d| due_words(*d))
            .unzip::<_, _, Vec<_>, Vec<_>>();
        let last_mark = last_undo(sheet, &crew);
        let claims = sheet
            .claims
            .iter()
            .map(|claim| {
                let victim = lineup
                    .iter()
                    .find(|s| s.id == claim.victim_sortie)
                    .map_or_else(|| "an aircraft".to_owned(), victim_title);
                let by: Vec<String> = claim
                    .shooters
                    .iter()
                    .map(|id| {
                        crew.iter()
                            .find(|c| c.id == *id)
                            .map_or_else(|| "a crewman".to_owned(), |c| c.name.clone())
                    })
                    .collect();
                format!("{victim}, by {}", by.join(" and "))
            })
            .collect();
        Self {
            sortie_id: sheet.sortie.id,
            title: sortie_title(&sheet.sortie),
            side: sheet.sortie.side.label(),
            assignment: sheet.sortie.assignment.map_or("", |a| a.label()),
            turn: sheet.turn,
            next_turn: sheet.turn + 1,
            open: open_facts(&sheet.sortie.open),
            crew,
            sections,
            fuel: format!("{} of {} boxes used", sheet.fuel.used, sheet.fuel.boxes),
            effects,
            toggles,
            to_draw: to_draw(sheet.to_draw.blue, sheet.to_draw.red),
            due,
            due_tables: due_tables.into_iter().flatten().collect(),
            last_mark,
            version: sheet.version,
            ended: sheet.destroyed || sheet.down || sheet.escaped,
            ending: ending(sheet),
            claims,
            mission: mission_words(&sheet.mission),
            data: None,
            marker_shown: match (sheet.to_draw.blue, sheet.to_draw.red) {
                (0, red) if red > 0 => "red",
                (blue, 0) if blue > 0 => "blue",
                _ => "",
            }
            .to_owned(),
        }
    }
}

/// What this sheet's undo button reverses: the last standing mark that is no undo, or
/// the roll made on this sheet that wrote it; a mark of another sheet's roll is passed
/// over, as only that roll's undo takes it back (R24).
fn last_undo(sheet: &SheetView, crew: &[SheetCrewman]) -> Option<(&'static str, i64, String)> {
    let own_roll = |roll: i64| {
        sheet.marks.iter().find_map(|m| match m.mark {
            MarkRequest::Rolled { table, .. } if m.roll_id == Some(roll) => Some(table),
            _ => None,
        })
    };
    sheet
        .marks
        .iter()
        .rev()
        .filter(|m| !m.undone && !matches!(m.mark, MarkRequest::Undo { .. }))
        .find_map(|m| match m.roll_id {
            None => Some(("mark", m.id, mark_words(&m.mark, crew))),
            Some(roll) => {
                own_roll(roll).map(|table| ("roll", roll, format!("the {} roll", table.label())))
            }
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markers_in_words() {
        // The Combat Result Table's B3R: one blue, three red (R17).
        assert_eq!(markers(1, "blue"), "one blue");
        assert_eq!(markers(3, "red"), "three red");
        assert_eq!(to_draw(0, 2), "2 red");
        assert_eq!(to_draw(1, 2), "1 blue, 2 red");
        assert_eq!(to_draw(0, 0), "");
    }
}
