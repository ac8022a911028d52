//! Side totals (R12, §13.204), the player ranking and winner (R13, §13.203), and the
//! crew leaderboard order.

use std::cmp::{Ordering, Reverse};

use serde::Serialize;

use crate::crew::CrewId;
use crate::experience::{Award, AwardKind};
use crate::sides::{PerSide, Side};
use crate::wire::wire_enum;
use crate::xp::Xp;

/// One ledger row as R12 needs it. Points are signed: a correction is a reversing
/// entry. Starting XP is no ledger row of a game and never enters.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LedgerEntry {
    /// The side of the crewman.
    pub side: Side,
    /// Points, negative for a reversal.
    pub points: i32,
    /// The award's kind.
    pub kind: AwardKind,
    /// Whether it was earned in a two-seater.
    pub in_two_seater: bool,
}

impl From<&Award> for LedgerEntry {
    fn from(a: &Award) -> Self {
        LedgerEntry {
            side: a.side,
            points: i32::try_from(a.points).unwrap_or(i32::MAX),
            kind: a.kind,
            in_two_seater: a.in_two_seater,
        }
    }
}

/// A side's XP for the air war (R12).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct SideXp {
    /// XP its crews earned in games.
    pub xp: i64,
    /// Mission awards earned in two-seaters, counted a second time.
    pub doubled_mission_xp: i64,
    /// `xp + doubled_mission_xp`.
    pub total: i64,
}

wire_enum! {
    /// Which side is winning the air war.
    pub enum Leader {
        /// The Allies lead.
        Allied,
        /// The Central Powers lead.
        Central,
        /// Level.
        Tied,
    }
}

/// Both sides' totals and the leader (R12).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct SideTotals {
    /// The Allied side.
    pub allied: SideXp,
    /// The Central side.
    pub central: SideXp,
    /// Who leads on `total`.
    pub leader: Leader,
}

/// Sums the ledger into side totals: all game XP, plus the mission awards (success
/// and per-unit points) earned in a two-seater a second time (R12, §13.204).
pub fn side_totals(entries: impl IntoIterator<Item = LedgerEntry>) -> SideTotals {
    let mut sides: PerSide<SideXp> = PerSide::default();
    for e in entries {
        let side = sides.get_mut(e.side);
        side.xp += i64::from(e.points);
        if e.kind.counts_twice_for_side(e.in_two_seater) {
            side.doubled_mission_xp += i64::from(e.points);
        }
    }
    for side in [&mut sides.allied, &mut sides.central] {
        side.total = side.xp + side.doubled_mission_xp;
    }
    let leader = match sides.allied.total.cmp(&sides.central.total) {
        Ordering::Greater => Leader::Allied,
        Ordering::Less => Leader::Central,
        Ordering::Equal => Leader::Tied,
    };
    SideTotals {
        allied: sides.allied,
        central: sides.central,
        leader,
    }
}

/// A crewman's record as the rankings need it; `P` identifies his player.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CrewRecord<P> {
    /// The player he belongs to.
    pub player: P,
    /// The crewman.
    pub crew: CrewId,
    /// His XP.
    pub xp: Xp,
    /// His kills (a shared kill counts as one).
    pub kills: u32,
    /// Weeks he has spent out of service.
    pub weeks_out: u32,
}

/// The R13 order: more XP, then more kills, then fewer weeks out.
fn r13_key<P>(r: &CrewRecord<P>) -> (Reverse<Xp>, Reverse<u32>, u32) {
    (Reverse(r.xp), Reverse(r.kills), r.weeks_out)
}

/// A player's place in the campaign (R13).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PlayerStanding<P> {
    /// 1 for the leader; players level on every tie-break share a rank.
    pub rank: u32,
    /// The player.
    pub player: P,
    /// His best crewman.
    pub best_crew: CrewId,
    /// That crewman's XP.
    pub best_xp: Xp,
    /// That crewman's kills.
    pub kills: u32,
    /// That crewman's weeks out.
    pub weeks_out: u32,
}

/// Ranks the players by their best crewman, pilot or observer: most XP, then more
/// kills, then fewer weeks out (R13). The first is the winner when the campaign ends
/// unless he shares rank 1.
pub fn player_standings<P: Ord + Clone>(crew: &[CrewRecord<P>]) -> Vec<PlayerStanding<P>> {
    let mut best: Vec<&CrewRecord<P>> = Vec::new();
    let mut sorted: Vec<&CrewRecord<P>> = crew.iter().collect();
    sorted.sort_by(|a, b| a.player.cmp(&b.player).then(r13_key(a).cmp(&r13_key(b))));
    for r in sorted {
        if best.last().is_none_or(|b| b.player != r.player) {
            best.push(r);
        }
    }
    best.sort_by(|a, b| r13_key(a).cmp(&r13_key(b)).then(a.player.cmp(&b.player)));
    let mut out: Vec<PlayerStanding<P>> = Vec::with_capacity(best.len());
    for (i, r) in best.iter().enumerate() {
        let rank = match (i, out.last()) {
            (_, Some(prev)) if r13_key(best[i - 1]) == r13_key(r) => prev.rank,
            _ => i as u32 + 1,
        };
        out.push(PlayerStanding {
            rank,
            player: r.player.clone(),
            best_crew: r.crew,
            best_xp: r.xp,
            kills: r.kills,
            weeks_out: r.weeks_out,
        });
    }
    out
}

/// The winner of a campaign (R13): the only player at rank 1, `None` if there are no
/// players or the first place is shared on every tie-break.
pub fn winner<P: Ord + Clone>(crew: &[CrewRecord<P>]) -> Option<P> {
    let standings = player_standings(crew);
    match standings.as_slice() {
        [_, second, ..] if second.rank == 1 => None,
        [first, ..] => Some(first.player.clone()),
        [] => None,
    }
}

/// Orders a leaderboard: by XP, then kills (API); returns 1-based ranks shared by
/// crewmen level on both, in the order of `crew` sorted.
pub fn leaderboard_ranks(crew: &mut [(CrewId, Xp, u32)]) -> Vec<(u32, CrewId)> {
    crew.sort_by_key(|&(id, xp, kills)| (Reverse(xp), Reverse(kills), id));
    let mut out = Vec::with_capacity(crew.len());
    for (i, &(id, xp, kills)) in crew.iter().enumerate() {
        let rank = if i > 0 && (crew[i - 1].1, crew[i - 1].2) == (xp, kills) {
            out.last().map_or(1, |&(r, _)| r)
        } else {
            i as u32 + 1
        };
        out.push((rank, id));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(side: Side, points: i32, kind: AwardKind, in_two_seater: bool) -> LedgerEntry {
        LedgerEntry {
            side,
            points,
            kind,
            in_two_seater,
        }
    }

    // R12, §13.204: mission awards earned in a two-seater count twice for the side;
    // kills, turns, Red hits and sorties do not, nor single-seater missions.
    #[test]
    fn r12_side_totals() {
        use AwardKind::*;
        let ledger = [
            entry(Side::Allied, 20, MissionSuccess, true),
            entry(Side::Allied, 18, MissionUnits, true),
            entry(Side::Allied, 24, Kill, true),
            entry(Side::Allied, 5, Sortie, true),
            entry(Side::Allied, 5, MissionSuccess, false),
            entry(Side::Central, 25, Turns, false),
            entry(Side::Central, 12, Kill, false),
            entry(Side::Central, 4, RedHits, false),
        ];
        let t = side_totals(ledger);
        assert_eq!(
            t.allied,
            SideXp {
                xp: 72,
                doubled_mission_xp: 38,
                total: 110
            }
        );
        assert_eq!(
            t.central,
            SideXp {
                xp: 41,
                doubled_mission_xp: 0,
                total: 41
            }
        );
        assert_eq!(t.leader, Leader::Allied);
    }

    // R12: a reversing entry takes its doubling back with it.
    #[test]
    fn r12_reversal_and_tie() {
        use AwardKind::*;
        let ledger = [
            entry(Side::Allied, 20, MissionSuccess, true),
            entry(Side::Allied, -20, MissionSuccess, true),
            entry(Side::Central, 0, Kill, false),
        ];
        let t = side_totals(ledger);
        assert_eq!(t.allied.total, 0);
        assert_eq!(t.leader, Leader::Tied);
        assert_eq!(
            side_totals([entry(Side::Central, 1, Turns, false)]).leader,
            Leader::Central
        );
    }

    #[test]
    fn r12_from_awards() {
        let award = Award {
            crew: CrewId(2),
            side: Side::Central,
            points: 20,
            reason: "bomb enemy HQ succeeded: 20".into(),
            kind: AwardKind::MissionSuccess,
            in_two_seater: true,
        };
        let t = side_totals([LedgerEntry::from(&award)]);
        assert_eq!(
            t.central,
            SideXp {
                xp: 20,
                doubled_mission_xp: 20,
                total: 40
            }
        );
    }

    fn rec(player: &str, crew: i64, xp: i32, kills: u32, weeks_out: u32) -> CrewRecord<String> {
        CrewRecord {
            player: player.into(),
            crew: CrewId(crew),
            xp: Xp(xp),
            kills,
            weeks_out,
        }
    }

    // R13, §13.203: the player whose best crewman (pilot or observer) has most XP.
    #[test]
    fn r13_best_crewman_decides() {
        let crew = [
            rec("ada", 1, 120, 1, 0),
            rec("ada", 2, 300, 0, 0), // her observer is her best
            rec("bob", 3, 250, 9, 0),
            rec("bob", 4, 260, 0, 0),
        ];
        let s = player_standings(&crew);
        assert_eq!(
            (s[0].player.as_str(), s[0].best_crew, s[0].rank),
            ("ada", CrewId(2), 1)
        );
        assert_eq!(
            (s[1].player.as_str(), s[1].best_crew, s[1].rank),
            ("bob", CrewId(4), 2)
        );
        assert_eq!(winner(&crew), Some("ada".to_string()));
    }

    // R13: ties go to more kills, then fewer weeks out; a full tie shares the rank.
    #[test]
    fn r13_tie_breaks() {
        let kills = [rec("ada", 1, 300, 2, 0), rec("bob", 2, 300, 3, 9)];
        assert_eq!(winner(&kills), Some("bob".to_string()));
        let weeks = [rec("ada", 1, 300, 3, 4), rec("bob", 2, 300, 3, 2)];
        assert_eq!(winner(&weeks), Some("bob".to_string()));
        let level = [
            rec("ada", 1, 300, 3, 2),
            rec("bob", 2, 300, 3, 2),
            rec("cy", 3, 10, 0, 0),
        ];
        let s = player_standings(&level);
        assert_eq!(s.iter().map(|p| p.rank).collect::<Vec<_>>(), [1, 1, 3]);
        assert_eq!(winner(&level), None);
        assert_eq!(winner::<String>(&[]), None);
    }

    #[test]
    fn leaderboard_by_xp_then_kills() {
        let mut crew = [
            (CrewId(1), Xp(100), 1),
            (CrewId(2), Xp(100), 3),
            (CrewId(3), Xp(200), 0),
            (CrewId(4), Xp(100), 1),
        ];
        assert_eq!(
            leaderboard_ranks(&mut crew),
            [
                (1, CrewId(3)),
                (2, CrewId(2)),
                (3, CrewId(1)),
                (3, CrewId(4))
            ]
        );
        crate::wire::testing::round_trips(Leader::ALL);
    }
}
