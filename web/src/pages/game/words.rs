//! A refusal of the debrief in the words of its page (API v1.3, "Words"): the service
//! already says its refusals in words, and names the crewmen and aircraft types of the
//! debrief's roster; the page names what only it knows by id (a crewman or aircraft
//! type outside that roster, a mission), heads sorties as its rows do, and shows no
//! code formatting.

use std::collections::HashMap;

use eagles_office::words::named_ids;

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

impl Words {
    /// `detail` as the page says it.
    pub fn say(&self, detail: &str) -> String {
        let text = crate::pages::words::plain_text(detail);
        let text = named_ids(&text, "aircraft type ", |id| {
            self.aircraft.get(&id).cloned()
        });
        let text = named_ids(&text, "crewman ", |id| self.crew.get(&id).cloned());
        let text = named_ids(&text, "mission ", |id| self.missions.get(&id).cloned());
        sortie_keys(&text).replace('_', " ")
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

    // API v1.3 "Words": the page names crewmen, aircraft and missions, never ids, and
    // shows no code formatting; what the service already says in words stays as it is.
    #[test]
    fn names_instead_of_ids() {
        let w = words();
        assert_eq!(
            w.say("§10.01: crewman 6 has 6 wound boxes crossed off; a crewman has three and is killed at three"),
            "§10.01: Jean Chaput has 6 wound boxes crossed off; a crewman has three and is killed at three"
        );
        assert_eq!(
            w.say("mission 3: the debrief has no Allied mission"),
            "the Allied mission (observe enemy HQ): the debrief has no Allied mission"
        );
        assert_eq!(
            w.say("aircraft type 40 is not in service in April 1917"),
            "Nieuport 17 is not in service in April 1917"
        );
        assert_eq!(
            w.say("sortie 12 is a1 in the line-up, not \"c2\""),
            "sortie 12 is a1 in the line-up, not aircraft c2"
        );
        assert_eq!(
            w.say("aircraft a1 (landed): §11.01: a landing is rolled against the hex's terrain; give the terrain of the hex (airfield, clear, river, railway, marsh, woods, trench line, shell holes or village)"),
            "aircraft a1 (landed): §11.01: a landing is rolled against the hex's terrain; give the terrain of the hex (airfield, clear, river, railway, marsh, woods, trench line, shell holes or village)"
        );
        assert_eq!(
            w.say("`turns_played` is too large"),
            "turns played is too large"
        );
    }
}
