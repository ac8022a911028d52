//! The one error type of the crate: every refusal says what to change, in a player's
//! words, citing the rulebook's section where one is broken (API v1.3, "Words").

use chrono::NaiveDate;

use crate::abilities::{Ability, AbilityKind};
use crate::crew::{CrewId, Role};
use crate::logged_table::LoggedTable;
use crate::missions::{AircraftRequirement, MissionType};
use crate::sides::{Nationality, Side};
use crate::xp::Xp;

mod rule;
mod sheet;

pub(crate) use sheet::refused;
pub use sheet::SheetRefusal;

/// A rule of the campaign refused something. `Display` is a sentence a person can act
/// on: it starts with the rulebook's section where one is broken (`§13.02: …`) and
/// names no design number or field; [`RuleError::rule`] gives the design number
/// (`R3`) for programs.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RuleError {
    // R1 calendar
    /// A campaign start date outside the war.
    #[error(
        "§13.00: a campaign starts between 1915-06-01 and 1918-11-30; {date} is outside that window"
    )]
    StartDateOutOfRange {
        /// The date given.
        date: NaiveDate,
    },

    // R3 crews
    /// A player asked for a third starting pilot or a second starting observer.
    #[error("§13.02: the player already has {existing} starting {}(s); a player starts with at most two pilots and one observer", .role.label())]
    TooManyStartingCrew {
        /// Role of the crewman asked for.
        role: Role,
        /// Starting crew of that role the player already has.
        existing: usize,
    },
    /// A replacement asked for while the player still has a crewman of that role.
    #[error("§13.02: a replacement {} may be created only when none of the player's {}s is available; {available} still is", .role.label(), .role.label())]
    ReplacementNotNeeded {
        /// Role of the replacement asked for.
        role: Role,
        /// Available crew of that role.
        available: usize,
    },

    // R6 abilities
    /// The crewman already has the ability.
    #[error("appendix D: {} is already chosen; each ability may be chosen once per crewman", .ability.name())]
    AbilityAlreadyChosen {
        /// The ability picked again.
        ability: Ability,
    },
    /// A pilot picked an observer ability, an observer a pilot ability.
    #[error("§13.102: {} is one of the {} abilities and a {} cannot choose it; pilots choose pilot or gunnery abilities, observers gunnery or observer abilities", .ability.name(), .kind.label(), .role.label())]
    AbilityNotForRole {
        /// The ability picked.
        ability: Ability,
        /// Its kind.
        kind: AbilityKind,
        /// The role of the crewman.
        role: Role,
    },
    /// Spin Skill or Spin Recovery picked below 250 XP.
    #[error("appendix D: {} can be chosen only at {min} or more; the crewman has {xp}", .ability.name())]
    AbilityNeedsXp {
        /// The ability picked.
        ability: Ability,
        /// The XP it needs.
        min: Xp,
        /// The crewman's XP.
        xp: Xp,
    },
    /// Every ability slot earned by XP is already used.
    #[error("§13.102: no ability slot is free: {xp} gives {slots} slot(s), all used; the next comes at {next}")]
    NoXpSlot {
        /// The crewman's XP.
        xp: Xp,
        /// Slots his XP gives.
        slots: u32,
        /// XP at which the next slot comes.
        next: Xp,
    },
    /// Every ace slot is already used.
    #[error("§13.102: {} is an ace ability and no ace slot is free: {kills} kill(s) give {slots}; the next comes at {next} kills", .ability.name())]
    NoAceSlot {
        /// The ability picked.
        ability: Ability,
        /// The crewman's kills (a shared kill counts as one).
        kills: u32,
        /// Ace slots the kills give.
        slots: u32,
        /// Kills at which the next ace slot comes.
        next: u32,
    },

    // R7 wounds
    /// More wound boxes than a crewman has.
    #[error("§10.01: crewman {crew} has {boxes} wound boxes crossed off; a crewman has three and is killed at three")]
    WoundBoxesOutOfRange {
        /// The crewman.
        crew: CrewId,
        /// Boxes given.
        boxes: u32,
    },

    // §13.03 / R8 parachutes
    /// A bail-out without a parachute.
    #[error("§13.03: parachutes are only for German crews from 1918-02-01; this crew is {} and the game is on {date}", .nationality.label())]
    NoParachute {
        /// Nationality of the crew.
        nationality: Nationality,
        /// Date of the game.
        date: NaiveDate,
    },

    // appendix E / R10 missions
    /// A bomb run from an altitude bombs cannot be dropped from.
    #[error("appendix E: bombing is done at altitude 1 to 4; a bomb run at altitude {altitude} is not allowed")]
    BombingAltitude {
        /// Altitude given.
        altitude: u32,
    },
    /// More bomb runs than an aircraft has bombs for.
    #[error("appendix E: an aircraft carries bombs for at most 3 bomb runs; {runs} were given")]
    TooManyBombRuns {
        /// Runs given.
        runs: usize,
    },
    /// `landed_safely` reported for a mission aircraft that cannot have landed at its
    /// airfield (§9.00).
    #[error("appendix E (§9.00): mission aircraft {key} did not land safely at its airfield: {why}; report that it did not land safely")]
    NotLandedSafely {
        /// The mission sortie's key.
        key: String,
        /// Why not.
        why: crate::landed_safely::NotHome,
    },
    /// More troop-concentration hexes observed than were designated.
    #[error("appendix E: observe troop concentrations designates 4 hexes; {hexes} observed is more than that")]
    TooManyHexesObserved {
        /// Hexes given.
        hexes: u32,
    },
    /// Directing artillery without the trips rolled with the mission.
    #[error(
        "appendix E: directing artillery needs the trips rolled (1d6) with the mission; none were given"
    )]
    TripsNeededMissing,
    /// Trips needed outside 1–6.
    #[error(
        "appendix E: the trips needed for directing artillery are rolled on 1d6; {trips} is not possible"
    )]
    TripsNeededOutOfRange {
        /// Trips given.
        trips: u32,
    },

    // R9 assignment
    /// The aircraft type is not yet in service on the week's date.
    #[error(
        "appendix A/B: {aircraft} enters service on {service_start}; the week is dated {date}"
    )]
    AircraftNotInService {
        /// Aircraft type name.
        aircraft: String,
        /// First day of its service month.
        service_start: NaiveDate,
        /// The week's date.
        date: NaiveDate,
    },
    /// The aircraft belongs to the other side.
    #[error("§13.01: {aircraft} flies for the {} side and cannot fly for the {} side", .aircraft_side.label(), .side.label())]
    AircraftWrongSide {
        /// Aircraft type name.
        aircraft: String,
        /// The aircraft's side.
        aircraft_side: Side,
        /// The side flying.
        side: Side,
    },
    /// The mission aircraft is of the wrong type for the mission.
    #[error("§13.20: {} needs {}; {aircraft} is not one", .mission.label(), .needs.label())]
    WrongAircraftType {
        /// Aircraft type name.
        aircraft: String,
        /// Mission rolled.
        mission: MissionType,
        /// What the mission needs.
        needs: AircraftRequirement,
    },
    /// A crewman put in the other seat (an observer as pilot, a pilot as observer).
    #[error("§13.02: {crew} flies as {} and cannot take the {}'s seat", .role.label(), .seat.label())]
    CrewWrongRole {
        /// Crewman name.
        crew: String,
        /// His role.
        role: Role,
        /// The seat he was put in.
        seat: Role,
    },
    /// A crewman of the other side.
    #[error("§13.01: {crew} flies for the {} side and cannot fly for the {} side", .crew_side.label(), .side.label())]
    CrewWrongSide {
        /// Crewman name.
        crew: String,
        /// His side.
        crew_side: Side,
        /// The side flying.
        side: Side,
    },
    /// A crewman who is out (wounded, captured, killed, sent home).
    #[error("§13.02: {crew} is out of play this week (wounded, captured, killed or sent home) and cannot fly")]
    CrewUnavailable {
        /// Crewman name.
        crew: String,
    },
    /// A sortie marked as the mission sortie of a mission never assigned.
    #[error("§13.20: aircraft {sortie} is marked as flying the {} mission ({}), which was never assigned; assign its aircraft and crew first, or mark the aircraft as flying fighter sweep", .side.label(), .mission.label())]
    MissionNotAssigned {
        /// The sortie's key.
        sortie: String,
        /// Its side.
        side: Side,
        /// The side's mission.
        mission: MissionType,
    },
    /// A mission sortie that is not the assigned aircraft and crew.
    #[error("§13.20: aircraft {sortie} is marked as flying the {} mission ({}), which was assigned to {aircraft} with pilot {pilot} and {observer}; report that aircraft and crew as the mission aircraft", .side.label(), .mission.label())]
    NotTheAssignedSortie {
        /// The sortie's key.
        sortie: String,
        /// Its side.
        side: Side,
        /// The side's mission.
        mission: MissionType,
        /// The assigned aircraft type's name.
        aircraft: String,
        /// The assigned pilot's name.
        pilot: String,
        /// "observer NAME" or "no observer".
        observer: String,
    },
    /// The assigned pilot reported flying a sweep.
    #[error("§13.20: {pilot} is the assigned pilot of the {} mission ({}); mark aircraft {sortie} as flying the mission", .side.label(), .mission.label())]
    AssignedPilotOnSweep {
        /// The sortie's key.
        sortie: String,
        /// Its side.
        side: Side,
        /// The side's mission.
        mission: MissionType,
        /// The assigned pilot's name.
        pilot: String,
    },
    /// A mission that needs an observer assigned without one.
    #[error("§13.20: {} needs an observer in the mission aircraft; none was assigned", .mission.label())]
    ObserverRequired {
        /// Mission rolled.
        mission: MissionType,
    },
    /// An observer assigned to a single-seater.
    #[error("appendix A/B: {aircraft} is a single-seater and has no seat for an observer")]
    NoObserverSeat {
        /// Aircraft type name.
        aircraft: String,
    },

    // R4 debrief facts
    /// A kill whose victim is no sortie of the game.
    #[error("§13.103: the kill's victim {victim} is no aircraft of this game")]
    UnknownVictim {
        /// Victim key given.
        victim: String,
    },
    /// A kill whose victim aircraft was not lost.
    #[error("§13.103: aircraft {victim} is credited as a kill but is not marked lost")]
    VictimNotLost {
        /// Victim key.
        victim: String,
    },
    /// A kill credited to a crewman of the victim's side.
    #[error("§13.103: crewman {shooter} is on the same side as aircraft {victim} and cannot be credited with its kill")]
    KillOfOwnSide {
        /// Victim key.
        victim: String,
        /// The shooter.
        shooter: CrewId,
    },
    /// A shooter who flew no sortie in the game.
    #[error(
        "§13.103: crewman {shooter} is credited with a kill but flew in no aircraft of this game"
    )]
    ShooterNotInGame {
        /// The shooter.
        shooter: CrewId,
    },
    /// A kill with nobody credited.
    #[error("§13.103: the kill of aircraft {victim} names no shooter")]
    KillWithoutShooters {
        /// Victim key.
        victim: String,
    },
    /// The same shooter named twice for one kill.
    #[error("§13.103: crewman {shooter} is named twice as a shooter of aircraft {victim}")]
    DuplicateShooter {
        /// Victim key.
        victim: String,
        /// The shooter.
        shooter: CrewId,
    },
    /// The same victim credited twice.
    #[error(
        "§13.103: aircraft {victim} is credited as a kill twice; share one kill between its shooters instead"
    )]
    DuplicateKill {
        /// Victim key.
        victim: String,
    },
    /// Two sorties with one key.
    #[error("two aircraft are both called {key}; each aircraft of the debrief needs its own name")]
    DuplicateSortieKey {
        /// The key.
        key: String,
    },
    /// A crewman in two sorties or twice in one.
    #[error("crewman {crew} appears twice in the debrief; a crewman flies in one aircraft a game")]
    CrewFliesTwice {
        /// The crewman.
        crew: CrewId,
    },
    /// Two crewmen in the same seat of one aircraft.
    #[error("appendix A/B: aircraft {key} has more than one {}", .position.label())]
    SeatTaken {
        /// Sortie key.
        key: String,
        /// The seat.
        position: Role,
    },
    /// An observer in a single-seater.
    #[error(
        "appendix A/B: aircraft {key} is a single-seater and cannot carry observer crewman {crew}"
    )]
    ObserverInSingleSeater {
        /// Sortie key.
        key: String,
        /// The observer.
        crew: CrewId,
    },
    /// A sortie marked as the mission aircraft for a side without a mission.
    #[error("§13.20: aircraft {key} is marked as flying the {} mission but the {} side has no mission in this game", .side.label(), .side.label())]
    MissionSortieWithoutMission {
        /// Sortie key.
        key: String,
        /// Its side.
        side: Side,
    },
    /// Two mission aircraft on a side whose mission is not a sweep or scramble.
    #[error("§13.20: only one aircraft per side flies the {} mission; aircraft {first} and {second} are both marked as flying it", .mission.label())]
    SecondMissionSortie {
        /// The side's mission.
        mission: MissionType,
        /// First mission sortie.
        first: String,
        /// Second mission sortie.
        second: String,
    },
    /// More turns on the board than the game had.
    #[error("appendix D: aircraft {key} was {turns} turns on the board but the game had {played}")]
    TurnsOutOfRange {
        /// Sortie key.
        key: String,
        /// Turns given.
        turns: u32,
        /// Turns the game had.
        played: u32,
    },
    /// A side leaving the board on a turn the game did not have.
    #[error("appendix D: the {} side is reported leaving the board on turn {turn} but the game had {played} turns", .side.label())]
    LeftBoardOutOfRange {
        /// The side that left.
        side: Side,
        /// The turn given.
        turn: u32,
        /// Turns the game had.
        played: u32,
    },

    /// A refusal of the aircraft data sheet's or the turn's rules (R17–R19, R23).
    #[error(transparent)]
    Sheet(#[from] SheetRefusal),

    // R14 dice
    /// Entered dice of the wrong number.
    #[error("the {} table reads {expected} dice; {got} were entered", .table.label())]
    WrongDiceCount {
        /// Table rolled on: the campaign's or a sheet's.
        table: LoggedTable,
        /// Dice the table reads.
        expected: usize,
        /// Dice entered.
        got: usize,
    },
    /// An entered die that the die cannot show.
    #[error("die {position} of the {} roll is a d{sides} and cannot show {value}", .table.label())]
    DieOutOfRange {
        /// Table rolled on: the campaign's or a sheet's.
        table: LoggedTable,
        /// 1-based position of the die.
        position: usize,
        /// The value entered.
        value: u32,
        /// Sides of that die.
        sides: u32,
    },
}

#[cfg(test)]
mod tests;
