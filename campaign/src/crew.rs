//! Crewmen as the rules see them: their id, their role and their status.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::wire::wire_enum;

/// Opaque id of a crewman; the crate only compares ids.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct CrewId(pub i64);

impl fmt::Display for CrewId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

wire_enum! {
    /// What a crewman is (R3); also the seat he sits in.
    pub enum Role {
        /// Flies the aircraft.
        Pilot,
        /// Observes, bombs and mans the rear gun of a two-seater.
        Observer,
    }
}

wire_enum! {
    /// Where a crewman stands in the war.
    pub enum CrewStatus {
        /// Fit to fly.
        Active,
        /// Out of service until his `out_until_week` (R7): injured, whether by his
        /// wounds or a crash, as the pages say (appendix C's injuries).
        Wounded as "injured",
        /// A prisoner: out for good, or for the weeks of an escape (R8).
        Captured,
        /// Dead.
        Killed,
        /// Sent home after a serious injury on a triple (R7).
        SentHome as "sent home",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::wire::testing::round_trips;

    #[test]
    fn wire_names_round_trip() {
        round_trips(Role::ALL);
        round_trips(CrewStatus::ALL);
        assert_eq!(CrewStatus::SentHome.as_str(), "sent_home");
        assert_eq!(CrewId(7).to_string(), "7");
    }
}
