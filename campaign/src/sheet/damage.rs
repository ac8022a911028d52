//! A section's boxes and triangles as they are crossed (R17, §3.601, §3.604, §5.03):
//! boxes first, then triangles; critical at the first triangle, destroyed at the
//! last.

use serde::Serialize;

/// Where a section stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum SectionState {
    /// Nothing crossed.
    Intact,
    /// Some boxes crossed, no triangle.
    Damaged,
    /// Every box and at least one triangle crossed (§3.604).
    Critical,
    /// Every box and triangle crossed (§3.601; the engine's: it glides, §3.602).
    Destroyed,
}

/// A section's boxes, triangles and how many of them are crossed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct SectionDamage {
    /// Boxes of the section.
    pub boxes: u32,
    /// Triangles after the boxes.
    pub triangles: u32,
    /// Boxes and triangles crossed, boxes first; never more than both.
    pub crossed: u32,
}

impl SectionDamage {
    /// A section with nothing crossed.
    pub const fn new(boxes: u32, triangles: u32) -> SectionDamage {
        SectionDamage {
            boxes,
            triangles,
            crossed: 0,
        }
    }

    /// Everything the section can take.
    pub const fn capacity(&self) -> u32 {
        self.boxes + self.triangles
    }

    /// Boxes and triangles not crossed yet.
    pub const fn left(&self) -> u32 {
        self.capacity().saturating_sub(self.crossed)
    }

    /// Crosses `hits` more; what is past the last triangle has nowhere to go.
    pub fn cross(&mut self, hits: u32) {
        self.crossed = self.crossed.saturating_add(hits).min(self.capacity());
    }

    /// Triangles crossed.
    pub const fn triangles_crossed(&self) -> u32 {
        self.crossed.saturating_sub(self.boxes)
    }

    /// Where the section stands.
    pub const fn state(&self) -> SectionState {
        if self.crossed == 0 {
            SectionState::Intact
        } else if self.crossed <= self.boxes {
            SectionState::Damaged
        } else if self.crossed < self.capacity() {
            SectionState::Critical
        } else {
            SectionState::Destroyed
        }
    }

    /// Critical (§3.604) or past it.
    pub const fn critical(&self) -> bool {
        matches!(
            self.state(),
            SectionState::Critical | SectionState::Destroyed
        )
    }

    /// Every box and triangle crossed.
    pub const fn destroyed(&self) -> bool {
        matches!(self.state(), SectionState::Destroyed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    // R17, §3.604, §3.601: the SPAD XIII's tail (6 boxes, two triangles). 6 crossed is
    // every box but no triangle: damaged; the 7th is the first triangle: critical;
    // the 8th the last: destroyed.
    #[test]
    fn r17_tail_critical_at_first_triangle_destroyed_at_last() {
        let mut tail = SectionDamage::new(6, 2);
        assert_eq!(tail.state(), SectionState::Intact);
        tail.cross(1);
        assert_eq!(tail.state(), SectionState::Damaged);
        tail.cross(5);
        assert_eq!((tail.crossed, tail.state()), (6, SectionState::Damaged));
        assert!(!tail.critical());
        tail.cross(1);
        assert_eq!(tail.state(), SectionState::Critical);
        assert_eq!(tail.triangles_crossed(), 1);
        assert!(tail.critical() && !tail.destroyed());
        tail.cross(1);
        assert_eq!(tail.state(), SectionState::Destroyed);
        assert!(tail.critical() && tail.destroyed());
    }

    // A marker of more hits than the section has left stops at its last triangle.
    #[test]
    fn r17_hits_past_the_last_triangle_stop_there() {
        let mut engine = SectionDamage::new(7, 3);
        engine.cross(30);
        assert_eq!(engine.crossed, 10);
        assert_eq!(engine.triangles_crossed(), 3);
        assert!(engine.destroyed());
    }
}
