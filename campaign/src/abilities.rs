//! The special abilities of appendix D and who may hold them (R6).

use crate::crew::Role;
use crate::wire::wire_enum;
use crate::xp::Xp;

wire_enum! {
    /// The family of an ability (appendix D): it decides who may choose it (R6).
    pub enum AbilityKind {
        /// Pilots only.
        Pilot,
        /// Pilots and observers.
        Gunnery,
        /// Observers only.
        Observer,
        /// Chosen only from ace slots (five kills each).
        Ace,
    }
}

impl AbilityKind {
    /// Whether a crewman of `role` may hold abilities of this kind. Ace abilities are
    /// open to both roles; their limit is the ace slots (R6).
    pub const fn open_to(self, role: Role) -> bool {
        matches!(
            (self, role),
            (AbilityKind::Pilot, Role::Pilot)
                | (AbilityKind::Observer, Role::Observer)
                | (AbilityKind::Gunnery, _)
                | (AbilityKind::Ace, _)
        )
    }
}

wire_enum! {
    /// A special ability of appendix D.
    pub enum Ability {
        /// May not be tailed except by an ace.
        CannotBeTailed,
        /// Restricted maneuvers count as unrestricted.
        Maneuver,
        /// May spin on purpose; needs 250 XP.
        SpinSkill,
        /// +1 to spin recovery per 250 XP; needs 250 XP.
        SpinRecovery,
        /// Tails from 4 hexes.
        Tailing,
        /// Combat stability one class better.
        Stability,
        /// +1 to the combat roll.
        DieRollAdd,
        /// Unjams on 3–6.
        Unjamming,
        /// Ignores deflection.
        Deflection,
        /// Observes from higher or from an adjacent hex.
        Observing,
        /// +1 to bombing rolls.
        Bombardier,
        /// Concentrated fire at range 0–1 (ace).
        ConcentratedFire,
        /// Combat table one line up (ace).
        FireValue,
        /// Fires as if one hex closer (ace).
        Range,
    }
}

impl Ability {
    /// The wire code, e.g. `cannot_be_tailed` (same as [`Ability::as_str`]).
    pub const fn code(self) -> &'static str {
        self.as_str()
    }

    /// The rulebook's name, e.g. "Cannot Be Tailed".
    pub const fn name(self) -> &'static str {
        use Ability::*;
        match self {
            CannotBeTailed => "Cannot Be Tailed",
            Maneuver => "Maneuver",
            SpinSkill => "Spin Skill",
            SpinRecovery => "Spin Recovery",
            Tailing => "Tailing",
            Stability => "Stability",
            DieRollAdd => "Die Roll Add",
            Unjamming => "Unjamming",
            Deflection => "Deflection",
            Observing => "Observing",
            Bombardier => "Bombardier",
            ConcentratedFire => "Concentrated Fire",
            FireValue => "Fire Value",
            Range => "Range",
        }
    }

    /// The family the ability belongs to (appendix D).
    pub const fn kind(self) -> AbilityKind {
        use Ability::*;
        match self {
            CannotBeTailed | Maneuver | SpinSkill | SpinRecovery | Tailing | Stability => {
                AbilityKind::Pilot
            }
            DieRollAdd | Unjamming | Deflection => AbilityKind::Gunnery,
            Observing | Bombardier => AbilityKind::Observer,
            ConcentratedFire | FireValue | Range => AbilityKind::Ace,
        }
    }

    /// The XP a crewman needs when he chooses it: 250 for Spin Skill and Spin
    /// Recovery, none for the others (R6, appendix D).
    pub const fn min_xp(self) -> Xp {
        match self {
            Ability::SpinSkill | Ability::SpinRecovery => Xp::SLOT_STEP,
            _ => Xp::ZERO,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::wire::testing::round_trips;

    // Appendix D: six pilot, three gunnery, two observer and three ace abilities.
    #[test]
    fn appendix_d_kinds() {
        let count = |k| Ability::ALL.iter().filter(|a| a.kind() == k).count();
        assert_eq!(Ability::ALL.len(), 14);
        assert_eq!(count(AbilityKind::Pilot), 6);
        assert_eq!(count(AbilityKind::Gunnery), 3);
        assert_eq!(count(AbilityKind::Observer), 2);
        assert_eq!(count(AbilityKind::Ace), 3);
        assert_eq!(Ability::CannotBeTailed.name(), "Cannot Be Tailed");
        assert_eq!(Ability::CannotBeTailed.code(), "cannot_be_tailed");
    }

    // R6, appendix D: Spin Skill and Spin Recovery need 250 XP, nothing else does.
    #[test]
    fn r6_min_xp() {
        for &a in Ability::ALL {
            let expected = matches!(a, Ability::SpinSkill | Ability::SpinRecovery);
            assert_eq!(a.min_xp() == Xp(250), expected, "{a}");
            assert!(a.min_xp() == Xp(250) || a.min_xp() == Xp(0));
        }
    }

    // R6: pilots pilot or gunnery; observers gunnery or observer; aces both.
    #[test]
    fn r6_kinds_open_to_roles() {
        use AbilityKind::*;
        assert!(Pilot.open_to(Role::Pilot) && !Pilot.open_to(Role::Observer));
        assert!(Observer.open_to(Role::Observer) && !Observer.open_to(Role::Pilot));
        assert!(Gunnery.open_to(Role::Pilot) && Gunnery.open_to(Role::Observer));
        assert!(Ace.open_to(Role::Pilot) && Ace.open_to(Role::Observer));
    }

    #[test]
    fn wire_names_round_trip() {
        round_trips(Ability::ALL);
        round_trips(AbilityKind::ALL);
    }
}
