//! A refusal in people's words (API v1.3 "Words"): where a check knows a thing by its id
//! only ("crewman 6"), whoever holds the names puts them in — the service for the
//! debrief's roster, a page for what it shows.

/// `text` with every "`prefix`N" whose N `name` knows replaced by the name; an N it
/// does not know, or a prefix without a number, is left as it is.
pub fn named_ids(text: &str, prefix: &str, name: impl Fn(i64) -> Option<String>) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find(prefix) {
        let after = &rest[at + prefix.len()..];
        let digits = after.chars().take_while(char::is_ascii_digit).count();
        let known = after[..digits].parse().ok().and_then(&name);
        out.push_str(&rest[..at]);
        match known {
            Some(n) => {
                out.push_str(&n);
                rest = &after[digits..];
            }
            None => {
                out.push_str(prefix);
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_become_names() {
        let name = |id| (id == 6).then(|| "Jean Chaput".to_owned());
        assert_eq!(
            named_ids(
                "§10.01: crewman 6 has 4 wound boxes; crewman 7 and crewman x",
                "crewman ",
                name
            ),
            "§10.01: Jean Chaput has 4 wound boxes; crewman 7 and crewman x"
        );
    }
}
