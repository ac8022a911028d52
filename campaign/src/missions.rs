//! The missions of appendix E: their types, what aircraft they need (R9), how a
//! sortie is assigned to one, and who may see that assignment before the game's
//! debrief (§13.20).

use crate::sides::Side;
use crate::wire::wire_enum;

wire_enum! {
    /// A mission of the mission table (appendix E), in the table's order (1–10).
    pub enum MissionType {
        /// 1: observe the enemy airfield.
        ObserveAirfield as "observe enemy airfield",
        /// 2: observe the enemy HQ.
        ObserveHq as "observe enemy HQ",
        /// 3: observe enemy troop concentrations.
        ObserveTroops as "observe enemy troop concentrations",
        /// 4: bomb the enemy airfield.
        BombAirfield as "bomb enemy airfield",
        /// 5: bomb the enemy HQ.
        BombHq as "bomb enemy HQ",
        /// 6: direct artillery fire.
        DirectArtillery as "directing artillery fire",
        /// 7: strafe the enemy trenchline.
        StrafeTrenches as "trench strafing",
        /// 8: balloon busting.
        BalloonBusting as "balloon busting",
        /// 9: fighter sweep.
        FighterSweep as "fighter sweep",
        /// 10: scramble.
        Scramble,
    }
}

impl MissionType {
    /// The mission the 1d10 gives (appendix E); `None` outside 1–10.
    pub fn from_d10(roll: u32) -> Option<MissionType> {
        let index = usize::try_from(roll.checked_sub(1)?).ok()?;
        MissionType::ALL.get(index).copied()
    }

    /// Observation missions (1–3) give their points only after a safe landing (R4).
    pub const fn is_observation(self) -> bool {
        matches!(
            self,
            MissionType::ObserveAirfield | MissionType::ObserveHq | MissionType::ObserveTroops
        )
    }

    /// Bombing missions (4–5).
    pub const fn is_bombing(self) -> bool {
        matches!(self, MissionType::BombAirfield | MissionType::BombHq)
    }

    /// Fighter sweep or scramble: every aircraft of the side flies it (R9) and Red hits
    /// give XP (R4).
    pub const fn is_sweep(self) -> bool {
        matches!(self, MissionType::FighterSweep | MissionType::Scramble)
    }

    /// The aircraft the mission aircraft must be (R9).
    pub const fn requirement(self) -> AircraftRequirement {
        use MissionType::*;
        match self {
            ObserveAirfield | ObserveHq | ObserveTroops | BombAirfield | BombHq
            | DirectArtillery => AircraftRequirement::TwoSeater,
            FighterSweep | Scramble => AircraftRequirement::SingleSeater,
            StrafeTrenches | BalloonBusting => AircraftRequirement::Either,
        }
    }

    /// Whether the mission aircraft must carry an observer: he observes, bombs or
    /// directs the artillery (appendix E).
    pub const fn needs_observer(self) -> bool {
        matches!(self.requirement(), AircraftRequirement::TwoSeater)
    }
}

wire_enum! {
    /// What a mission needs of the aircraft flying it (R9, R11).
    pub enum AircraftRequirement {
        /// Observation, bombing, artillery: an aircraft with an observer's weapon.
        TwoSeater as "a two-seater",
        /// Fighter sweep, scramble: a single-seat pursuit aircraft.
        SingleSeater as "a single-seat pursuit aircraft",
        /// Strafing, balloon busting: any type.
        Either as "any aircraft",
    }
}

impl AircraftRequirement {
    /// Whether an aircraft with that many seats meets the requirement.
    pub const fn allows(self, two_seater: bool) -> bool {
        match self {
            AircraftRequirement::TwoSeater => two_seater,
            AircraftRequirement::SingleSeater => !two_seater,
            AircraftRequirement::Either => true,
        }
    }
}

wire_enum! {
    /// What a sortie flies: its side's rolled mission, or fighter sweep (R4, R9).
    pub enum Assignment {
        /// The side's mission aircraft.
        Mission,
        /// Any other aircraft: it flies fighter sweep.
        Sweep,
    }
}

/// Who reads a side's mission assignment (§13.20); what he sees of a game is
/// [`crate::secrecy::Secrecy`]'s to say.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reader {
    /// A referee of the campaign.
    Referee,
    /// A player of a side.
    Player(Side),
    /// Anyone else: an anonymous reader of a public campaign, a member without a side.
    Public,
}

/// R9's missions grouped by the aircraft they need, as the rulebook lists them: the
/// tests of the requirement and of the assignment check both walk these.
#[cfg(test)]
pub(crate) mod r9_groups {
    use super::MissionType::{self, *};

    /// Observation, bombing and artillery: a two-seater with its observer.
    pub const TWO_SEATER: [MissionType; 6] = [
        ObserveAirfield,
        ObserveHq,
        ObserveTroops,
        BombAirfield,
        BombHq,
        DirectArtillery,
    ];
    /// Fighter sweep and scramble: a single-seat pursuit aircraft.
    pub const SINGLE_SEATER: [MissionType; 2] = [FighterSweep, Scramble];
    /// Strafing and balloon busting: any type.
    pub const EITHER: [MissionType; 2] = [StrafeTrenches, BalloonBusting];
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::wire::testing::round_trips;

    // Appendix E: the mission table, 1d10.
    #[test]
    fn appendix_e_mission_numbers() {
        use MissionType::*;
        let table = [
            (1, ObserveAirfield),
            (2, ObserveHq),
            (3, ObserveTroops),
            (4, BombAirfield),
            (5, BombHq),
            (6, DirectArtillery),
            (7, StrafeTrenches),
            (8, BalloonBusting),
            (9, FighterSweep),
            (10, Scramble),
        ];
        for (roll, mission) in table {
            assert_eq!(MissionType::from_d10(roll), Some(mission));
        }
        assert_eq!(MissionType::from_d10(0), None);
        assert_eq!(MissionType::from_d10(11), None);
    }

    // R9: observation, bombing, artillery two-seater; sweep, scramble single-seater;
    // strafing and balloon busting either.
    #[test]
    fn r9_aircraft_requirements() {
        for m in r9_groups::TWO_SEATER {
            assert_eq!(m.requirement(), AircraftRequirement::TwoSeater, "{m}");
            assert!(m.needs_observer());
        }
        for m in r9_groups::SINGLE_SEATER {
            assert_eq!(m.requirement(), AircraftRequirement::SingleSeater);
            assert!(m.is_sweep());
        }
        for m in r9_groups::EITHER {
            assert_eq!(m.requirement(), AircraftRequirement::Either);
            assert!(!m.needs_observer());
        }
        assert!(AircraftRequirement::TwoSeater.allows(true));
        assert!(!AircraftRequirement::TwoSeater.allows(false));
        assert!(AircraftRequirement::SingleSeater.allows(false));
        assert!(!AircraftRequirement::SingleSeater.allows(true));
        assert!(
            AircraftRequirement::Either.allows(true) && AircraftRequirement::Either.allows(false)
        );
    }

    #[test]
    fn wire_names_round_trip() {
        round_trips(MissionType::ALL);
        round_trips(AircraftRequirement::ALL);
        round_trips(Assignment::ALL);
    }
}
