//! Options of a select, each knowing whether it is the one chosen, so templates need
//! no comparisons; and the dice fields, where blank means the server rolls (R14).

/// One option of a select.
#[derive(Debug, Clone)]
pub struct Choice {
    pub value: String,
    pub label: String,
    pub selected: bool,
    /// What the page's script reads of it (an aircraft type's seats), or "".
    pub data: String,
}

impl Choice {
    /// Options from (value, label) pairs, marking those in `chosen`.
    pub fn list<'a>(
        options: impl IntoIterator<Item = (String, String)>,
        chosen: impl IntoIterator<Item = &'a str> + Clone,
    ) -> Vec<Choice> {
        options
            .into_iter()
            .map(|(value, label)| Choice {
                selected: chosen.clone().into_iter().any(|c| c == value),
                value,
                label,
                data: String::new(),
            })
            .collect()
    }
}

/// The value of the option chosen, if one is.
pub fn chosen(choices: &[Choice]) -> Option<&str> {
    choices
        .iter()
        .find(|c| c.selected)
        .map(|c| c.value.as_str())
}

/// Entered dice, e.g. "3 4" or "3,4"; blank is `None` (the server rolls). A word
/// that is no die value is refused with what to write.
pub fn parse_dice(text: &str) -> Result<Option<Vec<u32>>, String> {
    let dice = text
        .split(|c: char| c.is_whitespace() || c == ',' || c == '+')
        .filter(|d| !d.is_empty())
        .map(|d| {
            d.parse::<u32>().map_err(|_| {
                format!("\"{d}\" is no die; write the dice shown, e.g. 3 4, or leave it blank for the server to roll")
            })
        })
        .collect::<Result<Vec<_>, _>>()?;
    Ok(Some(dice).filter(|d| !d.is_empty()))
}

/// A count typed into a form; blank is `default`.
pub fn parse_count(text: &str, default: u32, what: &str) -> Result<u32, String> {
    let text = text.trim();
    if text.is_empty() {
        return Ok(default);
    }
    text.parse()
        .map_err(|_| format!("{what} is a whole number, 0 or more; \"{text}\" is not"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dice_are_numbers_or_blank() {
        assert_eq!(parse_dice(""), Ok(None));
        assert_eq!(parse_dice("  "), Ok(None));
        assert_eq!(parse_dice("3 4"), Ok(Some(vec![3, 4])));
        assert_eq!(parse_dice("2,5, 6"), Ok(Some(vec![2, 5, 6])));
        assert!(parse_dice("3 x").unwrap_err().contains("\"x\" is no die"));
    }

    #[test]
    fn counts_default_when_blank() {
        assert_eq!(parse_count("", 20, "turns"), Ok(20));
        assert_eq!(parse_count(" 7 ", 0, "turns"), Ok(7));
        assert!(parse_count("-1", 0, "turns").is_err());
    }
}
