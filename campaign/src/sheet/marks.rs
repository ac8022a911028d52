//! The marks of an aircraft data sheet: each thing written on it at the table, in
//! order. Nothing is deleted; an undo is a mark of its own that reverses an earlier
//! one (R17, R18, R21).

use crate::error::{refused, SheetRefusal};
use serde::{Deserialize, Serialize};

use super::aircraft::{Section, SheetAircraft};
use super::SheetTable;
use crate::crew::Role;
use crate::error::RuleError;
use crate::wire::wire_enum;

wire_enum! {
    /// A damage marker's side (§3.541).
    pub enum Marker {
        /// Blue.
        Blue,
        /// Red: on the wings or tail it calls for a spin test (§3.603).
        Red,
    }
}

wire_enum! {
    /// An effect switched on or off on the sheet.
    pub enum Effect {
        /// Issuing smoke (open, §4.00).
        Smoke,
        /// On fire (open).
        Fire,
        /// Spinning (open).
        Spinning,
        /// Gliding: out of fuel or engine gone (secret).
        Gliding,
        /// The engine seized after critical damage: it glides.
        EngineSeized as "engine seized",
        /// The pilot's weapon jammed.
        JammedPilot as "pilot's weapon jammed",
        /// The observer's weapon jammed.
        JammedObserver as "observer's weapon jammed",
        /// The pilot passed out from anoxia: the aircraft spins (R19).
        PassedOutPilot as "pilot passed out",
        /// The observer passed out from anoxia.
        PassedOutObserver as "observer passed out",
        /// A "Pilot Killed" marker (§3.607).
        PilotKilled as "pilot killed",
        /// An "Observer Killed" marker (§3.607).
        ObserverKilled as "observer killed",
        /// A fuel tank exploded: destroyed (§3.607).
        Exploded,
        /// A section broke apart on a critical damage roll: destroyed (R19).
        BrokenUp as "broken up",
    }
}

impl Effect {
    /// The seat an effect concerns, if it concerns one man.
    pub const fn seat(self) -> Option<Role> {
        match self {
            Effect::JammedPilot | Effect::PassedOutPilot | Effect::PilotKilled => Some(Role::Pilot),
            Effect::JammedObserver | Effect::PassedOutObserver | Effect::ObserverKilled => {
                Some(Role::Observer)
            }
            _ => None,
        }
    }
}

/// One mark on a sheet. On the wire its fields stand beside `kind`:
/// `{"kind": "damage", "section": "wings", "boxes": 4}`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum Mark {
    /// Markers the aircraft must draw after a combat roll at it (§3.541).
    Hit {
        /// Blue markers.
        blue: u32,
        /// Red markers.
        red: u32,
    },
    /// Boxes crossed in a section, as a drawn marker says; `marker` clears one marker
    /// of that colour from those to draw.
    Damage {
        /// The section.
        section: Section,
        /// Boxes (then triangles) to cross: at least one.
        boxes: u32,
        /// The marker drawn, if it came from one.
        #[serde(default)]
        marker: Option<Marker>,
    },
    /// A marker drawn with no boxes to cross ("engine damaged", …).
    Drawn {
        /// Its colour.
        marker: Marker,
    },
    /// Fuel boxes used.
    Fuel {
        /// At least one.
        boxes: u32,
    },
    /// A wound: one box light, two serious (R18).
    Wound {
        /// Whose.
        seat: Role,
        /// 1 or 2.
        boxes: u32,
    },
    /// An effect switched on or off.
    Effect {
        /// Which.
        name: Effect,
        /// On or off.
        on: bool,
    },
    /// The turn now played.
    Turn {
        /// Its number.
        turn: u32,
    },
    /// Red hits the crewman in `seat` inflicted (R21).
    RedHits {
        /// The shooter's seat.
        seat: Role,
        /// Red hits of the result.
        count: u32,
    },
    /// A roll on one of the sheet's tables, so the sheet knows what is still due.
    Rolled {
        /// The table.
        table: SheetTable,
        /// The crewman in this seat rolled it, when it was one man's: his attack or
        /// his recovery attempt of the turn (R23).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        seat: Option<Role>,
    },
    /// The aircraft came down on the board (§11).
    Down,
    /// The aircraft left the board or landed at home (§5.01).
    Escaped,
    /// A fact for the debrief that the sheet's sum leaves alone: a claim, the
    /// mission's facts (R10, R22). It holds its place, so an undo can name it.
    Note,
    /// Reverses the mark at place `mark` of the log (an earlier one); undoing an undo
    /// restores the mark.
    Undo {
        /// The place of the mark undone, from 0.
        mark: usize,
    },
}

impl Mark {
    /// The mark's kind, as on the wire.
    pub const fn kind(&self) -> &'static str {
        match self {
            Mark::Hit { .. } => "hit",
            Mark::Damage { .. } => "damage",
            Mark::Drawn { .. } => "drawn",
            Mark::Fuel { .. } => "fuel",
            Mark::Wound { .. } => "wound",
            Mark::Effect { .. } => "effect",
            Mark::Turn { .. } => "turn",
            Mark::RedHits { .. } => "red_hits",
            Mark::Rolled { .. } => "rolled",
            Mark::Down => "down",
            Mark::Escaped => "escaped",
            Mark::Note => "note",
            Mark::Undo { .. } => "undo",
        }
    }

    /// Checks the mark at place `at` of a sheet of `aircraft`: at least one box, a
    /// wound of one or two, an observer only in a two-seater, an undo of an earlier
    /// mark.
    pub fn check(&self, aircraft: &SheetAircraft, at: usize) -> Result<(), RuleError> {
        let seat = match self {
            Mark::Damage { boxes: 0, .. } | Mark::Fuel { boxes: 0 } => {
                return refused(SheetRefusal::EmptyMark { kind: self.kind() })
            }
            Mark::Wound { boxes, .. } if !(1..=2).contains(boxes) => {
                return refused(SheetRefusal::WoundMarkBoxes { boxes: *boxes })
            }
            Mark::Undo { mark } if *mark >= at => {
                return refused(SheetRefusal::UndoUnknownMark {
                    undo: at,
                    mark: *mark,
                })
            }
            Mark::Wound { seat, .. } | Mark::RedHits { seat, .. } => Some(*seat),
            Mark::Effect { name, .. } => name.seat(),
            _ => None,
        };
        if seat == Some(Role::Observer) && !aircraft.two_seater {
            return Err(RuleError::NoObserverSeat {
                aircraft: aircraft.name.clone(),
            });
        }
        Ok(())
    }
}

/// Which marks of a log stand undone: an undo reverses its mark unless it is itself
/// undone. Refuses an undo of a mark that is not earlier than it.
pub fn undone(marks: &[Mark]) -> Result<Vec<bool>, RuleError> {
    let mut undone = vec![false; marks.len()];
    // Only later marks undo a mark, so walking back knows each undo's own fate first.
    for (at, mark) in marks.iter().enumerate().rev() {
        if let Mark::Undo { mark } = *mark {
            if mark >= at {
                return refused(SheetRefusal::UndoUnknownMark { undo: at, mark });
            }
            if !undone[at] {
                undone[mark] = true;
            }
        }
    }
    Ok(undone)
}

/// The place of the last mark an undo would reverse now: the latest mark that is
/// neither an undo nor undone.
pub fn last_undoable(marks: &[Mark]) -> Result<Option<usize>, RuleError> {
    let undone = undone(marks)?;
    Ok(marks
        .iter()
        .enumerate()
        .rev()
        .find(|(at, mark)| !undone[*at] && !matches!(mark, Mark::Undo { .. }))
        .map(|(at, _)| at))
}

/// The standing marks that drew a marker of the hit at place `hit` (§3.541, R24): a
/// marker drawn takes the oldest marker of its colour still to draw, so a hit's markers
/// are drawn only once those received before it are.
pub fn drawn_from(marks: &[Mark], hit: usize) -> Result<Vec<usize>, RuleError> {
    let undone = undone(marks)?;
    let mut blue = std::collections::VecDeque::new();
    let mut red = std::collections::VecDeque::new();
    let mut drew = Vec::new();
    for (at, mark) in marks.iter().enumerate().filter(|(at, _)| !undone[*at]) {
        let marker = match *mark {
            Mark::Hit { blue: b, red: r } => {
                blue.extend(std::iter::repeat_n(at, b as usize));
                red.extend(std::iter::repeat_n(at, r as usize));
                continue;
            }
            Mark::Damage {
                marker: Some(marker),
                ..
            }
            | Mark::Drawn { marker } => marker,
            _ => continue,
        };
        let pile = match marker {
            Marker::Blue => &mut blue,
            Marker::Red => &mut red,
        };
        if pile.pop_front() == Some(hit) {
            drew.push(at);
        }
    }
    Ok(drew)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sheet::aircraft::tests::{bristol_f2b, spad_xiii};
    use crate::wire::testing::round_trips;

    const SMOKE: Mark = Mark::Effect {
        name: Effect::Smoke,
        on: true,
    };

    #[test]
    fn wire_shape_is_kind_beside_fields() {
        let m: Mark =
            serde_json::from_str(r#"{"kind": "damage", "section": "wings", "boxes": 4}"#).unwrap();
        assert_eq!(
            m,
            Mark::Damage {
                section: Section::Wings,
                boxes: 4,
                marker: None
            }
        );
        let m: Mark = serde_json::from_str(r#"{"kind": "undo", "mark": 3}"#).unwrap();
        assert_eq!(m, Mark::Undo { mark: 3 });
        assert_eq!(
            serde_json::to_string(&Mark::Escaped).unwrap(),
            r#"{"kind":"escaped"}"#
        );
        assert!(serde_json::from_str::<Mark>(r#"{"kind": "fuel", "boxes": 1, "x": 1}"#).is_err());
        round_trips(Effect::ALL);
        round_trips(Marker::ALL);
    }

    // An undo reverses its mark; an undo of that undo restores it.
    #[test]
    fn undo_of_an_undo_restores() {
        let marks = [SMOKE, Mark::Undo { mark: 0 }];
        assert_eq!(undone(&marks).unwrap(), [true, false]);
        assert_eq!(last_undoable(&marks).unwrap(), None);
        let marks = [SMOKE, Mark::Undo { mark: 0 }, Mark::Undo { mark: 1 }];
        assert_eq!(undone(&marks).unwrap(), [false, true, false]);
        assert_eq!(last_undoable(&marks).unwrap(), Some(0));
    }

    // R24, §3.541: markers are drawn oldest first, so a second hit's markers are not
    // drawn while the first's remain; an undone draw draws nothing.
    #[test]
    fn a_hits_markers_are_drawn_oldest_first() {
        let hit = |blue, red| Mark::Hit { blue, red };
        let draw = |marker| Mark::Damage {
            section: Section::Wings,
            boxes: 2,
            marker: Some(marker),
        };
        let marks = [
            hit(1, 0),
            hit(1, 1),
            draw(Marker::Blue),
            Mark::Drawn {
                marker: Marker::Red,
            },
        ];
        assert_eq!(drawn_from(&marks, 0).unwrap(), [2]);
        assert_eq!(drawn_from(&marks, 1).unwrap(), [3]);
        let marks = [hit(1, 0), hit(1, 0), draw(Marker::Blue), draw(Marker::Blue)];
        assert_eq!(drawn_from(&marks, 1).unwrap(), [3]);
        let marks = [hit(0, 1), draw(Marker::Red), Mark::Undo { mark: 1 }];
        assert!(drawn_from(&marks, 0).unwrap().is_empty());
    }

    #[test]
    fn an_undo_names_an_earlier_mark() {
        let e = undone(&[SMOKE, Mark::Undo { mark: 1 }]).unwrap_err();
        assert_eq!(
            e,
            crate::RuleError::Sheet(SheetRefusal::UndoUnknownMark { undo: 1, mark: 1 })
        );
        assert_eq!(e.rule(), "R17");
        assert!(Mark::Undo { mark: 5 }.check(&spad_xiii(), 2).is_err());
        assert!(Mark::Undo { mark: 1 }.check(&spad_xiii(), 2).is_ok());
    }

    // R18: a wound crosses one or two boxes; R17: a damage mark at least one; R11: no
    // observer in a single-seater.
    #[test]
    fn marks_are_checked() {
        let spad = spad_xiii();
        let wound = |seat, boxes| Mark::Wound { seat, boxes };
        assert_eq!(
            wound(Role::Pilot, 3).check(&spad, 0),
            refused(SheetRefusal::WoundMarkBoxes { boxes: 3 })
        );
        assert!(wound(Role::Pilot, 0).check(&spad, 0).is_err());
        assert!(wound(Role::Pilot, 2).check(&spad, 0).is_ok());
        assert_eq!(
            wound(Role::Observer, 1).check(&spad, 0),
            Err(RuleError::NoObserverSeat {
                aircraft: "SPAD XIII".into()
            })
        );
        assert!(wound(Role::Observer, 1).check(&bristol_f2b(), 0).is_ok());
        let jammed = Mark::Effect {
            name: Effect::JammedObserver,
            on: true,
        };
        assert!(jammed.check(&spad, 0).is_err());
        let empty = Mark::Damage {
            section: Section::Tail,
            boxes: 0,
            marker: None,
        };
        assert_eq!(
            empty.check(&spad, 0),
            refused(SheetRefusal::EmptyMark { kind: "damage" })
        );
    }
}
