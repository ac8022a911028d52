//! The error of every use case is the doors' [`eagles_office::Error`]: what went wrong,
//! which rule refused it and which part of the input it concerns. `eagles_db::Error`
//! converts into it (the office knows no database), so a use case reports a lost
//! connection or a conflicting write with `?` like any other refusal.

use std::fmt;

pub use eagles_office::{Error as ServiceError, Locus};

/// Formats a list of allowed values for a message: "a, b or c".
pub fn one_of(values: impl IntoIterator<Item = impl fmt::Display>) -> String {
    let values: Vec<String> = values.into_iter().map(|v| v.to_string()).collect();
    match values.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
        Some((last, _)) => last.clone(),
        None => String::new(),
    }
}
