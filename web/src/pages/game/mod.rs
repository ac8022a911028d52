//! `/campaigns/{cid}/games/{gid}`: one game of club night, from its ground offensive
//! to its awards. Each side rolls its mission (server or entered dice), the mission
//! aircraft and crew are assigned from what R9 allows, the referee enters the
//! debrief once, and the page then shows the awards; the referee may void it. Every
//! write goes through the API's own operation, so the refusals are the API's.

mod choice;
mod combat_log;
mod debrief_form;
mod debrief_posts;
mod debrief_rows;
mod down_fields;
mod drafted;
mod lineup;
mod mission_fields;
pub mod results;
pub(super) mod roster;
mod view;
mod words;

use actix_web::http::StatusCode;
use actix_web::{get, post, web, HttpResponse};
use campaign::sides::Side;
use eagles_office::games::{AssignmentRequest, MissionRequest};
use eagles_office::prelude::*;
use eagles_office::rolls::{RollFilter, RollView};
use eagles_office::secrecy::GameSecrecy;
use eagles_office::window::Window;
use serde::Deserialize;

pub use choice::{parse_dice, Choice};
use debrief_form::{DebriefForm, Declared, RawForm};
pub use debrief_posts::{debrief, preview_debrief};
pub use down_fields::{how_label, seat_dice, DownInput};
pub use mission_fields::{FactsInput, MissionAsks};
use results::{GameResults, KIND_LABELS};
use roster::Roster;
use view::{mission_panel, names, plays_side};
pub use view::{GamePage, SidePanel};
pub use words::Words;

use super::dice_check::{sent_nonce, ReceiptLine};
use super::{render, see_other};
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

impl GamePage {
    /// The campaign and membership, the game and its missions, the crew and the
    /// aircraft types, and once debriefed its turns, awards and casualties: at most
    /// nine queries, whatever the number of rows. A game with a line-up adds it and
    /// its sheets, and either the draft of its debrief (for the referee's form) or,
    /// once debriefed, its week's roll log (for the combat in words).
    pub(super) async fn load(
        ports: &Ports,
        session: &Session,
        game_ref: GameRef,
        raw: &RawForm,
    ) -> Result<Self, PageError> {
        let (debriefs, games, rolls, sheets) = ports;
        let GameRef {
            campaign_id,
            game_id,
        } = game_ref;
        let read = games.game_page(session.reader(), game_ref).await?;
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
                    .map(|m| mission_panel(m, &roster, game.week)),
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
            Some(debriefs.debrief_draft(reader, game_ref).await?)
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
            week_date: crate::words::date(week_date),
            offensive: crate::words::rolls::offensive(offensive.result).to_owned(),
            offensive_dice: format!(
                "{} = {}",
                names(offensive.dice.iter().map(i32::to_string)).replace(", ", " + "),
                offensive.roll
            ),
            offensive_receipt: ReceiptLine::of(&offensive.receipt, game.week),
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
}

/// The game the page's address names.
fn game_of(path: web::Path<(i64, i64)>) -> GameRef {
    let (campaign_id, game_id) = path.into_inner();
    GameRef {
        campaign_id,
        game_id,
    }
}

fn game_url(game: GameRef) -> String {
    format!("/campaigns/{}/games/{}", game.campaign_id, game.game_id)
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
    game: GameRef,
    outcome: Result<(), Error>,
    refused: impl FnOnce(&mut GamePage, Error) -> Result<StatusCode, PageError>,
) -> Result<HttpResponse, PageError> {
    let error = match outcome {
        Ok(()) => return Ok(see_other(&game_url(game))),
        Err(e) => e,
    };
    let mut page = GamePage::load(ports, session, game, &RawForm::default()).await?;
    let status = refused(&mut page, error)?;
    Ok(render(&page, status))
}

#[get("/campaigns/{cid}/games/{gid}")]
pub async fn show(
    ports: Ports,
    session: Session,
    path: web::Path<(i64, i64)>,
) -> Result<HttpResponse, PageError> {
    let page = GamePage::load(&ports, &session, game_of(path), &RawForm::default()).await?;
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
    /// A player's fresh nonce (R25), filled by his phone as the form is sent.
    #[serde(default)]
    pub nonce: String,
}

#[post("/campaigns/{cid}/games/{gid}/missions")]
pub async fn roll(
    ports: Ports,
    session: Session,
    path: web::Path<(i64, i64)>,
    form: web::Form<MissionRollForm>,
) -> Result<HttpResponse, PageError> {
    let user = session.sender(&form.csrf)?;
    let game = game_of(path);
    let (_, games, _, _) = &ports;
    let side: Side = form
        .side
        .parse()
        .map_err(|_| PageError::new(StatusCode::BAD_REQUEST, "the side is allied or central"))?;
    let outcome = match parse_dice(&form.dice) {
        Ok(dice) => games
            .roll_mission(
                user,
                game,
                MissionRequest {
                    side,
                    dice,
                    nonce: sent_nonce(&form.nonce),
                },
            )
            .await
            .map(drop),
        Err(reason) => Err(Error::invalid(reason)),
    };
    answer(&ports, &session, game, outcome, |page, error| {
        page.side_mut(side).dice = form.dice.clone();
        placed(error, page, |page, reason| {
            page.side_mut(side).error = Some(reason);
        })
    })
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
    let game = GameRef {
        campaign_id,
        game_id,
    };
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
    answer(&ports, &session, game, outcome, |page, error| {
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
    })
    .await
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
    let game = game_of(path);
    let (debriefs, ..) = &ports;
    let outcome = if ticked(&form.confirm) {
        debriefs
            .void_debrief(user, game, form.reason.clone())
            .await
            .map(drop)
    } else {
        Err(Error::invalid(
            "tick the box to confirm: voiding reverses every award of this debrief",
        ))
    };
    answer(&ports, &session, game, outcome, |page, error| {
        page.void_reason = form.reason.clone();
        placed(error, page, |page, reason| page.void_error = Some(reason))
    })
    .await
}
