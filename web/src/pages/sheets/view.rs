//! The sheets page's view: the page, a sheet with its forms as typed and the refusals
//! beside their fields, the declare form, made from the office's sheets and roster.

use askama::Template;
use campaign::crew::Role;
use campaign::missions::{AircraftRequirement, Assignment};
use campaign::sheet::aircraft::Section;
use eagles_office::access::CampaignScope;
use eagles_office::games::MissionView;
use eagles_office::sheets::{SheetView, SortieView};

use super::card::{SheetCard, SortieLine};
use super::forms::{CombatForm, DeclareForm, MarkForm, TablesForm};
use super::roll::RollShown;
use crate::form::FieldErrors;
use crate::pages::game::roster::Roster;
use crate::pages::game::{Choice, DownInput, FactsInput, MissionAsks};
use crate::pages::Nav;

/// A sheet with its forms as typed and the refusals beside their fields.
pub struct SheetPanel {
    pub card: SheetCard,
    /// The enemy aircraft still in the air, as the combat form's targets.
    pub targets: Vec<SortieLine>,
    pub combat: CombatForm,
    pub tables: TablesForm,
    pub mark: MarkForm,
    /// The claim form's victims: every sortie of the other side (R22).
    pub victims: Vec<Choice>,
    /// This sortie's crewmen: the claim's shooters, the landing's dice.
    pub seats: Vec<CrewSeat>,
    /// The mission's facts form, on the mission sortie's sheet (R10).
    pub mission: Option<MissionForm>,
    /// The form of coming down (API v1.1 `down`).
    pub down: DownInput,
    pub errors: FieldErrors,
    /// The rolls just made on this sheet, the first shown large.
    pub rolls: Vec<RollShown>,
    /// A mark refused because the sheet changed since it was shown: what changed,
    /// and the mark's fields to send it anyway.
    pub stale: Option<Stale>,
}

/// A mark made on a sheet that changed meanwhile (API v1.3).
pub struct Stale {
    /// Who marked what since, in words.
    pub changed: String,
    /// The mark's fields as sent, but the version and the form's own tokens, to send it
    /// again as it is.
    pub fields: Vec<(String, String)>,
}

impl Stale {
    pub(super) fn of(changed: String, form: &MarkForm) -> Stale {
        let fields = [
            ("kind", &form.kind),
            ("section", &form.section),
            ("boxes", &form.boxes),
            ("marker", &form.marker),
            ("crewman", &form.crewman),
            ("effect", &form.effect),
            ("on", &form.on),
            ("turn", &form.turn),
            ("mark", &form.mark),
        ]
        .into_iter()
        .map(|(name, value)| (name.to_owned(), value.clone()))
        .chain(form.more.iter().map(|(k, v)| (k.clone(), v.clone())))
        // The send-anyway form carries its own session token and one-time key.
        .filter(|(name, value)| {
            !value.is_empty() && !["version", "csrf", crate::once::FIELD].contains(&name.as_str())
        })
        .collect();
        Stale { changed, fields }
    }
}

/// A crewman of the sortie as the claim and coming down ask him: ticked as a
/// shooter (the box `shooter_{seat}`), and his dice as typed (`{seat}_crash_dice`, …).
pub struct CrewSeat {
    /// `pilot` or `observer`.
    pub seat: &'static str,
    pub id: i64,
    pub name: String,
    pub shooter: bool,
    pub crash: String,
    pub bail_out: String,
    pub evade: String,
}

/// The mission's facts as its form asks them.
pub struct MissionForm {
    /// The mission's type as the wire names it, sent with the facts: it says which
    /// of them the form asks.
    pub mission_type: &'static str,
    /// "trench strafing".
    pub name: &'static str,
    pub facts: FactsInput,
}

impl SheetPanel {
    /// The refusal of `field`, if any.
    pub fn error(&self, field: &str) -> Option<&str> {
        self.errors.get(field)
    }

    /// The claim, the mission's facts and coming down as `form` typed them.
    pub(super) fn typed(&mut self, form: &MarkForm) {
        match form.kind.as_str() {
            "damage" => self.card.marker_shown = form.marker.clone(),
            "claim" => {
                let victim = form.typed("victim");
                for c in &mut self.victims {
                    c.selected = c.value == victim;
                }
                for s in &mut self.seats {
                    s.shooter = form.typed(&format!("shooter_{}", s.seat)) == s.id.to_string();
                }
            }
            "mission" => {
                if let Some(m) = &mut self.mission {
                    let (asks, needed) = (m.facts.asks, m.facts.trips_needed);
                    m.facts = FactsInput::read(asks, needed, |field| form.typed(field));
                }
            }
            "down" => {
                self.down = DownInput::read(|field| form.typed(field), "choose…");
                for s in &mut self.seats {
                    let dice = |table: &str| form.typed(&format!("{}_{table}", s.seat));
                    (s.crash, s.bail_out, s.evade) = (
                        dice("crash_dice"),
                        dice("bail_out_dice"),
                        dice("evade_dice"),
                    );
                }
            }
            _ => {}
        }
    }
}

/// The sheet's forms of the claim, the mission's facts and coming down as they start:
/// the pilot ticked as the shooter, the facts as marked, the effects the sheet has
/// ticked as the landing reads them (§11).
pub(super) fn report_forms(
    sheet: &SheetView,
    lineup: &[SortieView],
    missions: &[MissionView],
) -> (Vec<Choice>, Vec<CrewSeat>, Option<MissionForm>, DownInput) {
    let victims = lineup
        .iter()
        .filter(|s| s.side != sheet.sortie.side)
        .map(|s| (s.id.to_string(), super::card::victim_title(s)));
    let seats = sheet
        .crew
        .iter()
        .map(|c| CrewSeat {
            seat: c.position.as_str(),
            id: c.crew_id,
            name: c.name.clone(),
            shooter: c.position == Role::Pilot,
            crash: String::new(),
            bail_out: String::new(),
            evade: String::new(),
        })
        .collect();
    let mission = (sheet.sortie.assignment == Some(Assignment::Mission))
        .then(|| {
            let view = missions.iter().find(|m| m.side == sheet.sortie.side);
            let asks = MissionAsks(view.map(|m| m.mission_type));
            let marked = &sheet.mission;
            let count = |n: Option<u32>| n.map(|n| n.to_string()).unwrap_or_default();
            let on = |fact: Option<bool>| if fact == Some(true) { "on" } else { "" }.to_owned();
            let facts =
                FactsInput::read(
                    asks,
                    view.and_then(|m| m.trips_needed),
                    |field| match field {
                        "target_observed" => on(marked.target_observed),
                        "hexes_observed" => count(marked.hexes_observed),
                        "trips" => count(marked.trips),
                        "hexes_strafed" => count(marked.hexes_strafed),
                        "balloon_destroyed" => on(marked.balloon_destroyed),
                        _ => String::new(),
                    },
                );
            MissionForm {
                mission_type: view.map_or("", |m| m.mission_type.as_str()),
                name: view.map_or("the mission", |m| m.mission_type.label()),
                facts,
            }
        })
        .filter(|m| m.facts.asks.asks_any());
    let state = &sheet.state;
    let s = &sheet.sections;
    let critical = [s.engine, s.wings, s.fuselage, s.tail]
        .iter()
        .any(|section| section.critical);
    let down = DownInput::read(
        |field| {
            let on = match field {
                "smoking" => state.smoke,
                "on_fire" => state.fire,
                "gliding" => state.gliding,
                "critical_damage" => critical,
                _ => false,
            };
            if on { "on" } else { "" }.to_owned()
        },
        "choose…",
    );
    (Choice::list(victims, []), seats, mission, down)
}

/// The declare form's choices: the player's side's aircraft in service, his own
/// available crewmen not yet flying in the game.
pub struct DeclarePanel {
    /// The form comes filled in with his side's mission aircraft as assigned: it is
    /// declared like any other sortie (R16, API v1.3).
    pub assigned: bool,
    pub aircraft: Vec<Choice>,
    pub pilots: Vec<Choice>,
    pub observers: Vec<Choice>,
    pub errors: FieldErrors,
}

/// The sheets page.
#[derive(Template)]
#[template(path = "sheets/page.html")]
pub struct SheetsPage {
    pub nav: Nav,
    pub id: i64,
    pub name: String,
    pub game_id: i64,
    /// The base template follows the event stream from here.
    pub revision: i64,
    pub referee: bool,
    /// The game waits for its debrief and the campaign runs: the sheets take marks.
    pub open: bool,
    /// The line-up's sortie ids, space separated: a `sheet` event of one of them
    /// (a shot at this aircraft is an event of the shooter's) renews the sheets.
    pub watched: String,
    pub panels: Vec<SheetPanel>,
    /// The other sorties of the line-up, with what the whole table sees.
    pub others: Vec<SortieLine>,
    pub declare: Option<DeclarePanel>,
    /// A refusal of the game's state (409), shown at the top.
    pub message: Option<String>,
    pub sections: &'static [Section],
    pub flags: &'static [(&'static str, &'static str)],
    pub tables: &'static [(&'static str, &'static str)],
}

/// Whether `sortie` carries a crewman of `username` (R16: his sheet to mark).
pub(super) fn flies_for(sortie: &SortieView, roster: &Roster, username: &str) -> bool {
    sortie.crew.iter().any(|seat| {
        roster
            .crew
            .iter()
            .any(|c| c.id == seat.crew_id && c.owner == username)
    })
}

pub(super) fn declare_panel(
    scope: &CampaignScope,
    roster: &Roster,
    (lineup, missions): (&[SortieView], &[MissionView]),
    username: &str,
    form: &DeclareForm,
) -> Option<DeclarePanel> {
    let side = scope.member()?.side?;
    let flying: Vec<i64> = lineup
        .iter()
        .flat_map(|s| s.crew.iter().map(|c| c.crew_id))
        .collect();
    let own = |role: Role| -> Vec<(String, String)> {
        roster
            .crew
            .iter()
            .filter(|c| c.owner == username && c.side == side && c.role == role)
            .filter(|c| c.available && !flying.contains(&c.id))
            .map(|c| (c.id.to_string(), c.name.clone()))
            .collect()
    };
    let pilots = own(Role::Pilot);
    if pilots.is_empty() {
        return None;
    }
    // A fresh form offers the side's mission aircraft as assigned when its pilot is
    // his and not flying yet.
    let fresh = form.aircraft.is_empty() && form.pilot.is_empty() && form.observer.is_empty();
    let assigned = missions
        .iter()
        .find(|m| m.side == side)
        .filter(|_| fresh)
        .and_then(|m| Some((m.aircraft_id?, m.pilot_id?, m.observer_id)))
        .filter(|(_, pilot, _)| pilots.iter().any(|(id, _)| *id == pilot.to_string()));
    let (aircraft, pilot, observer) = match assigned {
        Some((aircraft, pilot, observer)) => (
            aircraft.to_string(),
            pilot.to_string(),
            observer.map_or_else(String::new, |o| o.to_string()),
        ),
        None => (
            form.aircraft.clone(),
            form.pilot.clone(),
            form.observer.clone(),
        ),
    };
    Some(DeclarePanel {
        assigned: assigned.is_some(),
        aircraft: Choice::list(
            roster.aircraft_options(side, AircraftRequirement::Either),
            [aircraft.as_str()],
        ),
        pilots: Choice::list(pilots, [pilot.as_str()]),
        observers: Choice::list(own(Role::Observer), [observer.as_str()]),
        errors: FieldErrors::default(),
    })
}

impl SheetsPage {
    pub(super) fn panel_mut(&mut self, sortie_id: i64) -> Option<&mut SheetPanel> {
        self.panels
            .iter_mut()
            .find(|p| p.card.sortie_id == sortie_id)
    }

    /// The names a refusal may give by id, for the page's words: crewmen and sorties.
    pub(super) fn names(&self) -> Vec<(String, String)> {
        let mut names = Vec::new();
        for panel in &self.panels {
            for c in &panel.card.crew {
                names.push((c.id.to_string(), c.name.clone()));
            }
            for t in &panel.targets {
                names.push((t.id.to_string(), t.title.clone()));
            }
            for v in &panel.victims {
                names.push((v.value.clone(), v.label.clone()));
            }
            names.push((panel.card.sortie_id.to_string(), panel.card.title.clone()));
        }
        names
    }
}
