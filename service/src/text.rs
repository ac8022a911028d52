//! Checks on free text that people type: names, and text the database cannot keep.

use crate::error::{Locus, ServiceError};

pub use eagles_office::text::{storable, unstorable_paths, UNSTORABLE};

/// Trims a name and checks it is not empty, not too long and has no control characters.
/// A refusal points at `field`.
pub fn clean_name(
    field: &'static str,
    value: &str,
    max_chars: usize,
) -> Result<String, ServiceError> {
    checked_name(field, value, max_chars).map_err(|e| e.at(Locus::Field(field)))
}

fn checked_name(field: &str, value: &str, max_chars: usize) -> Result<String, ServiceError> {
    // The field as a person calls it: "campaign.name" is the campaign's name.
    let field = field.replace(['.', '_'], " ");
    let trimmed = value.trim();
    if trimmed.is_empty() {
        return Err(ServiceError::invalid(format!(
            "the {field} must not be empty"
        )));
    }
    if trimmed.chars().count() > max_chars {
        return Err(ServiceError::invalid(format!(
            "the {field} is too long: at most {max_chars} characters"
        )));
    }
    if !storable(trimmed) {
        return Err(ServiceError::invalid(format!("the {field} {UNSTORABLE}")));
    }
    if trimmed.chars().any(char::is_control) {
        return Err(ServiceError::invalid(format!(
            "the {field} must not contain control characters (tabs, line breaks)"
        )));
    }
    Ok(trimmed.to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_trimmed_and_bounded() {
        assert_eq!(clean_name("name", "  Jasta 11 ", 20).unwrap(), "Jasta 11");
        assert!(clean_name("name", "   ", 20).is_err());
        assert!(clean_name("name", "abc", 2).is_err());
        assert!(clean_name("name", "a\nb", 20).is_err());
        assert_eq!(
            clean_name("name", "Rôland Garros", 20).unwrap(),
            "Rôland Garros"
        );
        assert!(clean_name("name", "a\0b", 20)
            .unwrap_err()
            .to_string()
            .contains("NUL"));
    }
}
