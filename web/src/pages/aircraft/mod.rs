//! `/aircraft`: the aircraft catalogue of appendices A and B, filtered by side and by
//! the date they are in service (a GET form, so a filtered list is a link).

mod view;

use actix_web::{get, web, HttpResponse};
use campaign::sides::Side;
use chrono::NaiveDate;
use eagles_office::prelude::*;
use eagles_office::reference::AircraftQuery;
use serde::Deserialize;

use super::render;
use crate::error::PageError;
use crate::form::FieldErrors;
use crate::session::Session;
pub use view::AircraftPage;

/// The filters, as typed: kept as text so a wrong one comes back to be fixed.
#[derive(Debug, Default, Deserialize)]
pub struct AircraftFilters {
    #[serde(default)]
    pub side: String,
    #[serde(default)]
    pub in_service_on: String,
}

#[get("/aircraft")]
pub async fn show(
    reference: web::Data<dyn Reference>,
    session: Session,
    query: web::Query<AircraftFilters>,
) -> Result<HttpResponse, PageError> {
    let form = query.into_inner();
    let mut errors = FieldErrors::default();
    let side = errors.optional::<Side>("side", &form.side, "choose allied, central or any side");
    let date = match form.in_service_on.trim() {
        "" => None,
        d => NaiveDate::parse_from_str(d, "%Y-%m-%d")
            .map_err(|_| {
                errors.add(
                    "in_service_on",
                    "give the date as YYYY-MM-DD, e.g. 1917-04-02",
                )
            })
            .ok(),
    };
    let aircraft = if errors.is_empty() {
        reference
            .aircraft(AircraftQuery {
                side,
                in_service_on: date,
            })
            .await?
    } else {
        Vec::new()
    };
    let page = AircraftPage {
        nav: session.nav(),
        aircraft,
        form,
        errors,
    };
    Ok(render(&page, page.errors.status()))
}
