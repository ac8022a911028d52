//! The pages' words (issue 37): counts with their plurals, "a" or "an", the campaign's
//! one date style, and every logged roll said in the rulebook's terms — its table's
//! name and its result as a sentence ([`rolls`]). The JSON and CSV keep the wire's
//! names; only what a person reads goes through here.

pub mod modifiers;
pub mod rolls;

use chrono::{DateTime, NaiveDate, Utc};

/// `n` and the noun in its number: "1 red hit", "2 red hits", "3 crewmen".
pub fn count(n: impl Into<i64>, one: &str, many: &str) -> String {
    let n = n.into();
    format!("{n} {}", if n == 1 { one } else { many })
}

/// `n` and a noun whose plural takes an s: "1 week", "9 weeks".
pub fn counted(n: impl Into<i64>, noun: &str) -> String {
    let n = n.into();
    if n == 1 {
        format!("1 {noun}")
    } else {
        format!("{n} {noun}s")
    }
}

/// Small numbers as words, as the rulebook writes them ("one blue marker"); larger
/// ones as figures.
pub fn number(n: u64) -> String {
    const WORDS: [&str; 11] = [
        "no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
    ];
    WORDS
        .get(n as usize)
        .map_or_else(|| n.to_string(), |w| (*w).to_owned())
}

/// The noun with its indefinite article: "a Nieuport 17", "an Albatros D-III", "an
/// RAF SE5a", "an L.F.G. Roland", "a SPAD VII".
pub fn article(noun: &str) -> String {
    format!("{} {noun}", if takes_an(noun) { "an" } else { "a" })
}

fn takes_an(noun: &str) -> bool {
    let word = noun.split_whitespace().next().unwrap_or_default();
    let Some(first) = word.chars().next() else {
        return false;
    };
    let letters: String = word.chars().filter(|c| c.is_alphabetic()).collect();
    // An initialism is said letter by letter: "an R.A.F.", "an L.F.G.", "an AGO".
    let initialism = word.contains('.')
        || (letters.len() <= 3 && letters.len() > 1 && letters.chars().all(char::is_uppercase));
    if initialism {
        "AEFHILMNORSX".contains(first.to_ascii_uppercase())
    } else {
        "AEIOUaeiou".contains(first)
    }
}

/// A date in the campaign's style: "9 April 1917".
pub fn date(d: NaiveDate) -> String {
    d.format("%-d %B %Y").to_string()
}

/// A month in the same style, for what the rulebook dates by the month (an aircraft's
/// entry into service, appendices A and B): "April 1917".
pub fn month(d: NaiveDate) -> String {
    d.format("%B %Y").to_string()
}

/// A moment in the same style, to the minute: "9 April 1917, 14:05 UTC".
pub fn moment(t: DateTime<Utc>) -> String {
    t.format("%-d %B %Y, %H:%M UTC").to_string()
}

/// A signed modifier with a typographic minus, as the rulebook prints them: "+1",
/// "−2".
pub fn signed(n: i64) -> String {
    if n < 0 {
        format!("\u{2212}{}", -n)
    } else {
        format!("+{n}")
    }
}

/// The text with its first letter in capitals, to start a sentence.
pub fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars
        .next()
        .map(|c| c.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

/// The text as a sentence of its own: a capital first, a full stop last.
pub fn sentence(text: &str) -> String {
    let text = capitalised(text.trim());
    if text.ends_with(['.', '!', '?']) {
        text
    } else {
        format!("{text}.")
    }
}

/// An award's reason as the ledger keeps it (`kill shared with 2: 12`, the API's words)
/// said on a page: "kill shared by 2 shooters: 12 XP" (§13.103).
pub fn award_reason(reason: &str) -> String {
    let (head, void) = match reason.strip_prefix("void: ") {
        Some(rest) => ("void: ", rest),
        None => ("", reason),
    };
    let said = match void.strip_prefix("kill shared with ") {
        Some(rest) => match rest.split_once(": ") {
            Some((n, tail)) if n.parse::<u32>().is_ok() => {
                format!("kill shared by {n} shooters: {tail}")
            }
            _ => void.to_owned(),
        },
        None => void.to_owned(),
    };
    format!("{head}{said}")
}

#[cfg(test)]
mod tests {
    use super::*;

    // Issue 37: "1 red hits", "shared by all 2 shooters" — counts agree with their nouns.
    #[test]
    fn counts_agree_with_their_nouns() {
        assert_eq!(count(1, "red hit", "red hits"), "1 red hit");
        assert_eq!(count(2, "red hit", "red hits"), "2 red hits");
        assert_eq!(count(0, "crewman", "crewmen"), "0 crewmen");
        assert_eq!(counted(1, "week"), "1 week");
        assert_eq!(counted(12, "week"), "12 weeks");
        assert_eq!(number(1), "one");
        assert_eq!(number(3), "three");
        assert_eq!(number(12), "12");
    }

    // Issue 37: "shot down a Albatros".
    #[test]
    fn articles_follow_the_sound() {
        assert_eq!(article("Albatros D-III"), "an Albatros D-III");
        assert_eq!(article("Nieuport 17"), "a Nieuport 17");
        assert_eq!(article("Airco DH-2"), "an Airco DH-2");
        assert_eq!(article("RAF SE5a"), "an RAF SE5a");
        assert_eq!(article("L.F.G. Roland C-II"), "an L.F.G. Roland C-II");
        assert_eq!(article("AGO C-IV"), "an AGO C-IV");
        assert_eq!(article("SPAD VII"), "a SPAD VII");
        assert_eq!(article("Fokker Dr-I"), "a Fokker Dr-I");
        assert_eq!(article("Halberstadt CL-II"), "a Halberstadt CL-II");
    }

    // Issue 37: one date style, the campaign's.
    #[test]
    fn one_date_style() {
        let d = NaiveDate::from_ymd_opt(1917, 4, 9).unwrap();
        assert_eq!(date(d), "9 April 1917");
        assert_eq!(month(d), "April 1917");
        let t = d.and_hms_opt(14, 5, 0).unwrap().and_utc();
        assert_eq!(moment(t), "9 April 1917, 14:05 UTC");
    }

    // Issue 37: "kill shared with 2: 12" — the API keeps it, the page says it.
    #[test]
    fn shared_kills_say_their_shooters() {
        assert_eq!(
            award_reason("kill shared with 2: 12"),
            "kill shared by 2 shooters: 12"
        );
        assert_eq!(
            award_reason("void: kill shared with 2: 12 (Mannock alone)"),
            "void: kill shared by 2 shooters: 12 (Mannock alone)"
        );
        assert_eq!(award_reason("kill: 24"), "kill: 24");
    }

    #[test]
    fn signs_and_capitals() {
        assert_eq!(signed(-2), "\u{2212}2");
        assert_eq!(signed(3), "+3");
        assert_eq!(signed(0), "+0");
        assert_eq!(capitalised("observe enemy HQ"), "Observe enemy HQ");
        assert_eq!(capitalised(""), "");
        assert_eq!(sentence("this link was used"), "This link was used.");
        assert_eq!(sentence("Too many tries."), "Too many tries.");
    }
}
