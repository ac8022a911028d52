//! `/campaigns/{cid}/games/{gid}`: one game of club night, from its ground offensive
//! to its awards. Each side rolls its mission (server or entered dice), the mission
//! aircraft and crew are assigned from what R9 allows, the referee enters the
//! debrief once, and the page then shows the awards; the referee may void it. Every
//! write goes through the API's own operation, so the refusals are the API's.

mod choice;
mod combat_log;
mod debrief_form;
mod down_fields;
mod drafted;
mod lineup;
mod mission_fields;
pub mod results;
pub(super) mod roster;
mod words;

use actix_web::http::StatusCode;
use actix_web::{get, post, web, HttpResponse};
use askama::Template;
use campaign::crew::Role;
use campaign::missions::AircraftRequirement;
use campaign::sides::Side;
use eagles_office::access::CampaignScope;
use eagles_office::debrief::DebriefRequest;
use eagles_office::games::{AssignmentRequest, MissionRequest, MissionView};
use eagles_office::prelude::*;
use eagles_office::rolls::{RollFilter, RollView};
use eagles_office::secrecy::GameSecrecy;
use eagles_office::window::Window;
use serde::Deserialize;

pub use choice::{parse_dice, Choice};
use debrief_form::{DebriefForm, Declared, RawForm};
pub use down_fields::{how_label, seat_dice, DownInput};
pub use mission_fields::{FactsInput, MissionAsks};
use results::{GameResults, KIND_LABELS};
use roster::Roster;
pub use words::Words;

use super::{render, see_other, Nav};
use crate::error::PageError;
use crate::form::ticked;
use crate::session::Session;

/// The office's ports the game page reads, which its handlers take as one extractor:
/// debriefs, games, rolls and sheets, in that order.
pub type Ports = (
    web::Data<dyn Debriefs>,
    web::Data<dyn Games>,
    web::Data<dyn Rolls>,
    web::Data<dyn Sheets>,
);
/// A side's part of the page: its mission, the roll form, the assignment form.
pub struct SidePanel {
    pub side: Side,
    /// The referee or a player of this side, while the campaign runs and the game is
    /// not debriefed: may roll and assign (as the API decides).
    pub can_act: bool,
    pub mission: Option<MissionPanel>,
    /// The roll form's dice, as typed.
    pub dice: String,
    pub error: Option<String>,
}

/// A rolled mission and its assignment form.
pub struct MissionPanel {
    pub id: i64,
    pub name: &'static str,
    pub roll: String,
    pub trips_needed: Option<i32>,
    pub needs: &'static str,
    /// "RAF RE8: Albert Ball, Tom Mottershead" once assigned.
    pub assigned: Option<String>,
    /// The assignment is kept from this reader until the debrief (§13.20).
    pub hidden: bool,
    pub success: Option<bool>,
    pub aircraft: Vec<Choice>,
    pub pilots: Vec<Choice>,
    pub observers: Vec<Choice>,
    pub single_seater: bool,
    pub error: Option<String>,
}

/// The game page.
#[derive(Template)]
#[template(path = "game/page.html")]
pub struct GamePage {
    pub nav: Nav,
    pub id: i64,
    pub name: String,
    pub game_id: i64,
    pub week: i32,
    pub week_date: String,
    pub offensive: String,
    pub offensive_dice: String,
    pub debriefed: bool,
    /// Its week closed without its debrief (API v1.2).
    pub abandoned: bool,
    pub voided_week: Option<i32>,
    pub turns_played: Option<i32>,
    /// The caller referees a running campaign: the debrief and void forms are his.
    pub may_referee: bool,
    /// The game is of the current week, so it may still be debriefed.
    pub current: bool,
    pub sides: Vec<SidePanel>,
    pub debrief: DebriefForm,
    pub results: GameResults,
    /// The game's combat rolls in words, once debriefed (API v1.2).
    pub combat: Vec<String>,
    /// The line-up and its sheets (R16–R20).
    pub lineup: lineup::Lineup,
    pub kinds: [&'static str; 6],
    /// A refusal of the whole page's state (409), shown at the top.
    pub message: Option<String>,
    pub void_reason: String,
    pub void_error: Option<String>,
    /// The base template offers a reload once the campaign moves past it.
    pub revision: i64,
}

fn names(text: impl IntoIterator<Item = String>) -> String {
    text.into_iter().collect::<Vec<_>>().join(", ")
}

fn plays_side(scope: &CampaignScope, side: Side) -> bool {
    scope.is_referee() || scope.member().is_some_and(|m| m.side == Some(side))
}

fn mission_panel(m: &MissionView, roster: &Roster) -> MissionPanel {
    let needs = m.mission_type.requirement();
    let id = |v: Option<i64>| v.map(|v| v.to_string()).unwrap_or_default();
    let assigned = m.aircraft_id.map(|a| {
        let crew = [m.pilot_id, m.observer_id]
            .into_iter()
            .flatten()
            .map(|c| roster.crew_name(c));
        format!("{}: {}", roster.aircraft_name(a), names(crew))
    });
    MissionPanel {
        id: m.id,
        name: m.mission_type.label(),
        roll: names(m.dice.iter().map(i32::to_string)),
        trips_needed: m.trips_needed,
        needs: needs.label(),
        assigned,
        hidden: m.assignment_hidden,
        success: m.success,
        aircraft: Choice::list(
            roster.aircraft_options(m.side, needs),
            [id(m.aircraft_id).as_str()],
        ),
        pilots: Choice::list(
            roster.crew_options(m.side, Role::Pilot),
            [id(m.pilot_id).as_str()],
        ),
        observers: Choice::list(
            roster.crew_options(m.side, Role::Observer),
            [id(m.observer_id).as_str()],
        ),
        single_seater: needs == AircraftRequirement::SingleSeater,
        error: None,
    }
}

impl GamePage {
    /// The campaign and membership, the game and its missions, the crew and the
    /// aircraft types, and once debriefed its turns, awards and casualties: at most
    /// nine queries, whatever the number of rows. A game with a line-up adds it and
    /// its sheets, and either the draft of its debrief (for the referee's form) or,
    /// once debriefed, its week's roll log (for the combat in words).
    async fn load(
        ports: &Ports,
        session: &Session,
        (campaign_id, game_id): (i64, i64),
        raw: &RawForm,
    ) -> Result<Self, PageError> {
        let (debriefs, games, rolls, sheets) = ports;
        let read = games
            .game_page(
                session.reader(),
                GameRef {
                    campaign_id,
                    game_id,
                },
            )
            .await?;
        let (scope, game) = (read.scope, read.game);
        let campaign = scope.campaign();
        let week_date = campaign.week_date(game.week);
        let roster = Roster {
            crew: read.crew,
            aircraft: read.aircraft,
            week_date,
        };
        let results = if game.debriefed {
            let names = roster.crew.iter().map(|c| (c.id, c.name.clone())).collect();
            let mut by_game = results::of(&read.records, &names);
            let mut results = by_game.remove(&game_id).unwrap_or_default();
            results.crew = results::crew_rolls(&read.crew_rolls, &names);
            results
        } else {
            GameResults::default()
        };
        let sides = Side::ALL
            .iter()
            .map(|&side| SidePanel {
                side,
                can_act: plays_side(&scope, side) && game.state.open() && scope.running(),
                mission: game
                    .missions
                    .iter()
                    .find(|m| m.side == side)
                    .map(|m| mission_panel(m, &roster)),
                dice: String::new(),
                error: None,
            })
            .collect();
        let secrecy = GameSecrecy::of(&scope, game.debriefed, game.voided, game.abandoned);
        let lineup =
            lineup::Lineup::load(sheets.get_ref(), &scope, game_id, secrecy.over()).await?;
        let declared: Vec<Declared> = lineup.declared.iter().map(|(_, d)| d.clone()).collect();
        // A referee's fresh form for a game with a line-up starts from the sheets (R22).
        let may_referee = scope.is_referee() && scope.running();
        let shows_form = may_referee && !game.debriefed && game.week == campaign.current_week;
        let draft = if raw.0.is_empty() && shows_form && !declared.is_empty() {
            let reader = scope.reader();
            Some(
                debriefs
                    .debrief_draft(
                        reader,
                        GameRef {
                            campaign_id,
                            game_id,
                        },
                    )
                    .await?,
            )
        } else {
            None
        };
        let drafted_fields = draft.as_ref().map(|d| drafted::fields(&d.request));
        let mut form = DebriefForm::read(
            drafted_fields.as_ref().unwrap_or(raw),
            &game.missions,
            &roster,
            &declared,
        );
        let combat = if game.debriefed && !declared.is_empty() {
            let filter = RollFilter {
                week: Some(game.week),
                window: Window::ALL,
            };
            let rolls = rolls.rolls(scope.reader(), campaign_id, filter).await?;
            let of_game: Vec<RollView> = rolls
                .into_iter()
                .filter(|r| r.game_id == Some(game_id))
                .collect();
            combat_log::lines(&of_game, &declared, |id| roster.crew_name(id))
        } else {
            Vec::new()
        };
        if let Some(draft) = &draft {
            let keys: Vec<(i64, String)> = lineup
                .declared
                .iter()
                .map(|(id, d)| (*id, d.key.clone()))
                .collect();
            form.take_draft(&draft.conflicts, &keys);
        }
        let offensive = &game.ground_offensive;
        Ok(Self {
            lineup,
            revision: campaign.revision,
            nav: session.nav(),
            id: campaign.id,
            name: campaign.name.clone(),
            game_id,
            week: game.week,
            week_date: week_date.format("%-d %B %Y").to_string(),
            offensive: offensive.result.label().to_owned(),
            offensive_dice: format!(
                "{} = {}",
                names(offensive.dice.iter().map(i32::to_string)).replace(", ", " + "),
                offensive.roll
            ),
            debriefed: game.debriefed,
            abandoned: game.abandoned,
            voided_week: read.voided_week,
            turns_played: read.turns_played,
            may_referee,
            current: game.week == campaign.current_week,
            sides,
            debrief: form,
            results,
            combat,
            kinds: KIND_LABELS,
            message: None,
            void_reason: String::new(),
            void_error: None,
        })
    }

    fn side_mut(&mut self, side: Side) -> &mut SidePanel {
        self.sides
            .iter_mut()
            .find(|s| s.side == side)
            .expect("a panel per side")
    }

    fn mission_mut(&mut self, mission_id: i64) -> Option<&mut MissionPanel> {
        self.sides
            .iter_mut()
            .filter_map(|s| s.mission.as_mut())
            .find(|m| m.id == mission_id)
    }
}

fn game_url(campaign_id: i64, game_id: i64) -> String {
    format!("/campaigns/{campaign_id}/games/{game_id}")
}

/// Shows a refusal: a 409 or 422 goes on the page where `place` puts it, anything
/// else (403, 404, …) is the error page.
fn placed(
    error: Error,
    page: &mut GamePage,
    place: impl FnOnce(&mut GamePage, String),
) -> Result<StatusCode, PageError> {
    match error {
        Error::Conflict(detail) => {
            page.message = Some(detail);
            Ok(StatusCode::CONFLICT)
        }
        e @ (Error::Unprocessable { .. } | Error::Problems(_)) => {
            place(page, super::words::plain(&e));
            Ok(StatusCode::UNPROCESSABLE_ENTITY)
        }
        other => Err(other.into()),
    }
}

/// Answers a write to the game: back to the game once it is made; when it is refused,
/// the page again, on which `refused` puts back what was sent and the refusal.
async fn answer(
    ports: &Ports,
    session: &Session,
    (campaign_id, game_id): (i64, i64),
    outcome: Result<(), Error>,
    refused: impl FnOnce(&mut GamePage, Error) -> Result<StatusCode, PageError>,
) -> Result<HttpResponse, PageError> {
    let error = match outcome {
        Ok(()) => return Ok(see_other(&game_url(campaign_id, game_id))),
        Err(e) => e,
    };
    let mut page =
        GamePage::load(ports, session, (campaign_id, game_id), &RawForm::default()).await?;
    let status = refused(&mut page, error)?;
    Ok(render(&page, status))
}

#[get("/campaigns/{cid}/games/{gid}")]
pub async fn show(
    ports: Ports,
    session: Session,
    path: web::Path<(i64, i64)>,
) -> Result<HttpResponse, PageError> {
    let page = GamePage::load(&ports, &session, path.into_inner(), &RawForm::default()).await?;
    Ok(render(&page, StatusCode::OK))
}

/// What the roll-mission form holds.
#[derive(Debug, Default, Deserialize)]
pub struct MissionRollForm {
    #[serde(default)]
    pub csrf: String,
    #[serde(default)]
    pub side: String,
    #[serde(default)]
    pub dice: String,
}

#[post("/campaigns/{cid}/games/{gid}/missions")]
pub async fn roll(
    ports: Ports,
    session: Session,
    path: web::Path<(i64, i64)>,
    form: web::Form<MissionRollForm>,
) -> Result<HttpResponse, PageError> {
    let user = session.sender(&form.csrf)?;
    let (campaign_id, game_id) = path.into_inner();
    let (_, games, _, _) = &ports;
    let side: Side = form
        .side
        .parse()
        .map_err(|_| PageError::new(StatusCode::BAD_REQUEST, "the side is allied or central"))?;
    let outcome = match parse_dice(&form.dice) {
        Ok(dice) => games
            .roll_mission(
                user,
                GameRef {
                    campaign_id,
                    game_id,
                },
                MissionRequest { side, dice },
            )
            .await
            .map(drop),
        Err(reason) => Err(Error::invalid(reason)),
    };
    answer(
        &ports,
        &session,
        (campaign_id, game_id),
        outcome,
        |page, error| {
            page.side_mut(side).dice = form.dice.clone();
            placed(error, page, |page, reason| {
                page.side_mut(side).error = Some(reason);
            })
        },
    )
    .await
}

/// What the assignment form holds.
#[derive(Debug, Default, Deserialize)]
pub struct AssignForm {
    #[serde(default)]
    pub csrf: String,
    #[serde(default)]
    pub aircraft: String,
    #[serde(default)]
    pub pilot: String,
    #[serde(default)]
    pub observer: String,
}

fn id_of(text: &str, what: &str) -> Result<i64, Error> {
    text.parse()
        .map_err(|_| Error::invalid(format!("choose the {what}")))
}

#[post("/campaigns/{cid}/games/{gid}/missions/{mid}/assignment")]
pub async fn assign(
    ports: Ports,
    session: Session,
    path: web::Path<(i64, i64, i64)>,
    form: web::Form<AssignForm>,
) -> Result<HttpResponse, PageError> {
    let user = session.sender(&form.csrf)?;
    let (campaign_id, game_id, mission_id) = path.into_inner();
    let (_, games, _, _) = &ports;
    let request = (|| {
        Ok::<_, Error>(AssignmentRequest {
            aircraft_id: id_of(&form.aircraft, "aircraft")?,
            pilot_id: id_of(&form.pilot, "pilot")?,
            observer_id: match form.observer.as_str() {
                "" => None,
                o => Some(id_of(o, "observer")?),
            },
        })
    })();
    let outcome = match request {
        Ok(request) => games
            .assign_mission(
                user,
                MissionRef {
                    campaign_id,
                    game_id,
                    mission_id,
                },
                request,
            )
            .await
            .map(drop),
        Err(e) => Err(e),
    };
    answer(
        &ports,
        &session,
        (campaign_id, game_id),
        outcome,
        |page, error| {
            let Some(panel) = page.mission_mut(mission_id) else {
                return Err(error.into());
            };
            // The choices come back as they were sent.
            for (choices, value) in [
                (&mut panel.aircraft, &form.aircraft),
                (&mut panel.pilots, &form.pilot),
                (&mut panel.observers, &form.observer),
            ] {
                for c in choices.iter_mut() {
                    c.selected = &c.value == value;
                }
            }
            placed(error, page, |page, reason| {
                if let Some(panel) = page.mission_mut(mission_id) {
                    panel.error = Some(reason);
                }
            })
        },
    )
    .await
}

#[post("/campaigns/{cid}/games/{gid}/debrief")]
pub async fn debrief(
    ports: Ports,
    session: Session,
    path: web::Path<(i64, i64)>,
    form: web::Form<RawForm>,
) -> Result<HttpResponse, PageError> {
    let user = session.sender(form.value("csrf"))?;
    let (campaign_id, game_id) = path.into_inner();
    let (debriefs, ..) = &ports;
    let (mut page, request) =
        match debrief_form(&ports, &session, (campaign_id, game_id), &form).await? {
            Ok(read) => read,
            Err(unreadable) => return Ok(unreadable),
        };
    match debriefs
        .debrief(
            user,
            GameRef {
                campaign_id,
                game_id,
            },
            request,
        )
        .await
    {
        Ok(_) => Ok(see_other(&game_url(campaign_id, game_id))),
        Err(error) => debrief_refused(&mut page, error),
    }
}

/// The debrief form's other buttons, which write nothing. "Add an Allied (Central)
/// aircraft" and "Add a kill" give the form again with one more row, everything typed
/// kept. "Preview the rolls" checks the form as a debrief would be checked and shows
/// the tables each crewman's fate goes through with their modifiers, and what the
/// dice entered give — no die is rolled for it (R14: the submit rolls what was not
/// entered, once) — or every refusal placed as a debrief's would be.
#[post("/campaigns/{cid}/games/{gid}/debrief/preview")]
pub async fn preview_debrief(
    ports: Ports,
    session: Session,
    path: web::Path<(i64, i64)>,
    form: web::Form<RawForm>,
) -> Result<HttpResponse, PageError> {
    let user = session.sender(form.value("csrf"))?;
    let (campaign_id, game_id) = path.into_inner();
    let (debriefs, ..) = &ports;
    if !form.adding().is_empty() {
        let page = GamePage::load(&ports, &session, (campaign_id, game_id), &form).await?;
        return Ok(render(&page, StatusCode::OK));
    }
    let (mut page, request) =
        match debrief_form(&ports, &session, (campaign_id, game_id), &form).await? {
            Ok(read) => read,
            Err(unreadable) => return Ok(unreadable),
        };
    match debriefs
        .preview_debrief(
            user,
            GameRef {
                campaign_id,
                game_id,
            },
            request,
        )
        .await
    {
        Ok(crew) => {
            page.debrief.show_preview(&crew);
            Ok(render(&page, StatusCode::OK))
        }
        Err(error) => debrief_refused(&mut page, error),
    }
}

/// The game page with the debrief form as sent, and the request the form reads as;
/// `Err` with the page answered 422 when the form does not read as one.
async fn debrief_form(
    ports: &Ports,
    session: &Session,
    ids: (i64, i64),
    form: &RawForm,
) -> Result<Result<(GamePage, DebriefRequest), HttpResponse>, PageError> {
    let mut page = GamePage::load(ports, session, ids, form).await?;
    Ok(match page.debrief.request() {
        Some(request) => Ok((page, request)),
        None => Err(render(&page, StatusCode::UNPROCESSABLE_ENTITY)),
    })
}

/// The debrief page again with every problem of the refusal placed by its locus (the
/// row, the crewman, the field) and said in the page's words, a debrief's or a
/// preview's alike; a 409 goes above the page.
fn debrief_refused(page: &mut GamePage, error: Error) -> Result<HttpResponse, PageError> {
    let status = match error {
        Error::Conflict(detail) => {
            page.message = Some(detail);
            StatusCode::CONFLICT
        }
        e @ (Error::Unprocessable { .. } | Error::Problems(_)) => {
            page.debrief.place(&e);
            StatusCode::UNPROCESSABLE_ENTITY
        }
        other => return Err(other.into()),
    };
    Ok(render(page, status))
}

/// What the void form holds.
#[derive(Debug, Default, Deserialize)]
pub struct VoidForm {
    #[serde(default)]
    pub csrf: String,
    #[serde(default)]
    pub reason: String,
    pub confirm: Option<String>,
}

#[post("/campaigns/{cid}/games/{gid}/debrief/void")]
pub async fn void(
    ports: Ports,
    session: Session,
    path: web::Path<(i64, i64)>,
    form: web::Form<VoidForm>,
) -> Result<HttpResponse, PageError> {
    let user = session.sender(&form.csrf)?;
    let (campaign_id, game_id) = path.into_inner();
    let (debriefs, ..) = &ports;
    let outcome = if ticked(&form.confirm) {
        debriefs
            .void_debrief(
                user,
                GameRef {
                    campaign_id,
                    game_id,
                },
                form.reason.clone(),
            )
            .await
            .map(drop)
    } else {
        Err(Error::invalid(
            "tick the box to confirm: voiding reverses every award of this debrief",
        ))
    };
    answer(
        &ports,
        &session,
        (campaign_id, game_id),
        outcome,
        |page, error| {
            page.void_reason = form.reason.clone();
            placed(error, page, |page, reason| page.void_error = Some(reason))
        },
    )
    .await
}
