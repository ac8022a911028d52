//! `/campaigns/{cid}/leaderboard`: the crew ranked by XP, then kills, filtered by side
//! and role and as it stood at the close of any week (a GET form, so a filtered board
//! is a link), with a link to the same board as CSV. The API's ranking; two queries
//! after the session's: the campaign with the caller's membership, the board.

use actix_web::web;
use askama::Template;
use eagles_office::prelude::*;
use eagles_office::standings::{LeaderboardQuery, LeaderboardRow};
use serde::Deserialize;

use super::form_page::{self, FormPage};
use super::{campaign_scope, Nav};
use crate::error::PageError;
use crate::form::FieldErrors;
use crate::session::Session;

/// The filters, as typed: kept as text so a wrong one comes back to be fixed.
#[derive(Debug, Default, Deserialize)]
pub struct LeaderboardFilters {
    #[serde(default)]
    pub side: String,
    #[serde(default)]
    pub role: String,
    #[serde(default)]
    pub as_of_week: String,
}

impl LeaderboardFilters {
    /// The filters as the API reads them, or the reasons they cannot be read.
    fn parse(&self, current_week: i32, errors: &mut FieldErrors) -> LeaderboardQuery {
        LeaderboardQuery {
            side: errors.optional("side", &self.side, "choose allied, central or both sides"),
            role: errors.optional("role", &self.role, "choose pilot, observer or any role"),
            as_of_week: errors.week("as_of_week", self.as_of_week.trim(), current_week),
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
    /// Whether that week is closed: the board then stands "at the close of week N",
    /// else "so far in week N".
    pub closed: bool,
    /// Weeks 1 to the current one, for the as-of picker.
    pub weeks: Vec<i32>,
    pub rows: Vec<LeaderboardRow>,
    pub form: LeaderboardFilters,
    pub errors: FieldErrors,
    /// The CSV link's query.
    pub csv_query: String,
    /// The base template offers a reload once the campaign moves past it.
    pub revision: i64,
}

impl FormPage for LeaderboardPage {
    type Ports = (web::Data<dyn Campaigns>, web::Data<dyn Standings>);
    type Key = i64;
    type Form = LeaderboardFilters;

    async fn load(
        ports: &Self::Ports,
        session: &Session,
        campaign_id: i64,
        form: LeaderboardFilters,
        mut errors: FieldErrors,
    ) -> Result<Self, PageError> {
        let (campaigns, standings) = ports;
        let scope = campaign_scope(campaigns.get_ref(), session, campaign_id).await?;
        let campaign = scope.campaign();
        let filters = form.parse(campaign.current_week, &mut errors);
        let week = filters.as_of_week.unwrap_or(campaign.current_week);
        let csv_query = query_string(&filters);
        let rows = if errors.is_empty() {
            standings
                .leaderboard(scope.reader(), campaign_id, filters)
                .await?
        } else {
            Vec::new()
        };
        Ok(Self {
            nav: session.nav(),
            id: campaign.id,
            name: campaign.name.clone(),
            week,
            closed: week < campaign.current_week || campaign.ended_week == Some(week),
            weeks: (1..=campaign.current_week).collect(),
            rows,
            csv_query,
            revision: campaign.revision,
            form,
            errors,
        })
    }

    fn errors(&self) -> &FieldErrors {
        &self.errors
    }
}

/// The page, filtered as its address's query says.
pub fn show() -> actix_web::Resource {
    form_page::filtered::<LeaderboardPage>("/campaigns/{cid}/leaderboard")
}
