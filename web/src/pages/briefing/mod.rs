//! `/campaigns/{cid}/weeks/{n}/briefing`: the weekly briefing, one printed A4 sheet
//! (and a page a phone reads): the week's date and era, the aircraft entering service,
//! who flies, who is out until when, who is back, the ability picks to make, the week
//! before's results and the standings with their change (`eagles_office::Briefings`).
//! Same access as the campaign's other pages.

mod view;

use actix_web::http::{header, StatusCode};
use actix_web::{get, web, HttpResponse};
use eagles_office::prelude::*;

use super::render;
use crate::error::PageError;
use crate::session::Session;
pub use view::BriefingPage;

const STYLESHEET: &str = include_str!("../../../static/briefing.css");

/// The briefing's own print layout, beside the site's stylesheet.
#[get("/static/briefing.css")]
pub async fn stylesheet() -> HttpResponse {
    HttpResponse::Ok()
        .content_type("text/css; charset=utf-8")
        .insert_header((header::CACHE_CONTROL, "public, max-age=3600"))
        .body(STYLESHEET)
}

#[get("/campaigns/{cid}/weeks/{n}/briefing")]
pub async fn show(
    briefings: web::Data<dyn Briefings>,
    session: Session,
    path: web::Path<(i64, i32)>,
) -> Result<HttpResponse, PageError> {
    let (campaign_id, week) = path.into_inner();
    let briefing = briefings
        .briefing(session.reader(), campaign_id, week)
        .await?;
    Ok(render(
        &BriefingPage::new(session.nav(), briefing),
        StatusCode::OK,
    ))
}
