//! Debrief reports written sortie by sortie, as a referee fills in the debrief: who flew
//! what, for how long, what they hit and how they came home, the kills and the mission
//! facts. The debrief's own rules then give the awards, kills and casualties (R4, R5,
//! R7, R10), so the standings are tested on what a real debrief writes.

use serde_json::{json, Value};

use super::builders::Referee;

/// A crewman aboard a sortie.
pub struct Seat {
    crew_id: i64,
    position: &'static str,
    red_hits: u32,
    wound_boxes: u32,
    outcome: &'static str,
    /// The injury roll's dice, entered (R7, R14).
    injury_dice: Option<Vec<u32>>,
}

/// An unharmed pilot with this many Red hits.
pub fn pilot(crew_id: i64, red_hits: u32) -> Seat {
    Seat {
        crew_id,
        position: "pilot",
        red_hits,
        wound_boxes: 0,
        outcome: "unharmed",
        injury_dice: None,
    }
}

/// An unharmed observer.
pub fn observer(crew_id: i64) -> Seat {
    Seat {
        position: "observer",
        ..pilot(crew_id, 0)
    }
}

impl Seat {
    /// The same crewman with one wound box, a minor injury: out `weeks_out` weeks, its
    /// 1d6 entered as `weeks_out + 1` (R7: 1d6−1 weeks).
    pub fn minor_injury(self, weeks_out: u32) -> Seat {
        Seat {
            wound_boxes: 1,
            outcome: "minor_injury",
            injury_dice: Some(vec![weeks_out + 1]),
            ..self
        }
    }

    /// The same crewman with two wound boxes, a serious injury: out for the sum of
    /// these 3d6 weeks (R7; three equal dice would send him home).
    pub fn serious_injury(self, dice: [u32; 3]) -> Seat {
        Seat {
            wound_boxes: 2,
            outcome: "serious_injury",
            injury_dice: Some(dice.to_vec()),
            ..self
        }
    }

    /// The same crewman with three wound boxes: killed (R7).
    pub fn killed(self) -> Seat {
        Seat {
            wound_boxes: 3,
            outcome: "killed",
            ..self
        }
    }

    /// Whether he is killed.
    pub fn is_killed(&self) -> bool {
        self.outcome == "killed"
    }

    fn report(&self) -> Value {
        let mut seat = json!({
            "crew_id": self.crew_id,
            "position": self.position,
            "red_hits": self.red_hits,
            "wound_boxes": self.wound_boxes,
            "outcome": self.outcome,
        });
        if let Some(dice) = &self.injury_dice {
            seat["dice"] = json!({ "injury": dice });
        }
        seat
    }
}

/// A sortie of the report.
pub struct SortieSpec<'a> {
    key: &'a str,
    aircraft: &'a str,
    assignment: &'a str,
    turns_on_board: u32,
    aircraft_lost: bool,
    crew: Vec<Seat>,
}

impl<'a> SortieSpec<'a> {
    /// The same sortie, its aircraft lost.
    pub fn lost(self) -> SortieSpec<'a> {
        SortieSpec {
            aircraft_lost: true,
            ..self
        }
    }
}

/// A side, whose sorties are reported as flown: `ALLIED.sweep("a2", …)`. The side is
/// the aircraft type's; this names it for the reader.
pub struct Side(());

pub const ALLIED: Side = Side(());
pub const CENTRAL: Side = Side(());

impl Side {
    /// The side's mission aircraft, `turns` turns on the board; it came home.
    pub fn mission<'a>(
        &self,
        key: &'a str,
        aircraft: &'a str,
        turns: u32,
        crew: impl IntoIterator<Item = Seat>,
    ) -> SortieSpec<'a> {
        SortieSpec {
            key,
            aircraft,
            assignment: "mission",
            turns_on_board: turns,
            aircraft_lost: false,
            crew: crew.into_iter().collect(),
        }
    }

    /// A single-seater on fighter sweep; it came home.
    pub fn sweep<'a>(
        &self,
        key: &'a str,
        aircraft: &'a str,
        turns: u32,
        pilot: Seat,
    ) -> SortieSpec<'a> {
        SortieSpec {
            assignment: "sweep",
            ..self.mission(key, aircraft, turns, [pilot])
        }
    }
}

/// A game's debrief, built up as the referee fills it in.
pub struct Debriefing<'a> {
    turns_played: u32,
    sorties: Vec<SortieSpec<'a>>,
    kills: Vec<Value>,
    missions: Vec<Value>,
}

impl<'a> Debriefing<'a> {
    /// A game that lasted `turns_played` turns.
    pub fn new(turns_played: u32) -> Debriefing<'a> {
        Debriefing {
            turns_played,
            sorties: Vec::new(),
            kills: Vec::new(),
            missions: Vec::new(),
        }
    }

    /// These sorties, after those already reported.
    pub fn sorties(mut self, sorties: impl IntoIterator<Item = SortieSpec<'a>>) -> Self {
        self.sorties.extend(sorties);
        self
    }

    /// The aircraft of sortie `victim` destroyed by `shooters` (R4: 24/n each).
    pub fn kill(mut self, victim: &str, shooters: &[i64]) -> Self {
        self.kills
            .push(json!({ "victim": victim, "shooters": shooters }));
        self
    }

    /// An observation `mission` whose aircraft observed its target and landed safely:
    /// a success (R10).
    pub fn observed(mut self, mission: i64) -> Self {
        self.missions
            .push(json!({ "mission_id": mission, "landed_safely": true,
                                   "target_observed": true }));
        self
    }

    /// A directing-artillery `mission` that made `trips` trips (R4, R10).
    pub fn trips(mut self, mission: i64, trips: u32) -> Self {
        self.missions
            .push(json!({ "mission_id": mission, "trips": trips }));
        self
    }

    /// The report as `POST …/debrief` takes it, its aircraft named by their ids.
    pub async fn report(self, referee: &Referee) -> Value {
        let mut sorties = Vec::new();
        for s in &self.sorties {
            sorties.push(json!({
                "key": s.key,
                "aircraft_id": referee.aircraft(s.aircraft).await,
                "assignment": s.assignment,
                "turns_on_board": s.turns_on_board,
                "aircraft_lost": s.aircraft_lost,
                "crew": s.crew.iter().map(Seat::report).collect::<Vec<_>>(),
            }));
        }
        json!({
            "turns_played": self.turns_played,
            "sorties": sorties,
            "kills": self.kills,
            "missions": self.missions,
        })
    }

    /// Debriefs `game` with this report through the debrief's use case; answers its
    /// result as the API shows it.
    pub async fn debrief(self, referee: &Referee, game: i64) -> Value {
        let report = self.report(referee).await;
        referee.debrief(game, report).await
    }
}

/// Plays a game of the current week, both sides on fighter sweep, in which `sortie`
/// alone flies, and debriefs it: its pilot's turns on the board are his XP (R5), and
/// no other award is given (no kill, no loss on the other side).
pub async fn fly_alone(referee: &Referee, sortie: SortieSpec<'_>) -> Value {
    let game = referee.sweep_game().await;
    Debriefing::new(sortie.turns_on_board)
        .sorties([sortie])
        .debrief(referee, game.id)
        .await
}

/// A starting crewman to create: `(owner, name, role, nationality)`.
pub type Recruit = (&'static str, &'static str, &'static str, &'static str);

// The aircraft and the crewmen the standings tests fly: ada and cy play the Allies,
// bob and dan the Central Powers.
pub const STRUTTER: &str = "Sopwith 1 1/2 Strutter";
pub const NIEUPORT: &str = "Nieuport 17";
pub const ALBATROS: &str = "Albatros D-III";
pub const ALBATROS_C: &str = "Albatros C-III";

pub const HAWKER: Recruit = ("ada", "Lanoe Hawker", "pilot", "british");
pub const MOTT: Recruit = ("ada", "Mottershead", "observer", "british");
pub const BALL: Recruit = ("cy", "Albert Ball", "pilot", "british");
pub const BISHOP: Recruit = ("cy", "Billy Bishop", "pilot", "commonwealth");
pub const RICHT: Recruit = ("bob", "Manfred von Richthofen", "pilot", "german");
pub const VOSS: Recruit = ("bob", "Werner Voss", "pilot", "german");
pub const KOSMAHL: Recruit = ("bob", "Fritz Kosmahl", "observer", "german");
pub const WOLFF: Recruit = ("dan", "Kurt Wolff", "pilot", "german");
