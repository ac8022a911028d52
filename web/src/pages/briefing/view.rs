//! The briefing's view: the page and its lines, made from the office's briefing.

use askama::Template;
use campaign::crew::CrewStatus;
use campaign::sides::Side;
use eagles_office::briefing::{
    Briefing, CasualtyLine, CrewmanRef, GroundedPlayer, KillLine, MissionResult, StandingLine,
};
use eagles_office::standings::SidesView;

use crate::pages::crew_list::absence;
use crate::pages::{and_list, Nav};

/// An aircraft type entering service.
pub struct AircraftLine {
    pub name: String,
    pub side: &'static str,
    pub service_start: String,
}

/// One player's crew fit to fly, as one line.
pub struct FlyingLine {
    pub owner: String,
    pub crew: String,
}

/// One side's crew fit to fly.
pub struct SideLine {
    pub side: &'static str,
    pub players: Vec<FlyingLine>,
}

/// A player none of whose crew can fly this week, and what he may do.
pub struct GroundedLine {
    pub owner: String,
    pub side: &'static str,
    /// Each crewman and why he cannot fly.
    pub why: String,
    /// What the player may do about it (R3).
    pub may: String,
}

/// A crewman out of service.
pub struct OutLine {
    pub id: i64,
    pub name: String,
    pub owner: String,
    pub status: &'static str,
    /// The last week he is out, when he is coming back (R7, R8).
    pub out_until_week: Option<i32>,
}

impl OutLine {
    /// "out until week 14, back in week 15" or "for the rest of the war".
    pub fn until(&self) -> String {
        self.out_until_week
            .map_or_else(|| "for the rest of the war".to_owned(), absence)
    }
}

/// A crewman with picks to make.
pub struct PickLine {
    pub id: i64,
    pub name: String,
    pub owner: String,
    pub picks: String,
}

/// The week before, in lines.
pub struct ResultsLines {
    pub week: i32,
    pub games: usize,
    /// Games abandoned without a debrief when the week closed (API v1.2).
    pub abandoned: Vec<i64>,
    pub kills: Vec<String>,
    pub deaths: Vec<String>,
    pub captures: Vec<String>,
    pub injuries: Vec<String>,
    pub missions: Vec<String>,
}

/// A crewman's place and its change.
pub struct RankLine {
    pub rank: u32,
    /// "+2", "−1", "=" or "new".
    pub change: String,
    pub id: i64,
    pub name: String,
    pub side: &'static str,
    pub owner: String,
    pub xp: i64,
    pub xp_gained: String,
    pub kills: i64,
    pub kills_gained: String,
}

/// A side's R12 total and its change.
pub struct SideTotal {
    pub side: &'static str,
    pub total: i64,
    pub gained: String,
}

/// The standings as of the week before.
pub struct StandingsLines {
    pub as_of_week: i32,
    pub since_week: Option<i32>,
    pub leader: &'static str,
    pub sides: Vec<SideTotal>,
    pub crew: Vec<RankLine>,
}

/// The briefing page.
#[derive(Template)]
#[template(path = "briefing/page.html")]
pub struct BriefingPage {
    pub nav: Nav,
    /// The campaign's id: the subnav and the feed link in the head use it.
    pub id: i64,
    pub name: String,
    pub week: i32,
    pub date: String,
    pub era: &'static str,
    /// Printed after its week: the campaign has moved on since.
    pub history: bool,
    pub ended_week: Option<i32>,
    pub new_aircraft: Vec<AircraftLine>,
    pub flying: Vec<SideLine>,
    pub grounded: Vec<GroundedLine>,
    pub out: Vec<OutLine>,
    pub returning: Vec<String>,
    pub picks: Vec<PickLine>,
    pub last_week: Option<ResultsLines>,
    pub standings: Option<StandingsLines>,
}

pub(super) fn signed(n: i64) -> String {
    match n {
        0 => "=".to_owned(),
        n if n > 0 => format!("+{n}"),
        n => format!("−{}", -n),
    }
}

pub(super) fn side_label(wire: &str) -> &'static str {
    Side::ALL
        .iter()
        .find(|s| s.as_str() == wire)
        .map_or("", |s| s.label())
}

pub(super) fn kill_line(k: &KillLine) -> String {
    let crew = if k.victim_crew.is_empty() {
        String::new()
    } else {
        format!(" ({})", k.victim_crew.join(", "))
    };
    format!(
        "{} shot down the {} {}{crew}",
        and_list(&k.shooters),
        side_label(&k.victim_side),
        k.victim_aircraft
    )
}

pub(super) fn casualty_line(c: &CasualtyLine) -> String {
    let fate = match (c.out_until_week, c.sent_home) {
        (_, true) => " — sent home".to_owned(),
        (Some(w), false) => format!(" — {}", absence(w)),
        (None, false) => String::new(),
    };
    format!("{} ({}, {}){fate}", c.name, c.side.label(), c.owner)
}

pub(super) fn mission_line(m: &MissionResult) -> String {
    let result = match m.success {
        Some(true) => "succeeded",
        Some(false) => "failed",
        None => "not debriefed",
    };
    let who = match &m.aircraft {
        Some(a) if m.crew.is_empty() => format!(" ({a})"),
        Some(a) => format!(" ({a}: {})", m.crew.join(", ")),
        None => String::new(),
    };
    format!(
        "Game {}: {} {}{who} — {result}",
        m.game_id,
        m.side.label(),
        m.mission_type.label()
    )
}

pub(super) fn rank_line(l: &StandingLine) -> RankLine {
    let CrewmanRef {
        id,
        name,
        side,
        owner,
        ..
    } = &l.crewman;
    RankLine {
        rank: l.rank,
        change: l.climbed().map_or_else(|| "new".to_owned(), signed),
        id: *id,
        name: name.clone(),
        side: side.label(),
        owner: owner.clone(),
        xp: l.xp,
        xp_gained: signed(l.xp_gained),
        kills: l.kills,
        kills_gained: signed(l.kills_gained),
    }
}

pub(super) fn side_totals(now: &SidesView, before: Option<&SidesView>) -> Vec<SideTotal> {
    let line = |side: Side, total: i64, before: Option<i64>| SideTotal {
        side: side.label(),
        total,
        gained: signed(total - before.unwrap_or(0)),
    };
    vec![
        line(
            Side::Allied,
            now.allied.total,
            before.map(|b| b.allied.total),
        ),
        line(
            Side::Central,
            now.central.total,
            before.map(|b| b.central.total),
        ),
    ]
}

/// A grounded player's line: his crew with why each cannot fly, and the replacements
/// R3 lets him create (one per role none of his crew can fill this week).
pub(super) fn grounded_line(g: GroundedPlayer) -> GroundedLine {
    let why = g
        .crew
        .iter()
        .map(|c| {
            let state = match (c.status, c.out_until_week) {
                (CrewStatus::Killed, _) => "was killed".to_owned(),
                (CrewStatus::SentHome, _) => "was sent home".to_owned(),
                (CrewStatus::Captured, None) => "is a prisoner for the rest of the war".to_owned(),
                (status, Some(w)) => {
                    format!("is {}, {}", status_label(status, Some(w)), absence(w))
                }
                (status, None) => format!("is {}", status.label()),
            };
            format!("{} ({}) {state}", c.crewman.name, c.crewman.role.label())
        })
        .collect::<Vec<_>>()
        .join("; ");
    let mut roles: Vec<&str> = g.crew.iter().map(|c| c.crewman.role.label()).collect();
    roles.sort_unstable();
    roles.dedup();
    let roles = match roles.as_slice() {
        [] => "pilot or observer".to_owned(),
        [one] => (*one).to_owned(),
        many => many.join(" or "),
    };
    GroundedLine {
        owner: g.owner,
        side: g.side.label(),
        why,
        may: format!(
            "He may create a replacement {roles} on the crew page (§13.02): a novice with 0 XP."
        ),
    }
}

pub(super) fn status_label(status: CrewStatus, until: Option<i32>) -> &'static str {
    match (status, until) {
        (CrewStatus::Captured, None) => "prisoner",
        (CrewStatus::Captured, Some(_)) => "captured, escaping",
        (status, _) => status.label(),
    }
}

impl BriefingPage {
    pub fn new(nav: Nav, b: Briefing) -> Self {
        let new_aircraft = b
            .new_aircraft
            .into_iter()
            .map(|a| AircraftLine {
                service_start: crate::words::month(a.service_start),
                name: a.name,
                side: a.side.label(),
            })
            .collect();
        let flying = b
            .flying
            .into_iter()
            .map(|s| SideLine {
                side: s.side.label(),
                players: s
                    .players
                    .into_iter()
                    .map(|p| FlyingLine {
                        owner: p.owner,
                        crew: p
                            .crew
                            .iter()
                            .map(|c| {
                                let mut marks =
                                    vec![c.role.label().to_owned(), format!("{} XP", c.xp)];
                                if c.novice {
                                    marks.push("novice".to_owned());
                                }
                                if c.ace {
                                    marks.push("ace".to_owned());
                                }
                                format!("{} ({})", c.name, marks.join(", "))
                            })
                            .collect::<Vec<_>>()
                            .join("; "),
                    })
                    .collect(),
            })
            .collect();
        let grounded = b.grounded.into_iter().map(grounded_line).collect();
        let out = b
            .out
            .into_iter()
            .map(|o| OutLine {
                id: o.crewman.id,
                status: status_label(o.status, o.out_until_week),
                out_until_week: o.out_until_week,
                name: o.crewman.name,
                owner: o.crewman.owner,
            })
            .collect();
        let returning = b
            .returning
            .into_iter()
            .map(|c| format!("{} ({})", c.name, c.owner))
            .collect();
        let picks = b
            .pending_picks
            .into_iter()
            .map(|p| {
                let mut what = Vec::new();
                if p.picks.xp > 0 {
                    what.push(format!("{} from XP ({} XP)", p.picks.xp, p.xp));
                }
                if p.picks.ace > 0 {
                    what.push(format!("{} ace ({} kills)", p.picks.ace, p.kills));
                }
                PickLine {
                    id: p.crewman.id,
                    name: p.crewman.name,
                    owner: p.crewman.owner,
                    picks: what.join(", "),
                }
            })
            .collect();
        let last_week = b.last_week.map(|r| ResultsLines {
            week: r.week,
            games: r.games,
            abandoned: r.abandoned,
            kills: r.kills.iter().map(kill_line).collect(),
            deaths: r.deaths.iter().map(casualty_line).collect(),
            captures: r.captures.iter().map(casualty_line).collect(),
            injuries: r.injuries.iter().map(casualty_line).collect(),
            missions: r.missions.iter().map(mission_line).collect(),
        });
        let standings = b.standings.map(|s| StandingsLines {
            as_of_week: s.as_of_week,
            since_week: s.since_week,
            leader: match s.sides.leader.as_str() {
                "allied" => "The Allies lead the air war",
                "central" => "The Central Powers lead the air war",
                _ => "The air war is level",
            },
            sides: side_totals(&s.sides, s.sides_before.as_ref()),
            crew: s.crew.iter().map(rank_line).collect(),
        });
        Self {
            nav,
            id: b.campaign_id,
            name: b.campaign_name,
            week: b.week,
            date: crate::words::date(b.date),
            era: b.era.as_str(),
            history: b.week < b.current_week,
            ended_week: b.ended_week,
            new_aircraft,
            flying,
            grounded,
            out,
            returning,
            picks,
            last_week,
            standings,
        }
    }
}
