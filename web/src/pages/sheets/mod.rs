//! `/campaigns/{cid}/games/{gid}/sheets`: the aircraft data sheets at the table, on a
//! player's phone (R16–R21). A player sees the sheets of his own crewmen's sorties, a
//! referee every sheet of the game, one under the other; each with big buttons for
//! the marks a turn needs and the sheet's tables rolled by the server or with the
//! dice entered (R14), the roll just made shown large. Every form is plain HTML that
//! posts here and comes back (POST-redirect-GET); with JavaScript, `/static/live.js`
//! swaps in the sheets again when a `sheet` event of the game's sorties arrives.
//! A player without a sortie in the game declares one here.

mod card;
mod cells;
mod combat_form;
mod data;
mod forms;
mod last_shot;
mod refused;
mod roll;
mod view;

use actix_web::http::StatusCode;
use actix_web::{get, post, web, HttpResponse};
use campaign::sheet::aircraft::Section;
use eagles_office::prelude::*;
use eagles_office::reference::AircraftQuery;
use eagles_office::rolls::RollFilter;
use eagles_office::sheets::{GameRef, IfMatch, SortieRef, SortieView};
use eagles_office::window::Window;
use eagles_office::Locus;
use serde::Deserialize;

pub use card::{SheetCard, SortieLine};
use data::AircraftData;
use forms::{CombatForm, DeclareForm, MarkForm, TablesForm, COMBAT_FLAGS, TABLES};
use last_shot::last_shot;
use refused::{place, refused, Sent};
use roll::RollShown;
pub use roll::{hits_words, shot_summary};
use view::{declare_panel, flies_for, report_forms};
pub use view::{SheetPanel, SheetsPage, Stale};

use super::game::roster::Roster;
use super::{render, see_other};
use crate::error::PageError;
use crate::form::FieldErrors;
use crate::session::Session;

/// The office's ports the sheets page reads, which its handlers take as one extractor:
/// games, rolls, sheets and the rulebook's reference data (each sheet's aircraft data),
/// in that order.
pub type Ports = (
    web::Data<dyn Games>,
    web::Data<dyn Rolls>,
    web::Data<dyn Sheets>,
    web::Data<dyn Reference>,
);

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
        let (games, rolls, sheets, reference) = ports;
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
        // The week's rolls: those just made, shown large, and each sheet's last shot,
        // which its combat form starts from.
        let rolls = if mine.is_empty() {
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
        };
        // Appendices A and B, read once for the sheets' heads.
        let types = if mine.is_empty() {
            Vec::new()
        } else {
            reference
                .aircraft(AircraftQuery {
                    side: None,
                    in_service_on: None,
                })
                .await?
        };
        let mut panels = Vec::with_capacity(mine.len());
        for sortie in &mine {
            let Some(sheet) = sheets.iter().find(|s| s.sortie.id == sortie.id) else {
                continue;
            };
            let mut card = SheetCard::new(sheet, &lineup);
            card.data = types
                .iter()
                .find(|t| t.id == sortie.aircraft.id)
                .map(AircraftData::from);
            let (victims, seats, mission, down) = report_forms(sheet, &lineup, &game.missions);
            let targets = lineup
                .iter()
                .filter(|t| {
                    t.side != sortie.side && !(t.open.destroyed || t.open.down || t.open.escaped)
                })
                .map(SortieLine::from)
                .collect();
            let combat = last_shot(&rolls, sortie.id)
                .map_or_else(CombatForm::start, |shot| CombatForm::after(shot, &lineup));
            let rolls = rolls
                .iter()
                .filter(|r| shown.contains(&r.id) && r.sortie_id == Some(sortie.id))
                .map(|r| RollShown::new(r, &lineup, campaign.current_week))
                .collect();
            panels.push(SheetPanel {
                card,
                targets,
                combat,
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
    let (_, _, sheets, _) = &ports;
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
    let (_, _, sheets, _) = ports;
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
    let (_, _, sheets, _) = &ports;
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

const STYLESHEET: &str = include_str!("../../../static/sheet.css");

/// The sheet's own layout, beside the site's stylesheet: the aircraft's data, the boxes
/// to tap, the referee's sheets side by side on a wide screen.
#[get("/static/sheet.css")]
pub async fn stylesheet() -> HttpResponse {
    HttpResponse::Ok()
        .content_type("text/css; charset=utf-8")
        .insert_header((
            actix_web::http::header::CACHE_CONTROL,
            "public, max-age=3600",
        ))
        .body(STYLESHEET)
}
