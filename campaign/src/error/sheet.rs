//! The aircraft data sheet's refusals (R17–R19) and the turn's (R23, §3.00): a mark,
//! a roll or a turn the sheet does not allow. Each says what to change, in a player's
//! words; [`SheetRefusal::rule`] gives the design number.

use crate::sheet::aircraft::Section;
use crate::sheet::combat::Prohibition;
use crate::sheet::combat_value::Burst;

/// A refusal of the sheet's rules; a [`super::RuleError`] wraps it.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SheetRefusal {
    // R17–R19 the aircraft data sheet
    /// An aircraft row with an engine count §12.01 has no boxes for.
    #[error("§12.01: {aircraft} is given {engines} engines; an aircraft has one to four")]
    EngineCount {
        /// Aircraft type name.
        aircraft: String,
        /// Engines given.
        engines: u32,
    },
    /// An aircraft row with a section of no boxes.
    #[error(
        "appendix A/B: {aircraft} has no {} boxes; every section of appendix A/B has some", .section.label()
    )]
    SectionWithoutBoxes {
        /// Aircraft type name.
        aircraft: String,
        /// The empty section.
        section: Section,
    },
    /// A shot the rules forbid.
    #[error("{prohibition}")]
    CombatProhibited {
        /// What forbids it.
        prohibition: Prohibition,
    },
    /// A jam test after a burst that is not long.
    #[error("§3.801: only a long burst is tested for jamming; this was a {} burst", .burst.label())]
    JamWithoutLongBurst {
        /// The burst fired.
        burst: Burst,
    },
    /// A critical damage roll for a section that is not critically damaged.
    #[error("§3.604: the {} section is not critically damaged (all its boxes and a triangle crossed); it takes no critical damage roll", .section.label())]
    NotCritical {
        /// The section.
        section: Section,
    },
    /// An anoxia test below altitude 9.
    #[error("§3.2193: anoxia is tested at altitude 9 and 10; altitude {altitude} needs no test")]
    AnoxiaAltitude {
        /// Altitude given.
        altitude: u32,
    },
    /// An anoxia test in an early-war game.
    #[error("§3.2193: anoxia is tested in late-war games only (from 1917-01-01)")]
    AnoxiaEarlyWar,
    /// Concentrated fire by a crewman without the ace ability.
    #[error("appendix D: concentrated fire is an ace ability; the shooter does not have it")]
    ConcentratedFireNotAce,
    /// Concentrated fire from too far.
    #[error("appendix D: concentrated fire reaches range {max}; the target is at range {range}")]
    ConcentratedFireRange {
        /// The range given.
        range: u32,
        /// The farthest it reaches: 1, or 2 with the Range ability.
        max: u32,
    },
    /// A wound mark crossing other than one or two boxes.
    #[error("§10.01: a wound crosses one box (light) or two (serious); {boxes} were given")]
    WoundMarkBoxes {
        /// Boxes given.
        boxes: u32,
    },
    /// A damage or fuel mark crossing nothing.
    #[error("a {} mark crosses at least one box", .kind.replace('_', " "))]
    EmptyMark {
        /// The mark's kind.
        kind: &'static str,
    },
    // R23 the turn (§3.00): each refusal names the rulebook's section and the man.
    /// A second combat roll by one crewman in a turn.
    #[error("§3.50: {man} has fired this turn already; a weapon makes one attack a turn (mark the next turn first)")]
    OneAttackATurn {
        /// The crewman, by name.
        man: String,
    },
    /// Fire from a jammed weapon.
    #[error("§3.701: {man}'s weapon is jammed and does not fire until it is unjammed")]
    FiringJammed {
        /// The crewman, by name.
        man: String,
    },
    /// Fire in the turn the weapon was unjammed.
    #[error(
        "§3.701: {man} unjammed his weapon this turn; it may be used normally from the next turn"
    )]
    FiringWhenUnjammed {
        /// The crewman, by name.
        man: String,
    },
    /// An unjam in the turn the weapon jammed.
    #[error("§3.80: {man}'s weapon jammed this turn, in the problem phase that comes after recovery; it is unjammed from the next turn's recovery phase (§3.70)")]
    UnjamNextTurn {
        /// The crewman, by name.
        man: String,
    },
    /// A second recovery attempt by one man in a turn.
    #[error("§3.70: {man} has made his attempt of this turn's recovery phase ({done}); a pilot attempts one of unjam or spin recovery a turn, an observer one unjam")]
    OneRecoveryAttempt {
        /// The crewman, by name.
        man: String,
        /// What he attempted already.
        done: &'static str,
    },
    /// Damage past what a section has left.
    #[error(
        "§3.601: the {section} have {left} boxes and triangles left to cross; {boxes} were given"
    )]
    DamagePastSection {
        /// The section, in words.
        section: &'static str,
        /// Boxes given.
        boxes: u32,
        /// Boxes and triangles left.
        left: u32,
    },
    /// Fuel past what is left.
    #[error("§3.30: {left} fuel boxes are left; {boxes} were given")]
    FuelPastTank {
        /// Boxes given.
        boxes: u32,
        /// Boxes left.
        left: u32,
    },
    /// A wound past the man's boxes left.
    #[error(
        "§10.01: {man} has {left} wound boxes left before the third kills him; {boxes} were given"
    )]
    WoundPastBoxes {
        /// The crewman, by name.
        man: String,
        /// Boxes given.
        boxes: u32,
        /// Boxes left.
        left: u32,
    },
    /// A marker cleared with none of its colour to draw.
    #[error("§3.541: no {colour} marker is to draw on this sheet; a marker is cleared only when one of its colour is to draw")]
    NoMarkerToDraw {
        /// The marker's colour.
        colour: &'static str,
    },
    /// A turn mark that does not move on.
    #[error("§3.00: turn {now} is being played; the turn marked next is a later one, not {turn}")]
    TurnGoesBack {
        /// The turn marked.
        turn: u32,
        /// The turn being played.
        now: u32,
    },
    /// An undo of no earlier mark.
    #[error("mark {undo} undoes mark {mark}, which is not an earlier mark of this sheet; a sheet's marks are undone by their place in its log")]
    UndoUnknownMark {
        /// The undo's place in the log.
        undo: usize,
        /// The place it names.
        mark: usize,
    },
}

/// A sheet refusal as the rule error every check of the crate returns.
pub(crate) fn refused<T>(refusal: SheetRefusal) -> Result<T, super::RuleError> {
    Err(refusal.into())
}
