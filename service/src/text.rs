//! Checks on free text that people type: names.

use crate::error::{Locus, ServiceError};

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
    let trimmed = value.trim();
    if trimmed.is_empty() {
        return Err(ServiceError::invalid(format!(
            "`{field}` must not be empty"
        )));
    }
    if trimmed.chars().count() > max_chars {
        return Err(ServiceError::invalid(format!(
            "`{field}` is too long: at most {max_chars} characters"
        )));
    }
    if trimmed.chars().any(char::is_control) {
        return Err(ServiceError::invalid(format!(
            "`{field}` must not contain control characters (tabs, line breaks)"
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
    }
}
