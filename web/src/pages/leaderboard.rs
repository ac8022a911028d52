//! `/campaigns/{cid}/leaderboard`: the crew ranked by XP, then kills, filtered by side
//! and role and as it stood at the close of any week (a GET form, so a filtered board
//! is a link), with a link to the same board as CSV. The API's ranking; two queries
//! after the session's: the campaign with the caller's membership, the board.

use actix_web::{get, web, HttpResponse};
use askama::Template;
use campaign::crew::Role;
use campaign::sides::Side;
use eagles_db::DbPool;
use eagles_service::access::readable_campaign;
use eagles_service::standings::{crew_ranking, LeaderboardQuery, LeaderboardRow};
use serde::Deserialize;

use super::{render, Nav};
use crate::error::PageError;
use crate::form::FieldErrors;
use crate::session::Session;

/// The filters, as typed: kept as text so a wrong one comes back to be fixed.
#[derive(Debug, Default, Deserialize)]
pub struct Filters {
    #[serde(default)]
    pub side: String,
    #[serde(default)]
    pub role: String,
    #[serde(default)]
    pub as_of_week: String,
}

impl Filters {
    /// The filters as the API reads them, or the reasons they cannot be read.
    fn parse(&self, current_week: i32, errors: &mut FieldErrors) -> LeaderboardQuery {
        let side = match self.side.as_str() {
            "" => None,
            s => s
                .parse::<Side>()
                .map_err(|_| errors.add("side", "choose allied, central or both sides"))
                .ok(),
        };
        let role = match self.role.as_str() {
            "" => None,
            r => r
                .parse::<Role>()
                .map_err(|_| errors.add("role", "choose pilot, observer or any role"))
                .ok(),
        };
        let as_of_week = match self.as_of_week.trim() {
            "" => None,
            w => match w.parse::<i32>() {
                Ok(w) if (1..=current_week).contains(&w) => Some(w),
                _ => {
                    errors.add(
                        "as_of_week",
                        format!("choose a week from 1 to the current week {current_week}"),
                    );
                    None
                }
            },
        };
        LeaderboardQuery {
            as_of_week,
            side,
            role,
        }
    }
}

/// The board's filters as a query string, for the CSV link: built from the parsed
/// filters, so only names and numbers reach it.
fn query_string(query: &LeaderboardQuery) -> String {
    let side = query.side.map(|s| format!("side={}", s.as_str()));
    let role = query.role.map(|r| format!("role={}", r.as_str()));
    let week = query.as_of_week.map(|w| format!("as_of_week={w}"));
    [side, role, week]
        .into_iter()
        .flatten()
        .collect::<Vec<_>>()
        .join("&")
}

/// The leaderboard page.
#[derive(Template)]
#[template(path = "standings/leaderboard.html")]
pub struct LeaderboardPage {
    pub nav: Nav,
    pub id: i64,
    pub name: String,
    /// The week the board stands at.
    pub week: i32,
    /// Weeks 1 to the current one, for the as-of picker.
    pub weeks: Vec<i32>,
    pub rows: Vec<LeaderboardRow>,
    pub form: Filters,
    pub errors: FieldErrors,
    /// The CSV link's query.
    pub csv_query: String,
}

#[get("/campaigns/{cid}/leaderboard")]
pub async fn show(
    pool: web::Data<DbPool>,
    session: Session,
    path: web::Path<i64>,
    query: web::Query<Filters>,
) -> Result<HttpResponse, PageError> {
    let form = query.into_inner();
    let mut conn = pool.get().await?;
    let scope = readable_campaign(&mut conn, path.into_inner(), session.user.clone()).await?;
    let campaign = &scope.campaign;
    let mut errors = FieldErrors::default();
    let filters = form.parse(campaign.current_week, &mut errors);
    let rows = if errors.is_empty() {
        crew_ranking(&mut conn, campaign, &filters).await?
    } else {
        Vec::new()
    };
    let page = LeaderboardPage {
        nav: session.nav(),
        id: campaign.id,
        name: campaign.name.clone(),
        week: filters.as_of_week.unwrap_or(campaign.current_week),
        weeks: (1..=campaign.current_week).collect(),
        rows,
        csv_query: query_string(&filters),
        form,
        errors,
    };
    let status = page.errors.status();
    Ok(render(&page, status))
}
