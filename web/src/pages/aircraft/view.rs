//! The aircraft catalogue's view: the page around the filters as typed and the aircraft
//! as the office lists them.

use askama::Template;
use eagles_office::reference::AircraftView;

use super::AircraftFilters;
use crate::form::FieldErrors;
use crate::pages::Nav;

/// The catalogue page.
#[derive(Template)]
#[template(path = "aircraft/list.html")]
pub struct AircraftPage {
    pub nav: Nav,
    pub aircraft: Vec<AircraftView>,
    pub form: AircraftFilters,
    pub errors: FieldErrors,
}

impl AircraftPage {
    /// The month a type entered service (appendices A and B): "April 1917".
    pub fn month(&self, d: &chrono::NaiveDate) -> String {
        crate::words::month(*d)
    }
}
