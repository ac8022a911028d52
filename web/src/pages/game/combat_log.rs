//! A debriefed game's combat in words (API v1.2): each combat roll made on the sheets,
//! as the table declared it — who fired at whom, at what range and burst — and what
//! the Combat Result Table gave.

use campaign::logged_table::LoggedTable;
use campaign::sheet::SheetTable;
use eagles_office::rolls::RollView;

use super::debrief_form::Declared;
use crate::pages::sheets::hits_words;

/// "Charles Nungesser (Nieuport 17, a2) fired at c2 (Albatros D-III) at range 1,
/// medium burst: combat value 9, die 4 — B1R: one blue, one red" (the hits as the
/// sheets page and the projector say them), one a combat roll of
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
            // An undone roll stays in the log, said to be undone (R24).
            let undone = if roll.undone { " (undone)" } else { "" };
            format!(
                "{who} ({}, {shooter}) fired at {target} ({}) at range {}, {} burst: combat value {}, die {} — {}{undone}",
                aircraft(&shooter),
                aircraft(&target),
                count("range"),
                text("burst"),
                result["combat_value"].as_i64().unwrap_or(0),
                roll.dice.first().copied().unwrap_or(0),
                hits_words(count("blue"), count("red")),
            )
        })
        .collect()
}
