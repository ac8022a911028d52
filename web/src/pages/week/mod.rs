//! `/campaigns/{cid}/weeks/{n}`: a week of the campaign — its games with their
//! ground offensive and missions, each debrief's awards and casualties, what closing
//! the week brought into service, and the week's roll log (R14). Anyone who may read
//! the campaign sees it; a week after the current one does not exist yet.

mod view;

use actix_web::http::StatusCode;
use actix_web::{get, web, HttpResponse};
use eagles_office::fair_dice::FairDice;
use eagles_office::weeks::Weeks;

use super::game::results::{self, KIND_LABELS};
use super::render;
use crate::error::PageError;
use crate::session::Session;
pub use view::{game_lines, tonight, GameLine, RollLine, WeekPage};

#[get("/campaigns/{cid}/weeks/{n}")]
pub async fn show(
    weeks: web::Data<dyn Weeks>,
    dice: web::Data<dyn FairDice>,
    session: Session,
    path: web::Path<(i64, i32)>,
) -> Result<HttpResponse, PageError> {
    let (campaign_id, week) = path.into_inner();
    let page = weeks.week_page(session.reader(), campaign_id, week).await?;
    let seal = dice.week_seal(session.reader(), campaign_id, week).await?;
    let campaign = &page.campaign;
    let mut by_game = results::of(&page.records, &page.names.crew);
    let mut games = game_lines(page.week.games, &page.names);
    for game in &mut games {
        game.results = by_game.remove(&game.id).unwrap_or_default();
    }
    let page = WeekPage {
        nav: session.nav(),
        id: campaign.id,
        name: campaign.name.clone(),
        week,
        date: crate::words::date(page.week.date),
        era: page.week.era.as_str(),
        closed: page.week.closed,
        current_week: campaign.current_week,
        games,
        kinds: KIND_LABELS,
        new_aircraft: page.new_aircraft.into_iter().map(|a| a.name).collect(),
        rolls: page.week.rolls.into_iter().map(RollLine::from).collect(),
        seal: seal.into(),
    };
    Ok(render(&page, StatusCode::OK))
}
