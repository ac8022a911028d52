//! A mission's facts as a form asks them (R10): only those its success is judged on,
//! the same on the debrief form and on the mission sortie's sheet, under the same
//! names (`target_observed`, `hexes_observed`, `trips`, `hexes_strafed`,
//! `balloon_destroyed`). Markup: `templates/mission_fields.html`.

use campaign::missions::MissionType;

use super::choice::parse_count;

/// Which facts a mission's success is judged on (R10); every fact when the mission
/// is not known.
#[derive(Debug, Clone, Copy)]
pub struct MissionAsks(pub Option<MissionType>);

impl MissionAsks {
    fn is(self, judged: impl Fn(MissionType) -> bool) -> bool {
        self.0.is_none_or(judged)
    }

    /// R10: only the observation missions need the aircraft home safely.
    pub fn needs_landing(self) -> bool {
        self.is(MissionType::is_observation)
    }
    pub fn observes_target(self) -> bool {
        self.is(|t| matches!(t, MissionType::ObserveAirfield | MissionType::ObserveHq))
    }
    pub fn observes_troops(self) -> bool {
        self.is(|t| t == MissionType::ObserveTroops)
    }
    pub fn bombs(self) -> bool {
        self.is(MissionType::is_bombing)
    }
    pub fn directs_artillery(self) -> bool {
        self.is(|t| t == MissionType::DirectArtillery)
    }
    pub fn strafes(self) -> bool {
        self.is(|t| t == MissionType::StrafeTrenches)
    }
    pub fn busts_balloons(self) -> bool {
        self.is(|t| t == MissionType::BalloonBusting)
    }
    /// Whether any of the facts a sheet records is asked.
    pub fn asks_any(self) -> bool {
        self.observes_target()
            || self.observes_troops()
            || self.directs_artillery()
            || self.strafes()
            || self.busts_balloons()
    }
}

/// The facts of a mission a player reports, as typed.
#[derive(Debug, Clone)]
pub struct FactsInput {
    pub asks: MissionAsks,
    pub target_observed: bool,
    pub hexes_observed: String,
    pub trips: String,
    /// Trips that make directing artillery a success, to say beside them.
    pub trips_needed: Option<i32>,
    pub hexes_strafed: String,
    pub balloon_destroyed: bool,
}

/// The counts of [`FactsInput`], read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FactCounts {
    pub hexes_observed: u32,
    pub trips: u32,
    pub hexes_strafed: u32,
}

impl FactsInput {
    /// The facts as `typed` gives each by its name (a box ticked is not empty).
    pub fn read(
        asks: MissionAsks,
        trips_needed: Option<i32>,
        typed: impl Fn(&str) -> String,
    ) -> Self {
        FactsInput {
            asks,
            target_observed: !typed("target_observed").is_empty(),
            hexes_observed: typed("hexes_observed"),
            trips: typed("trips"),
            trips_needed,
            hexes_strafed: typed("hexes_strafed"),
            balloon_destroyed: !typed("balloon_destroyed").is_empty(),
        }
    }

    /// The counts (blank is 0), or each that is no whole number refused in words,
    /// under its field's name.
    pub fn counts(&self) -> Result<FactCounts, Vec<(&'static str, String)>> {
        let mut problems = Vec::new();
        let mut count = |field: &'static str, text: &str, what: &str| {
            parse_count(text, 0, what)
                .map_err(|e| problems.push((field, e)))
                .unwrap_or(0)
        };
        let counts = FactCounts {
            hexes_observed: count("hexes_observed", &self.hexes_observed, "Hexes observed"),
            trips: count("trips", &self.trips, "Trips done"),
            hexes_strafed: count("hexes_strafed", &self.hexes_strafed, "Trench hexes strafed"),
        };
        if problems.is_empty() {
            Ok(counts)
        } else {
            Err(problems)
        }
    }
}
