//! Checks on free text that people type: names, and text the database cannot keep.

use serde_json::Value;

use crate::error::{Locus, ServiceError};

/// Why text holding a NUL character is refused; the field's name goes before it.
pub const UNSTORABLE: &str =
    "holds a NUL character (U+0000), which cannot be stored; remove it and send again";

/// Whether the database can keep `text`: Postgres `text` refuses the NUL character
/// (every other character of a Rust string it keeps).
pub fn storable(text: &str) -> bool {
    !text.contains('\0')
}

/// The JSON paths (`crew[0].name`, `.` for the document itself) of every string, and
/// of every object key, in `value` that the database cannot keep.
pub fn unstorable_paths(value: &Value) -> Vec<String> {
    let mut found = Vec::new();
    walk(value, &mut String::new(), &mut found);
    found
}

fn walk(value: &Value, path: &mut String, found: &mut Vec<String>) {
    let here = |path: &String| {
        if path.is_empty() {
            ".".to_owned()
        } else {
            path.clone()
        }
    };
    match value {
        Value::String(s) if !storable(s) => found.push(here(path)),
        Value::Array(items) => {
            for (i, item) in items.iter().enumerate() {
                let len = path.len();
                path.push_str(&format!("[{i}]"));
                walk(item, path, found);
                path.truncate(len);
            }
        }
        Value::Object(fields) => {
            for (key, item) in fields {
                let len = path.len();
                if !path.is_empty() {
                    path.push('.');
                }
                if storable(key) {
                    path.push_str(key);
                } else {
                    path.push_str(&key.replace('\0', "\\u0000"));
                    found.push(path.clone());
                }
                walk(item, path, found);
                path.truncate(len);
            }
        }
        _ => {}
    }
}

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
    if !storable(trimmed) {
        return Err(ServiceError::invalid(format!("`{field}` {UNSTORABLE}")));
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
        assert!(clean_name("name", "a\0b", 20)
            .unwrap_err()
            .to_string()
            .contains("NUL"));
    }

    #[test]
    fn unstorable_text_is_found_by_its_json_path() {
        let doc = serde_json::json!({
            "name": "ok",
            "crew": [{"name": "Jean"}, {"name": "Je\u{0}an", "abilities": ["a", "\u{0}"]}],
            "k\u{0}": 1,
            "n": 3
        });
        let mut found = unstorable_paths(&doc);
        found.sort();
        assert_eq!(found, ["crew[1].abilities[1]", "crew[1].name", "k\\u0000"]);
        assert_eq!(unstorable_paths(&Value::String("\0".into())), ["."]);
        assert!(unstorable_paths(&serde_json::json!({"a": ["b"]})).is_empty());
    }
}
