//! Experience awards from a game's debrief (R4, R5, appendices D and E): one award per
//! reason, each with points and a sentence a person can read.

use serde::Serialize;

use crate::crew::{CrewId, Role};
use crate::debrief::{Debrief, Sortie, SortieCrew};
use crate::error::RuleError;
use crate::missions::MissionType;
use crate::sides::Side;
use crate::wire::wire_enum;

/// XP per turn on the board, pilots only (appendix D).
pub const PER_TURN: u32 = 1;
/// The turn pilots are credited to when the enemy abandons the board (R5).
pub const CREDITED_TURN: u32 = 25;
/// XP of a kill, shared between its shooters (R4, §13.103).
pub const PER_KILL: u32 = 24;
/// XP per Red hit on fighter sweep or scramble (R4, appendix D).
pub const PER_RED_HIT: u32 = 2;
/// XP per sortie, observers only (R4).
pub const PER_OBSERVER_SORTIE: u32 = 5;
/// XP of a successful mission where appendix E names no award of its own (R4).
pub const GENERIC_SUCCESS: u32 = 5;
/// The cap on trench-strafing per-hex points, per crewman (R4, appendix E).
pub const STRAFING_CAP: u32 = 20;

wire_enum! {
    /// Why an award was given; R12 doubles the mission awards earned in a two-seater.
    pub enum AwardKind {
        /// Turns on the board (pilots).
        Turns,
        /// A kill or a share of one.
        Kill,
        /// Red hits on fighter sweep or scramble.
        RedHits,
        /// A sortie flown (observers).
        Sortie,
        /// A successful mission.
        MissionSuccess,
        /// Per-unit mission points: hexes observed, artillery trips, hexes strafed.
        MissionUnits,
    }
}

impl AwardKind {
    /// The mission awards of R4 — success and per-unit points — that R12 counts a
    /// second time for a side when earned in a two-seater.
    pub const fn is_mission_award(self) -> bool {
        matches!(self, AwardKind::MissionSuccess | AwardKind::MissionUnits)
    }

    /// Whether R12 counts an award of this kind a second time for its side: a mission
    /// award earned in a two-seater (§13.204).
    pub const fn counts_twice_for_side(self, in_two_seater: bool) -> bool {
        in_two_seater && self.is_mission_award()
    }
}

/// One award to one crewman.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Award {
    /// Who earns it.
    pub crew: CrewId,
    /// His side (for the side totals, R12).
    pub side: Side,
    /// The points, never zero.
    pub points: u32,
    /// Why, ending in the points: "kill shared with 2: 12".
    pub reason: String,
    /// What kind of award it is.
    pub kind: AwardKind,
    /// Whether it was earned in a two-seater (R12).
    pub in_two_seater: bool,
}

/// Each shooter's share of a kill: 24/n each, the remainder of an uneven split going
/// one point each to the first shooters listed, so the shares always sum to 24.
pub fn kill_shares(shooters: usize) -> Vec<u32> {
    if shooters == 0 {
        return Vec::new();
    }
    let n = shooters as u32;
    (0..n)
        .map(|i| PER_KILL / n + u32::from(i < PER_KILL % n))
        .collect()
}

/// A pilot's turn points and their reason: 1 per turn on the board, or 25 if the
/// enemy abandoned the board on turn `t` < 25 and he was still on it (R5).
pub fn turn_points(turns_on_board: u32, enemy_left_on_turn: Option<u32>) -> (u32, String) {
    match enemy_left_on_turn {
        Some(t) if t < CREDITED_TURN && turns_on_board >= t && turns_on_board < CREDITED_TURN => (
            CREDITED_TURN * PER_TURN,
            format!(
                "flew to turn {CREDITED_TURN} after the enemy left on turn {t}: {}",
                CREDITED_TURN * PER_TURN
            ),
        ),
        _ => {
            let points = turns_on_board * PER_TURN;
            let noun = if turns_on_board == 1 { "turn" } else { "turns" };
            (
                points,
                format!("{turns_on_board} {noun} on the board: {points}"),
            )
        }
    }
}

/// The award for a successful mission to a crewman in `role` (R4, appendix E):
/// observe HQ/airfield and bombing pilot 10, observer 20; the generic 5 elsewhere.
pub const fn success_points(mission: MissionType, role: Role) -> u32 {
    use MissionType::*;
    match (mission, role) {
        (ObserveAirfield | ObserveHq | BombAirfield | BombHq, Role::Pilot) => 10,
        (ObserveAirfield | ObserveHq | BombAirfield | BombHq, Role::Observer) => 20,
        _ => GENERIC_SUCCESS,
    }
}

/// Per-unit mission points and their reason, whether or not the mission succeeded
/// (R4, appendix E): troop concentrations 3/6 per hex observed, only after a safe
/// landing; artillery 3/6 per trip; strafing 4 each per hex, at most 20.
pub fn unit_points(
    mission: MissionType,
    role: Role,
    report: &crate::success::MissionReport,
) -> Option<(u32, String)> {
    let by_role = |pilot: u32, observer: u32| match role {
        Role::Pilot => pilot,
        Role::Observer => observer,
    };
    let plural = |n: u32, one: &str, many: &str| {
        if n == 1 {
            one.to_owned()
        } else {
            many.to_owned()
        }
    };
    let (points, reason) = match mission {
        MissionType::ObserveTroops if report.landed_safely => {
            let n = report.hexes_observed;
            let p = n * by_role(3, 6);
            (
                p,
                format!("{n} {} observed: {p}", plural(n, "hex", "hexes")),
            )
        }
        MissionType::DirectArtillery => {
            let n = report.trips;
            let p = n * by_role(3, 6);
            (
                p,
                format!("{n} artillery {}: {p}", plural(n, "trip", "trips")),
            )
        }
        MissionType::StrafeTrenches => {
            let n = report.hexes_strafed;
            let uncapped = n * 4;
            let p = uncapped.min(STRAFING_CAP);
            let hexes = plural(n, "hex", "hexes");
            if uncapped > STRAFING_CAP {
                (
                    p,
                    format!("{n} trench {hexes} strafed, capped at {STRAFING_CAP}: {p}"),
                )
            } else {
                (p, format!("{n} trench {hexes} strafed: {p}"))
            }
        }
        _ => return None,
    };
    (points > 0).then_some((points, reason))
}

/// Every award of a game, in sortie order and, per crewman, in the order turns, sortie,
/// Red hits, mission success, mission units; then the kills in debrief order (R4, R5).
/// A game's awards stand even if the crewman was killed or captured in it.
pub fn awards(debrief: &Debrief) -> Result<Vec<Award>, RuleError> {
    debrief.check()?;
    let results = debrief.mission_results()?;
    let mut out = Vec::new();
    for sortie in &debrief.sorties {
        let mission = debrief.mission_of(sortie);
        let own_mission = debrief
            .missions
            .get(sortie.side)
            .map(|f| f.mission.mission_type);
        let succeeded = if own_mission == Some(mission) {
            results.get(sortie.side).unwrap_or(false)
        } else {
            // an escort flying fighter sweep beside its side's other mission
            crate::success::sweep_succeeded(debrief.losses(sortie.side))
        };
        for member in &sortie.crew {
            sortie_awards(debrief, sortie, member, mission, succeeded, &mut out);
        }
    }
    for kill in &debrief.kills {
        let n = kill.shooters.len();
        for (&shooter, share) in kill.shooters.iter().zip(kill_shares(n)) {
            if share == 0 {
                continue;
            }
            let sortie = debrief
                .sorties
                .iter()
                .find(|s| s.crew.iter().any(|c| c.crew == shooter))
                .expect("checked: every shooter flew");
            let reason = if n == 1 {
                format!("kill: {share}")
            } else {
                format!("kill shared with {n}: {share}")
            };
            out.push(award(sortie, shooter, share, reason, AwardKind::Kill));
        }
    }
    Ok(out)
}

fn award(sortie: &Sortie, crew: CrewId, points: u32, reason: String, kind: AwardKind) -> Award {
    Award {
        crew,
        side: sortie.side,
        points,
        reason,
        kind,
        in_two_seater: sortie.two_seater,
    }
}

fn sortie_awards(
    debrief: &Debrief,
    sortie: &Sortie,
    member: &SortieCrew,
    mission: MissionType,
    succeeded: bool,
    out: &mut Vec<Award>,
) {
    let mut push = |points: u32, reason: String, kind| {
        if points > 0 {
            out.push(award(sortie, member.crew, points, reason, kind));
        }
    };
    match member.position {
        Role::Pilot => {
            let left = *debrief.enemy_left_board_on_turn.get(sortie.side.enemy());
            let (points, reason) = turn_points(sortie.turns_on_board, left);
            push(points, reason, AwardKind::Turns);
        }
        Role::Observer => push(
            PER_OBSERVER_SORTIE,
            format!("sortie flown on {}: {PER_OBSERVER_SORTIE}", mission.label()),
            AwardKind::Sortie,
        ),
    }
    if mission.is_sweep() && member.red_hits > 0 {
        let points = member.red_hits * PER_RED_HIT;
        let noun = if member.red_hits == 1 {
            "Red hit"
        } else {
            "Red hits"
        };
        push(
            points,
            format!(
                "{} {noun} on {}: {points}",
                member.red_hits,
                mission.label()
            ),
            AwardKind::RedHits,
        );
    }
    let report = debrief
        .missions
        .get(sortie.side)
        .filter(|f| f.mission.mission_type == mission)
        .map(|f| f.report)
        .unwrap_or_default();
    // R4: observation missions give their points only after a safe landing; for
    // observe HQ/airfield and troops, success already needs it.
    if succeeded {
        let points = success_points(mission, member.position);
        push(
            points,
            format!("{} succeeded: {points}", mission.label()),
            AwardKind::MissionSuccess,
        );
    }
    if let Some((points, reason)) = unit_points(mission, member.position, &report) {
        push(points, reason, AwardKind::MissionUnits);
    }
}

#[cfg(test)]
mod tests;
