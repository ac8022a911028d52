//! `/campaigns/{cid}/players`: the player standings of R13 (§13.203), the winner on
//! top: each player by his best crewman, then kills, then fewer weeks out. The API's
//! ranking, and the crew for the best crewmen's names.

mod view;

use std::collections::HashMap;

use actix_web::http::StatusCode;
use actix_web::{get, web, HttpResponse};
use eagles_office::crew::CrewQuery;
use eagles_office::prelude::*;
use eagles_office::standings::PlayersQuery;

use super::{campaign_scope, render, WeekLine};
use crate::error::PageError;
use crate::session::Session;
pub use view::{PlayerPlace, PlayersPage};

#[get("/campaigns/{cid}/players")]
pub async fn show(
    campaigns: web::Data<dyn Campaigns>,
    crew: web::Data<dyn Crew>,
    standings: web::Data<dyn Standings>,
    session: Session,
    path: web::Path<i64>,
) -> Result<HttpResponse, PageError> {
    let scope = campaign_scope(campaigns.get_ref(), &session, path.into_inner()).await?;
    let campaign = scope.campaign();
    let rows = standings
        .players(
            scope.reader(),
            campaign.id,
            PlayersQuery { as_of_week: None },
        )
        .await?;
    let everyone = CrewQuery {
        side: None,
        role: None,
    };
    let mut names: HashMap<i64, String> = crew
        .crew(scope.reader(), campaign.id, everyone)
        .await?
        .into_iter()
        .map(|c| (c.id, c.name))
        .collect();
    let players = rows
        .into_iter()
        .map(|row| PlayerPlace {
            best_name: names.remove(&row.best_crew_id).unwrap_or_default(),
            row,
        })
        .collect();
    let page = PlayersPage {
        revision: campaign.revision,
        nav: session.nav(),
        id: campaign.id,
        name: campaign.name.clone(),
        week: WeekLine::of(campaign),
        players,
    };
    Ok(render(&page, StatusCode::OK))
}
