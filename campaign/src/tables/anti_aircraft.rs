//! Anti-aircraft markers: 1d6 per side at the start of a game, +1 late war (§7.02, R15).

use super::{summed, Modifiers, Roll, Table};
use crate::calendar::Era;
use crate::dice::{throw, Dice};
use crate::wire::wire_enum;

wire_enum! {
    /// The anti-aircraft markers a side receives (§7.02).
    pub enum AntiAircraft {
        /// 1: none.
        NoMarkers = "none",
        /// 2–3: one light marker.
        OneLight,
        /// 4–5: one light and one heavy.
        OneLightOneHeavy,
        /// 6+: one light and two heavy.
        OneLightTwoHeavy,
    }
}

impl AntiAircraft {
    /// The markers for a modified total (§7.02).
    pub fn from_total(total: i32) -> AntiAircraft {
        match total {
            ..=1 => AntiAircraft::NoMarkers,
            2..=3 => AntiAircraft::OneLight,
            4..=5 => AntiAircraft::OneLightOneHeavy,
            _ => AntiAircraft::OneLightTwoHeavy,
        }
    }

    /// Light markers (observation balloons count as light markers too, §7.02).
    pub const fn light(self) -> u32 {
        match self {
            AntiAircraft::NoMarkers => 0,
            _ => 1,
        }
    }

    /// Heavy markers.
    pub const fn heavy(self) -> u32 {
        match self {
            AntiAircraft::NoMarkers | AntiAircraft::OneLight => 0,
            AntiAircraft::OneLightOneHeavy => 1,
            AntiAircraft::OneLightTwoHeavy => 2,
        }
    }
}

/// Rolls a side's anti-aircraft markers: 1d6, +1 in a late-war game (§7.02).
pub fn roll_anti_aircraft<D: Dice + ?Sized>(era: Era, dice: &mut D) -> Roll<AntiAircraft> {
    let mut modifiers = Modifiers::default();
    modifiers.add(era == Era::Late, "late_war", 1);
    summed(
        Table::AntiAircraft,
        throw(dice, &[6]),
        modifiers,
        AntiAircraft::from_total,
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::FixedDice;
    use crate::wire::testing::round_trips;
    use AntiAircraft::*;

    fn aa(era: Era, die: u32) -> AntiAircraft {
        roll_anti_aircraft(era, &mut FixedDice::new([die])).result
    }

    // §7.02, R15: 1 none; 2–3 one light; 4–5 one light one heavy; 6 one light two heavy.
    #[test]
    fn s7_02_early_war_rows() {
        let expected = [
            NoMarkers,
            OneLight,
            OneLight,
            OneLightOneHeavy,
            OneLightOneHeavy,
            OneLightTwoHeavy,
        ];
        for (die, result) in (1..=6).zip(expected) {
            assert_eq!(aa(Era::Early, die), result, "die {die}");
        }
    }

    // §7.02: +1 to the die in late-war games; 6+ stays one light two heavy.
    #[test]
    fn s7_02_late_war_modifier() {
        assert_eq!(aa(Era::Late, 1), OneLight);
        assert_eq!(aa(Era::Late, 3), OneLightOneHeavy);
        assert_eq!(aa(Era::Late, 5), OneLightTwoHeavy);
        let roll = roll_anti_aircraft(Era::Late, &mut FixedDice::new([6]));
        assert_eq!(
            (roll.total, roll.result, roll.modifier_sum()),
            (7, OneLightTwoHeavy, 1)
        );
        assert_eq!((OneLightTwoHeavy.light(), OneLightTwoHeavy.heavy()), (1, 2));
        assert_eq!((NoMarkers.light(), NoMarkers.heavy()), (0, 0));
        assert_eq!((OneLightOneHeavy.light(), OneLightOneHeavy.heavy()), (1, 1));
        round_trips(AntiAircraft::ALL);
    }
}
