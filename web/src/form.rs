//! What the forms share: reasons shown next to their fields, and form bodies that
//! never fail to parse (every field is text, missing ones empty), so a rejected form
//! always comes back with the user's input.

use std::str::FromStr;

use actix_web::error::UrlencodedError;
use actix_web::http::StatusCode;
use actix_web::web;
use eagles_office::Error;

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

/// The label a page shows beside the form field `name`, for refusals that name the
/// field away from it (text the database cannot keep, refused before the page's
/// handler runs): the page's own words, or the name in words when no page labels it.
pub fn field_label(name: &str) -> String {
    let label = match name {
        "username" => "Username",
        "password" => "Password",
        "name" => "Name",
        "start_date" => "Start date",
        "owner" | "player" => "Player",
        "role" => "Role",
        "side" => "Side",
        "nationality" => "Nationality",
        "replacement" => "Novice replacement",
        "dice" => "Dice",
        "modifiers" => "Modifiers",
        "table" => "Table",
        "game_id" => "Game",
        "reason" => "Reason",
        "ability" => "Ability to pick",
        "week" => "Week",
        "as_of_week" => "As of week",
        "in_service_on" => "In service on",
        "turns_played" => "Turns played",
        "aircraft" => "Aircraft",
        "pilot" => "Pilot",
        "observer" => "Observer",
        "current_password" => "Current password",
        "new_password" => "New password",
        "reset_username" => "Username",
        "uses" => "How many people may use it",
        "days" => "Days it stays valid",
        "confirm" => "the box that confirms it",
        "csrf" => "the form's hidden security token",
        "form_key" => "the form's hidden one-time key",
        other => {
            let words = other.replace(['_', '.', '[', ']'], " ");
            let mut chars = words.trim().chars();
            return match chars.next() {
                Some(first) => first.to_uppercase().chain(chars).collect(),
                None => "a field".to_owned(),
            };
        }
    };
    label.to_owned()
}

/// The forms whose handlers refuse text the database cannot keep themselves, beside
/// the field; the server refuses it in every other form before the handler runs, on
/// an error page naming the field by its label.
pub fn places_unstorable_text(path: &str) -> bool {
    path == "/sign-in"
}

/// The first of `fields` (name, text) whose text the database cannot keep.
pub fn unstorable_field(fields: &[(&'static str, &str)]) -> Option<&'static str> {
    fields
        .iter()
        .find(|(_, text)| !eagles_office::text::storable(text))
        .map(|(name, _)| *name)
}

/// Why the text of `field` was refused, in the words of its label.
pub fn unstorable_reason(field: &str) -> String {
    format!(
        "{} holds a NUL character (U+0000), which cannot be stored: remove it",
        field_label(field)
    )
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
        error: Error,
        field_of: impl FnOnce(&Error) -> Option<&'static str>,
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
pub fn refusal_rule(e: &Error) -> Option<Option<&'static str>> {
    match e {
        Error::Unprocessable { rule, .. } => Some(*rule),
        _ => None,
    }
}

/// Whether a checkbox was ticked (browsers send it only then).
pub fn ticked(value: &Option<String>) -> bool {
    value.as_deref().is_some_and(|v| !v.is_empty())
}
