//! How an aircraft came down and where, as a form asks it (API v1.1 `down`, R8, §11,
//! appendix C): the debrief form's row of each sortie and the player's sheet ask the
//! same facts under the same names (`how`, `terrain`, `road`, `smoking`, `on_fire`,
//! `gliding`, `critical_damage`, `pusher`, `destroyed`, `altitude`, `side_of_lines`,
//! `hexes`, `landing_dice`; a crewman's `crash_dice`, `bail_out_dice`,
//! `evade_dice`), read here into the API's `DownReport`. Markup:
//! `templates/down_fields.html`.

use campaign::down::How;
use campaign::tables::evade::SideOfLines;
use campaign::tables::landing::Terrain;
use eagles_office::debrief::{DownDice, DownReport};

use super::choice::{chosen, parse_count, parse_dice, Choice};

/// How a sortie's aircraft came down, as typed.
#[derive(Debug, Clone)]
pub struct DownInput {
    /// How it came down; the first, blank choice says it did not.
    pub hows: Vec<Choice>,
    pub terrains: Vec<Choice>,
    /// Its checkboxes, in the order of [`DOWN_CHECKS`].
    pub checks: Vec<DownCheck>,
    pub altitude: String,
    pub sides: Vec<Choice>,
    pub hexes: String,
    pub landing_dice: String,
    /// The refusals that name one of these fields.
    pub errors: Vec<String>,
}

/// A checkbox of how a sortie's aircraft came down.
#[derive(Debug, Clone)]
pub struct DownCheck {
    /// Its field's name (after the debrief row's key, e.g. `a1_road`).
    pub field: &'static str,
    /// The fact.
    pub label: &'static str,
    /// When it counts, in words.
    pub hint: &'static str,
    /// The ways of coming down it counts for, as the debrief form's script reads them.
    pub when: &'static str,
    pub ticked: bool,
}

/// The checkboxes of [`DownInput`] as `(field, label, hint, when)`, in the order shown.
const DOWN_CHECKS: [(&str, &str, &str, &str); 7] = [
    ("road", "A road in the hex", "only if it landed", "landed"),
    ("smoking", "Smoking", "only if it landed", "landed"),
    (
        "on_fire",
        "On fire",
        "only if it landed, was shot down or bailed out of",
        "landed shot_down bailed_out",
    ),
    ("gliding", "Gliding", "only if it landed", "landed"),
    (
        "critical_damage",
        "Critical damage",
        "only if it landed",
        "landed",
    ),
    (
        "pusher",
        "A pusher aircraft",
        "only if it landed or was shot down",
        "landed shot_down",
    ),
    (
        "destroyed",
        "Destroyed as they bailed out",
        "only if the crew bailed out",
        "bailed_out",
    ),
];

/// The words a form names a way of coming down with.
pub fn how_label(how: How) -> &'static str {
    match how {
        How::Landed => "forced landing",
        How::ShotDown => "shot down",
        How::Exploded => "exploded",
        How::BailedOut => "the crew bailed out",
        How::OffBoard => "came down off the board",
    }
}

fn side_of_lines_label(side: SideOfLines) -> &'static str {
    match side {
        SideOfLines::Own => "behind our own lines",
        SideOfLines::NoMansLand => "in no man's land",
        SideOfLines::Enemy => "behind the enemy's lines",
    }
}

impl DownInput {
    /// The fields as `typed` gives each by its name; `none` labels the first choice
    /// of how, which says the aircraft did not come down.
    pub fn read(typed: impl Fn(&str) -> String, none: &str) -> Self {
        let ticked = |field: &str| !typed(field).is_empty();
        let how = typed("how");
        let hows = std::iter::once((String::new(), none.to_owned())).chain(
            How::ALL
                .iter()
                .map(|h| (h.as_str().to_owned(), how_label(*h).to_owned())),
        );
        let terrain = typed("terrain");
        let terrains = std::iter::once((String::new(), "choose…".to_owned())).chain(
            Terrain::ALL
                .iter()
                .map(|t| (t.as_str().to_owned(), t.label().replace('_', " "))),
        );
        let side = typed("side_of_lines");
        let sides = std::iter::once((String::new(), "choose…".to_owned())).chain(
            SideOfLines::ALL
                .iter()
                .map(|s| (s.as_str().to_owned(), side_of_lines_label(*s).to_owned())),
        );
        DownInput {
            hows: Choice::list(hows, [how.as_str()]),
            terrains: Choice::list(terrains, [terrain.as_str()]),
            checks: DOWN_CHECKS
                .iter()
                .map(|&(field, label, hint, when)| DownCheck {
                    field,
                    label,
                    hint,
                    when,
                    ticked: ticked(field),
                })
                .collect(),
            altitude: typed("altitude"),
            sides: Choice::list(sides, [side.as_str()]),
            hexes: typed("hexes"),
            landing_dice: typed("landing_dice"),
            errors: Vec::new(),
        }
    }

    /// Whether the checkbox `field` is ticked.
    pub fn ticked(&self, field: &str) -> bool {
        self.checks.iter().any(|c| c.field == field && c.ticked)
    }

    /// How it came down; none for the first, blank choice.
    pub fn how(&self) -> Option<How> {
        chosen(&self.hows).and_then(|h| h.parse().ok())
    }

    /// The report of coming down `how`, with the landing's dice; the crewmen's dice
    /// are the caller's to add. None with each field that does not read refused in
    /// [`DownInput::errors`].
    pub fn report(&mut self, how: How) -> Option<DownReport> {
        let landing = parse_dice(&self.landing_dice).map_err(|e| self.errors.push(e));
        let hexes = match self.hexes.trim() {
            "" => Ok(None),
            h => parse_count(h, 0, "Hexes from the friendly trenches")
                .map(Some)
                .map_err(|e| self.errors.push(e)),
        };
        let altitude = parse_count(&self.altitude, 0, "Altitude").map_err(|e| self.errors.push(e));
        Some(DownReport {
            how,
            terrain: chosen(&self.terrains).and_then(|t| t.parse().ok()),
            road: self.ticked("road"),
            smoking: self.ticked("smoking"),
            on_fire: self.ticked("on_fire"),
            gliding: self.ticked("gliding"),
            critical_damage: self.ticked("critical_damage"),
            pusher: self.ticked("pusher"),
            altitude: altitude.ok()?,
            aircraft_destroyed: self.ticked("destroyed"),
            side_of_lines: chosen(&self.sides).and_then(|s| s.parse().ok()),
            hexes_from_friendly_trenches: hexes.ok()?,
            dice: DownDice {
                landing: landing.ok()?,
                ..DownDice::default()
            },
            nonce: None,
        })
    }
}

/// Puts the dice a crewman typed for the crash, the bail-out and the evasion (in that
/// order) on those tables of `dice` under `crew_id` (none when blank: the server
/// rolls, R14); each that does not read is refused in words.
pub fn seat_dice(
    dice: &mut DownDice,
    crew_id: i64,
    [crash, bail_out, evade]: [&str; 3],
) -> Vec<String> {
    let mut problems = Vec::new();
    for (typed, table) in [
        (crash, &mut dice.crash),
        (bail_out, &mut dice.bail_out),
        (evade, &mut dice.evade),
    ] {
        match parse_dice(typed) {
            Ok(Some(d)) => {
                table.insert(crew_id, d);
            }
            Ok(None) => {}
            Err(e) => problems.push(e),
        }
    }
    problems
}
