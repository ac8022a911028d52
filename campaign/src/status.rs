//! A crewman's standing derived from his XP and kills: novice, ability slots, ace,
//! pending picks and whether a pick is allowed (R6, §13.10, §13.102).

use serde::Serialize;

use crate::abilities::{Ability, AbilityKind};
use crate::crew::{CrewStatus, Role};
use crate::error::RuleError;
use crate::injuries::CasualtyKind;
use crate::xp::Xp;

/// A crewman's latest casualty, as his record keeps it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LatestCasualty {
    /// What befell him.
    pub kind: CasualtyKind,
    /// The last week he is out (R7, R8); none for a prisoner, the dead and those sent
    /// home.
    pub out_until_week: Option<i32>,
    /// A serious injury that ended his war (R7).
    pub sent_home: bool,
}

/// Where a crewman stands in `current_week`, from his latest casualty (R7, R8): out of
/// service through `out_until_week`, available again the week after.
pub fn service_state(
    latest: Option<LatestCasualty>,
    current_week: i32,
) -> (CrewStatus, Option<i32>) {
    let Some(latest) = latest else {
        return (CrewStatus::Active, None);
    };
    let out_status = match latest.kind {
        CasualtyKind::Killed => return (CrewStatus::Killed, None),
        _ if latest.sent_home => return (CrewStatus::SentHome, None),
        CasualtyKind::Captured => CrewStatus::Captured,
        CasualtyKind::MinorInjury | CasualtyKind::SeriousInjury => CrewStatus::Wounded,
    };
    match latest.out_until_week {
        // Captured with no escape: the war is over for him.
        None => (out_status, None),
        Some(until) if until >= current_week => (out_status, Some(until)),
        Some(_) => (CrewStatus::Active, None),
    }
}

/// Kills per ace slot, and the kills that make an ace (R6).
pub const KILLS_PER_ACE_SLOT: u32 = 5;

/// A novice has fewer than 50 XP (R6, §13.10).
pub fn is_novice(xp: Xp) -> bool {
    xp < Xp::EXPERIENCED
}

/// Ability slots earned by XP: one at 100, one more at every multiple of 250 (R6).
pub fn xp_ability_slots(xp: Xp) -> u32 {
    let points = xp.get().max(0) as u32;
    u32::from(xp >= Xp::FIRST_SLOT) + points / Xp::SLOT_STEP.get() as u32
}

/// The XP at which the next ability slot comes (R6).
pub fn next_slot_at(xp: Xp) -> Xp {
    if xp < Xp::FIRST_SLOT {
        return Xp::FIRST_SLOT;
    }
    let step = Xp::SLOT_STEP.get();
    Xp((xp.get() / step + 1) * step)
}

/// Ace slots: one per five kills, a shared kill counting as one (R6).
pub fn ace_slots(kills: u32) -> u32 {
    kills / KILLS_PER_ACE_SLOT
}

/// An ace has at least five kills (R6).
pub fn is_ace(kills: u32) -> bool {
    kills >= KILLS_PER_ACE_SLOT
}

/// Abilities earned but not yet chosen.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct PendingPicks {
    /// Picks from XP slots (pilot, gunnery or observer abilities).
    pub xp: u32,
    /// Picks from ace slots (ace abilities).
    pub ace: u32,
}

fn used(chosen: &[Ability]) -> (u32, u32) {
    let ace = chosen
        .iter()
        .filter(|a| a.kind() == AbilityKind::Ace)
        .count() as u32;
    (chosen.len() as u32 - ace, ace)
}

/// The picks a crewman may still make (R6). Never negative: a crewman whose XP was
/// corrected down keeps his abilities and simply has nothing pending.
pub fn pending_picks(xp: Xp, kills: u32, chosen: &[Ability]) -> PendingPicks {
    let (xp_used, ace_used) = used(chosen);
    PendingPicks {
        xp: xp_ability_slots(xp).saturating_sub(xp_used),
        ace: ace_slots(kills).saturating_sub(ace_used),
    }
}

/// Spin Recovery's bonus: +1 per 250 XP, derived from XP and never stored; 0 without
/// the ability (R6, appendix D).
pub fn spin_recovery_bonus(xp: Xp, chosen: &[Ability]) -> i32 {
    if chosen.contains(&Ability::SpinRecovery) {
        xp.get().max(0) / Xp::SLOT_STEP.get()
    } else {
        0
    }
}

/// Whether a crewman may choose `pick` now, and if not, which part of R6 refuses.
pub fn check_pick(
    role: Role,
    xp: Xp,
    kills: u32,
    chosen: &[Ability],
    pick: Ability,
) -> Result<(), RuleError> {
    if chosen.contains(&pick) {
        return Err(RuleError::AbilityAlreadyChosen { ability: pick });
    }
    let kind = pick.kind();
    if !kind.open_to(role) {
        return Err(RuleError::AbilityNotForRole {
            ability: pick,
            kind,
            role,
        });
    }
    let pending = pending_picks(xp, kills, chosen);
    if kind == AbilityKind::Ace {
        if pending.ace == 0 {
            let slots = ace_slots(kills);
            return Err(RuleError::NoAceSlot {
                ability: pick,
                kills,
                slots,
                next: (slots + 1) * KILLS_PER_ACE_SLOT,
            });
        }
        return Ok(());
    }
    if xp < pick.min_xp() {
        return Err(RuleError::AbilityNeedsXp {
            ability: pick,
            min: pick.min_xp(),
            xp,
        });
    }
    if pending.xp == 0 {
        return Err(RuleError::NoXpSlot {
            xp,
            slots: xp_ability_slots(xp),
            next: next_slot_at(xp),
        });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use Ability::*;

    fn casualty(kind: CasualtyKind, until: Option<i32>, sent_home: bool) -> Option<LatestCasualty> {
        Some(LatestCasualty {
            kind,
            out_until_week: until,
            sent_home,
        })
    }

    // R7: out k weeks after week w → out until week w+k, available again in w+k+1.
    #[test]
    fn r7_out_until_the_last_week_then_back() {
        let wounded = casualty(CasualtyKind::MinorInjury, Some(5), false);
        assert_eq!(service_state(wounded, 5), (CrewStatus::Wounded, Some(5)));
        assert_eq!(service_state(wounded, 6), (CrewStatus::Active, None));
    }

    // R7: three equal dice on a serious injury → sent home for the rest of the war.
    #[test]
    fn r7_sent_home_is_permanent() {
        let home = casualty(CasualtyKind::SeriousInjury, None, true);
        assert_eq!(service_state(home, 99), (CrewStatus::SentHome, None));
    }

    // R8: captured without escape is out for good; an escape returns after 1d100 weeks.
    #[test]
    fn r8_captured_for_the_war_or_until_the_escape() {
        assert_eq!(
            service_state(casualty(CasualtyKind::Captured, None, false), 40),
            (CrewStatus::Captured, None)
        );
        let escaped = casualty(CasualtyKind::Captured, Some(10), false);
        assert_eq!(service_state(escaped, 10), (CrewStatus::Captured, Some(10)));
        assert_eq!(service_state(escaped, 11), (CrewStatus::Active, None));
    }

    #[test]
    fn killed_and_unharmed() {
        assert_eq!(
            service_state(casualty(CasualtyKind::Killed, None, false), 3).0,
            CrewStatus::Killed
        );
        assert_eq!(service_state(None, 3), (CrewStatus::Active, None));
    }

    // R6, §13.10: novice below 50 XP.
    #[test]
    fn r6_novice_boundary() {
        assert!(is_novice(Xp(0)));
        assert!(is_novice(Xp(49)));
        assert!(!is_novice(Xp(50)));
    }

    // R6, §13.102: slots at 100, 250, 500, 750, 1000, …
    #[test]
    fn r6_xp_slots_boundaries() {
        let cases = [
            (0, 0),
            (99, 0),
            (100, 1),
            (249, 1),
            (250, 2),
            (499, 2),
            (500, 3),
            (749, 3),
            (750, 4),
            (1000, 5),
            (1250, 6),
            (1500, 7),
            (-20, 0),
        ];
        for (xp, slots) in cases {
            assert_eq!(xp_ability_slots(Xp(xp)), slots, "{xp} XP");
        }
        assert_eq!(next_slot_at(Xp(50)), Xp(100));
        assert_eq!(next_slot_at(Xp(100)), Xp(250));
        assert_eq!(next_slot_at(Xp(250)), Xp(500));
    }

    // R6: one ace slot per 5 kills; an ace has at least 5.
    #[test]
    fn r6_ace_boundaries() {
        assert_eq!(ace_slots(4), 0);
        assert_eq!(ace_slots(5), 1);
        assert_eq!(ace_slots(9), 1);
        assert_eq!(ace_slots(10), 2);
        assert!(!is_ace(4));
        assert!(is_ace(5));
    }

    // R6: pending picks are slots minus choices, xp and ace apart.
    #[test]
    fn r6_pending_picks() {
        assert_eq!(
            pending_picks(Xp(99), 4, &[]),
            PendingPicks { xp: 0, ace: 0 }
        );
        assert_eq!(
            pending_picks(Xp(250), 5, &[]),
            PendingPicks { xp: 2, ace: 1 }
        );
        assert_eq!(
            pending_picks(Xp(250), 5, &[Tailing, Range]),
            PendingPicks { xp: 1, ace: 0 }
        );
        // XP corrected down below the abilities held: nothing pending, never negative
        assert_eq!(
            pending_picks(Xp(90), 0, &[Tailing, Maneuver]),
            PendingPicks { xp: 0, ace: 0 }
        );
    }

    // R6, appendix D: Spin Recovery +1 per 250 XP, derived.
    #[test]
    fn r6_spin_recovery_bonus() {
        assert_eq!(spin_recovery_bonus(Xp(600), &[Tailing]), 0);
        assert_eq!(spin_recovery_bonus(Xp(250), &[SpinRecovery]), 1);
        assert_eq!(spin_recovery_bonus(Xp(499), &[SpinRecovery]), 1);
        assert_eq!(spin_recovery_bonus(Xp(500), &[SpinRecovery]), 2);
        assert_eq!(spin_recovery_bonus(Xp(1000), &[Tailing, SpinRecovery]), 4);
    }

    // R6: pilots choose pilot or gunnery; observers gunnery or observer.
    #[test]
    fn r6_pick_by_role() {
        assert!(check_pick(Role::Pilot, Xp(100), 0, &[], Tailing).is_ok());
        assert!(check_pick(Role::Pilot, Xp(100), 0, &[], Deflection).is_ok());
        assert!(check_pick(Role::Observer, Xp(100), 0, &[], Observing).is_ok());
        assert!(check_pick(Role::Observer, Xp(100), 0, &[], Unjamming).is_ok());
        let e = check_pick(Role::Pilot, Xp(100), 0, &[], Bombardier).unwrap_err();
        assert_eq!(e.rule(), "R6");
        assert_eq!(
            e.to_string(),
            "§13.102: Bombardier is one of the observer abilities and a pilot cannot choose it; \
             pilots choose pilot or gunnery abilities, observers gunnery or observer abilities"
        );
        assert!(matches!(
            check_pick(Role::Observer, Xp(100), 0, &[], Maneuver),
            Err(RuleError::AbilityNotForRole { .. })
        ));
    }

    // R6: a pick needs a free XP slot: 99 XP has none, 100 has one.
    #[test]
    fn r6_pick_needs_slot() {
        assert_eq!(
            check_pick(Role::Pilot, Xp(99), 0, &[], Tailing),
            Err(RuleError::NoXpSlot {
                xp: Xp(99),
                slots: 0,
                next: Xp(100)
            })
        );
        assert!(check_pick(Role::Pilot, Xp(100), 0, &[], Tailing).is_ok());
        assert!(check_pick(Role::Pilot, Xp(249), 0, &[Tailing], Maneuver).is_err());
        assert!(check_pick(Role::Pilot, Xp(250), 0, &[Tailing], Maneuver).is_ok());
    }

    // R6: Spin Skill and Spin Recovery need 250 XP when chosen.
    #[test]
    fn r6_spin_abilities_need_250() {
        let e = check_pick(Role::Pilot, Xp(249), 0, &[], SpinSkill).unwrap_err();
        assert_eq!(
            e,
            RuleError::AbilityNeedsXp {
                ability: SpinSkill,
                min: Xp(250),
                xp: Xp(249)
            }
        );
        assert!(check_pick(Role::Pilot, Xp(249), 0, &[], SpinRecovery).is_err());
        assert!(check_pick(Role::Pilot, Xp(250), 0, &[], SpinRecovery).is_ok());
    }

    // R6: each ability once per crewman (Stability "may not take this skill twice").
    #[test]
    fn r6_each_ability_once() {
        assert_eq!(
            check_pick(Role::Pilot, Xp(500), 0, &[Stability], Stability),
            Err(RuleError::AbilityAlreadyChosen { ability: Stability })
        );
    }

    // R6: ace abilities only from ace slots; 4 kills none, 5 kills one.
    #[test]
    fn r6_ace_picks() {
        assert!(matches!(
            check_pick(Role::Pilot, Xp(1000), 4, &[], FireValue),
            Err(RuleError::NoAceSlot { next: 5, .. })
        ));
        assert!(check_pick(Role::Pilot, Xp(0), 5, &[], FireValue).is_ok());
        assert!(check_pick(Role::Observer, Xp(0), 5, &[], Range).is_ok());
        assert!(check_pick(Role::Pilot, Xp(0), 5, &[FireValue], Range).is_err());
        // an ace slot does not open an XP pick, nor XP an ace pick
        assert!(check_pick(Role::Pilot, Xp(0), 5, &[], Tailing).is_err());
        assert!(check_pick(Role::Pilot, Xp(100), 0, &[], Range).is_err());
        // ace abilities do not use XP slots
        assert!(check_pick(Role::Pilot, Xp(100), 5, &[Range], Tailing).is_ok());
    }
}
