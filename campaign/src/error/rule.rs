//! Which rule refused: the design number (R3, R6, …) or the rulebook's section, for
//! programs; the sentence a person reads is the error's `Display`.

use super::{RuleError, SheetRefusal};

impl RuleError {
    /// The rule that refused: "R3", "R6", "§13.03", "appendix E", …
    pub fn rule(&self) -> &'static str {
        use RuleError::*;
        match self {
            StartDateOutOfRange { .. } => "R1",
            TooManyStartingCrew { .. } | ReplacementNotNeeded { .. } => "R3",
            AbilityAlreadyChosen { .. }
            | AbilityNotForRole { .. }
            | AbilityNeedsXp { .. }
            | NoXpSlot { .. }
            | NoAceSlot { .. } => "R6",
            WoundBoxesOutOfRange { .. } => "R7",
            NoParachute { .. } => "§13.03",
            BombingAltitude { .. } | TooManyHexesObserved { .. } => "appendix E",
            TooManyBombRuns { .. } | NotLandedSafely { .. } => "R10",
            TripsNeededMissing
            | TripsNeededOutOfRange { .. }
            | AircraftNotInService { .. }
            | AircraftWrongSide { .. }
            | WrongAircraftType { .. }
            | CrewWrongRole { .. }
            | CrewWrongSide { .. }
            | CrewUnavailable { .. }
            | ObserverRequired { .. }
            | NoObserverSeat { .. }
            | MissionSortieWithoutMission { .. }
            | SecondMissionSortie { .. }
            | MissionNotAssigned { .. }
            | NotTheAssignedSortie { .. }
            | AssignedPilotOnSweep { .. } => "R9",
            UnknownVictim { .. }
            | VictimNotLost { .. }
            | KillOfOwnSide { .. }
            | ShooterNotInGame { .. }
            | KillWithoutShooters { .. }
            | DuplicateShooter { .. }
            | DuplicateKill { .. }
            | DuplicateSortieKey { .. }
            | CrewFliesTwice { .. }
            | SeatTaken { .. } => "R4",
            ObserverInSingleSeater { .. } => "R11",
            TurnsOutOfRange { .. } | LeftBoardOutOfRange { .. } => "R5",
            WrongDiceCount { .. } | DieOutOfRange { .. } => "R14",
            Sheet(refusal) => refusal.rule(),
        }
    }
}

impl SheetRefusal {
    /// The rule that refused: "R17", "R19", "R23", "§12.01", …
    pub fn rule(&self) -> &'static str {
        use SheetRefusal::*;
        match self {
            EngineCount { .. } => "§12.01",
            SectionWithoutBoxes { .. } => "appendix A/B",
            CombatProhibited { prohibition } => prohibition.rule(),
            EmptyMark { .. } | UndoUnknownMark { .. } => "R17",
            WoundMarkBoxes { .. } => "R18",
            OneAttackATurn { .. }
            | FiringJammed { .. }
            | FiringWhenUnjammed { .. }
            | UnjamNextTurn { .. }
            | OneRecoveryAttempt { .. }
            | DamagePastSection { .. }
            | FuelPastTank { .. }
            | WoundPastBoxes { .. }
            | NoMarkerToDraw { .. }
            | TurnGoesBack { .. } => "R23",
            JamWithoutLongBurst { .. }
            | NotCritical { .. }
            | AnoxiaAltitude { .. }
            | AnoxiaEarlyWar
            | ConcentratedFireNotAce
            | ConcentratedFireRange { .. } => "R19",
        }
    }
}
