//! The facts of a game as the debrief reports them, checked for consistency; the
//! experience awards, mission results and fates are read from them.

use std::collections::{HashMap, HashSet};

use crate::crew::{CrewId, Role};
use crate::down::How;
use crate::error::RuleError;
use crate::injuries::{Outcome, WOUND_BOXES};
use crate::missions::{Assignment, MissionType};
use crate::sides::{PerSide, Side};
use crate::success::{check_report, mission_succeeded, Losses, MissionReport};
use crate::tables::mission::RolledMission;

/// A game's debrief.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Debrief {
    /// Turns the game lasted.
    pub turns_played: u32,
    /// The turn each side abandoned the board, if it did (keyed by the side that
    /// left): `central: Some(17)` credits Allied pilots still on the board (R5).
    pub enemy_left_board_on_turn: PerSide<Option<u32>>,
    /// Each side's mission in this game, with what its aircraft reported.
    pub missions: PerSide<Option<FlownMission>>,
    /// Every aircraft that flew.
    pub sorties: Vec<Sortie>,
    /// Every enemy aircraft destroyed, with who shot it down.
    pub kills: Vec<Kill>,
}

/// A side's mission and its report.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FlownMission {
    /// The mission rolled, with the trips needed for artillery.
    pub mission: RolledMission,
    /// What the mission aircraft reported (all zero for fighter sweep and scramble).
    pub report: MissionReport,
}

/// One aircraft in the game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Sortie {
    /// The key the debrief names it by (kills name their victim by it).
    pub key: String,
    /// The side it flew for.
    pub side: Side,
    /// Whether it flew the side's mission or fighter sweep.
    pub assignment: Assignment,
    /// Whether the type has an observer's seat (R11).
    pub two_seater: bool,
    /// Turns it was on the board.
    pub turns_on_board: u32,
    /// Whether the aircraft was lost (destroyed, crashed, captured).
    pub aircraft_lost: bool,
    /// How it came down, when it did (API v1.1 `down.how`).
    pub down: Option<How>,
    /// Whether the type has dual controls: its observer may fly it (§9.00).
    pub dual_controls: bool,
    /// Its crew: a pilot, and an observer in a two-seater.
    pub crew: Vec<SortieCrew>,
}

/// One crewman in a sortie.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SortieCrew {
    /// The crewman.
    pub crew: CrewId,
    /// His seat.
    pub position: Role,
    /// Red hits he inflicted by fire on enemy aircraft (collision hits excluded, R4).
    pub red_hits: u32,
    /// Wound boxes crossed off, 0–3.
    pub wound_boxes: u32,
    /// What became of him.
    pub outcome: Outcome,
}

/// An enemy aircraft destroyed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Kill {
    /// The key of the lost sortie.
    pub victim: String,
    /// The crewmen who shot at it when it was destroyed; they share the kill.
    pub shooters: Vec<CrewId>,
}

/// The part of a debrief a problem was found in, so that the report can be shown
/// with the problem beside it whatever the problem's wording.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Part<'a> {
    /// The turns played and the turn each side left the board.
    Turns,
    /// A sortie, by its key.
    Sortie(&'a str),
    /// One crewman of a sortie: the sortie's key and the crewman.
    Crew(&'a str, CrewId),
    /// The report of a side's mission.
    Mission(Side),
    /// The kills.
    Kills,
}

/// A problem of a debrief and the part it is in.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem<'a> {
    /// Where it is.
    pub part: Part<'a>,
    /// What it is.
    pub error: RuleError,
}

impl Debrief {
    /// Checks that the facts hang together: the turns each side left the board, keys,
    /// seats, wounds, turns, mission aircraft and kills, in that order, so the first
    /// problem found is the first in the report. Every function reading a debrief
    /// calls it first.
    pub fn check(&self) -> Result<(), RuleError> {
        self.check_parts()
            .map_err(|problems| problems.into_iter().next().expect("a problem").error)
    }

    /// [`Debrief::check`], naming every problem it can judge with the part of the
    /// debrief it is in, in the order of the report: each side's turns, every sortie
    /// (each of its crewmen), the missions' reports, every kill. `Err` holds at least
    /// one problem.
    pub fn check_parts(&self) -> Result<(), Vec<Problem<'_>>> {
        let mut problems = Vec::new();
        for side in Side::ALL {
            if let Some(turn) = *self.enemy_left_board_on_turn.get(*side) {
                if turn == 0 || turn > self.turns_played {
                    problems.push(Problem {
                        part: Part::Turns,
                        error: RuleError::LeftBoardOutOfRange {
                            side: *side,
                            turn,
                            played: self.turns_played,
                        },
                    });
                }
            }
        }
        let mut keys = HashSet::new();
        let mut crew_side = HashMap::new();
        let mut mission_sortie: PerSide<Option<&str>> = PerSide::default();
        for sortie in &self.sorties {
            self.check_sortie(
                sortie,
                &mut keys,
                &mut crew_side,
                &mut mission_sortie,
                &mut problems,
            );
        }
        for side in Side::ALL {
            if let Some(flown) = self.missions.get(*side) {
                if let Err(error) = check_report(&flown.mission, &flown.report) {
                    problems.push(Problem {
                        part: Part::Mission(*side),
                        error,
                    });
                }
            }
        }
        let mut victims = HashSet::new();
        for kill in &self.kills {
            if let Err(error) = self.check_kill(kill, &crew_side, &mut victims) {
                problems.push(Problem {
                    part: Part::Kills,
                    error,
                });
            }
        }
        if problems.is_empty() {
            Ok(())
        } else {
            Err(problems)
        }
    }

    /// One sortie, after those before it: `keys`, `crew_side` and `mission_sortie`
    /// hold what they used; its problems go into `problems`, each crewman's own under
    /// his name.
    fn check_sortie<'a>(
        &self,
        sortie: &'a Sortie,
        keys: &mut HashSet<&'a str>,
        crew_side: &mut HashMap<CrewId, Side>,
        mission_sortie: &mut PerSide<Option<&'a str>>,
        problems: &mut Vec<Problem<'a>>,
    ) {
        let mut refuse = |error| {
            problems.push(Problem {
                part: Part::Sortie(&sortie.key),
                error,
            })
        };
        if !keys.insert(sortie.key.as_str()) {
            refuse(RuleError::DuplicateSortieKey {
                key: sortie.key.clone(),
            });
            return;
        }
        if sortie.turns_on_board > self.turns_played {
            refuse(RuleError::TurnsOutOfRange {
                key: sortie.key.clone(),
                turns: sortie.turns_on_board,
                played: self.turns_played,
            });
        }
        if let Err(error) = self.check_assignment(sortie, mission_sortie) {
            refuse(error);
        }
        let mut seats = HashSet::new();
        for member in &sortie.crew {
            if !seats.insert(member.position) {
                refuse(RuleError::SeatTaken {
                    key: sortie.key.clone(),
                    position: member.position,
                });
            }
        }
        for member in &sortie.crew {
            let mut refuse = |error| {
                problems.push(Problem {
                    part: Part::Crew(&sortie.key, member.crew),
                    error,
                })
            };
            if crew_side.insert(member.crew, sortie.side).is_some() {
                refuse(RuleError::CrewFliesTwice { crew: member.crew });
            }
            if member.position == Role::Observer && !sortie.two_seater {
                refuse(RuleError::ObserverInSingleSeater {
                    key: sortie.key.clone(),
                    crew: member.crew,
                });
            }
            if member.wound_boxes > WOUND_BOXES {
                refuse(RuleError::WoundBoxesOutOfRange {
                    crew: member.crew,
                    boxes: member.wound_boxes,
                });
            }
        }
    }

    fn check_assignment<'a>(
        &self,
        sortie: &'a Sortie,
        mission_sortie: &mut PerSide<Option<&'a str>>,
    ) -> Result<(), RuleError> {
        if sortie.assignment != Assignment::Mission {
            return Ok(());
        }
        let Some(flown) = self.missions.get(sortie.side) else {
            return Err(RuleError::MissionSortieWithoutMission {
                key: sortie.key.clone(),
                side: sortie.side,
            });
        };
        let mission = flown.mission.mission_type;
        if mission.is_sweep() {
            return Ok(());
        }
        let slot = mission_sortie.get_mut(sortie.side);
        if let Some(first) = slot {
            return Err(RuleError::SecondMissionSortie {
                mission,
                first: (*first).to_owned(),
                second: sortie.key.clone(),
            });
        }
        *slot = Some(&sortie.key);
        Ok(())
    }

    /// One kill, after those before it (`victims` holds their victims).
    fn check_kill<'a>(
        &self,
        kill: &'a Kill,
        crew_side: &HashMap<CrewId, Side>,
        victims: &mut HashSet<&'a str>,
    ) -> Result<(), RuleError> {
        let victim = self
            .sortie(&kill.victim)
            .ok_or_else(|| RuleError::UnknownVictim {
                victim: kill.victim.clone(),
            })?;
        if !victim.aircraft_lost {
            return Err(RuleError::VictimNotLost {
                victim: kill.victim.clone(),
            });
        }
        if !victims.insert(kill.victim.as_str()) {
            return Err(RuleError::DuplicateKill {
                victim: kill.victim.clone(),
            });
        }
        if kill.shooters.is_empty() {
            return Err(RuleError::KillWithoutShooters {
                victim: kill.victim.clone(),
            });
        }
        let mut seen = HashSet::new();
        for &shooter in &kill.shooters {
            let side = *crew_side
                .get(&shooter)
                .ok_or(RuleError::ShooterNotInGame { shooter })?;
            if side == victim.side {
                return Err(RuleError::KillOfOwnSide {
                    victim: kill.victim.clone(),
                    shooter,
                });
            }
            if !seen.insert(shooter) {
                return Err(RuleError::DuplicateShooter {
                    victim: kill.victim.clone(),
                    shooter,
                });
            }
        }
        Ok(())
    }

    /// The sortie with key `key`.
    pub fn sortie(&self, key: &str) -> Option<&Sortie> {
        self.sorties.iter().find(|s| s.key == key)
    }

    /// Aircraft lost by `side` and by its enemy.
    pub fn losses(&self, side: Side) -> Losses {
        let lost = |s: Side| {
            self.sorties
                .iter()
                .filter(|o| o.side == s && o.aircraft_lost)
                .count() as u32
        };
        Losses {
            own: lost(side),
            enemy: lost(side.enemy()),
        }
    }

    /// The mission a sortie flies: its side's mission when it is the mission aircraft
    /// or the side flies fighter sweep or scramble (then every aircraft is on it);
    /// fighter sweep otherwise (R4, R9).
    pub fn mission_of(&self, sortie: &Sortie) -> MissionType {
        match self.missions.get(sortie.side) {
            Some(flown)
                if flown.mission.mission_type.is_sweep()
                    || sortie.assignment == Assignment::Mission =>
            {
                flown.mission.mission_type
            }
            _ => MissionType::FighterSweep,
        }
    }

    /// Whether each side's mission succeeded (R10); `None` for a side without one.
    pub fn mission_results(&self) -> Result<PerSide<Option<bool>>, RuleError> {
        self.check()?;
        let result = |side: Side| -> Result<Option<bool>, RuleError> {
            self.missions
                .get(side)
                .as_ref()
                .map(|f| mission_succeeded(&f.mission, &f.report, self.losses(side)))
                .transpose()
        };
        Ok(PerSide {
            allied: result(Side::Allied)?,
            central: result(Side::Central)?,
        })
    }
}

#[cfg(test)]
pub(crate) mod tests;
