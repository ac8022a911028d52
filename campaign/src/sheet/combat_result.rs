//! The Combat Result Table (R17, §3.54): line by combat value 1–17, column by the
//! die 1–6, each cell the blue and red hits the target suffers.

use std::fmt;

use serde::{Deserialize, Serialize};

/// The lines of the table: combat values 1 to 17.
pub const LINES: u32 = 17;
/// The columns of the table: a d6.
pub const COLUMNS: u32 = 6;

/// Blue and red damage markers the target draws (§3.54). Shown as the table writes
/// them: `-`, `B`, `2B`, `R`, `BR`, `B3R`, …
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Hits {
    /// Blue markers.
    pub blue: u32,
    /// Red markers.
    pub red: u32,
}

impl Hits {
    /// No hit.
    pub const NONE: Hits = Hits { blue: 0, red: 0 };

    /// `blue` blue and `red` red hits.
    pub const fn new(blue: u32, red: u32) -> Hits {
        Hits { blue, red }
    }

    /// Whether no marker is drawn.
    pub const fn is_none(self) -> bool {
        self.blue == 0 && self.red == 0
    }
}

impl fmt::Display for Hits {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_none() {
            return f.write_str("-");
        }
        let part = |f: &mut fmt::Formatter<'_>, n: u32, letter: &str| match n {
            0 => Ok(()),
            1 => f.write_str(letter),
            n => write!(f, "{n}{letter}"),
        };
        part(f, self.blue, "B")?;
        part(f, self.red, "R")
    }
}

const __: Hits = Hits::new(0, 0);
const B1: Hits = Hits::new(1, 0);
const B2: Hits = Hits::new(2, 0);
const R1: Hits = Hits::new(0, 1);
const R2: Hits = Hits::new(0, 2);
const R3: Hits = Hits::new(0, 3);
const R4: Hits = Hits::new(0, 4);
const R5: Hits = Hits::new(0, 5);
const R6: Hits = Hits::new(0, 6);
const R7: Hits = Hits::new(0, 7);
const R8: Hits = Hits::new(0, 8);
const R9: Hits = Hits::new(0, 9);
const BR: Hits = Hits::new(1, 1);
const B_2R: Hits = Hits::new(1, 2);
const B_3R: Hits = Hits::new(1, 3);
const B_4R: Hits = Hits::new(1, 4);

/// The table as printed, line 1 first, columns die 1 to 6.
const TABLE: [[Hits; COLUMNS as usize]; LINES as usize] = [
    [__, __, __, __, B1, B1],
    [__, __, __, B1, B1, B1],
    [__, __, B1, B1, B1, B1],
    [__, B1, B1, B1, B1, B2],
    [B1, B1, B1, B1, B2, R1],
    [B1, B1, B1, B2, R1, R1],
    [B1, B1, B2, R1, R1, R2],
    [B1, B2, R1, R1, BR, R2],
    [B2, R1, R1, BR, R2, R3],
    [R1, BR, BR, R2, R3, B_3R],
    [BR, BR, R2, R3, B_3R, R4],
    [BR, BR, B_2R, R3, B_3R, B_4R],
    [BR, R2, R3, B_3R, R4, R5],
    [R2, R3, B_3R, R4, R5, R6],
    [R3, B_3R, R4, R5, R6, R7],
    [B_3R, R4, R5, R6, R7, R8],
    [R4, R5, R6, R7, R8, R9],
];

/// The line a combat value reads: none at 0 or less (no effect), 17 above 17 (R17).
pub fn line_for(value: i32) -> Option<u32> {
    u32::try_from(value)
        .ok()
        .filter(|&v| v >= 1)
        .map(|v| v.min(LINES))
}

/// The column a modified die reads: 6 above 6 (R17).
pub fn column_for(modified_die: u32) -> u32 {
    modified_die.clamp(1, COLUMNS)
}

/// The cell of `line` (1–17) and `column` (1–6); out-of-table indices read the
/// nearest edge, as R17 reads values above 17 and dice above 6.
pub fn read(line: u32, column: u32) -> Hits {
    let line = line.clamp(1, LINES) as usize;
    let column = column_for(column) as usize;
    TABLE[line - 1][column - 1]
}

#[cfg(test)]
mod tests {
    use super::*;

    // The table's corners and the book's example (§3.54: value 11, die 5 → B3R).
    #[test]
    fn r17_combat_result_table_corners_and_example() {
        assert_eq!(read(1, 1), Hits::NONE);
        assert_eq!(read(1, 4), Hits::NONE);
        assert_eq!(read(1, 5), Hits::new(1, 0));
        assert_eq!(read(1, 6).to_string(), "B");
        assert_eq!(read(17, 1).to_string(), "4R");
        assert_eq!(read(17, 6).to_string(), "9R");
        assert_eq!(read(11, 5).to_string(), "B3R");
        assert_eq!(read(11, 5), Hits::new(1, 3));
    }

    // Every line as printed, written back in the table's own notation.
    #[test]
    fn r17_every_line_as_printed() {
        let printed = [
            "- - - - B B",
            "- - - B B B",
            "- - B B B B",
            "- B B B B 2B",
            "B B B B 2B R",
            "B B B 2B R R",
            "B B 2B R R 2R",
            "B 2B R R BR 2R",
            "2B R R BR 2R 3R",
            "R BR BR 2R 3R B3R",
            "BR BR 2R 3R B3R 4R",
            "BR BR B2R 3R B3R B4R",
            "BR 2R 3R B3R 4R 5R",
            "2R 3R B3R 4R 5R 6R",
            "3R B3R 4R 5R 6R 7R",
            "B3R 4R 5R 6R 7R 8R",
            "4R 5R 6R 7R 8R 9R",
        ];
        for (i, line) in printed.iter().enumerate() {
            let cells: Vec<String> = (1..=6).map(|c| read(i as u32 + 1, c).to_string()).collect();
            assert_eq!(cells.join(" "), *line, "line {}", i + 1);
        }
    }

    // R17: 0 or less has no effect, 1 is the first line, above 17 reads 17.
    #[test]
    fn r17_lines_at_the_boundaries() {
        assert_eq!(line_for(-4), None);
        assert_eq!(line_for(0), None);
        assert_eq!(line_for(1), Some(1));
        assert_eq!(line_for(17), Some(17));
        assert_eq!(line_for(18), Some(17));
        assert_eq!(line_for(30), Some(17));
    }

    // R17: a modified die above 6 reads column 6.
    #[test]
    fn r17_columns_at_the_boundaries() {
        assert_eq!(column_for(1), 1);
        assert_eq!(column_for(6), 6);
        assert_eq!(column_for(7), 6);
        assert_eq!(read(17, 7), read(17, 6));
    }

    #[test]
    fn hits_are_written_as_the_table_writes_them() {
        assert_eq!(Hits::new(0, 0).to_string(), "-");
        assert_eq!(Hits::new(2, 0).to_string(), "2B");
        assert_eq!(Hits::new(1, 1).to_string(), "BR");
        assert_eq!(Hits::new(1, 4).to_string(), "B4R");
        assert!(Hits::NONE.is_none() && !Hits::new(0, 1).is_none());
    }
}
