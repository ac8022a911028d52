//! `/campaigns/{cid}/games/{gid}/sheets`: the aircraft data sheets at the table, on a
//! player's phone (R16–R21). A player sees the sheets of his own crewmen's sorties, a
//! referee every sheet of the game, one under the other; each with big buttons for
//! the marks a turn needs and the sheet's tables rolled by the server or with the
//! dice entered (R14), the roll just made shown large. Every form is plain HTML that
//! posts here and comes back (POST-redirect-GET); with JavaScript, `/static/live.js`
//! swaps in the sheets again when a `sheet` event of the game's sorties arrives.
//! A player without a sortie in the game declares one here.

mod card;
mod forms;
mod roll;

use std::collections::BTreeMap;

use actix_web::http::StatusCode;
use actix_web::{get, post, web, HttpResponse};
use askama::Template;
use campaign::crew::Role;
use campaign::missions::{AircraftRequirement, Assignment};
use campaign::sheet::aircraft::Section;
use eagles_office::access::CampaignScope;
use eagles_office::games::MissionView;
use eagles_office::prelude::*;
use eagles_office::rolls::RollFilter;
use eagles_office::sheets::{GameRef, IfMatch, SheetView, SortieRef, SortieView};
use eagles_office::window::Window;
use eagles_office::Locus;
use serde::Deserialize;

pub use card::{SheetCard, SortieLine};
use forms::{CombatForm, DeclareForm, MarkForm, TablesForm, COMBAT_FLAGS, TABLES};
use roll::RollShown;
pub use roll::{hits_words, shot_summary};

use super::form_page::{refusal, Refusal};
use super::game::roster::Roster;
use super::game::{Choice, DownInput, FactsInput, MissionAsks, Words};
use super::{render, see_other, Nav};
use crate::error::PageError;
use crate::form::FieldErrors;
use crate::session::Session;

/// The office's ports the sheets page reads, which its handlers take as one extractor:
/// games, rolls and sheets, in that order.
pub type Ports = (
    web::Data<dyn Games>,
    web::Data<dyn Rolls>,
    web::Data<dyn Sheets>,
);
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
    fn of(changed: String, form: &MarkForm) -> Stale {
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
    fn typed(&mut self, form: &MarkForm) {
        match form.kind.as_str() {
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
fn report_forms(
    sheet: &SheetView,
    lineup: &[SortieView],
    missions: &[MissionView],
) -> (Vec<Choice>, Vec<CrewSeat>, Option<MissionForm>, DownInput) {
    let victims = lineup
        .iter()
        .filter(|s| s.side != sheet.sortie.side)
        .map(|s| (s.id.to_string(), card::victim_title(s)));
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

/// The sheets page's address, `/campaigns/{cid}/games/{gid}/sheets`.
#[derive(Debug, Clone, Copy, Deserialize)]
pub struct GamePath {
    cid: i64,
    gid: i64,
}

/// A sheet's address, `/campaigns/{cid}/games/{gid}/sheets/{sid}/…`.
#[derive(Debug, Clone, Copy, Deserialize)]
pub struct SheetPath {
    cid: i64,
    gid: i64,
    sid: i64,
}

impl SheetPath {
    fn sortie(self) -> SortieRef {
        SortieRef {
            campaign_id: self.cid,
            game_id: self.gid,
            sortie_id: self.sid,
        }
    }
}

impl GamePath {
    fn game(self) -> GameRef {
        GameRef {
            campaign_id: self.cid,
            game_id: self.gid,
        }
    }
}

/// `?rolls=12,13`: the rolls just made, to show large.
#[derive(Debug, Default, Deserialize)]
pub struct SheetsQuery {
    #[serde(default)]
    pub rolls: String,
}

/// A form sent back to its sheet with the reasons it was refused.
enum Sent {
    Mark(MarkForm),
    Combat(CombatForm),
    Tables(TablesForm),
}

impl Sent {
    fn csrf(&self) -> &str {
        match self {
            Sent::Mark(f) => &f.csrf,
            Sent::Combat(f) => &f.csrf,
            Sent::Tables(f) => &f.csrf,
        }
    }
}

/// Whether `sortie` carries a crewman of `username` (R16: his sheet to mark).
fn flies_for(sortie: &SortieView, roster: &Roster, username: &str) -> bool {
    sortie.crew.iter().any(|seat| {
        roster
            .crew
            .iter()
            .any(|c| c.id == seat.crew_id && c.owner == username)
    })
}

fn declare_panel(
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
    /// The game with its crew and aircraft, its line-up, each sheet the caller may
    /// mark, the rolls just made, and the declare form as `declared` holds it.
    async fn load(
        ports: &Ports,
        session: &Session,
        (campaign_id, game_id): (i64, i64),
        query: &SheetsQuery,
        declared: &DeclareForm,
    ) -> Result<Self, PageError> {
        let (games, rolls, sheets) = ports;
        let user = session.require_user()?.clone();
        let read = games
            .game_page(
                Some(user.clone()).into(),
                GameRef {
                    campaign_id,
                    game_id,
                },
            )
            .await?;
        let (scope, game) = (read.scope, read.game);
        let campaign = scope.campaign();
        let roster = Roster {
            crew: read.crew,
            aircraft: read.aircraft,
            week_date: campaign.week_date(game.week),
        };
        let reader = || scope.reader();
        let at = GameRef {
            campaign_id,
            game_id,
        };
        let lineup = sheets.lineup(reader(), at).await?;
        let sheets = sheets.game_sheets(reader(), at).await?;
        let referee = scope.is_referee();
        let (mine, others): (Vec<&SortieView>, Vec<&SortieView>) = lineup
            .iter()
            .partition(|s| referee || flies_for(s, &roster, &user.username));
        let shown: Vec<i64> = query
            .rolls
            .split(',')
            .filter_map(|r| r.trim().parse().ok())
            .collect();
        let rolls = if shown.is_empty() {
            Vec::new()
        } else {
            rolls
                .rolls(
                    reader(),
                    campaign_id,
                    RollFilter {
                        week: Some(game.week),
                        window: Window::ALL,
                    },
                )
                .await?
                .into_iter()
                .filter(|r| shown.contains(&r.id))
                .collect()
        };
        let mut panels = Vec::with_capacity(mine.len());
        for sortie in &mine {
            let Some(sheet) = sheets.iter().find(|s| s.sortie.id == sortie.id) else {
                continue;
            };
            let card = SheetCard::new(sheet, &lineup);
            let (victims, seats, mission, down) = report_forms(sheet, &lineup, &game.missions);
            let targets = lineup
                .iter()
                .filter(|t| {
                    t.side != sortie.side && !(t.open.destroyed || t.open.down || t.open.escaped)
                })
                .map(SortieLine::from)
                .collect();
            let rolls = rolls
                .iter()
                .filter(|r| r.sortie_id == Some(sortie.id))
                .map(|r| RollShown::new(r, &lineup))
                .collect();
            panels.push(SheetPanel {
                card,
                targets,
                combat: CombatForm::start(),
                tables: TablesForm::default(),
                mark: MarkForm::default(),
                victims,
                seats,
                mission,
                down,
                errors: FieldErrors::default(),
                stale: None,
                rolls,
            });
        }
        let declare = if mine.is_empty() && !referee && game.state.open() && scope.running() {
            let seen = (lineup.as_slice(), game.missions.as_slice());
            declare_panel(&scope, &roster, seen, &user.username, declared)
        } else {
            None
        };
        Ok(Self {
            nav: session.nav(),
            id: campaign.id,
            name: campaign.name.clone(),
            game_id,
            revision: campaign.revision,
            referee,
            open: game.state.open() && scope.running(),
            watched: lineup
                .iter()
                .map(|s| s.id.to_string())
                .collect::<Vec<_>>()
                .join(" "),
            others: others.into_iter().map(SortieLine::from).collect(),
            panels,
            declare,
            message: None,
            sections: Section::ALL,
            flags: &COMBAT_FLAGS,
            tables: &TABLES,
        })
    }

    fn panel_mut(&mut self, sortie_id: i64) -> Option<&mut SheetPanel> {
        self.panels
            .iter_mut()
            .find(|p| p.card.sortie_id == sortie_id)
    }

    /// The names a refusal may give by id, for the page's words: crewmen and sorties.
    fn names(&self) -> Vec<(String, String)> {
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

/// The field names of the API's requests as the sheet's forms label them.
const LABELS: &[(&str, &str)] = &[
    ("target_sortie", "target"),
    ("victim_sortie", "victim"),
    ("crew_ids", "crewmen"),
    ("crew_id", "crewman"),
    ("aircraft_id", "aircraft"),
];

/// A refusal's text in the page's words: no code formatting, fields as labelled,
/// crewmen and sorties by name rather than by id.
fn in_words(error: &Error, names: &[(String, String)]) -> String {
    if let Some(Locus::SortiePart { .. }) = error.locus() {
        // A `down` the forced-landing tables cannot play out is refused as the debrief
        // refuses it: said with the came-down form's labels, the debrief form's.
        let crew = names
            .iter()
            .filter_map(|(id, name)| Some((id.parse().ok()?, name.clone())))
            .collect();
        let words = Words {
            crew,
            ..Words::default()
        };
        return words.say(&error.to_string());
    }
    let mut text = super::words::plain(error);
    for (field, label) in LABELS {
        for (id, name) in names {
            text = text.replace(&format!("{field} {id}"), name);
        }
        text = text.replace(field, label);
    }
    for (id, name) in names {
        for what in ["crewman", "sortie", "shooters", "shooter"] {
            text = text.replace(&format!("{what} {id} "), &format!("{name} "));
        }
    }
    text
}

/// Every problem of a refusal beside the field its locus names (`field_of`), in the
/// page's words; a 409 goes above the page, anything else is the error page.
fn place(
    page: &mut SheetsPage,
    error: Error,
    sortie_id: Option<i64>,
    field_of: impl Fn(Option<&Locus>) -> &'static str,
) -> Result<StatusCode, PageError> {
    match refusal(error)? {
        Refusal::Conflict(detail) => {
            page.message = Some(detail);
            Ok(StatusCode::CONFLICT)
        }
        Refusal::Fields(e) => {
            let names = page.names();
            let mut placed: BTreeMap<&'static str, Vec<String>> = BTreeMap::new();
            for problem in e.problems() {
                placed
                    .entry(field_of(problem.locus()))
                    .or_default()
                    .push(in_words(problem, &names));
            }
            let errors = match sortie_id.and_then(|s| page.panel_mut(s)) {
                Some(panel) => &mut panel.errors,
                None => match page.declare.as_mut() {
                    Some(declare) => &mut declare.errors,
                    None => return Err(e.into()),
                },
            };
            for (field, reasons) in placed {
                errors.add(field, reasons.join("; "));
            }
            Ok(StatusCode::UNPROCESSABLE_ENTITY)
        }
    }
}

fn sheets_url(campaign_id: i64, game_id: i64) -> String {
    format!("/campaigns/{campaign_id}/games/{game_id}/sheets")
}

/// The page with the rolls `rolls` just made on the sheet `sortie_id` shown large.
fn rolls_shown(campaign_id: i64, game_id: i64, sortie_id: i64, rolls: &[i64]) -> String {
    let rolls: Vec<String> = rolls.iter().map(i64::to_string).collect();
    format!(
        "{}?rolls={}#roll-{sortie_id}",
        sheets_url(campaign_id, game_id),
        rolls.join(",")
    )
}

#[get("/campaigns/{cid}/games/{gid}/sheets")]
pub async fn show(
    ports: Ports,
    session: Session,
    path: web::Path<GamePath>,
    query: web::Query<SheetsQuery>,
) -> Result<HttpResponse, PageError> {
    let GamePath { cid, gid } = path.into_inner();
    let page = SheetsPage::load(
        &ports,
        &session,
        (cid, gid),
        &query,
        &DeclareForm::default(),
    )
    .await?;
    Ok(render(&page, StatusCode::OK))
}

/// The page again, the form `sent` back on its sheet with `errors` and the office's
/// refusal placed beside its fields.
async fn refused(
    ports: &Ports,
    session: &Session,
    ids: (i64, i64),
    sortie_id: i64,
    sent: Sent,
    mut errors: FieldErrors,
    error: Option<Error>,
) -> Result<HttpResponse, PageError> {
    let query = SheetsQuery::default();
    let mut page = SheetsPage::load(ports, session, ids, &query, &DeclareForm::default()).await?;
    let Some(panel) = page.panel_mut(sortie_id) else {
        return Err(PageError::new(
            StatusCode::NOT_FOUND,
            "no sheet of yours in this game has that number",
        ));
    };
    let field_of: fn(&Sent, Option<&Locus>) -> &'static str = |sent, locus| {
        let field = match locus {
            Some(Locus::Field(f)) => *f,
            _ => "",
        };
        match (sent, field) {
            (Sent::Mark(m), _) => match (m.kind.as_str(), field) {
                ("damage", "section") => "damage_section",
                ("damage", "marker") => "damage_marker",
                ("damage", _) => "damage_boxes",
                ("wound", _) => "wound_crewman",
                ("effect", _) => "effect",
                ("turn", _) => "turn",
                ("claim", "shooters") => "claim_shooters",
                ("claim", _) => "claim_victim",
                ("mission", _) => "mission",
                ("down", _) => "down",
                ("escaped", _) => "escaped",
                _ => "undo",
            },
            (Sent::Combat(_), "shooter") => "shooter",
            (Sent::Combat(_), "target_sortie") => "target",
            (Sent::Combat(_), "range") => "range",
            (Sent::Combat(_), "burst") => "burst",
            (Sent::Combat(_), "dice") => "combat_dice",
            (Sent::Combat(_), _) => "combat",
            (Sent::Tables(_), "dice") => "tables_dice",
            (Sent::Tables(_), "crew_ids") => "tables_crewman",
            (Sent::Tables(_), "position") => "tables_position",
            (Sent::Tables(_), "section") => "tables_section",
            (Sent::Tables(_), _) => "tables",
        }
    };
    std::mem::swap(&mut panel.errors, &mut errors);
    let status = match (error, &sent) {
        (Some(Error::PreconditionFailed(changed)), Sent::Mark(form)) => {
            panel.stale = Some(Stale::of(changed, form));
            StatusCode::PRECONDITION_FAILED
        }
        (error, _) => match error {
            Some(error) => place(&mut page, error, Some(sortie_id), |l| field_of(&sent, l))?,
            None => StatusCode::UNPROCESSABLE_ENTITY,
        },
    };
    let panel = page.panel_mut(sortie_id).expect("found above");
    match sent {
        Sent::Mark(m) => {
            panel.typed(&m);
            panel.mark = m;
        }
        Sent::Combat(c) => panel.combat = c,
        Sent::Tables(t) => panel.tables = t,
    }
    Ok(render(&page, status))
}

#[post("/campaigns/{cid}/games/{gid}/sheets/{sid}/marks")]
pub async fn mark_sheet(
    ports: Ports,
    session: Session,
    path: web::Path<SheetPath>,
    form: web::Form<MarkForm>,
) -> Result<HttpResponse, PageError> {
    let user = session.sender(&form.csrf)?;
    let path = path.into_inner();
    let SheetPath {
        cid: campaign_id,
        gid: game_id,
        sid: sortie_id,
    } = path;
    let form = form.into_inner();
    let (_, _, sheets) = &ports;
    let mut errors = FieldErrors::default();
    let error = match form.request(&mut errors) {
        Some(request) => match sheets.mark(user, path.sortie(), request, seen(&form)).await {
            Ok(answer) => {
                // A forced landing rolled as it was marked shows its rolls large.
                let next = match answer.rolls.as_slice() {
                    [] => format!("{}#sheet-{sortie_id}", sheets_url(campaign_id, game_id)),
                    rolls => rolls_shown(campaign_id, game_id, sortie_id, rolls),
                };
                return Ok(see_other(&next));
            }
            Err(e) => Some(e),
        },
        None => None,
    };
    let ids = (campaign_id, game_id);
    refused(
        &ports,
        &session,
        ids,
        sortie_id,
        Sent::Mark(form),
        errors,
        error,
    )
    .await
}

/// The sheet's version the mark form was shown with, if it sent one: the mark is
/// made on that version only (API v1.3); "send it anyway" sends none.
fn seen(form: &MarkForm) -> Option<IfMatch> {
    form.typed("version")
        .trim()
        .parse()
        .ok()
        .map(|v| IfMatch(vec![v]))
}

/// Rolls a sheet's table; the rolls made are shown large on the page it leads to.
async fn roll_on_sheet(
    ports: &Ports,
    session: &Session,
    path: SheetPath,
    sent: Sent,
) -> Result<HttpResponse, PageError> {
    let user = session.sender(sent.csrf())?;
    let SheetPath {
        cid: campaign_id,
        gid: game_id,
        sid: sortie_id,
    } = path;
    let (_, _, sheets) = ports;
    let mut errors = FieldErrors::default();
    let request = match &sent {
        Sent::Combat(form) => form.request(&mut errors),
        Sent::Tables(form) => form.request(&mut errors),
        Sent::Mark(_) => None,
    };
    let error = match request {
        Some(request) => match sheets
            .roll_on_sheet(user, path.sortie(), request, None)
            .await
        {
            Ok(answer) => {
                let rolls: Vec<i64> = answer.rolls.iter().map(|r| r.id).collect();
                return Ok(see_other(&rolls_shown(
                    campaign_id,
                    game_id,
                    sortie_id,
                    &rolls,
                )));
            }
            Err(e) => Some(e),
        },
        None => None,
    };
    refused(
        ports,
        session,
        (campaign_id, game_id),
        sortie_id,
        sent,
        errors,
        error,
    )
    .await
}

#[post("/campaigns/{cid}/games/{gid}/sheets/{sid}/combat")]
pub async fn fire(
    ports: Ports,
    session: Session,
    path: web::Path<SheetPath>,
    form: web::Form<CombatForm>,
) -> Result<HttpResponse, PageError> {
    let sent = Sent::Combat(form.into_inner());
    roll_on_sheet(&ports, &session, path.into_inner(), sent).await
}

/// The other tables' buttons: the one pressed names its table.
#[post("/campaigns/{cid}/games/{gid}/sheets/{sid}/rolls")]
pub async fn roll_table(
    ports: Ports,
    session: Session,
    path: web::Path<SheetPath>,
    form: web::Form<TablesForm>,
) -> Result<HttpResponse, PageError> {
    let sent = Sent::Tables(form.into_inner());
    roll_on_sheet(&ports, &session, path.into_inner(), sent).await
}

#[post("/campaigns/{cid}/games/{gid}/sheets")]
pub async fn declare_sortie(
    ports: Ports,
    session: Session,
    path: web::Path<GamePath>,
    form: web::Form<DeclareForm>,
) -> Result<HttpResponse, PageError> {
    let user = session.sender(&form.csrf)?;
    let path = path.into_inner();
    let GamePath {
        cid: campaign_id,
        gid: game_id,
    } = path;
    let form = form.into_inner();
    let (_, _, sheets) = &ports;
    let mut errors = FieldErrors::default();
    let error = match form.request(&mut errors) {
        Some(request) => match sheets.declare_sortie(user, path.game(), request).await {
            Ok(sortie) => {
                return Ok(see_other(&format!(
                    "{}#sheet-{}",
                    sheets_url(campaign_id, game_id),
                    sortie.id
                )))
            }
            Err(e) => Some(e),
        },
        None => None,
    };
    let ids = (campaign_id, game_id);
    let mut page = SheetsPage::load(&ports, &session, ids, &SheetsQuery::default(), &form).await?;
    let Some(panel) = page.declare.as_mut() else {
        // The page offers the form no more (a sortie was declared meanwhile).
        return match error {
            Some(e) => Err(e.into()),
            None => Ok(see_other(&sheets_url(campaign_id, game_id))),
        };
    };
    std::mem::swap(&mut panel.errors, &mut errors);
    let status = match error {
        Some(error) => place(&mut page, error, None, |locus| match locus {
            Some(Locus::Field("crew")) => "pilot",
            Some(Locus::Field("observer")) => "observer",
            _ => "aircraft",
        })?,
        None => StatusCode::UNPROCESSABLE_ENTITY,
    };
    Ok(render(&page, status))
}

#[cfg(test)]
mod tests {
    use super::*;

    // API v1.2: the page refuses in its own words. A `down` the forced-landing tables
    // cannot play out (§11.01: a landing reads the hex's terrain) comes back from the
    // service with the debrief's field paths; the phone says it with its labels.
    #[test]
    fn a_refused_landing_is_said_with_the_forms_labels() {
        let error = Error::Unprocessable {
            detail: "sortie \"c1\" (landed): §11.01: a landing is rolled against the hex's terrain; give down.terrain (airfield, clear, river, railway, marsh, woods, trench_line, shell_holes or village)".to_owned(),
            rule: Some("§11.01"),
            at: Some(Locus::SortiePart {
                key: "c1".to_owned(),
                crew_id: None,
                field: Some("down.terrain"),
            }),
        };
        let said = in_words(&error, &[("7".to_owned(), "Max Weiss".to_owned())]);
        assert_eq!(
            said,
            "aircraft c1 (landed): §11.01: a landing is rolled against the hex's terrain; give the terrain of the hex (airfield, clear, river, railway, marsh, woods, trench line, shell holes or village)"
        );
    }
}
