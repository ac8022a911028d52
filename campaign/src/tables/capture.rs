//! The capture roll: 2d6; a 2 means exchanged or escaped, out 1d100 weeks; anything
//! else, the war is over for him (appendix C, R8).

use serde::Serialize;

use super::{Roll, Table};
use crate::dice::{throw, Dice};

/// The 2d6 total that gives an exchange or escape (R8).
pub const ESCAPE_ROLL: u32 = 2;

/// The fate of a captured crewman.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case", tag = "result")]
pub enum CaptureResult {
    /// Exchanged or escaped: out of the war for `weeks_out` weeks (1d100).
    Escaped {
        /// Weeks out, 1–100.
        weeks_out: u32,
    },
    /// A prisoner for the rest of the war.
    Prisoner,
}

impl CaptureResult {
    /// `escaped` or `prisoner`, as on the wire.
    pub const fn as_str(self) -> &'static str {
        match self {
            CaptureResult::Escaped { .. } => "escaped",
            CaptureResult::Prisoner => "prisoner",
        }
    }
}

/// Rolls the capture table: 2d6, and on a 2 the 1d100 weeks out (R8).
pub fn roll_capture<D: Dice + ?Sized>(dice: &mut D) -> Roll<CaptureResult> {
    let mut rolled = throw(dice, &[6, 6]);
    let total = rolled[0] + rolled[1];
    let result = if total == ESCAPE_ROLL {
        let weeks_out = dice.roll(100);
        rolled.push(weeks_out);
        CaptureResult::Escaped { weeks_out }
    } else {
        CaptureResult::Prisoner
    };
    Roll {
        table: Table::Capture,
        dice: rolled,
        modifiers: Vec::new(),
        total: total as i32,
        result,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::FixedDice;

    // R8, appendix C: a 2 escapes and rolls 1d100 weeks; 3–12 prisoner.
    #[test]
    fn r8_capture_rows() {
        let roll = roll_capture(&mut FixedDice::new([1, 1, 37]));
        assert_eq!(roll.result, CaptureResult::Escaped { weeks_out: 37 });
        assert_eq!(roll.dice, [1, 1, 37]);
        assert_eq!(roll.result.as_str(), "escaped");
        for dice in [[1, 2], [3, 4], [6, 6]] {
            let roll = roll_capture(&mut FixedDice::new(dice));
            assert_eq!(roll.result, CaptureResult::Prisoner, "{dice:?}");
            assert_eq!(roll.dice.len(), 2);
        }
        assert_eq!(CaptureResult::Prisoner.as_str(), "prisoner");
    }
}
