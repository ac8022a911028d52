//! The weekly briefing: what the players need on one page before a club night of week
//! *n* — its date and era (R1), the aircraft entering service in it (R15), who flies
//! and who is out until when (R7, R8), who comes back, the ability picks still open
//! (R6), the results of week *n*−1 and the standings as of it, with their change since
//! week *n*−2 (R12, and the leaderboard's order by XP, then kills).
//!
//! The briefing of week *n* is the campaign as it stood when week *n*−1 closed, so a
//! printed briefing reads the same whenever it is printed again; only the ability
//! picks count those already made in week *n*, which are the point of listing them.

pub use eagles_office::briefing::{
    Briefing, CasualtyLine, CrewmanRef, FlyingCrewman, GroundedCrewman, GroundedPlayer, KillLine,
    MissionResult, OutCrewman, PendingPick, PlayerRoster, SideRoster, StandingLine, Standings,
    WeekResults,
};
use std::collections::{BTreeMap, HashMap};

use campaign::calendar::{self};
use campaign::crew::{CrewId, CrewStatus};
use campaign::injuries::CasualtyKind;
use campaign::missions::Reader;
use campaign::secrecy::{GameStage, Secrecy};
use campaign::sides::Side;
use campaign::standings::leaderboard_ranks;
use campaign::status::{self};
use campaign::xp::Xp;
use eagles_db::briefing::{CrewAtWeek, WeekCasualty, WeekMission, Weeks};
use eagles_db::campaigns::Campaign;
use eagles_db::crew::CrewRecord;
use eagles_db::diesel_async::AsyncPgConnection;
use eagles_db::recent_kills::RecentKill;

use crate::error::ServiceError;
use crate::games::reader_of;
use crate::standings::air_war_totals;
use crate::weeks::{entering_service, readable_week};
use crate::Service;
use eagles_office::access::ReadAccess;
use eagles_office::briefing::*;
use eagles_office::prelude::*;

fn crewman_ref(c: &CrewRecord) -> CrewmanRef {
    CrewmanRef {
        id: c.id,
        name: c.name.clone(),
        role: c.role,
        side: c.nationality.side(),
        owner: c.owner.clone(),
    }
}

/// Totals read from the database as the rules crate counts them; only corrupt data
/// would not fit.
fn xp_of(c: &CrewRecord) -> Xp {
    Xp(i32::try_from(c.xp).unwrap_or(i32::MAX))
}

fn kills_of(c: &CrewRecord) -> u32 {
    u32::try_from(c.kills).unwrap_or(0)
}

type Roster = (
    Vec<SideRoster>,
    Vec<OutCrewman>,
    Vec<CrewmanRef>,
    Vec<PendingPick>,
);

/// Who flies, who is out, who is back and who has picks to make in `week`.
fn roster(crew: &[CrewAtWeek], week: i32) -> Roster {
    let mut by_side: HashMap<Side, BTreeMap<String, Vec<FlyingCrewman>>> = HashMap::new();
    let mut out = Vec::new();
    let mut returning = Vec::new();
    let mut pending = Vec::new();
    for CrewAtWeek { crewman: c, .. } in crew {
        let latest = c.latest_casualty();
        // R7: out through `out_until_week`, available again the week after.
        let (status_now, until) = status::service_state(latest, week);
        let (status_before, _) = status::service_state(latest, week - 1);
        let xp = xp_of(c);
        let kills = kills_of(c);
        match status_now {
            CrewStatus::Active => {
                if status_before != CrewStatus::Active && week > 1 {
                    returning.push(crewman_ref(c));
                }
                by_side
                    .entry(c.nationality.side())
                    .or_default()
                    .entry(c.owner.clone())
                    .or_default()
                    .push(FlyingCrewman {
                        id: c.id,
                        name: c.name.clone(),
                        role: c.role,
                        xp: c.xp,
                        novice: status::is_novice(xp),
                        ace: status::is_ace(kills),
                    });
            }
            CrewStatus::Killed => continue,
            status => out.push(OutCrewman {
                crewman: crewman_ref(c),
                status,
                out_until_week: until,
            }),
        }
        // The dead, those sent home and prisoners for the war will never use a pick.
        let coming_back = status_now == CrewStatus::Active || until.is_some();
        let picks = status::pending_picks(xp, kills, &c.abilities);
        if coming_back && (picks.xp > 0 || picks.ace > 0) {
            pending.push(PendingPick {
                crewman: crewman_ref(c),
                xp: c.xp,
                kills: c.kills,
                picks,
            });
        }
    }
    let flying = Side::ALL
        .iter()
        .filter_map(|side| by_side.remove_entry(side))
        .map(|(side, players)| SideRoster {
            side,
            players: players
                .into_iter()
                .map(|(owner, crew)| PlayerRoster { owner, crew })
                .collect(),
        })
        .collect();
    // Those back soonest first; those whose war is over last.
    out.sort_by_key(|o| (o.out_until_week.unwrap_or(i32::MAX), o.crewman.id));
    (flying, out, returning, pending)
}

/// The players whose crew, every one of them, is out, killed or captured in `week`;
/// by side, then player.
fn grounded(crew: &[CrewAtWeek], week: i32) -> Vec<GroundedPlayer> {
    // Keyed Allied first, then by player; `None` once a crewman of his can fly.
    let mut by_owner: BTreeMap<(bool, String), Option<Vec<GroundedCrewman>>> = BTreeMap::new();
    for CrewAtWeek { crewman: c, .. } in crew {
        let (status, until) = status::service_state(c.latest_casualty(), week);
        let entry = by_owner
            .entry((c.nationality.side() == Side::Central, c.owner.clone()))
            .or_insert_with(|| Some(Vec::new()));
        match (status, entry.as_mut()) {
            (CrewStatus::Active, _) => *entry = None,
            (_, Some(list)) => list.push(GroundedCrewman {
                crewman: crewman_ref(c),
                status,
                out_until_week: until,
            }),
            (_, None) => {}
        }
    }
    by_owner
        .into_iter()
        .filter_map(|((central, owner), crew)| {
            let side = if central { Side::Central } else { Side::Allied };
            crew.map(|crew| GroundedPlayer { owner, side, crew })
        })
        .collect()
}

/// The standings as of `week` (the week before the briefing's) and their change since
/// the week before it, from the crew's totals at both.
async fn standings(
    conn: &mut AsyncPgConnection,
    campaign: &Campaign,
    crew: &[CrewAtWeek],
    week: i32,
) -> Result<Standings, ServiceError> {
    let on_board: Vec<&CrewAtWeek> = crew
        .iter()
        .filter(|c| c.crewman.joined_week <= week)
        .collect();
    let ranks = |totals: Vec<(CrewId, Xp, u32)>| -> HashMap<i64, u32> {
        let mut totals = totals;
        leaderboard_ranks(&mut totals)
            .into_iter()
            .map(|(rank, CrewId(id))| (id, rank))
            .collect()
    };
    let now = ranks(
        on_board
            .iter()
            .map(|c| {
                (
                    CrewId(c.crewman.id),
                    xp_of(&c.crewman),
                    kills_of(&c.crewman),
                )
            })
            .collect(),
    );
    let since_week = (week > 1).then_some(week - 1);
    let before = ranks(
        on_board
            .iter()
            .filter(|c| since_week.is_some_and(|since| c.crewman.joined_week <= since))
            .map(|c| {
                let xp = Xp(i32::try_from(c.xp_before).unwrap_or(i32::MAX));
                (
                    CrewId(c.crewman.id),
                    xp,
                    u32::try_from(c.kills_before).unwrap_or(0),
                )
            })
            .collect(),
    );
    let mut lines: Vec<StandingLine> = on_board
        .iter()
        .map(|c| StandingLine {
            rank: now.get(&c.crewman.id).copied().unwrap_or(u32::MAX),
            rank_before: before.get(&c.crewman.id).copied(),
            crewman: crewman_ref(&c.crewman),
            xp: c.crewman.xp,
            xp_gained: c.crewman.xp - c.xp_before,
            kills: c.crewman.kills,
            kills_gained: c.crewman.kills - c.kills_before,
        })
        .collect();
    lines.sort_by_key(|l| (l.rank, l.crewman.id));
    let sides = air_war_totals(conn, campaign, Some(week)).await?;
    let sides_before = match since_week {
        Some(since) => Some(air_war_totals(conn, campaign, Some(since)).await?),
        None => None,
    };
    Ok(Standings {
        as_of_week: week,
        since_week,
        crew: lines,
        sides,
        sides_before,
    })
}

/// The results of weeks `first..=last` as they stood when each closed, by week; a
/// week without games has no entry. Four queries, whatever the number of weeks.
pub async fn results_of_weeks(
    conn: &mut AsyncPgConnection,
    campaign: &Campaign,
    first: i32,
    last: i32,
    reader: Reader,
) -> Result<BTreeMap<i32, WeekResults>, ServiceError> {
    let weeks = Weeks {
        campaign_id: campaign.id,
        first,
        last,
    };
    let kills = eagles_db::briefing::kills_of_weeks(conn, weeks).await?;
    let casualties = eagles_db::briefing::casualties_of_weeks(conn, weeks).await?;
    let missions = eagles_db::briefing::missions_of_weeks(conn, weeks).await?;
    let abandoned = eagles_db::briefing::abandoned_of_weeks(conn, weeks).await?;
    let ended = campaign.ended_week.is_some();
    let mut results = group_results(kills, casualties, missions, reader, ended);
    for game in abandoned {
        results
            .entry(game.week)
            .or_insert_with(|| WeekResults {
                week: game.week,
                ..WeekResults::default()
            })
            .abandoned
            .push(game.game_id);
    }
    Ok(results)
}

fn group_results(
    kills: Vec<RecentKill>,
    casualties: Vec<WeekCasualty>,
    missions: Vec<WeekMission>,
    reader: Reader,
    campaign_ended: bool,
) -> BTreeMap<i32, WeekResults> {
    let mut weeks: BTreeMap<i32, WeekResults> = BTreeMap::new();
    fn week(weeks: &mut BTreeMap<i32, WeekResults>, n: i32) -> &mut WeekResults {
        weeks.entry(n).or_insert_with(|| WeekResults {
            week: n,
            ..WeekResults::default()
        })
    }
    let mut last_game = None;
    for m in missions {
        let results = week(&mut weeks, m.week);
        // Missions come by game, so a new game id is a new game.
        if last_game != Some(m.game_id) {
            results.games += 1;
            last_game = Some(m.game_id);
        }
        // Abandoned games have no mission results here: not debriefed, nothing to show.
        let stage = GameStage::of(m.debriefed, false, false, campaign_ended);
        let shown = Secrecy::new(reader, stage).sees_assignment(m.side);
        results.missions.push(MissionResult {
            game_id: m.game_id,
            side: m.side,
            mission_type: m.mission_type,
            success: m.success,
            aircraft: m.aircraft.filter(|_| shown),
            crew: [m.pilot, m.observer]
                .into_iter()
                .flatten()
                .filter(|_| shown)
                .collect(),
        });
    }
    for k in kills {
        week(&mut weeks, k.week).kills.push(KillLine {
            game_id: k.game_id,
            shooters: k.shooters,
            victim_side: k.victim_side,
            victim_aircraft: k.victim_aircraft,
            victim_crew: k.victim_crew,
        });
    }
    for c in casualties {
        let line = CasualtyLine {
            crew_id: c.crew_id,
            name: c.name,
            owner: c.owner,
            side: c.nationality.side(),
            kind: c.kind,
            out_until_week: c.out_until_week,
            sent_home: c.sent_home,
        };
        let results = week(&mut weeks, c.week);
        match c.kind {
            CasualtyKind::Killed => results.deaths.push(line),
            CasualtyKind::Captured => results.captures.push(line),
            CasualtyKind::MinorInjury | CasualtyKind::SeriousInjury => results.injuries.push(line),
        }
    }
    weeks
}

#[async_trait::async_trait]
impl Briefings for Service {
    /// The briefing of `week` of a campaign `reader` may read; 404 for a week that has
    /// not begun.
    async fn briefing(
        &self,
        reader: ReadAccess,
        campaign_id: i64,
        week: i32,
    ) -> Result<Briefing, Error> {
        let mut conn = self.conn().await?;
        let conn = &mut *conn;
        let caller = reader.into_caller();
        let scope = readable_week(conn, campaign_id, caller, week).await?;
        let campaign = scope.campaign();
        let crew = eagles_db::briefing::crew_at_week(conn, campaign.id, week).await?;
        let new_aircraft = entering_service(conn, campaign.start_date, week).await?;
        let (last_week, standings) = if week > 1 {
            let last = week - 1;
            let results = results_of_weeks(conn, campaign, last, last, reader_of(&scope))
                .await?
                .remove(&last)
                .unwrap_or_else(|| WeekResults {
                    week: last,
                    ..WeekResults::default()
                });
            let standings = standings(conn, campaign, &crew, last).await?;
            (Some(results), Some(standings))
        } else {
            (None, None)
        };
        let date = campaign.week_date(week);
        let (flying, out, returning, pending_picks) = roster(&crew, week);
        let grounded = grounded(&crew, week);
        Ok(Briefing {
            campaign_id: campaign.id,
            campaign_name: campaign.name.clone(),
            public: campaign.public,
            week,
            date,
            era: calendar::era_on(date),
            current_week: campaign.current_week,
            ended_week: campaign.ended_week,
            new_aircraft,
            flying,
            grounded,
            out,
            returning,
            pending_picks,
            last_week,
            standings,
        })
    }
}
