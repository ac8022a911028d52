//! An aircraft that came down on the board, and what became of its crew: the
//! forced-landing tables of appendix C run in the rulebook's order (§11.01–§11.03,
//! §13.03, R7, R8).
//!
//! Landing → on a failure the crash table; shot down → the crash table; bailed out →
//! the bail-out table; exploded → every crewman killed, no roll; off the board → no
//! roll. Then every surviving crewman who came down on the board rolls to evade
//! (§11.03 note), and whoever is captured goes on to the capture roll; injuries follow
//! R7. The capture and injury rolls are the debrief's own (they follow any outcome);
//! this module ends with each crewman's outcome.
//!
//! Modifiers that follow from the crew are derived here, never asked for: the wounds
//! of the man at the controls and of each crewman (R7: 1 box minor, 2 serious), the
//! novice at the controls, and the observer flying a dual-controlled aircraft when the
//! pilot was killed.
//!
//! Decisions of the product where the rulebook is silent:
//! - A crewman killed in the game (three wound boxes) rolls nothing: "pilot/observer
//!   slain are automatic deaths" (appendix C, crash table).
//! - The evade roll counts the worse of his wounds and his crash or bail-out result as
//!   his injury (R7; §10.02 and §10.03 penalise wounds when evading).
//! - The aircraft is lost when it crashed, was shot down, exploded or was bailed out of,
//!   and when it landed anywhere but on its own side of the lines; it is kept when it
//!   landed on its own side or left the board.
//! - A crewman who evaded after an injury keeps the injury as his outcome (R7 needs
//!   it); one who evaded unhurt is `evaded`.

use chrono::NaiveDate;
use serde::Serialize;

use crate::crew::{CrewId, Role};
use crate::dice::Dice;
use crate::error::RuleError;
use crate::injuries::{Harm, Outcome, WOUND_BOXES};
use crate::sides::{Nationality, Side};
use crate::tables::bail_out::{parachute, roll_bail_out, BailOutModifiers};
use crate::tables::crash::{roll_crash, CrashModifiers};
use crate::tables::evade::{roll_evade, EvadeModifiers, EvadeResult, SideOfLines};
use crate::tables::ground_offensive::GroundOffensive;
use crate::tables::landing::{roll_landing, LandingModifiers, LandingResult, Terrain};
use crate::tables::{Roll, Table};
use crate::wire::wire_enum;

wire_enum! {
    /// How an aircraft came down (API v1.1 "Forced landings in the debrief").
    pub enum How {
        /// Tried to land: the landing table, a failure goes on to the crash table.
        Landed,
        /// Shot down: the crash table for each crewman.
        ShotDown as "shot down",
        /// Exploded: every crewman killed, no roll.
        Exploded,
        /// The crew bailed out: the bail-out table for each crewman (§13.03).
        BailedOut as "bailed out",
        /// Came down off the board: no roll.
        OffBoard as "off the board",
    }
}

/// What happened to the aircraft, as the referee reports it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Down {
    /// How it came down.
    pub how: How,
    /// The hex's terrain (the worst, if several): needed to land; for a crash it moves
    /// the crash roll.
    pub terrain: Option<Terrain>,
    /// A road in the hex: lands as the other terrain at +1.
    pub road: bool,
    /// Smoking: landing −1.
    pub smoking: bool,
    /// On fire: landing −2, crash −1, bail-out −1.
    pub on_fire: bool,
    /// Gliding: landing −1.
    pub gliding: bool,
    /// Critical damage: landing −1.
    pub critical_damage: bool,
    /// A pusher aircraft: crash −1.
    pub pusher: bool,
    /// The altitude it was shot down at (crash) or bailed out from (bail-out).
    pub altitude: u32,
    /// Destroyed when the crew bailed out: bail-out −1.
    pub aircraft_destroyed: bool,
    /// Where it came down, for the evade roll.
    pub side_of_lines: Option<SideOfLines>,
    /// Hexes from the friendly trenchlines, for the evade roll.
    pub hexes_from_friendly_trenches: Option<u32>,
}

impl Down {
    /// A report of `how` with nothing else set.
    pub const fn new(how: How) -> Self {
        Down {
            how,
            terrain: None,
            road: false,
            smoking: false,
            on_fire: false,
            gliding: false,
            critical_damage: false,
            pusher: false,
            altitude: 0,
            aircraft_destroyed: false,
            side_of_lines: None,
            hexes_from_friendly_trenches: None,
        }
    }
}

/// A crewman aboard, as the records know him.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Aboard {
    /// The crewman.
    pub crew: CrewId,
    /// His seat.
    pub position: Role,
    /// Wound boxes crossed off in the game (R7).
    pub wound_boxes: u32,
    /// Under 50 XP (§13.10, R6).
    pub novice: bool,
    /// His nationality: parachutes depend on it (§13.03).
    pub nationality: Nationality,
}

/// Where and when the aircraft came down.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Setting {
    /// The side it flew for.
    pub side: Side,
    /// The game's ground offensive (R8).
    pub offensive: GroundOffensive,
    /// The date of the game's week (parachutes, §13.03).
    pub date: NaiveDate,
    /// Whether the type has dual controls: the observer may then land it (appendix C).
    pub dual_controls: bool,
}

/// The dice of each roll: entered by a person or the server's (R14).
pub trait DiceFor {
    /// The dice of `table`'s roll for `crew` (`None`: the aircraft's landing roll),
    /// and whether a person entered them; entered dice that do not fit the table are
    /// refused.
    fn dice_for(
        &mut self,
        table: Table,
        crew: Option<CrewId>,
    ) -> Result<(&mut dyn Dice, bool), RuleError>;
}

/// A roll of the sequence, with its result by name as the roll log keeps it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct DownRoll {
    /// The roll.
    #[serde(flatten)]
    pub roll: Roll<&'static str>,
    /// Whether a person entered the dice.
    #[serde(skip)]
    pub entered: bool,
}

/// What became of one crewman.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CrewDown {
    /// The crewman.
    pub crew: CrewId,
    /// His rolls in order; the landing roll is listed with the man at the controls.
    pub rolls: Vec<DownRoll>,
    /// His crash or bail-out result (unharmed when neither was rolled).
    pub harm: Harm,
    /// His evade result, when he rolled one.
    pub evade: Option<EvadeResult>,
    /// His outcome for the debrief.
    pub outcome: Outcome,
}

/// What became of the aircraft and its crew.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Descent {
    /// Whether the aircraft was lost.
    pub aircraft_lost: bool,
    /// Each crewman, in the order given.
    pub crew: Vec<CrewDown>,
}

impl Descent {
    /// Every roll, in the order made.
    pub fn rolls(&self) -> impl Iterator<Item = &DownRoll> {
        self.crew.iter().flat_map(|c| &c.rolls)
    }
}

/// Why a report of an aircraft coming down cannot be played out.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DownError {
    /// Landing without the terrain the landing table reads.
    #[error("§11.01: a landing is rolled against the hex's terrain; give the terrain of the hex (airfield, clear, river, railway, marsh, woods, trench line, shell holes or village)")]
    TerrainMissing,
    /// Surviving crew who came down on the board without where they came down.
    #[error(
        "§11.03: every surviving crewman who came down on the board rolls to evade; give {field}"
    )]
    EvadeFactMissing {
        /// The missing field.
        field: &'static str,
    },
    /// A landing with nobody alive who could fly.
    #[error("appendix C: the pilot was killed (3 wound boxes) and {why}, so nobody could land it; report it as shot down")]
    NobodyAtControls {
        /// Why the observer could not.
        why: &'static str,
    },
    /// A bail-out from the ground.
    #[error("§13.03: a crew bails out in flight; give the altitude, 1 or more")]
    BailOutOnTheGround,
    /// A rule of the tables refused (dice, parachutes).
    #[error(transparent)]
    Rule(#[from] RuleError),
}

impl DownError {
    /// The rule that refused.
    pub fn rule(&self) -> &'static str {
        match self {
            DownError::TerrainMissing => "§11.01",
            DownError::EvadeFactMissing { .. } => "§11.03",
            DownError::NobodyAtControls { .. } => "appendix C",
            DownError::BailOutOnTheGround => "§13.03",
            DownError::Rule(e) => e.rule(),
        }
    }
}

fn named<R: Copy>(roll: Roll<R>, entered: bool, name: impl Fn(R) -> &'static str) -> DownRoll {
    DownRoll {
        roll: Roll {
            table: roll.table,
            dice: roll.dice,
            modifiers: roll.modifiers,
            total: roll.total,
            result: name(roll.result),
        },
        entered,
    }
}

/// Plays out the aircraft's coming down for `crew` aboard (appendix C, §11, §13.03,
/// R7, R8), taking each roll's dice from `dice`.
pub fn come_down(
    down: &Down,
    setting: &Setting,
    crew: &[Aboard],
    dice: &mut dyn DiceFor,
) -> Result<Descent, DownError> {
    let mut out: Vec<CrewDown> = crew
        .iter()
        .map(|a| CrewDown {
            crew: a.crew,
            rolls: Vec::new(),
            harm: Harm::Unharmed,
            evade: None,
            outcome: Outcome::Unharmed,
        })
        .collect();
    let alive = |a: &Aboard| a.wound_boxes < WOUND_BOXES;
    let mut lost = true;
    let mut on_the_board = true;
    match down.how {
        How::Exploded => {
            for c in &mut out {
                c.harm = Harm::Killed;
            }
        }
        How::OffBoard => {
            lost = false;
            on_the_board = false;
        }
        How::ShotDown => crash_all(down, Some(down.altitude), crew, &mut out, dice)?,
        How::BailedOut => bail_out_all(down, setting.date, crew, &mut out, dice)?,
        How::Landed => {
            let terrain = down.terrain.ok_or(DownError::TerrainMissing)?;
            let Some(flyer) = at_the_controls(crew, setting.dual_controls)? else {
                return Err(DownError::NobodyAtControls {
                    why: "nobody else aboard is alive",
                });
            };
            let at = &crew[flyer];
            let mods = LandingModifiers {
                road: down.road,
                minor_wound: at.wound_boxes == 1,
                serious_wound: at.wound_boxes == 2,
                novice: at.novice,
                observer_flying: at.position == Role::Observer,
                smoking: down.smoking,
                on_fire: down.on_fire,
                gliding: down.gliding,
                critical_damage: down.critical_damage,
                ..LandingModifiers::on(terrain)
            };
            let (d, entered) = dice.dice_for(Table::Landing, None)?;
            let roll = roll_landing(&mods, d);
            let result = roll.result;
            out[flyer]
                .rolls
                .push(named(roll, entered, LandingResult::as_str));
            match result {
                LandingResult::Crashed => crash_all(down, None, crew, &mut out, dice)?,
                LandingResult::Landed => lost = down.side_of_lines != Some(SideOfLines::Own),
            }
        }
    }
    for (a, c) in crew.iter().zip(&mut out) {
        if !alive(a) {
            c.harm = Harm::Killed;
        }
    }
    if on_the_board {
        evade_all(down, setting, crew, &mut out, dice)?;
    }
    for (a, c) in crew.iter().zip(&mut out) {
        c.outcome = outcome(a, c);
    }
    Ok(Descent {
        aircraft_lost: lost,
        crew: out,
    })
}

/// The index of the man who lands the aircraft: the pilot, or the observer of a
/// dual-controlled aircraft when the pilot was killed; `None` when everyone is dead.
fn at_the_controls(crew: &[Aboard], dual_controls: bool) -> Result<Option<usize>, DownError> {
    let alive = |role: Role| {
        crew.iter()
            .position(|a| a.position == role && a.wound_boxes < WOUND_BOXES)
    };
    if let Some(pilot) = alive(Role::Pilot) {
        return Ok(Some(pilot));
    }
    match alive(Role::Observer) {
        Some(observer) if dual_controls => Ok(Some(observer)),
        Some(_) => Err(DownError::NobodyAtControls {
            why: "the aircraft has no dual controls for the observer",
        }),
        None => Ok(None),
    }
}

/// The crash table for each crewman alive (§11.02).
fn crash_all(
    down: &Down,
    shot_down_at: Option<u32>,
    crew: &[Aboard],
    out: &mut [CrewDown],
    dice: &mut dyn DiceFor,
) -> Result<(), DownError> {
    let mods = CrashModifiers {
        pusher: down.pusher,
        on_fire: down.on_fire,
        terrain: down.terrain,
        shot_down_at_altitude: shot_down_at,
    };
    harm_each_alive(crew, out, |a| {
        let (d, entered) = dice.dice_for(Table::Crash, Some(a.crew))?;
        Ok((roll_crash(&mods, d), entered))
    })
}

/// For each crewman alive, his harm from the roll `roll` makes for him, which is
/// logged as his (R14).
fn harm_each_alive(
    crew: &[Aboard],
    out: &mut [CrewDown],
    mut roll: impl FnMut(&Aboard) -> Result<(Roll<Harm>, bool), DownError>,
) -> Result<(), DownError> {
    for (a, c) in crew.iter().zip(out) {
        if a.wound_boxes >= WOUND_BOXES {
            continue;
        }
        let (roll, entered) = roll(a)?;
        c.harm = roll.result;
        c.rolls.push(named(roll, entered, Harm::as_str));
    }
    Ok(())
}

/// The bail-out table for each crewman alive; each needs a parachute (§13.03, R8).
fn bail_out_all(
    down: &Down,
    date: NaiveDate,
    crew: &[Aboard],
    out: &mut [CrewDown],
    dice: &mut dyn DiceFor,
) -> Result<(), DownError> {
    if down.altitude == 0 {
        return Err(DownError::BailOutOnTheGround);
    }
    harm_each_alive(crew, out, |a| {
        let chute = parachute(a.nationality, date)?;
        let mods = BailOutModifiers {
            altitude_1: down.altitude == 1,
            on_fire: down.on_fire,
            aircraft_destroyed: down.aircraft_destroyed,
            minor_wound: a.wound_boxes == 1,
            serious_wound: a.wound_boxes == 2,
        };
        let (d, entered) = dice.dice_for(Table::BailOut, Some(a.crew))?;
        Ok((roll_bail_out(chute, &mods, d), entered))
    })
}

/// The evade roll of each crewman alive, his injury the worse of his wounds and his
/// crash or bail-out result (§11.03, R7, R8).
fn evade_all(
    down: &Down,
    setting: &Setting,
    crew: &[Aboard],
    out: &mut [CrewDown],
    dice: &mut dyn DiceFor,
) -> Result<(), DownError> {
    if out.iter().all(|c| c.harm == Harm::Killed) {
        return Ok(());
    }
    let side_of_lines = down.side_of_lines.ok_or(DownError::EvadeFactMissing {
        field: "which side of the lines (own, no man's land or enemy)",
    })?;
    let hexes = down
        .hexes_from_friendly_trenches
        .ok_or(DownError::EvadeFactMissing {
            field: "the hexes from the friendly trenches",
        })?;
    for (a, c) in crew.iter().zip(out) {
        if c.harm == Harm::Killed {
            continue;
        }
        let injury = Harm::from_wound_boxes(a.wound_boxes).worse(c.harm);
        let mods = EvadeModifiers {
            side_of_lines,
            hexes_from_friendly_trenches: hexes,
            minor_injury: injury == Harm::MinorInjury,
            serious_injury: injury == Harm::SeriousInjury,
        };
        let (d, entered) = dice.dice_for(Table::Evade, Some(a.crew))?;
        let roll = roll_evade(setting.side, setting.offensive, &mods, d);
        c.evade = Some(roll.result);
        c.rolls.push(named(roll, entered, EvadeResult::as_str));
    }
    Ok(())
}

/// A crewman's outcome: killed (wounds, table or evading), captured, else his crash
/// or bail-out injury, else evaded when he rolled to evade, else unharmed. The wounds
/// of the game are added by the debrief (R7).
fn outcome(aboard: &Aboard, c: &CrewDown) -> Outcome {
    if aboard.wound_boxes >= WOUND_BOXES || c.harm == Harm::Killed {
        return Outcome::Killed;
    }
    match c.evade {
        Some(EvadeResult::Killed) => return Outcome::Killed,
        Some(EvadeResult::Captured) => return Outcome::Captured,
        _ => {}
    }
    match (c.harm, c.evade) {
        (Harm::MinorInjury, _) => Outcome::MinorInjury,
        (Harm::SeriousInjury, _) => Outcome::SeriousInjury,
        (_, Some(EvadeResult::Evaded)) => Outcome::Evaded,
        _ => Outcome::Unharmed,
    }
}

/// Whether an outcome the referee sent for a crewman with `wound_boxes` agrees with
/// the one derived: the same; `evaded` for one who evaded with an injury; or, for one
/// who was neither killed nor captured, the injury R7 gives him — the worse of his
/// wounds and his crash or bail-out result.
pub fn agrees(sent: Outcome, derived: &CrewDown, wound_boxes: u32) -> bool {
    let evaded = derived.evade == Some(EvadeResult::Evaded);
    let r7 = Harm::from_wound_boxes(wound_boxes).worse(derived.harm);
    sent == derived.outcome
        || (sent == Outcome::Evaded && evaded)
        || match sent {
            Outcome::MinorInjury => r7 == Harm::MinorInjury && alive_free(derived),
            Outcome::SeriousInjury => r7 == Harm::SeriousInjury && alive_free(derived),
            _ => false,
        }
}

/// Neither killed nor captured.
fn alive_free(derived: &CrewDown) -> bool {
    !matches!(derived.outcome, Outcome::Killed | Outcome::Captured)
}

#[cfg(test)]
mod tests;
