//! Who a player may add to his crew, and with what experience (R3, §13.02).

use crate::crew::Role;
use crate::error::RuleError;
use crate::wire::wire_enum;
use crate::xp::Xp;

wire_enum! {
    /// A member's part in a campaign.
    pub enum MemberRole {
        /// Runs the campaign: opens games, enters debriefs, closes weeks.
        Referee,
        /// Plays one side with his crew (R2, R3).
        Player,
    }
}

/// One of the player's existing crewmen in the campaign, as R3 needs to see him.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RosterEntry {
    /// Pilot or observer.
    pub role: Role,
    /// Whether he was created as a replacement.
    pub replacement: bool,
    /// Whether he can fly this week (not wounded, captured, killed or sent home).
    pub available: bool,
}

/// Starting crew a player may create of each role (R3).
pub const fn starting_limit(role: Role) -> usize {
    match role {
        Role::Pilot => 2,
        Role::Observer => 1,
    }
}

/// The XP a new crewman starts with, or why the player may not create him (R3).
///
/// `existing` is the player's crew in this campaign, whatever their status. A starting
/// crewman is experienced (50 XP), at most two pilots and one observer; a replacement
/// is a novice (0 XP) and allowed only when none of the player's crew of that role is
/// available.
pub fn starting_xp_for_new_crewman(
    existing: &[RosterEntry],
    role: Role,
    replacement: bool,
) -> Result<Xp, RuleError> {
    let of_role = existing.iter().filter(|e| e.role == role);
    if replacement {
        let available = of_role.filter(|e| e.available).count();
        if available > 0 {
            return Err(RuleError::ReplacementNotNeeded { role, available });
        }
        Ok(Xp::ZERO)
    } else {
        let starting = of_role.filter(|e| !e.replacement).count();
        if starting >= starting_limit(role) {
            return Err(RuleError::TooManyStartingCrew {
                role,
                existing: starting,
            });
        }
        Ok(Xp::EXPERIENCED)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const PILOT: RosterEntry = RosterEntry {
        role: Role::Pilot,
        replacement: false,
        available: true,
    };
    const OBSERVER: RosterEntry = RosterEntry {
        role: Role::Observer,
        replacement: false,
        available: true,
    };

    // R3: starting crew are experienced, 50 XP.
    #[test]
    fn r3_starting_crew_have_50_xp() {
        assert_eq!(
            starting_xp_for_new_crewman(&[], Role::Pilot, false),
            Ok(Xp(50))
        );
        assert_eq!(
            starting_xp_for_new_crewman(&[PILOT], Role::Pilot, false),
            Ok(Xp(50))
        );
        assert_eq!(
            starting_xp_for_new_crewman(&[PILOT, PILOT], Role::Observer, false),
            Ok(Xp(50))
        );
    }

    // R3: at most two starting pilots and one starting observer.
    #[test]
    fn r3_two_pilots_one_observer() {
        let third = starting_xp_for_new_crewman(&[PILOT, PILOT], Role::Pilot, false).unwrap_err();
        assert_eq!(third.rule(), "R3");
        assert_eq!(
            third,
            RuleError::TooManyStartingCrew {
                role: Role::Pilot,
                existing: 2
            }
        );
        assert!(starting_xp_for_new_crewman(&[OBSERVER], Role::Observer, false).is_err());
        // dead starting crew still count: the limit is on creation, not on survivors
        let dead = RosterEntry {
            available: false,
            ..OBSERVER
        };
        assert!(starting_xp_for_new_crewman(&[dead], Role::Observer, false).is_err());
    }

    // R3, §13.02: a replacement only when no crewman of that role is available; 0 XP.
    #[test]
    fn r3_replacement_when_none_available() {
        let out = RosterEntry {
            available: false,
            ..PILOT
        };
        assert_eq!(
            starting_xp_for_new_crewman(&[out, out], Role::Pilot, true),
            Ok(Xp(0))
        );
        let refused = starting_xp_for_new_crewman(&[out, PILOT], Role::Pilot, true).unwrap_err();
        assert_eq!(
            refused,
            RuleError::ReplacementNotNeeded {
                role: Role::Pilot,
                available: 1
            }
        );
        // an available pilot does not block an observer replacement
        let obs_out = RosterEntry {
            available: false,
            ..OBSERVER
        };
        assert_eq!(
            starting_xp_for_new_crewman(&[PILOT, obs_out], Role::Observer, true),
            Ok(Xp(0))
        );
        // an available replacement blocks a further replacement
        let repl = RosterEntry {
            replacement: true,
            ..PILOT
        };
        assert!(starting_xp_for_new_crewman(&[out, out, repl], Role::Pilot, true).is_err());
    }
}
