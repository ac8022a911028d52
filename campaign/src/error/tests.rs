use super::*;
use crate::down::How;
use crate::landed_safely::NotHome;
use crate::sheet::aircraft::Section;
use crate::sheet::combat::Prohibition;
use crate::sheet::combat_value::Burst;
use crate::sheet::SheetTable;
use crate::tables::Table;

fn date(y: i32, m: u32, d: u32) -> NaiveDate {
    NaiveDate::from_ymd_opt(y, m, d).unwrap()
}

/// Every prohibition of the Combat Values Table and the sheet (R17–R19).
const PROHIBITIONS: [Prohibition; 12] = [
    Prohibition::OutOfRange,
    Prohibition::SeriouslyWoundedAtLongRange,
    Prohibition::CannonAtLongRange,
    Prohibition::CannonBurst,
    Prohibition::SpinningTargetAtLongRange,
    Prohibition::DeflectionWithSpinningTarget,
    Prohibition::ObserverTailing,
    Prohibition::ShooterSpinning,
    Prohibition::PilotOnFire,
    Prohibition::ShooterKilled,
    Prohibition::ShooterPassedOut,
    Prohibition::ObserverFlying,
];

/// One of every variant, with values a request could carry.
fn every_error() -> Vec<RuleError> {
    use RuleError::*;
    let mission = MissionType::BombHq;
    let mut all = vec![
        StartDateOutOfRange {
            date: date(1914, 8, 4),
        },
        TooManyStartingCrew {
            role: Role::Pilot,
            existing: 2,
        },
        ReplacementNotNeeded {
            role: Role::Observer,
            available: 1,
        },
        AbilityAlreadyChosen {
            ability: Ability::SpinSkill,
        },
        AbilityNotForRole {
            ability: Ability::SpinRecovery,
            kind: AbilityKind::Pilot,
            role: Role::Observer,
        },
        AbilityNeedsXp {
            ability: Ability::SpinSkill,
            min: Xp(250),
            xp: Xp(120),
        },
        NoXpSlot {
            xp: Xp(120),
            slots: 1,
            next: Xp(250),
        },
        NoAceSlot {
            ability: Ability::ConcentratedFire,
            kills: 4,
            slots: 0,
            next: 5,
        },
        WoundBoxesOutOfRange {
            crew: CrewId(6),
            boxes: 4,
        },
        NoParachute {
            nationality: Nationality::AustroHungarian,
            date: date(1918, 3, 1),
        },
        BombingAltitude { altitude: 5 },
        TooManyBombRuns { runs: 4 },
        NotLandedSafely {
            key: "a1".into(),
            why: NotHome::CameDown(How::ShotDown),
        },
        TooManyHexesObserved { hexes: 5 },
        TripsNeededMissing,
        TripsNeededOutOfRange { trips: 7 },
        AircraftNotInService {
            aircraft: "Fokker D.VII".into(),
            service_start: date(1918, 4, 1),
            date: date(1917, 6, 1),
        },
        AircraftWrongSide {
            aircraft: "Fokker D.VII".into(),
            aircraft_side: Side::Central,
            side: Side::Allied,
        },
        WrongAircraftType {
            aircraft: "Nieuport 17".into(),
            mission,
            needs: AircraftRequirement::TwoSeater,
        },
        CrewWrongRole {
            crew: "Jean Chaput".into(),
            role: Role::Pilot,
            seat: Role::Observer,
        },
        CrewWrongSide {
            crew: "Jean Chaput".into(),
            crew_side: Side::Allied,
            side: Side::Central,
        },
        CrewUnavailable {
            crew: "Jean Chaput".into(),
        },
        MissionNotAssigned {
            sortie: "a1".into(),
            side: Side::Allied,
            mission,
        },
        NotTheAssignedSortie {
            sortie: "a2".into(),
            side: Side::Allied,
            mission,
            aircraft: "Breguet 14".into(),
            pilot: "Jean Chaput".into(),
            observer: "observer Paul Tarascon".into(),
        },
        AssignedPilotOnSweep {
            sortie: "a1".into(),
            side: Side::Allied,
            mission,
            pilot: "Jean Chaput".into(),
        },
        ObserverRequired { mission },
        NoObserverSeat {
            aircraft: "Nieuport 17".into(),
        },
        UnknownVictim {
            victim: "c9".into(),
        },
        VictimNotLost {
            victim: "c1".into(),
        },
        KillOfOwnSide {
            victim: "a2".into(),
            shooter: CrewId(6),
        },
        ShooterNotInGame { shooter: CrewId(6) },
        KillWithoutShooters {
            victim: "c1".into(),
        },
        DuplicateShooter {
            victim: "c1".into(),
            shooter: CrewId(6),
        },
        DuplicateKill {
            victim: "c1".into(),
        },
        DuplicateSortieKey { key: "a1".into() },
        CrewFliesTwice { crew: CrewId(6) },
        SeatTaken {
            key: "a1".into(),
            position: Role::Pilot,
        },
        ObserverInSingleSeater {
            key: "a1".into(),
            crew: CrewId(7),
        },
        MissionSortieWithoutMission {
            key: "a1".into(),
            side: Side::Allied,
        },
        SecondMissionSortie {
            mission,
            first: "a1".into(),
            second: "a2".into(),
        },
        TurnsOutOfRange {
            key: "a1".into(),
            turns: 30,
            played: 20,
        },
        LeftBoardOutOfRange {
            side: Side::Central,
            turn: 30,
            played: 20,
        },
        Sheet(SheetRefusal::EngineCount {
            aircraft: "Gotha G.V".into(),
            engines: 5,
        }),
        Sheet(SheetRefusal::SectionWithoutBoxes {
            aircraft: "Nieuport 17".into(),
            section: Section::Wings,
        }),
        Sheet(SheetRefusal::JamWithoutLongBurst {
            burst: Burst::Short,
        }),
        Sheet(SheetRefusal::NotCritical {
            section: Section::Engine,
        }),
        Sheet(SheetRefusal::AnoxiaAltitude { altitude: 8 }),
        Sheet(SheetRefusal::AnoxiaEarlyWar),
        Sheet(SheetRefusal::ConcentratedFireNotAce),
        Sheet(SheetRefusal::ConcentratedFireRange { range: 3, max: 1 }),
        Sheet(SheetRefusal::WoundMarkBoxes { boxes: 3 }),
        Sheet(SheetRefusal::EmptyMark { kind: "red_hits" }),
        Sheet(SheetRefusal::UndoUnknownMark { undo: 3, mark: 5 }),
        Sheet(SheetRefusal::OneAttackATurn {
            man: "Albert Ball".into(),
        }),
        Sheet(SheetRefusal::FiringJammed {
            man: "Albert Ball".into(),
        }),
        Sheet(SheetRefusal::FiringWhenUnjammed {
            man: "Albert Ball".into(),
        }),
        Sheet(SheetRefusal::UnjamNextTurn {
            man: "Albert Ball".into(),
        }),
        Sheet(SheetRefusal::OneRecoveryAttempt {
            man: "Albert Ball".into(),
            done: "an unjam",
        }),
        Sheet(SheetRefusal::DamagePastSection {
            section: "wings",
            boxes: 500,
            left: 8,
        }),
        Sheet(SheetRefusal::FuelPastTank { boxes: 9, left: 4 }),
        Sheet(SheetRefusal::WoundPastBoxes {
            man: "Albert Ball".into(),
            boxes: 3,
            left: 2,
        }),
        Sheet(SheetRefusal::NoMarkerToDraw { colour: "red" }),
        Sheet(SheetRefusal::TurnGoesBack { turn: 2, now: 3 }),
        WrongDiceCount {
            table: Table::GroundOffensive.into(),
            expected: 2,
            got: 1,
        },
        DieOutOfRange {
            table: SheetTable::SpinRecovery.into(),
            position: 1,
            value: 7,
            sides: 6,
        },
    ];
    all.extend(
        PROHIBITIONS
            .into_iter()
            .map(|prohibition| Sheet(SheetRefusal::CombatProhibited { prohibition })),
    );
    all
}

/// Which variant `e` is, numbered: a new variant does not compile here until it is
/// numbered, and then [`every_error`] must hold an example of it.
fn variant(e: &RuleError) -> usize {
    use RuleError::*;
    match e {
        StartDateOutOfRange { .. } => 0,
        TooManyStartingCrew { .. } => 1,
        ReplacementNotNeeded { .. } => 2,
        AbilityAlreadyChosen { .. } => 3,
        AbilityNotForRole { .. } => 4,
        AbilityNeedsXp { .. } => 5,
        NoXpSlot { .. } => 6,
        NoAceSlot { .. } => 7,
        WoundBoxesOutOfRange { .. } => 8,
        NoParachute { .. } => 9,
        BombingAltitude { .. } => 10,
        TooManyBombRuns { .. } => 11,
        NotLandedSafely { .. } => 12,
        TooManyHexesObserved { .. } => 13,
        TripsNeededMissing => 14,
        TripsNeededOutOfRange { .. } => 15,
        AircraftNotInService { .. } => 16,
        AircraftWrongSide { .. } => 17,
        WrongAircraftType { .. } => 18,
        CrewWrongRole { .. } => 19,
        CrewWrongSide { .. } => 20,
        CrewUnavailable { .. } => 21,
        MissionNotAssigned { .. } => 22,
        NotTheAssignedSortie { .. } => 23,
        AssignedPilotOnSweep { .. } => 24,
        ObserverRequired { .. } => 25,
        NoObserverSeat { .. } => 26,
        UnknownVictim { .. } => 27,
        VictimNotLost { .. } => 28,
        KillOfOwnSide { .. } => 29,
        ShooterNotInGame { .. } => 30,
        KillWithoutShooters { .. } => 31,
        DuplicateShooter { .. } => 32,
        DuplicateKill { .. } => 33,
        DuplicateSortieKey { .. } => 34,
        CrewFliesTwice { .. } => 35,
        SeatTaken { .. } => 36,
        ObserverInSingleSeater { .. } => 37,
        MissionSortieWithoutMission { .. } => 38,
        SecondMissionSortie { .. } => 39,
        TurnsOutOfRange { .. } => 40,
        LeftBoardOutOfRange { .. } => 41,
        Sheet(SheetRefusal::EngineCount { .. }) => 42,
        Sheet(SheetRefusal::SectionWithoutBoxes { .. }) => 43,
        Sheet(SheetRefusal::CombatProhibited { .. }) => 44,
        Sheet(SheetRefusal::JamWithoutLongBurst { .. }) => 45,
        Sheet(SheetRefusal::NotCritical { .. }) => 46,
        Sheet(SheetRefusal::AnoxiaAltitude { .. }) => 47,
        Sheet(SheetRefusal::AnoxiaEarlyWar) => 48,
        Sheet(SheetRefusal::ConcentratedFireNotAce) => 49,
        Sheet(SheetRefusal::ConcentratedFireRange { .. }) => 50,
        Sheet(SheetRefusal::WoundMarkBoxes { .. }) => 51,
        Sheet(SheetRefusal::EmptyMark { .. }) => 52,
        Sheet(SheetRefusal::UndoUnknownMark { .. }) => 53,
        WrongDiceCount { .. } => 54,
        DieOutOfRange { .. } => 55,
        Sheet(SheetRefusal::OneAttackATurn { .. }) => 56,
        Sheet(SheetRefusal::FiringJammed { .. }) => 57,
        Sheet(SheetRefusal::FiringWhenUnjammed { .. }) => 58,
        Sheet(SheetRefusal::UnjamNextTurn { .. }) => 59,
        Sheet(SheetRefusal::OneRecoveryAttempt { .. }) => 60,
        Sheet(SheetRefusal::DamagePastSection { .. }) => 61,
        Sheet(SheetRefusal::FuelPastTank { .. }) => 62,
        Sheet(SheetRefusal::WoundPastBoxes { .. }) => 63,
        Sheet(SheetRefusal::NoMarkerToDraw { .. }) => 64,
        Sheet(SheetRefusal::TurnGoesBack { .. }) => 65,
    }
}

const VARIANTS: usize = 66;

#[test]
fn every_variant_has_an_example() {
    let seen: std::collections::BTreeSet<usize> = every_error().iter().map(variant).collect();
    let missing: Vec<usize> = (0..VARIANTS).filter(|i| !seen.contains(i)).collect();
    assert!(missing.is_empty(), "no example of variant(s) {missing:?}");
}

/// A design number (`R17`) anywhere in `text`.
fn design_number(text: &str) -> Option<&str> {
    text.split(|c: char| !c.is_ascii_alphanumeric())
        .find(|w| w.len() > 1 && w.starts_with('R') && w[1..].bytes().all(|b| b.is_ascii_digit()))
}

/// A snake_case word (`tailed_last_turn`) anywhere in `text`.
fn snake_case_word(text: &str) -> Option<&str> {
    text.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .find(|w| w.trim_matches('_').contains('_'))
}

// API v1.3 "Words": a refusal names no design number and no field, cites the
// rulebook's section where one is broken, and `rule` keeps the design number.
#[test]
fn display_names_no_design_number_and_no_field() {
    for e in every_error() {
        let text = e.to_string();
        assert_eq!(design_number(&text), None, "{text}");
        assert_eq!(snake_case_word(&text), None, "{text}");
        assert!(!text.contains('`'), "{text}");
        let rule = e.rule();
        assert!(
            rule.starts_with('R') || rule.starts_with('§') || rule.starts_with("appendix"),
            "{rule}"
        );
    }
}

// Where a rule of the book is broken the message starts with its section; dice and
// the sheet's own bookkeeping (R14, marks) have none and say so in plain words.
#[test]
fn display_cites_the_rulebook_section() {
    for e in every_error() {
        let text = e.to_string();
        let cites = text.starts_with('§')
            || text.starts_with("appendix")
            || text.contains(" (§")
            || text.ends_with("Table)")
            || text.ends_with("Effects of Fire)");
        let bookkeeping = matches!(
            e,
            RuleError::WrongDiceCount { .. }
                | RuleError::DieOutOfRange { .. }
                | RuleError::Sheet(SheetRefusal::EmptyMark { .. })
                | RuleError::Sheet(SheetRefusal::UndoUnknownMark { .. })
                | RuleError::DuplicateSortieKey { .. }
                | RuleError::CrewFliesTwice { .. }
        );
        assert!(cites || bookkeeping, "{text}");
    }
}

#[test]
fn prohibitions_name_no_field() {
    for p in PROHIBITIONS {
        let text = p.to_string();
        assert_eq!(design_number(&text), None, "{text}");
        assert_eq!(snake_case_word(&text), None, "{text}");
    }
    assert_eq!(
        Prohibition::ObserverTailing.to_string(),
        "observers never take the tailing modifier; untick \"tailed the target last turn\" (§3.521)"
    );
    assert_eq!(Prohibition::ObserverTailing.rule(), "R17");
}

#[test]
fn r3_message_names_the_limit() {
    let e = RuleError::TooManyStartingCrew {
        role: Role::Pilot,
        existing: 2,
    };
    assert_eq!(
        e.to_string(),
        "§13.02: the player already has 2 starting pilot(s); a player starts with at most two pilots and one observer"
    );
    assert_eq!(e.rule(), "R3");
}

#[test]
fn enums_are_named_as_people_write_them() {
    let e = RuleError::NoParachute {
        nationality: Nationality::AustroHungarian,
        date: date(1918, 3, 1),
    };
    assert_eq!(
        e.to_string(),
        "§13.03: parachutes are only for German crews from 1918-02-01; this crew is Austro-Hungarian and the game is on 1918-03-01"
    );
}
