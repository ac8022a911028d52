//! Checks a whole debrief report against the rules and the database before anything
//! is written, and turns it into the plan the writer follows.
//!
//! The check reads first, then judges the whole report once:
//! - the turns played are within bounds;
//! - [`sorties`]: sortie by sortie, in report order, what each names is read — its
//!   aircraft type and crew exist in this campaign — and its facts that need the
//!   records are checked: it has a pilot, aircraft and crew are of one side, in
//!   service and available (R9), the mission sortie is the assigned one (R9), and a
//!   sortie that came down (`down`) is played out on the forced-landing tables in
//!   [`fates`] — the server rolling what was not entered — with the outcomes and loss
//!   sent agreeing with it (R8) and the entered dice fitting each crewman's injury or
//!   capture (R7);
//! - [`consistency`]: the rules crate's `Debrief::check` runs once over the whole
//!   debrief read (turns each side left the board, keys, turns, mission sorties,
//!   seats, a crewman flying once, wound boxes, kills);
//! - [`missions`]: the mission reports (R10), where a mission aircraft lost or with
//!   its crew killed or captured cannot have landed safely.
//!
//! Every problem it can judge is refused at once (422, [`ServiceError::Problems`]
//! when there are several), in the order the report lists them: every sortie is read
//! whatever the problems of those before it, the consistency of all those read is
//! judged, and the kills and the mission reports — which need every sortie's loss and
//! fates — once every sortie was found. Each problem carries the part it is about (the
//! turns, a sortie by its key, one of its crewmen or fields, the kills, a mission) as
//! its [`Locus`], so the debrief page shows each beside its part whatever its
//! wording.

mod consistency;
mod fates;
mod missions;
mod names;
mod sorties;

use std::collections::HashMap;

use campaign::crew::CrewId;
use campaign::debrief::{Debrief, Kill};
use campaign::down::DownRoll;
use campaign::experience::{self, Award};
use campaign::injuries::{Fate, Outcome};
use campaign::sides::{PerSide, Side};
use eagles_db::aircraft::AircraftType;
use eagles_db::campaigns::Campaign;
use eagles_db::crew::CrewRecord;
use eagles_db::debriefs::{DebriefGame, GameMission};

use super::request::DebriefRequest;
use crate::crew::CrewmanView;
use crate::dice::DiceSource;
use crate::error::{Locus, ServiceError};
use crate::fair_dice::DiceChain;

/// A debrief that passed every check: what to write.
pub struct Plan {
    pub game: DebriefGame,
    /// The facts as the rules read them; `sorties` parallels `debrief.sorties`.
    pub debrief: Debrief,
    /// The aircraft type of each sortie.
    pub aircraft: Vec<i64>,
    /// Every crewman's fate, in report order, with the dice that will decide it.
    pub fates: Vec<PlannedFate>,
    /// The game's missions and the side each flies for.
    pub missions: Vec<(i64, Side)>,
    /// The awards (R4, R5).
    pub awards: Vec<Award>,
    /// Each side's mission result (R10).
    pub results: PerSide<Option<bool>>,
    /// Each kill in words: "Albert Ball shot down Hans Weiss (Albatros D-III, c1)".
    pub kills_said: Vec<String>,
}

/// What becomes of one crewman, and the dice of his roll when his fate needs one.
pub struct PlannedFate {
    pub crew_id: i64,
    pub side: Side,
    /// His outcome, as sent or as the forced-landing tables gave it.
    pub outcome: Outcome,
    pub fate: Fate,
    pub dice: Option<DiceSource>,
    /// The forced-landing rolls already made for him, in order (R8, R14); `None`
    /// when his sortie did not come down.
    pub rolls: Option<Vec<DownRoll>>,
}

/// What the checks of a debrief read before they run, under the campaign's lock.
pub struct Facts {
    pub game: DebriefGame,
    pub missions: Vec<GameMission>,
    pub crew: Vec<CrewRecord>,
    /// The aircraft types the report names and those its missions were assigned (R9).
    pub aircraft: Vec<AircraftType>,
}

/// Checks `request` for the game of `facts` of `campaign` (locked by the caller) and
/// plans it.
///
/// Without a `chain` (a preview) no die is rolled: the forced landings are played as far as the dice
/// entered take them, and the fates still to roll are left for the submit.
pub fn plan(
    campaign: &Campaign,
    facts: Facts,
    request: DebriefRequest,
    chain: Option<&DiceChain>,
) -> Result<Plan, ServiceError> {
    let Facts {
        game,
        missions: game_missions,
        crew,
        aircraft,
    } = facts;
    within_bounds("the turns played", request.turns_played)
        .map_err(|e| e.at(Locus::Field("turns_played")))?;
    let roster: HashMap<i64, CrewmanView> = crew
        .into_iter()
        .map(|r| Ok((r.id, crate::crew::crewman_view(r, campaign.current_week)?)))
        .collect::<Result<_, ServiceError>>()?;
    let types: HashMap<i64, AircraftType> = aircraft.into_iter().map(|a| (a.id, a)).collect();
    let flown = missions::flown(&game_missions);
    let game_of = sorties::Game {
        roster: &roster,
        types: &types,
        missions: &flown,
        assigned: &missions::assigned(&game_missions, &roster, &types),
        offensive: game.ground_offensive,
        date: campaign.week_date(game.week),
        chain,
    };
    let read = sorties::read(&request.sorties, &game_of);
    let every_sortie_read = read.sorties.len() == request.sorties.len();
    let mut debrief = Debrief {
        turns_played: request.turns_played,
        enemy_left_board_on_turn: PerSide {
            allied: request.enemy_left_board_on_turn.allied,
            central: request.enemy_left_board_on_turn.central,
        },
        missions: flown,
        sorties: read.sorties,
        // The kills name sorties by key, and need each one's loss: judged once every
        // sortie was found.
        kills: if every_sortie_read {
            request
                .kills
                .iter()
                .map(|k| Kill {
                    victim: k.victim.clone(),
                    shooters: k.shooters.iter().map(|&id| CrewId(id)).collect(),
                })
                .collect()
        } else {
            Vec::new()
        },
    };
    let mut problems = consistency::check(&debrief, &game_missions);
    problems.extend(read.failures);
    // The mission reports read the sorties' losses and fates: judged once every sortie
    // was found.
    if every_sortie_read {
        if let Err(e) = missions::check_reports(&request.missions, &game_missions, &mut debrief) {
            problems.push(e);
        }
    }
    let named = |problem| names::named(problem, &roster, &types);
    if let Some(refusal) = ServiceError::all(once_each(problems).into_iter().map(named)) {
        return Err(refusal);
    }

    let awards = experience::awards(&debrief).map_err(|e| named(e.into()))?;
    let results = debrief.mission_results().map_err(|e| named(e.into()))?;
    let missions = game_missions.iter().map(|m| (m.id, m.side)).collect();
    let kills_said = kills_said(&debrief, &read.aircraft, &roster, &types);
    Ok(Plan {
        game,
        debrief,
        aircraft: read.aircraft,
        fates: read.fates,
        missions,
        awards,
        results,
        kills_said,
    })
}

/// The kills of `debrief` in words, by name: the shooters, the victim's crew, its
/// aircraft (`aircraft` parallels the sorties) and key.
fn kills_said(
    debrief: &Debrief,
    aircraft: &[i64],
    roster: &HashMap<i64, CrewmanView>,
    types: &HashMap<i64, AircraftType>,
) -> Vec<String> {
    let name = |id: i64| {
        roster
            .get(&id)
            .map_or_else(|| id.to_string(), |c| c.name.clone())
    };
    debrief
        .kills
        .iter()
        .map(|kill| {
            let shooters: Vec<String> = kill.shooters.iter().map(|s| name(s.0)).collect();
            let victim = debrief
                .sorties
                .iter()
                .zip(aircraft)
                .find(|(s, _)| s.key == kill.victim);
            let (crew, plane) = victim.map_or((Vec::new(), String::new()), |(s, a)| {
                let crew: Vec<String> = s.crew.iter().map(|c| name(c.crew.0)).collect();
                let plane = types.get(a).map_or_else(String::new, |t| t.name.clone());
                (crew, plane)
            });
            format!(
                "{} shot down {} ({plane}, {})",
                shooters.join(" and "),
                crew.join(" and "),
                kill.victim
            )
        })
        .collect()
}

/// `problems` without repeats: a problem two checks found (wound boxes past three are
/// both inconsistent and no fate, R7) is named once, where it was first found.
fn once_each(problems: Vec<ServiceError>) -> Vec<ServiceError> {
    let mut seen = std::collections::HashSet::new();
    problems
        .into_iter()
        .flat_map(|p| match p {
            ServiceError::Problems(all) => all,
            one => vec![one],
        })
        .filter(|p| seen.insert(p.to_string()))
        .collect()
}

/// The most any count of a debrief may be: far beyond any game, low enough that no
/// award can overflow.
const MAX_COUNT: u32 = 1000;

fn within_bounds(field: &str, n: u32) -> Result<(), ServiceError> {
    if n > MAX_COUNT {
        return Err(ServiceError::invalid(format!(
            "{} is {n}; no game comes near that (at most {MAX_COUNT})",
            field.replace('_', " ")
        )));
    }
    Ok(())
}
