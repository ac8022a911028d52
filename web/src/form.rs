//! What the forms share: reasons shown next to their fields, and form bodies that
//! never fail to parse (every field is text, missing ones empty), so a rejected form
//! always comes back with the user's input.

use std::str::FromStr;

use actix_web::error::UrlencodedError;
use actix_web::http::StatusCode;
use actix_web::web;
use eagles_service::ServiceError;

use crate::error::PageError;

/// The largest form body accepted.
const MAX_FORM_BYTES: usize = 16 * 1024;

/// Form bodies: a body that is not a form at all is a 400 error page.
pub fn form_config() -> web::FormConfig {
    web::FormConfig::default()
        .limit(MAX_FORM_BYTES)
        .error_handler(|err, _req| {
            let status = match err {
                UrlencodedError::Overflow { .. } => StatusCode::PAYLOAD_TOO_LARGE,
                _ => StatusCode::BAD_REQUEST,
            };
            PageError::new(status, format!("the form could not be read: {err}")).into()
        })
}

/// Why fields of a form were refused, shown next to each field.
#[derive(Debug, Default)]
pub struct FieldErrors(Vec<(&'static str, String)>);

impl FieldErrors {
    /// Records the reason `field` was refused (the first reason per field stays).
    pub fn add(&mut self, field: &'static str, message: impl Into<String>) {
        if self.get(field).is_none() {
            self.0.push((field, message.into()));
        }
    }

    /// The reason `field` was refused, if it was.
    pub fn get(&self, field: &str) -> Option<&str> {
        self.0
            .iter()
            .find(|(f, _)| *f == field)
            .map(|(_, m)| m.as_str())
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// A field that may be left empty: none when it is, else its value, or none with
    /// `reason` recorded when the text does not read as one.
    pub fn optional<T: FromStr>(
        &mut self,
        field: &'static str,
        text: &str,
        reason: &str,
    ) -> Option<T> {
        if text.is_empty() {
            return None;
        }
        text.parse().map_err(|_| self.add(field, reason)).ok()
    }

    /// A week of the campaign, 1 to `current_week`, or none when left empty.
    pub fn week(&mut self, field: &'static str, text: &str, current_week: i32) -> Option<i32> {
        let reason = format!("choose a week from 1 to the current week {current_week}");
        let week = self.optional(field, text, &reason)?;
        if (1..=current_week).contains(&week) {
            Some(week)
        } else {
            self.add(field, reason);
            None
        }
    }

    /// Places an error of a shared operation next to the field `field_of` names, or
    /// passes it on as an error page when no field is to blame (403, 404, …).
    pub fn place(
        &mut self,
        error: ServiceError,
        field_of: impl FnOnce(&ServiceError) -> Option<&'static str>,
    ) -> Result<(), PageError> {
        match field_of(&error) {
            Some(field) => {
                // In the page's words (API v1.2): no code formatting.
                self.add(field, crate::pages::words::plain(&error));
                Ok(())
            }
            None => Err(error.into()),
        }
    }

    /// The status a page with these errors answers with.
    pub fn status(&self) -> StatusCode {
        if self.is_empty() {
            StatusCode::OK
        } else {
            StatusCode::UNPROCESSABLE_ENTITY
        }
    }
}

/// The rule an API error names, if it is a broken rule or an invalid value.
pub fn refusal_rule(e: &ServiceError) -> Option<Option<&'static str>> {
    match e {
        ServiceError::Unprocessable { rule, .. } => Some(*rule),
        _ => None,
    }
}

/// Whether a checkbox was ticked (browsers send it only then).
pub fn ticked(value: &Option<String>) -> bool {
    value.as_deref().is_some_and(|v| !v.is_empty())
}
