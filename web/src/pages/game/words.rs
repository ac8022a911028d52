//! A refusal of the debrief in the words of its page (API v1.2, "Refusals in people's
//! words"): the service's problem keeps its ids, keys and field paths for the API; the
//! page names crewmen, aircraft, missions and its own labels instead, and shows no
//! code formatting.

use std::collections::HashMap;

/// The names the debrief page shows, to say a refusal with.
#[derive(Debug, Clone, Default)]
pub struct Words {
    /// Crewmen by id.
    pub crew: HashMap<i64, String>,
    /// Aircraft types by id.
    pub aircraft: HashMap<i64, String>,
    /// The game's missions by id, e.g. "the Allied mission (observe enemy HQ)".
    pub missions: HashMap<i64, String>,
}

/// The request's field paths and values as the form labels them, longest first where
/// one starts another.
const LABELS: &[(&str, &str)] = &[
    ("down.dice.landing", "the landing dice"),
    ("down.dice.crash", "the crash dice"),
    ("down.dice.bail_out", "the bail-out dice"),
    ("down.dice.evade", "the evade dice"),
    ("down.dice.capture", "the capture dice"),
    ("down.dice.injury", "the injury dice"),
    ("down.dice", "the dice"),
    ("dice.injury", "the injury dice"),
    ("dice.capture", "the capture dice"),
    (
        "down.hexes_from_friendly_trenches",
        "hexes from the friendly trenches",
    ),
    ("down.side_of_lines", "which side of the lines"),
    ("down.terrain", "the terrain of the hex"),
    ("down.altitude", "the altitude"),
    ("down.how", "how the aircraft ended its sortie"),
    ("down.critical_damage", "critical damage"),
    ("down.on_fire", "on fire"),
    (
        "send landed_safely false",
        "leave \"Landed safely\" unticked",
    ),
    ("landed_safely true", "landed safely"),
    ("landed_safely false", "did not land safely"),
    ("landed_safely", "landed safely"),
    (
        "leave aircraft_lost out to take it from down, or correct down",
        "correct how the aircraft ended its sortie",
    ),
    ("aircraft_lost is true", "the aircraft is lost"),
    ("aircraft_lost is false", "the aircraft is not lost"),
    ("aircraft_lost", "the aircraft lost"),
    (
        "leave outcome out to take the tables' result, or correct down",
        "correct how the aircraft ended its sortie",
    ),
    ("enemy_left_board_on_turn", "the turn a side left the board"),
    ("turns_on_board", "turns on board"),
    ("turns_played", "turns played"),
    ("wound_boxes", "wound boxes"),
    ("red_hits", "red hits"),
    ("hexes_observed", "hexes observed"),
    ("hexes_strafed", "trench hexes strafed"),
    ("target_observed", "target observed"),
    ("target_destroyed", "target destroyed"),
    ("balloon_destroyed", "balloon destroyed"),
    ("no_mans_land", "no man's land"),
    ("bailed_out", "bailed out"),
    ("shot_down", "shot down"),
    ("off_board", "off the board"),
    ("serious_injury", "serious injury"),
    ("minor_injury", "minor injury"),
    ("bail_out", "bail-out"),
    ("crew_id", "crewman"),
    ("position \"pilot\"", "as the pilot"),
    (
        "mark its aircraft's assignment \"mission\" or leave the facts out",
        "choose its mission aircraft in its first row, or leave the facts out",
    ),
    ("; the types are listed at /api/v1/aircraft", ""),
];

impl Words {
    /// `detail` as the page says it.
    pub fn say(&self, detail: &str) -> String {
        let mut text = crate::pages::words::plain_text(detail);
        for (path, label) in LABELS {
            text = text.replace(path, label);
        }
        text = self.numbered(&text, "aircraft type ", |id| {
            self.aircraft.get(&id).cloned()
        });
        text = self.numbered(&text, "crewman ", |id| self.crew.get(&id).cloned());
        text = self.numbered(&text, "mission ", |id| self.missions.get(&id).cloned());
        text = sortie_keys(&text);
        text.replace('_', " ")
    }

    /// `text` with every "`prefix`N" whose N `name` knows replaced by the name.
    fn numbered(&self, text: &str, prefix: &str, name: impl Fn(i64) -> Option<String>) -> String {
        let mut out = String::with_capacity(text.len());
        let mut rest = text;
        while let Some(at) = rest.find(prefix) {
            let after = &rest[at + prefix.len()..];
            let digits = after.chars().take_while(char::is_ascii_digit).count();
            let named = (digits > 0)
                .then(|| after[..digits].parse().ok())
                .flatten()
                .and_then(&name);
            out.push_str(&rest[..at]);
            match named {
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
}

/// `text` with the sortie keys the API quotes (`sortie "a1"`, `"c2"`) as the page
/// heads its rows: aircraft a1.
fn sortie_keys(text: &str) -> String {
    let mut out = text
        .replace("sortie \"", "aircraft \"")
        .replace("sorties", "aircraft");
    let mut i = 0;
    while let Some(open) = out[i..].find('"').map(|o| o + i) {
        let Some(close) = out[open + 1..].find('"').map(|c| c + open + 1) else {
            break;
        };
        let inner = &out[open + 1..close];
        let is_key = inner.len() >= 2
            && matches!(inner.as_bytes()[0], b'a' | b'c')
            && inner[1..].bytes().all(|b| b.is_ascii_digit());
        if is_key {
            let before = &out[..open];
            let word = if before.ends_with("aircraft ") {
                inner.to_owned()
            } else {
                format!("aircraft {inner}")
            };
            out = format!("{before}{word}{}", &out[close + 1..]);
            i = open + word.len();
        } else {
            i = close + 1;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words() -> Words {
        Words {
            crew: [(6, "Jean Chaput".to_owned())].into(),
            aircraft: [(40, "Nieuport 17".to_owned())].into(),
            missions: [(3, "the Allied mission (observe enemy HQ)".to_owned())].into(),
        }
    }

    // API v1.2: the page names crewmen, aircraft and its labels, never ids, paths or
    // code formatting.
    #[test]
    fn names_instead_of_ids_and_paths() {
        let w = words();
        assert_eq!(
            w.say("§10.01: crewman 6 has 6 wound boxes crossed off; a crewman has three and is killed at three"),
            "§10.01: Jean Chaput has 6 wound boxes crossed off; a crewman has three and is killed at three"
        );
        assert_eq!(
            w.say("sortie \"a1\": give down.side_of_lines (own, no_mans_land or enemy)"),
            "aircraft a1: give which side of the lines (own, no man's land or enemy)"
        );
        assert_eq!(
            w.say("appendix E: mission 3 reports landed_safely true, but on its sortie \"a1\" crewman 6 was killed"),
            "appendix E: the Allied mission (observe enemy HQ) reports landed safely, but on its aircraft a1 Jean Chaput was killed"
        );
        assert_eq!(
            w.say("§13.103: crewman 6 is on the same side as aircraft c2"),
            "§13.103: Jean Chaput is on the same side as aircraft c2"
        );
        assert_eq!(
            w.say("`turns_played` is too large"),
            "turns played is too large"
        );
    }
}
