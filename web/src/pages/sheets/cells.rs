//! The boxes and triangles of a sheet as the paper draws them, each knowing how many a
//! tap on it crosses off: itself and those before it still clear (§3.60, R17).

/// A box or triangle of the sheet: crossed off, or how many a tap on it crosses off
/// (itself and those before it still clear).
pub struct Cell {
    /// 1, 2, …: its place in its row.
    pub place: u32,
    pub triangle: bool,
    pub crossed: bool,
    /// The boxes crossed off by tapping it; 0 when none may be.
    pub cross: u32,
}

/// `total` cells of which `crossed` are crossed off; the first `boxes` are boxes, the
/// rest triangles; a tap crosses off at most `most`.
pub fn cells(total: u32, boxes: u32, crossed: u32, most: u32) -> Vec<Cell> {
    (1..=total)
        .map(|place| {
            let cross = place.saturating_sub(crossed);
            Cell {
                place,
                triangle: place > boxes,
                crossed: place <= crossed,
                cross: if cross <= most { cross } else { 0 },
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_tap_crosses_off_the_boxes_up_to_it() {
        // A DH-4's tail: 6 boxes; 2 crossed; its fifth box crosses off three.
        let row = cells(6, 6, 2, u32::MAX);
        assert!(row[1].crossed && !row[2].crossed);
        assert_eq!(row[4].cross, 3);
        // A wound tap crosses one box (light) or two (serious), never a third.
        let wounds = cells(3, 3, 0, 2);
        let taps: Vec<u32> = wounds.iter().map(|c| c.cross).collect();
        assert_eq!(taps, [1, 2, 0]);
    }
}
