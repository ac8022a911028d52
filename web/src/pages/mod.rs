//! One module per page; each page is a struct whose template mirrors the module
//! (`campaigns::list` → `templates/campaigns/list.html`) and that renders itself.
//!
//! A page is a directory, `pages/<page>/`: its `mod.rs` holds the handlers (read the
//! request, call the office's port, pick the response) and `view.rs` the template
//! structs and the mapping of the office's read model to their lines; a large page
//! splits either side further in the same directory (`game/debrief_form.rs`, …).

pub mod account;
pub mod aircraft;
pub mod assets;
pub mod briefing;
pub mod campaign_home;
pub mod campaigns;
pub mod club_night;
pub mod crew_list;
pub mod crewman;
pub mod dice;
pub mod dice_check;
pub mod feed;
pub mod form_page;
pub mod game;
pub mod id_cards;
pub mod join;
pub mod leaderboard;
pub mod live;
pub mod members;
pub mod players;
pub mod reset;
pub mod sheets;
pub mod sign_in;
pub mod week;
pub mod words;

use actix_web::http::{header, StatusCode};
use actix_web::HttpResponse;
use askama::Template;
use campaign::calendar;
use eagles_office::access::CampaignScope;
use eagles_office::prelude::*;

use crate::error::PageError;
use crate::session::Session;

/// The campaign as the page's visitor may read it, with his part in it: what a page of
/// one campaign reads first; 404 when he may not read it.
pub async fn campaign_scope(
    campaigns: &dyn Campaigns,
    session: &Session,
    campaign_id: i64,
) -> Result<CampaignScope, PageError> {
    Ok(campaigns
        .campaign_scope(session.reader(), campaign_id)
        .await?)
}

/// What the header of every page shows: who is signed in, with a sign-out form.
#[derive(Debug, Clone, Default)]
pub struct Nav {
    /// False on error pages, which do not know the session.
    pub shown: bool,
    pub username: Option<String>,
    /// The sign-out form's CSRF token.
    pub csrf: String,
}

impl Nav {
    /// The header of a page that does not know the session.
    pub fn hidden() -> Self {
        Self::default()
    }

    /// A new one-time key for a form of the page (`fields::csrf`, `crate::once`): each
    /// call, one per form rendered, mints another.
    pub fn form_key(&self) -> String {
        crate::session::form_key()
    }
}

/// Renders a template as an HTML response.
pub fn render(template: &impl Template, status: StatusCode) -> HttpResponse {
    match template.render() {
        Ok(html) => HttpResponse::build(status)
            .content_type("text/html; charset=utf-8")
            .insert_header((header::CACHE_CONTROL, "no-store"))
            .body(html),
        Err(e) => {
            tracing::error!(error = %e, "page failed to render");
            HttpResponse::InternalServerError()
                .content_type("text/plain; charset=utf-8")
                .body("the page could not be shown; the error was logged")
        }
    }
}

/// Items as a person lists them: "a", "a and b", "a, b and c".
pub fn and_list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

/// After a form succeeds: see the page at `location` (303, so a reload does not post
/// again).
pub fn see_other(location: &str) -> HttpResponse {
    HttpResponse::SeeOther()
        .insert_header((header::LOCATION, location))
        .finish()
}

/// A campaign's current week date and era, as pages show them (R1).
#[derive(serde::Serialize)]
pub struct WeekLine {
    pub week: i32,
    pub date: String,
    /// ISO date, for links to the aircraft in service that week.
    pub iso_date: String,
    pub era: &'static str,
}

impl WeekLine {
    pub fn of(c: &eagles_office::campaigns::Campaign) -> Self {
        let date = c.week_date(c.current_week);
        Self {
            week: c.current_week,
            date: crate::words::date(date),
            iso_date: date.to_string(),
            era: calendar::era_on(date).as_str(),
        }
    }
}
