//! The aircraft's own data at the head of its sheet, as appendices A and B print it:
//! stability, armament (`1R/1FO`), dive, climb, dual controls, the altitudes.

use eagles_office::reference::AircraftView;

/// One line of the aircraft's data: the rulebook's column name and its value.
pub struct Datum {
    pub name: &'static str,
    pub value: String,
}

/// The aircraft type's data, in the rulebook's columns and words.
pub struct AircraftData {
    pub data: Vec<Datum>,
    /// The rulebook's footnote on this type, if any.
    pub note: Option<String>,
}

impl From<&AircraftView> for AircraftData {
    fn from(t: &AircraftView) -> Self {
        // The appendices print "-" where a type has no such altitude.
        let altitude = |a: &Option<String>| a.clone().unwrap_or_else(|| "–".to_owned());
        let data = [
            ("Stability", t.stability.clone()),
            ("Armament", t.armament.clone()),
            ("Dive", t.dive.clone()),
            ("Climb", t.climb.to_string()),
            (
                "Dual controls",
                if t.dual_controls { "yes" } else { "no" }.to_owned(),
            ),
            ("Early altitude", altitude(&t.early_altitude)),
            ("Late altitude", altitude(&t.late_altitude)),
        ]
        .into_iter()
        .map(|(name, value)| Datum { name, value })
        .collect();
        Self {
            data,
            note: t.note.clone().filter(|n| !n.trim().is_empty()),
        }
    }
}
