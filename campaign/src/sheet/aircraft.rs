//! An aircraft type as its data sheet needs it: each section's boxes and triangles,
//! fuel, stability, dual controls and seats (appendix A/B, §12.01, R17).

use crate::error::RuleError;
use crate::error::{refused, SheetRefusal};
use crate::wire::wire_enum;

wire_enum! {
    /// Stability class of appendix A/B; A is the best (§3.532).
    #[derive(PartialOrd, Ord)]
    pub enum Stability {
        /// The best.
        A = "A",
        /// The middle class.
        B = "B",
        /// The worst.
        C = "C",
    }
}

impl Stability {
    /// One class better, as the Stability ability counts it for its pilot's combat:
    /// C as B, B as A; A stays A (R17, appendix D).
    pub const fn one_better(self) -> Stability {
        match self {
            Stability::C => Stability::B,
            Stability::B | Stability::A => Stability::A,
        }
    }

    /// The spin and spin recovery modifier: A +1, B 0, C −1 (R19, §3.702, §3.811).
    pub const fn spin_modifier(self) -> i32 {
        match self {
            Stability::A => 1,
            Stability::B => 0,
            Stability::C => -1,
        }
    }
}

wire_enum! {
    /// A damage section of the data sheet.
    pub enum Section {
        /// Engine boxes: past them the engine is destroyed and the aircraft glides
        /// (§3.602).
        Engine,
        /// Wing boxes.
        Wings,
        /// Fuselage boxes.
        Fuselage,
        /// Tail boxes.
        Tail,
    }
}

/// Triangles of a section when the book prints none: two (R17).
pub const TRIANGLES: u32 = 2;

/// The engine section's boxes and triangles of a multi-engine aircraft (§12.01): two
/// engines 7/3, three 8/4, four 10/4. `None` for a single engine or more than four.
pub const fn multi_engine_boxes(engines: u32) -> Option<(u32, u32)> {
    match engines {
        2 => Some((7, 3)),
        3 => Some((8, 4)),
        4 => Some((10, 4)),
        _ => None,
    }
}

/// An aircraft type's row of appendix A/B as its sheet reads it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SheetAircraft {
    /// Type name, for messages.
    pub name: String,
    /// Stability class.
    pub stability: Stability,
    /// Engine boxes (appendix A/B; §12.01 for more than one engine).
    pub engine: u32,
    /// Wing boxes.
    pub wings: u32,
    /// Fuselage boxes.
    pub fuselage: u32,
    /// Tail boxes.
    pub tail: u32,
    /// Fuel boxes.
    pub fuel: u32,
    /// Engines: 1 for every type of appendix A/B; 2–4 take §12.01's engine boxes.
    pub engines: u32,
    /// Dual controls (the DC column): the observer may fly (§9.01).
    pub dual_controls: bool,
    /// An observer's seat (R11).
    pub two_seater: bool,
}

impl SheetAircraft {
    /// A type of appendix A/B, all of which have one engine: its name, stability,
    /// boxes (engine, wings, fuselage, tail, fuel), an observer's seat and dual
    /// controls.
    pub fn of_row(
        name: impl Into<String>,
        stability: Stability,
        [engine, wings, fuselage, tail, fuel]: [u32; 5],
        two_seater: bool,
        dual_controls: bool,
    ) -> SheetAircraft {
        SheetAircraft {
            name: name.into(),
            stability,
            engine,
            wings,
            fuselage,
            tail,
            fuel,
            engines: 1,
            dual_controls,
            two_seater,
        }
    }

    /// Checks the row: one to four engines (§12.01), and at least one box in each
    /// section.
    pub fn check(&self) -> Result<(), RuleError> {
        if !(1..=4).contains(&self.engines) {
            return refused(SheetRefusal::EngineCount {
                aircraft: self.name.clone(),
                engines: self.engines,
            });
        }
        for section in Section::ALL {
            if self.boxes(*section) == 0 {
                return refused(SheetRefusal::SectionWithoutBoxes {
                    aircraft: self.name.clone(),
                    section: *section,
                });
            }
        }
        Ok(())
    }

    /// The boxes of `section`: the appendix's, or §12.01's engine boxes for a
    /// multi-engine aircraft.
    pub fn boxes(&self, section: Section) -> u32 {
        match section {
            Section::Engine => match multi_engine_boxes(self.engines) {
                Some((boxes, _)) => boxes,
                None => self.engine,
            },
            Section::Wings => self.wings,
            Section::Fuselage => self.fuselage,
            Section::Tail => self.tail,
        }
    }

    /// The triangles of `section`: two, or §12.01's for a multi-engine aircraft's
    /// engine (R17).
    pub fn triangles(&self, section: Section) -> u32 {
        match (section, multi_engine_boxes(self.engines)) {
            (Section::Engine, Some((_, triangles))) => triangles,
            _ => TRIANGLES,
        }
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::wire::testing::round_trips;

    /// The SPAD XIII's row of appendix A: B, engine 8, wings 24, fuselage 20, tail 6,
    /// fuel 52, one seat, no dual controls.
    pub(crate) fn spad_xiii() -> SheetAircraft {
        SheetAircraft::of_row("SPAD XIII", Stability::B, [8, 24, 20, 6, 52], false, false)
    }

    /// The Bristol F2b's row of appendix A: A, engine 8, wings 40, fuselage 28, tail
    /// 6, fuel 67, two seats, dual controls (Y).
    pub(crate) fn bristol_f2b() -> SheetAircraft {
        SheetAircraft {
            name: "Bristol F2b".into(),
            stability: Stability::A,
            engine: 8,
            wings: 40,
            fuselage: 28,
            tail: 6,
            fuel: 67,
            engines: 1,
            dual_controls: true,
            two_seater: true,
        }
    }

    #[test]
    fn wire_names_round_trip() {
        round_trips(Stability::ALL);
        round_trips(Section::ALL);
        assert_eq!("B".parse::<Stability>(), Ok(Stability::B));
    }

    // R17, appendix D: Stability counts C as B and B as A; A has nothing better.
    #[test]
    fn r17_stability_one_better() {
        assert_eq!(Stability::C.one_better(), Stability::B);
        assert_eq!(Stability::B.one_better(), Stability::A);
        assert_eq!(Stability::A.one_better(), Stability::A);
    }

    // R17: appendix A's boxes and two triangles per section.
    #[test]
    fn r17_boxes_from_appendix_a_two_triangles() {
        let spad = spad_xiii();
        assert!(spad.check().is_ok());
        assert_eq!(spad.boxes(Section::Engine), 8);
        assert_eq!(spad.boxes(Section::Wings), 24);
        assert_eq!(spad.boxes(Section::Fuselage), 20);
        assert_eq!(spad.boxes(Section::Tail), 6);
        for s in Section::ALL {
            assert_eq!(spad.triangles(*s), 2, "{s}");
        }
    }

    // §12.01: 2 engines 7/3, 3 engines 8/4, 4 engines 10/4; the other sections keep
    // their boxes and two triangles.
    #[test]
    fn s12_01_multi_engine_boxes() {
        let mut big = bristol_f2b();
        for (engines, boxes, triangles) in [(2, 7, 3), (3, 8, 4), (4, 10, 4)] {
            big.engines = engines;
            assert_eq!(big.boxes(Section::Engine), boxes);
            assert_eq!(big.triangles(Section::Engine), triangles);
            assert_eq!(big.boxes(Section::Wings), 40);
            assert_eq!(big.triangles(Section::Wings), 2);
        }
        big.engines = 5;
        assert_eq!(
            big.check(),
            refused(SheetRefusal::EngineCount {
                aircraft: "Bristol F2b".into(),
                engines: 5
            })
        );
        big.engines = 0;
        assert_eq!(big.check().unwrap_err().rule(), "§12.01");
    }

    #[test]
    fn a_section_without_boxes_is_refused() {
        let mut spad = spad_xiii();
        spad.tail = 0;
        assert_eq!(
            spad.check(),
            refused(SheetRefusal::SectionWithoutBoxes {
                aircraft: "SPAD XIII".into(),
                section: Section::Tail
            })
        );
    }
}
