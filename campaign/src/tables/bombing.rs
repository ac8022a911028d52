//! Bomb runs: 1d6 per run, at most three; altitude 1–2 hits on 2+, 3–4 on 3+; the
//! Bombardier ability adds 1 (appendix E, appendix D, R10).

use serde::{Deserialize, Serialize};

use super::{summed, Modifiers, Roll, Table};
use crate::dice::{throw, Dice};
use crate::error::RuleError;
use crate::wire::wire_enum;

/// Bomb runs an aircraft carries bombs for (appendix E, R10).
pub const MAX_BOMB_RUNS: usize = 3;

/// One bomb run's circumstances.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BombModifiers {
    /// Altitude of the run, 1–4.
    pub altitude: u32,
    /// The observer has the Bombardier ability: +1.
    #[serde(default)]
    pub bombardier: bool,
}

/// The d6 a run at `altitude` needs to hit (appendix E).
pub fn hit_needs(altitude: u32) -> Result<i32, RuleError> {
    match altitude {
        1..=2 => Ok(2),
        3..=4 => Ok(3),
        _ => Err(RuleError::BombingAltitude { altitude }),
    }
}

wire_enum! {
    /// A bomb run's result.
    pub enum BombResult {
        /// The target is destroyed.
        Hit,
        /// A miss.
        Miss,
    }
}

/// Rolls one bomb run (appendix E).
pub fn roll_bomb<D: Dice + ?Sized>(
    mods: &BombModifiers,
    dice: &mut D,
) -> Result<Roll<BombResult>, RuleError> {
    let needs = hit_needs(mods.altitude)?;
    let mut m = Modifiers::default();
    m.add(mods.bombardier, "bombardier", 1);
    Ok(summed(Table::Bomb, throw(dice, &[6]), m, |total| {
        if total >= needs {
            BombResult::Hit
        } else {
            BombResult::Miss
        }
    }))
}

/// A bomb run already flown: its circumstances and its die.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct BombRun {
    /// Altitude and Bombardier.
    pub modifiers: BombModifiers,
    /// The d6 rolled.
    pub die: u32,
}

/// Whether a mission's bomb runs destroyed the target: any run that hits (R10).
pub fn target_destroyed(runs: &[BombRun]) -> Result<bool, RuleError> {
    if runs.len() > MAX_BOMB_RUNS {
        return Err(RuleError::TooManyBombRuns { runs: runs.len() });
    }
    let mut destroyed = false;
    for run in runs {
        crate::dice::check_dice(Table::Bomb, &[run.die])?;
        let roll = roll_bomb(&run.modifiers, &mut crate::dice::FixedDice::new([run.die]))?;
        destroyed |= roll.result == BombResult::Hit;
    }
    Ok(destroyed)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::FixedDice;

    fn bomb(altitude: u32, bombardier: bool, die: u32) -> Result<BombResult, RuleError> {
        roll_bomb(
            &BombModifiers {
                altitude,
                bombardier,
            },
            &mut FixedDice::new([die]),
        )
        .map(|r| r.result)
    }

    // Appendix E: altitude 1 or 2 hits on 2–6; 3 or 4 on 3–6.
    #[test]
    fn appendix_e_bomb_rows() {
        for altitude in [1, 2] {
            assert_eq!(bomb(altitude, false, 1), Ok(BombResult::Miss));
            assert_eq!(bomb(altitude, false, 2), Ok(BombResult::Hit));
        }
        for altitude in [3, 4] {
            assert_eq!(bomb(altitude, false, 2), Ok(BombResult::Miss));
            assert_eq!(bomb(altitude, false, 3), Ok(BombResult::Hit));
        }
        let e = bomb(5, false, 6).unwrap_err();
        assert_eq!(e.rule(), "appendix E");
        assert!(bomb(0, false, 6).is_err());
    }

    // Appendix D: Bombardier adds +1 to all bombing rolls.
    #[test]
    fn appendix_d_bombardier() {
        assert_eq!(bomb(3, true, 2), Ok(BombResult::Hit));
        assert_eq!(bomb(1, true, 1), Ok(BombResult::Hit));
    }

    // R10: target destroyed if any of at most three runs hits.
    #[test]
    fn r10_bomb_runs() {
        let run = |altitude, die| BombRun {
            modifiers: BombModifiers {
                altitude,
                bombardier: false,
            },
            die,
        };
        assert_eq!(
            target_destroyed(&[run(4, 2), run(4, 1), run(2, 2)]),
            Ok(true)
        );
        assert_eq!(target_destroyed(&[run(4, 2), run(3, 1)]), Ok(false));
        assert_eq!(target_destroyed(&[]), Ok(false));
        assert_eq!(
            target_destroyed(&[run(1, 1), run(1, 1), run(1, 1), run(1, 6)]),
            Err(RuleError::TooManyBombRuns { runs: 4 })
        );
        assert!(target_destroyed(&[run(1, 7)]).is_err());
    }
}
