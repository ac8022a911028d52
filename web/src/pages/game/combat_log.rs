//! A debriefed game's combat in words (API v1.2): each combat roll made on the sheets,
//! as the table declared it — who fired at whom, at what range and burst — and what
//! the Combat Result Table gave.

use campaign::logged_table::LoggedTable;
use campaign::sheet::SheetTable;
use eagles_office::rolls::RollView;

use super::debrief_form::Declared;

/// "Charles Nungesser (Nieuport 17, a2) fired at c2 (Albatros D-III) at range 1,
/// medium burst: combat value 9, die 4 — one blue, one red", one a combat roll of
/// `rolls` (the game's, oldest first); `sorties` are the game's, `name` gives a
/// crewman's name.
pub fn lines(
    rolls: &[RollView],
    sorties: &[Declared],
    name: impl Fn(i64) -> String,
) -> Vec<String> {
    let aircraft = |key: &str| {
        sorties
            .iter()
            .find(|s| s.key == key)
            .map_or_else(String::new, |s| s.aircraft.clone())
    };
    rolls
        .iter()
        .filter(|r| r.table == LoggedTable::Sheet(SheetTable::Combat))
        .map(|roll| {
            let result = &roll.result;
            let text = |field: &str| result[field].as_str().unwrap_or_default().to_owned();
            let count = |field: &str| result[field].as_u64().unwrap_or(0);
            let (shooter, target) = (text("shooter_sortie"), text("target_sortie"));
            let who = roll.crew_id.map_or_else(|| "The crew".to_owned(), &name);
            format!(
                "{who} ({}, {shooter}) fired at {target} ({}) at range {}, {} burst: combat value {}, die {} — {}",
                aircraft(&shooter),
                aircraft(&target),
                count("range"),
                text("burst"),
                result["combat_value"].as_i64().unwrap_or(0),
                roll.dice.first().copied().unwrap_or(0),
                hits(count("blue"), count("red")),
            )
        })
        .collect()
}

/// "one blue, one red", "three red", "no hit".
fn hits(blue: u64, red: u64) -> String {
    let colour = |n: u64, colour: &str| (n > 0).then(|| format!("{} {colour}", number(n)));
    let said: Vec<String> = [colour(blue, "blue"), colour(red, "red")]
        .into_iter()
        .flatten()
        .collect();
    if said.is_empty() {
        "no hit".to_owned()
    } else {
        said.join(", ")
    }
}

fn number(n: u64) -> String {
    const WORDS: [&str; 10] = [
        "no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
    ];
    usize::try_from(n)
        .ok()
        .and_then(|n| WORDS.get(n))
        .map_or_else(|| n.to_string(), |w| (*w).to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hits_are_said_in_words() {
        assert_eq!(hits(1, 1), "one blue, one red");
        assert_eq!(hits(0, 3), "three red");
        assert_eq!(hits(0, 0), "no hit");
        assert_eq!(hits(12, 0), "12 blue");
    }
}
