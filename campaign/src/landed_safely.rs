//! Whether a mission aircraft can have landed safely at its airfield, as the
//! observation missions' success needs it (R10, §9.00, API v1.2 "Landing safely").
//!
//! It cannot when the aircraft was lost, when it came down on the board (any `down`
//! but off the board: a field, a crash, a bail-out is no landing at its airfield), or
//! when nobody was left to fly it home: its pilot killed or captured and no living
//! observer at dual controls (§9.00: "dual controls allows the observer to fly the
//! aircraft if the pilot is killed"). Anything else may have landed safely: a
//! two-seater whose observer was killed and whose pilot brought it home did, and so
//! did one whose dead pilot's observer flew it home at dual controls (§9.01).
//!
//! A man's fate is R7's: the worse of his wounds (three boxes kill him) and his
//! outcome, so a pilot sent as `unharmed` with three wound boxes is dead.

use std::fmt;

use crate::crew::{CrewId, Role};
use crate::debrief::{Sortie, SortieCrew};
use crate::down::How;
use crate::error::RuleError;
use crate::injuries::{fate, Fate};

/// Why a mission aircraft did not land safely at its airfield.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NotHome {
    /// The aircraft was lost (destroyed, crashed, captured).
    Lost,
    /// It came down on the board: landed in a field, crashed, was shot down,
    /// exploded or bailed out of.
    CameDown(How),
    /// Nobody was left to fly it home (§9.00).
    NobodyToFly {
        /// The pilot.
        pilot: CrewId,
        /// His fate: killed or captured.
        pilot_fate: Fate,
        /// Why his observer could not fly it instead.
        relief: NoRelief,
    },
}

/// Why no observer took over from a pilot who was killed or captured (§9.00).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NoRelief {
    /// No observer flew in it.
    NoObserver,
    /// The observer was killed or captured too.
    ObserverLost {
        /// The observer.
        observer: CrewId,
        /// His fate.
        fate: Fate,
    },
    /// The type has no dual controls: a living observer cannot fly it.
    NoDualControls,
}

fn fate_word(fate: Fate) -> &'static str {
    match fate {
        Fate::Captured => "captured",
        _ => "killed",
    }
}

impl fmt::Display for NotHome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            NotHome::Lost => f.write_str("the aircraft was lost"),
            NotHome::CameDown(how) => write!(
                f,
                "the aircraft came down on the board ({}) instead of flying home",
                how.label()
            ),
            NotHome::NobodyToFly {
                pilot,
                pilot_fate,
                relief,
            } => {
                write!(
                    f,
                    "its pilot, crewman {pilot}, was {}",
                    fate_word(pilot_fate)
                )?;
                match relief {
                    NoRelief::NoObserver => f.write_str(" and no observer flew with him"),
                    NoRelief::ObserverLost { observer, fate } => write!(
                        f,
                        " and its observer, crewman {observer}, was {} too",
                        fate_word(fate)
                    ),
                    NoRelief::NoDualControls => f.write_str(
                        " and the type has no dual controls for its observer to fly it home",
                    ),
                }
            }
        }
    }
}

/// Why `sortie`, a mission aircraft, cannot have landed safely at its airfield; `None`
/// when it may have (R10, §9.00). Wound boxes beyond three are refused as R7's.
pub fn not_home(sortie: &Sortie) -> Result<Option<NotHome>, RuleError> {
    if sortie.aircraft_lost {
        return Ok(Some(NotHome::Lost));
    }
    if let Some(how) = sortie.down.filter(|&how| how != How::OffBoard) {
        return Ok(Some(NotHome::CameDown(how)));
    }
    let seat = |role: Role| sortie.crew.iter().find(|c| c.position == role);
    let fate_of = |c: &SortieCrew| fate(c.crew, c.wound_boxes, c.outcome);
    let gone = |fate: Fate| matches!(fate, Fate::Killed | Fate::Captured);
    let Some(pilot) = seat(Role::Pilot) else {
        return Ok(None);
    };
    let pilot_fate = fate_of(pilot)?;
    if !gone(pilot_fate) {
        return Ok(None);
    }
    let relief = match seat(Role::Observer) {
        None => NoRelief::NoObserver,
        Some(observer) => {
            let fate = fate_of(observer)?;
            if gone(fate) {
                NoRelief::ObserverLost {
                    observer: observer.crew,
                    fate,
                }
            } else if !sortie.dual_controls {
                NoRelief::NoDualControls
            } else {
                return Ok(None);
            }
        }
    };
    Ok(Some(NotHome::NobodyToFly {
        pilot: pilot.crew,
        pilot_fate,
        relief,
    }))
}

/// Refuses `landed_safely` for a mission aircraft that cannot have landed safely
/// (R10, §9.00): see [`not_home`].
pub fn check_landed_safely(sortie: &Sortie) -> Result<(), RuleError> {
    match not_home(sortie)? {
        None => Ok(()),
        Some(why) => Err(RuleError::NotLandedSafely {
            key: sortie.key.clone(),
            why,
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::debrief::tests::{crewman, sortie};
    use crate::injuries::Outcome;
    use crate::missions::Assignment;
    use crate::sides::Side;

    const PILOT: i64 = 1;
    const OBSERVER: i64 = 2;

    /// A two-seater mission aircraft, both men home unharmed; `dual` its controls.
    fn two_seater(dual: bool) -> Sortie {
        let mut s = sortie(
            "a1",
            Side::Allied,
            vec![
                crewman(PILOT, Role::Pilot),
                crewman(OBSERVER, Role::Observer),
            ],
        );
        s.assignment = Assignment::Mission;
        s.dual_controls = dual;
        s
    }

    fn killed(s: &mut Sortie, i: usize) {
        s.crew[i].outcome = Outcome::Killed;
    }

    // R10: a mission aircraft home with its crew landed safely.
    #[test]
    fn r10_crew_home_lands_safely() {
        assert_eq!(not_home(&two_seater(false)), Ok(None));
        assert_eq!(check_landed_safely(&two_seater(false)), Ok(()));
    }

    // §9.00, R10 (v1.2): a two-seater whose observer was killed and whose pilot
    // brought it home landed safely, with or without dual controls.
    #[test]
    fn s9_observer_killed_pilot_home_lands_safely() {
        for dual in [false, true] {
            let mut s = two_seater(dual);
            killed(&mut s, 1);
            assert_eq!(not_home(&s), Ok(None));
            // Three wound boxes kill him as surely as an outcome does (R7).
            let mut s = two_seater(dual);
            s.crew[1].wound_boxes = 3;
            assert_eq!(not_home(&s), Ok(None));
        }
    }

    // §9.00: the observer flies home the aircraft of a dead pilot at dual controls.
    #[test]
    fn s9_dead_pilot_living_observer_at_dual_controls_lands_safely() {
        let mut s = two_seater(true);
        killed(&mut s, 0);
        assert_eq!(not_home(&s), Ok(None));
        // A wounded observer is alive and flies it (§9.01: as a novice).
        s.crew[1].wound_boxes = 2;
        assert_eq!(not_home(&s), Ok(None));
        // A captured pilot leaves his observer the controls just the same.
        let mut s = two_seater(true);
        s.crew[0].outcome = Outcome::Captured;
        assert_eq!(not_home(&s), Ok(None));
    }

    // §9.00: without dual controls nobody flies a dead pilot's aircraft home.
    #[test]
    fn s9_dead_pilot_without_dual_controls_did_not_land_safely() {
        let mut s = two_seater(false);
        s.crew[0].wound_boxes = 3;
        assert_eq!(
            not_home(&s),
            Ok(Some(NotHome::NobodyToFly {
                pilot: CrewId(PILOT),
                pilot_fate: Fate::Killed,
                relief: NoRelief::NoDualControls,
            }))
        );
        let e = check_landed_safely(&s).unwrap_err();
        assert_eq!(e.rule(), "R10");
        assert_eq!(
            e.to_string(),
            "appendix E (§9.00): mission aircraft a1 did not land safely at its airfield: its pilot, crewman 1, was killed and the type has no dual controls for its observer to fly it home; report that it did not land safely"
        );
    }

    // §9.00: dual controls need a living observer to fly them.
    #[test]
    fn s9_dead_pilot_and_observer_did_not_land_safely() {
        let mut s = two_seater(true);
        killed(&mut s, 0);
        s.crew[1].outcome = Outcome::Captured;
        assert_eq!(
            not_home(&s),
            Ok(Some(NotHome::NobodyToFly {
                pilot: CrewId(PILOT),
                pilot_fate: Fate::Killed,
                relief: NoRelief::ObserverLost {
                    observer: CrewId(OBSERVER),
                    fate: Fate::Captured,
                },
            }))
        );
        // A single-seater has no observer to take over.
        let mut single = sortie("a2", Side::Allied, vec![crewman(PILOT, Role::Pilot)]);
        single.crew[0].outcome = Outcome::Captured;
        assert!(matches!(
            not_home(&single),
            Ok(Some(NotHome::NobodyToFly {
                pilot_fate: Fate::Captured,
                relief: NoRelief::NoObserver,
                ..
            }))
        ));
    }

    // R10: a lost aircraft, or one that came down on the board, did not land at its
    // airfield whoever survived; leaving the board is flying home.
    #[test]
    fn r10_lost_or_down_on_the_board_did_not_land_safely() {
        let mut s = two_seater(true);
        s.aircraft_lost = true;
        assert_eq!(not_home(&s), Ok(Some(NotHome::Lost)));
        for how in [How::Landed, How::ShotDown, How::Exploded, How::BailedOut] {
            let mut s = two_seater(true);
            s.down = Some(how);
            assert_eq!(not_home(&s), Ok(Some(NotHome::CameDown(how))));
        }
        let mut s = two_seater(true);
        s.down = Some(How::OffBoard);
        assert_eq!(not_home(&s), Ok(None));
    }

    // R7: wound boxes past three are refused, not read as a fate.
    #[test]
    fn r7_wound_boxes_out_of_range() {
        let mut s = two_seater(true);
        s.crew[0].wound_boxes = 4;
        assert!(matches!(
            not_home(&s),
            Err(RuleError::WoundBoxesOutOfRange { .. })
        ));
    }
}
