//! A sheet's state: the sum of its marks, undone marks left out (R17, R18, R21).

use serde::Serialize;

use super::aircraft::{Section, SheetAircraft, Stability};
use super::combat::ShootingAircraft;
use super::combat_result::Hits;
use super::damage::SectionDamage;
use super::marks::{undone, Effect, Mark, Marker};
use super::wounds::KILLING_BOXES;
use super::SheetTable;
use crate::crew::Role;
use crate::error::RuleError;

/// One crewman's part of the sheet.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct CrewSheet {
    /// Wound boxes crossed, at most three (R18).
    pub wound_boxes: u32,
    /// Killed by a marker, whatever his boxes (§3.607).
    pub killed_by_marker: bool,
    /// Passed out from anoxia (R19).
    pub passed_out: bool,
    /// His weapon is jammed.
    pub jammed: bool,
    /// Red hits he inflicted (R21).
    pub red_hits: u32,
    /// He made his combat roll of the turn (R23, §3.50).
    pub fired: bool,
    /// What he attempted in the turn's recovery phase (R23, §3.70).
    pub recovery: Option<SheetTable>,
    /// The turn his weapon last jammed in (§3.80).
    pub jammed_in: Option<u32>,
    /// The turn his weapon was last unjammed in (§3.701).
    pub unjammed_in: Option<u32>,
}

impl CrewSheet {
    /// Three wound boxes or a "killed" marker (R18).
    pub const fn killed(&self) -> bool {
        self.killed_by_marker || self.wound_boxes >= KILLING_BOXES
    }

    /// Alive and conscious: he can fly and fire.
    pub const fn able(&self) -> bool {
        !self.killed() && !self.passed_out
    }

    /// `killed`, `passed_out` or `active`, as the sheet shows him.
    pub const fn state(&self) -> &'static str {
        if self.killed() {
            "killed"
        } else if self.passed_out {
            "passed_out"
        } else {
            "active"
        }
    }
}

/// A test the rules now require of the sheet.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Due {
    /// Markers received and not yet drawn (§3.541).
    Draw,
    /// Red damage to the wings or tail since the last spin test (§3.603).
    Spin,
    /// Spinning with a man at the controls, no recovery tried this turn (§3.702).
    SpinRecovery,
    /// On fire, no attempt this turn (§3.1001).
    ExtinguishFire,
    /// Smoking, no attempt this turn (§3.1002).
    ExtinguishSmoke,
}

/// The facts the whole table sees (§4.00, R20).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct OpenFacts {
    /// Destroyed.
    pub destroyed: bool,
    /// Spinning.
    pub spinning: bool,
    /// Issuing smoke.
    pub smoke: bool,
    /// On fire.
    pub fire: bool,
    /// Came down on the board.
    pub down: bool,
    /// Escaped.
    pub escaped: bool,
}

/// The sum of a sheet's marks.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SheetState {
    /// The turn last marked (0 before the first).
    pub turn: u32,
    /// Engine, wings, fuselage and tail, in [`Section::ALL`]'s order.
    pub sections: [SectionDamage; 4],
    /// Fuel boxes of the type.
    pub fuel_boxes: u32,
    /// Fuel boxes used, at most all of them.
    pub fuel_used: u32,
    /// The pilot.
    pub pilot: CrewSheet,
    /// The observer of a two-seater.
    pub observer: Option<CrewSheet>,
    /// The type's stability class (appendix A/B).
    pub stability: Stability,
    /// Dual controls: the observer flies when the pilot cannot (R18).
    pub dual_controls: bool,
    /// Smoke marked.
    pub smoke: bool,
    /// Fire marked.
    pub fire: bool,
    /// A spin marked (a pilot who cannot fly with nobody to take over spins besides).
    pub spin_marked: bool,
    /// Gliding marked (fuel and engine make it glide besides).
    pub gliding_marked: bool,
    /// The engine seized.
    pub engine_seized: bool,
    /// A fuel tank exploded or a section broke apart.
    pub blown_apart: bool,
    /// Came down on the board.
    pub down: bool,
    /// Escaped.
    pub escaped: bool,
    /// Markers still to draw.
    pub to_draw: Hits,
    /// Red wing or tail damage since the last spin test.
    pub spin_test_due: bool,
    /// The tables rolled since the last turn mark.
    pub rolled_this_turn: Vec<SheetTable>,
}

impl SheetState {
    /// The sheet of `aircraft` before any mark.
    pub fn new(aircraft: &SheetAircraft) -> SheetState {
        SheetState {
            turn: 0,
            sections: [
                Section::Engine,
                Section::Wings,
                Section::Fuselage,
                Section::Tail,
            ]
            .map(|s| SectionDamage::new(aircraft.boxes(s), aircraft.triangles(s))),
            fuel_boxes: aircraft.fuel,
            fuel_used: 0,
            pilot: CrewSheet::default(),
            observer: aircraft.two_seater.then(CrewSheet::default),
            stability: aircraft.stability,
            dual_controls: aircraft.dual_controls,
            smoke: false,
            fire: false,
            spin_marked: false,
            gliding_marked: false,
            engine_seized: false,
            blown_apart: false,
            down: false,
            escaped: false,
            to_draw: Hits::NONE,
            spin_test_due: false,
            rolled_this_turn: Vec::new(),
        }
    }

    /// The sum of `marks` on a sheet of `aircraft`, undone marks left out. Refuses a
    /// log with a mark that does not fit the aircraft.
    pub fn from_marks(aircraft: &SheetAircraft, marks: &[Mark]) -> Result<SheetState, RuleError> {
        aircraft.check()?;
        for (at, mark) in marks.iter().enumerate() {
            mark.check(aircraft, at)?;
        }
        let undone = undone(marks)?;
        let mut state = SheetState::new(aircraft);
        for (mark, _) in marks.iter().zip(undone).filter(|(_, undone)| !undone) {
            state.apply(mark);
        }
        Ok(state)
    }

    fn apply(&mut self, mark: &Mark) {
        match *mark {
            Mark::Hit { blue, red } => {
                self.to_draw.blue += blue;
                self.to_draw.red += red;
            }
            Mark::Damage {
                section,
                boxes,
                marker,
            } => {
                self.section_mut(section).cross(boxes);
                if let Some(marker) = marker {
                    self.drawn(marker);
                }
                if marker == Some(Marker::Red) && matches!(section, Section::Wings | Section::Tail)
                {
                    self.spin_test_due = true;
                }
            }
            Mark::Drawn { marker } => self.drawn(marker),
            Mark::Fuel { boxes } => {
                self.fuel_used = (self.fuel_used + boxes).min(self.fuel_boxes);
            }
            Mark::Wound { seat, boxes } => {
                let man = self.crew_mut(seat);
                man.wound_boxes = (man.wound_boxes + boxes).min(KILLING_BOXES);
            }
            Mark::Effect { name, on } => self.effect(name, on),
            Mark::Turn { turn } => {
                self.turn = turn;
                self.rolled_this_turn.clear();
                for man in [Some(&mut self.pilot), self.observer.as_mut()]
                    .into_iter()
                    .flatten()
                {
                    man.fired = false;
                    man.recovery = None;
                }
            }
            Mark::RedHits { seat, count } => self.crew_mut(seat).red_hits += count,
            Mark::Rolled { table, seat } => {
                if table == SheetTable::Spin {
                    self.spin_test_due = false;
                }
                if let Some(seat) = seat {
                    let man = self.crew_mut(seat);
                    match table {
                        SheetTable::Combat => man.fired = true,
                        SheetTable::Unjam | SheetTable::SpinRecovery => {
                            man.recovery = Some(table);
                        }
                        _ => {}
                    }
                }
                self.rolled_this_turn.push(table);
            }
            Mark::Down => self.down = true,
            Mark::Escaped => self.escaped = true,
            Mark::Undo { .. } | Mark::Note => {}
        }
    }

    fn effect(&mut self, name: Effect, on: bool) {
        match name {
            Effect::Smoke => self.smoke = on,
            Effect::Fire => self.fire = on,
            Effect::Spinning => self.spin_marked = on,
            Effect::Gliding => self.gliding_marked = on,
            Effect::EngineSeized => self.engine_seized = on,
            Effect::JammedPilot => self.jam(Role::Pilot, on),
            Effect::JammedObserver => self.jam(Role::Observer, on),
            Effect::PassedOutPilot => {
                self.pilot.passed_out = on;
                // A pilot who passes out puts the aircraft into a spin, which outlasts
                // his coming to (R19, §3.2193).
                self.spin_marked |= on;
            }
            Effect::PassedOutObserver => self.crew_mut(Role::Observer).passed_out = on,
            Effect::PilotKilled => self.pilot.killed_by_marker = on,
            Effect::ObserverKilled => self.crew_mut(Role::Observer).killed_by_marker = on,
            Effect::Exploded | Effect::BrokenUp => self.blown_apart = on,
        }
    }

    fn jam(&mut self, seat: Role, on: bool) {
        let turn = self.turn;
        let man = self.crew_mut(seat);
        man.jammed = on;
        if on {
            man.jammed_in = Some(turn);
        } else {
            man.unjammed_in = Some(turn);
        }
    }

    fn drawn(&mut self, marker: Marker) {
        let left = match marker {
            Marker::Blue => &mut self.to_draw.blue,
            Marker::Red => &mut self.to_draw.red,
        };
        *left = left.saturating_sub(1);
    }

    fn crew_mut(&mut self, seat: Role) -> &mut CrewSheet {
        match seat {
            Role::Pilot => &mut self.pilot,
            // Marks were checked against the aircraft: an observer mark has his seat.
            Role::Observer => self.observer.get_or_insert_with(CrewSheet::default),
        }
    }

    fn section_mut(&mut self, section: Section) -> &mut SectionDamage {
        &mut self.sections[section as usize]
    }

    /// The damage of `section`.
    pub fn section(&self, section: Section) -> &SectionDamage {
        &self.sections[section as usize]
    }

    /// The crewman in `seat`, if the aircraft has that seat.
    pub fn crew(&self, seat: Role) -> Option<&CrewSheet> {
        match seat {
            Role::Pilot => Some(&self.pilot),
            Role::Observer => self.observer.as_ref(),
        }
    }

    /// Who flies: the pilot while he is alive and conscious, else the observer of an
    /// aircraft with dual controls while he is; nobody otherwise (R18, §9.01).
    pub fn at_the_controls(&self) -> Option<Role> {
        if self.pilot.able() {
            Some(Role::Pilot)
        } else if self.dual_controls && self.observer.is_some_and(|o| o.able()) {
            Some(Role::Observer)
        } else {
            None
        }
    }

    /// Spinning: marked so, or nobody can fly it (R18, R19).
    pub fn spinning(&self) -> bool {
        self.spin_marked || self.at_the_controls().is_none()
    }

    /// Gliding: marked so, the engine seized or destroyed (§3.602), or out of fuel
    /// (§3.301).
    pub fn gliding(&self) -> bool {
        self.gliding_marked
            || self.engine_seized
            || self.section(Section::Engine).destroyed()
            || self.fuel_used >= self.fuel_boxes
    }

    /// Destroyed: every box and triangle of the wings, fuselage or tail crossed
    /// (§3.601, §5.03), a tank exploded or a section broken apart.
    pub fn destroyed(&self) -> bool {
        self.blown_apart
            || [Section::Wings, Section::Fuselage, Section::Tail]
                .iter()
                .any(|&s| self.section(s).destroyed())
    }

    /// The shooting aircraft as the combat table needs it: its stability, and
    /// whether it spins, burns or is flown by its observer (R17, §9.01).
    pub fn shooting_aircraft(&self) -> ShootingAircraft {
        ShootingAircraft {
            stability: self.stability,
            spinning: self.spinning(),
            on_fire: self.fire,
            observer_flying: self.at_the_controls() == Some(Role::Observer),
        }
    }

    /// What the whole table sees (§4.00, R20).
    pub fn open(&self) -> OpenFacts {
        OpenFacts {
            destroyed: self.destroyed(),
            spinning: self.spinning(),
            smoke: self.smoke,
            fire: self.fire,
            down: self.down,
            escaped: self.escaped,
        }
    }

    /// The tests the rules now require, while the aircraft is still in the game.
    pub fn due(&self) -> Vec<Due> {
        if self.destroyed() || self.down || self.escaped {
            return Vec::new();
        }
        let rolled = |t| self.rolled_this_turn.contains(&t);
        let mut due = Vec::new();
        if !self.to_draw.is_none() {
            due.push(Due::Draw);
        }
        if self.spin_test_due && !self.spinning() {
            due.push(Due::Spin);
        }
        if self.spinning() && self.at_the_controls().is_some() && !rolled(SheetTable::SpinRecovery)
        {
            due.push(Due::SpinRecovery);
        }
        if self.fire && !rolled(SheetTable::ExtinguishFire) {
            due.push(Due::ExtinguishFire);
        }
        if self.smoke && !self.fire && !rolled(SheetTable::ExtinguishSmoke) {
            due.push(Due::ExtinguishSmoke);
        }
        due
    }
}

#[cfg(test)]
#[path = "state_tests.rs"]
mod tests;
