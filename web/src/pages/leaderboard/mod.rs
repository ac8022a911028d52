//! `/campaigns/{cid}/leaderboard`: the crew ranked by XP, then kills, filtered by side
//! and role and as it stood at the close of any week (a GET form, so a filtered board
//! is a link), with a link to the same board as CSV. The API's ranking; two queries
//! after the session's: the campaign with the caller's membership, the board.

mod view;

use actix_web::{get, web, HttpResponse};
use eagles_office::prelude::*;
use eagles_office::standings::LeaderboardQuery;
use serde::Deserialize;

use super::campaign_scope;
use super::form_page::{self, Asked, Filtered, FormPage};
use crate::error::PageError;
use crate::form::FieldErrors;
use view::query_string;
pub use view::LeaderboardPage;

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

/// The office's ports the page reads.
type Ports = (web::Data<dyn Campaigns>, web::Data<dyn Standings>);

#[get("/campaigns/{cid}/leaderboard")]
pub async fn show(
    ports: Ports,
    asked: Filtered<LeaderboardFilters>,
) -> Result<HttpResponse, PageError> {
    form_page::filtered::<LeaderboardPage>(&ports, asked).await
}

impl FormPage for LeaderboardPage {
    type Ports = Ports;
    type Key = i64;
    type Form = LeaderboardFilters;

    async fn load(ports: &Self::Ports, mut asked: Asked<'_, Self>) -> Result<Self, PageError> {
        let (campaigns, standings) = ports;
        let scope = campaign_scope(campaigns.get_ref(), asked.session, asked.key).await?;
        let campaign = scope.campaign();
        let filters = asked.form.parse(campaign.current_week, &mut asked.errors);
        let week = filters.as_of_week.unwrap_or(campaign.current_week);
        let csv_query = query_string(&filters);
        let rows = if asked.errors.is_empty() {
            standings
                .leaderboard(scope.reader(), asked.key, filters)
                .await?
        } else {
            Vec::new()
        };
        Ok(Self {
            nav: asked.session.nav(),
            id: campaign.id,
            name: campaign.name.clone(),
            week,
            closed: week < campaign.current_week || campaign.ended_week == Some(week),
            weeks: (1..=campaign.current_week).collect(),
            rows,
            csv_query,
            revision: campaign.revision,
            form: asked.form,
            errors: asked.errors,
        })
    }

    fn errors(&self) -> &FieldErrors {
        &self.errors
    }
}
