//! Text the database cannot keep: the doors refuse it before any use case runs.

use serde_json::Value;

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

#[cfg(test)]
mod tests {
    use super::*;

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
