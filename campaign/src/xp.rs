//! Experience points as a type of their own, so XP is never confused with kills,
//! turns or weeks.

use std::fmt;
use std::iter::Sum;
use std::ops::{Add, AddAssign};

use serde::{Deserialize, Serialize};

/// Experience points. Signed because a correction in the ledger is a reversing entry.
#[derive(
    Debug, Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
#[serde(transparent)]
pub struct Xp(pub i32);

impl Xp {
    /// No experience: a replacement crewman (R3).
    pub const ZERO: Xp = Xp(0);
    /// Experience of a starting crewman (R3) and the novice limit (R6, §13.10).
    pub const EXPERIENCED: Xp = Xp(50);
    /// The first XP ability slot (R6, §13.102).
    pub const FIRST_SLOT: Xp = Xp(100);
    /// Every multiple of this gives another ability slot (R6).
    pub const SLOT_STEP: Xp = Xp(250);

    /// The number of points.
    pub const fn get(self) -> i32 {
        self.0
    }
}

impl From<u32> for Xp {
    fn from(points: u32) -> Self {
        Xp(i32::try_from(points).unwrap_or(i32::MAX))
    }
}

impl Add for Xp {
    type Output = Xp;
    fn add(self, rhs: Xp) -> Xp {
        Xp(self.0.saturating_add(rhs.0))
    }
}

impl AddAssign for Xp {
    fn add_assign(&mut self, rhs: Xp) {
        *self = *self + rhs;
    }
}

impl Sum for Xp {
    fn sum<I: Iterator<Item = Xp>>(iter: I) -> Xp {
        iter.fold(Xp::ZERO, Add::add)
    }
}

impl fmt::Display for Xp {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} XP", self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sums_and_displays() {
        let total: Xp = [Xp(12), Xp(24), Xp(-5)].into_iter().sum();
        assert_eq!(total, Xp(31));
        assert_eq!(total.to_string(), "31 XP");
        assert_eq!(Xp::from(7u32), Xp(7));
    }
}
