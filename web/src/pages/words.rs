//! A refusal shown on a page, in the page's words (API v1.2, "Refusals in people's
//! words"): the service's message keeps the request's field names for the API,
//! marked as code; the pages show no code formatting and name the fields as their
//! forms label them.

use eagles_office::Error;

/// The request's field names as the pages' forms label them.
const LABELS: &[(&str, &str)] = &[
    ("turns_played", "turns played"),
    ("start_date", "start date"),
    ("game_id", "game"),
    ("ground_offensive", "ground offensive"),
    ("xp_awards", "XP awards"),
];

/// `error`'s message as a page shows it: every problem, without backticks, its field
/// names as the forms label them.
pub fn plain(error: &Error) -> String {
    error
        .problems()
        .iter()
        .map(|p| plain_text(&p.to_string()))
        .collect::<Vec<_>>()
        .join("; ")
}

/// `text` without code formatting, its field names as the forms label them.
pub fn plain_text(text: &str) -> String {
    let mut text = text.replace('`', "");
    for (field, label) in LABELS {
        text = text.replace(field, label);
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    // API v1.2: no code formatting on the pages.
    #[test]
    fn no_backticks() {
        let e = Error::invalid("a player needs a `side`: Allied or Central (§13.01)");
        assert_eq!(
            plain(&e),
            "a player needs a side: Allied or Central (§13.01)"
        );
        assert_eq!(
            plain_text("`name` must not be empty"),
            "name must not be empty"
        );
    }
}
