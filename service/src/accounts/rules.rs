//! The rules a new account's username and password follow (R26, API v1.3
//! "Accounts"): every rule broken is reported at once, in words, at its field.

use std::collections::HashSet;
use std::sync::OnceLock;

use crate::error::{Locus, ServiceError};

/// The shortest username.
pub const MIN_USERNAME: usize = 3;
/// The longest username.
pub const MAX_USERNAME: usize = 32;
/// The shortest password.
pub const MIN_PASSWORD: usize = 10;

/// The 10,000 most common passwords, lowercase, from the `zxcvbn` crate (see
/// `service/data/README.md` for the source and its licence).
const COMMON_PASSWORDS: &str = include_str!("../../data/common-passwords.txt");

fn common_passwords() -> &'static HashSet<&'static str> {
    static COMMON: OnceLock<HashSet<&'static str>> = OnceLock::new();
    COMMON.get_or_init(|| COMMON_PASSWORDS.lines().map(str::trim).collect())
}

/// Whether `password` is among the 10,000 most common, in any letter case.
pub fn is_common(password: &str) -> bool {
    common_passwords().contains(password.to_lowercase().as_str())
}

/// The problems of a username someone picks for himself.
pub fn username_problems(username: &str) -> Vec<ServiceError> {
    let at = |detail: String| ServiceError::invalid(detail).at(Locus::Field("username"));
    let mut problems = Vec::new();
    let length = username.chars().count();
    if !(MIN_USERNAME..=MAX_USERNAME).contains(&length) {
        problems.push(at(format!(
            "the username must be {MIN_USERNAME} to {MAX_USERNAME} characters long; this one has {length}"
        )));
    }
    let allowed = |c: char| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.');
    if !username.chars().all(allowed) {
        problems.push(at(
            "the username may hold only letters (a to z, without accents), digits, '-', '_' and '.': no spaces or other signs"
                .into(),
        ));
    } else if username
        .chars()
        .next()
        .is_some_and(|c| !c.is_ascii_alphanumeric())
    {
        problems.push(at("the username must start with a letter or a digit".into()));
    }
    problems
}

/// The problems of a new password for the account `username`; `field` is where the
/// request carries it.
pub fn password_problems(username: &str, password: &str, field: &'static str) -> Vec<ServiceError> {
    let at = |detail: &str| ServiceError::invalid(detail).at(Locus::Field(field));
    let mut problems = Vec::new();
    let length = password.chars().count();
    if length < MIN_PASSWORD {
        problems.push(at(&format!(
            "the password must be at least {MIN_PASSWORD} characters long; this one has {length}"
        )));
    }
    if !username.is_empty() && password.to_lowercase() == username.to_lowercase() {
        problems.push(at("the password must not be the username"));
    } else if is_common(password) {
        problems.push(at(
            "the password is one of the 10,000 most common passwords, which are tried first by anyone guessing: choose another",
        ));
    }
    if password.contains('\0') {
        problems.push(at("the password must not contain a NUL character (U+0000)"));
    }
    problems
}

/// 422 listing every problem, when there is any.
pub fn refuse(problems: Vec<ServiceError>) -> Result<(), ServiceError> {
    ServiceError::all(problems).map_or(Ok(()), Err)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_list_holds_ten_thousand_lowercase_passwords() {
        assert_eq!(common_passwords().len(), 10_000);
        assert!(is_common("Password"));
        assert!(is_common("qwerty"));
        assert!(!is_common("sopwith-camel-over-arras"));
    }

    #[test]
    fn every_broken_rule_is_reported() {
        assert_eq!(username_problems("ab").len(), 1);
        assert_eq!(username_problems("a!").len(), 2);
        assert_eq!(username_problems("_ace").len(), 1);
        assert!(username_problems("Guynemer.G-1_").is_empty());
        assert_eq!(password_problems("ace", "ace", "password").len(), 2);
        assert_eq!(password_problems("Georges", "georges", "password").len(), 2);
        assert_eq!(password_problems("x", "password", "password").len(), 2);
        assert!(password_problems("x", "sopwith-camel-1917", "password").is_empty());
    }
}
