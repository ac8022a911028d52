//! Stored rows → the export document: ids become export-local (each kind numbered
//! 1, 2, … in id order), accounts become usernames and aircraft become names.

use std::collections::HashMap;

use chrono::{SubsecRound, Utc};
use eagles_db::backup::CampaignRows;

use super::document::*;
use crate::error::ServiceError;

/// Numbers the rows of one kind 1, 2, … in the order given.
struct LocalIds(HashMap<i64, i64>);

impl LocalIds {
    fn of(ids: impl Iterator<Item = i64>) -> Self {
        Self(ids.zip(1..).collect())
    }

    fn get(&self, what: &str, id: i64) -> Result<i64, ServiceError> {
        self.0
            .get(&id)
            .copied()
            .ok_or_else(|| ServiceError::Internal(format!("{what} {id} is outside its campaign")))
    }

    fn get_opt(&self, what: &str, id: Option<i64>) -> Result<Option<i64>, ServiceError> {
        id.map(|id| self.get(what, id)).transpose()
    }
}

/// The document of a whole campaign.
pub fn document(rows: CampaignRows) -> Result<CampaignExport, ServiceError> {
    let user = |id: i64| {
        rows.usernames
            .get(&id)
            .cloned()
            .ok_or_else(|| ServiceError::Internal(format!("account {id} has no username")))
    };
    let aircraft = |id: i64| {
        rows.aircraft
            .get(&id)
            .cloned()
            .ok_or_else(|| ServiceError::Internal(format!("aircraft type {id} has no name")))
    };
    let crew = LocalIds::of(rows.crew.iter().map(|c| c.id));
    let rolls = LocalIds::of(rows.rolls.iter().map(|r| r.id));
    let games = LocalIds::of(rows.games.iter().map(|g| g.id));
    let sorties = LocalIds::of(rows.sorties.iter().map(|s| s.id));
    let awards = LocalIds::of(rows.awards.iter().map(|a| a.id));

    let c = &rows.campaign.campaign;
    Ok(CampaignExport {
        format: FORMAT.to_owned(),
        version: VERSION,
        // Whole seconds: serde writes only the fraction a time has, so a time to the
        // nanosecond made the document's length vary between two exports.
        exported_at: Utc::now().trunc_subsecs(0),
        campaign: ExportedCampaign {
            name: c.name.clone(),
            start_date: c.start_date,
            public: c.public,
            current_week: c.current_week,
            created_by: user(c.created_by)?,
            created_at: rows.campaign.created_at,
            ended: match (c.ended_week, rows.campaign.ended_at) {
                (Some(week), Some(at)) => Some(ExportedEnd {
                    week,
                    at,
                    final_standings: None,
                }),
                _ => None,
            },
        },
        members: rows
            .members
            .iter()
            .map(|m| {
                Ok(ExportedMember {
                    username: user(m.user_id)?,
                    role: m.role.as_str().to_owned(),
                    side: m.side.map(|s| s.as_str().to_owned()),
                    joined_at: m.joined_at,
                })
            })
            .collect::<Result<_, ServiceError>>()?,
        crew: rows
            .crew
            .iter()
            .map(|m| {
                Ok(ExportedCrewman {
                    id: crew.get("crewman", m.id)?,
                    owner: user(m.owner_id)?,
                    name: m.name.clone(),
                    role: m.role.as_str().to_owned(),
                    nationality: m.nationality.as_str().to_owned(),
                    replacement: m.replacement,
                    starting_xp: m.starting_xp,
                    joined_week: m.joined_week,
                    created_at: m.created_at,
                })
            })
            .collect::<Result<_, ServiceError>>()?,
        ability_picks: rows
            .picks
            .iter()
            .map(|p| {
                Ok(ExportedPick {
                    crew: crew.get("crewman", p.crew_id)?,
                    ability: p.ability.as_str().to_owned(),
                    week: p.week,
                    chosen_at: p.chosen_at,
                })
            })
            .collect::<Result<_, ServiceError>>()?,
        rolls: rows
            .rolls
            .iter()
            .map(|record| {
                let r = &record.roll;
                Ok(ExportedRoll {
                    id: rolls.get("roll", record.id)?,
                    week: r.week,
                    game: games.get_opt("game", r.game_id)?,
                    crew: crew.get_opt("crewman", record.roll.crew_id)?,
                    side: r.side.map(|s| s.as_str().to_owned()),
                    table: r.table_name.as_str().to_owned(),
                    dice: r.dice.clone(),
                    modifiers: r.modifiers.clone(),
                    total: r.total,
                    result: r.result.clone(),
                    entered: r.entered,
                    undone: record.undone,
                    rolled_by: r.rolled_by.map(user).transpose()?,
                    rolled_at: record.rolled_at,
                    dice_week: r.link.dice_week,
                    seq: r.link.seq,
                    nonce: r.link.nonce.clone(),
                    chain: r.link.chain.clone(),
                    sides: r.link.sides.clone(),
                })
            })
            .collect::<Result<_, ServiceError>>()?,
        games: rows
            .games
            .iter()
            .map(|g| {
                Ok(ExportedGame {
                    id: games.get("game", g.id)?,
                    week: g.week,
                    offensive_roll: rolls.get("roll", g.offensive_roll_id)?,
                    ground_offensive: g.ground_offensive.as_str().to_owned(),
                    turns_played: g.turns_played,
                    debriefed_at: g.debriefed_at,
                    voided_week: g.voided_week,
                    voided_at: g.voided_at,
                    voided_by: g.voided_by.map(user).transpose()?,
                    created_by: user(g.created_by)?,
                    created_at: g.created_at,
                    abandoned_at: g.abandoned_at,
                })
            })
            .collect::<Result<_, ServiceError>>()?,
        missions: rows
            .missions
            .iter()
            .map(|m| {
                Ok(ExportedMission {
                    game: games.get("game", m.game_id)?,
                    side: m.side.as_str().to_owned(),
                    roll: rolls.get("roll", m.roll_id)?,
                    mission_type: m.mission_type.as_str().to_owned(),
                    trips_needed: m.trips_needed,
                    aircraft: m.aircraft_type_id.map(aircraft).transpose()?,
                    pilot: crew.get_opt("crewman", m.pilot_id)?,
                    observer: crew.get_opt("crewman", m.observer_id)?,
                    success: m.success,
                    details: m.details.clone(),
                })
            })
            .collect::<Result<_, ServiceError>>()?,
        sorties: rows
            .sorties
            .iter()
            .map(|s| {
                Ok(ExportedSortie {
                    id: sorties.get("sortie", s.id)?,
                    game: games.get("game", s.game_id)?,
                    key: s.key.clone(),
                    side: s.side.as_str().to_owned(),
                    aircraft: aircraft(s.aircraft_type_id)?,
                    assignment: s.assignment.as_str().to_owned(),
                    turns_on_board: s.turns_on_board,
                    aircraft_lost: s.aircraft_lost,
                })
            })
            .collect::<Result<_, ServiceError>>()?,
        sortie_crew: rows
            .sortie_crew
            .iter()
            .map(|s| {
                Ok(ExportedSortieCrew {
                    sortie: sorties.get("sortie", s.sortie_id)?,
                    crew: crew.get("crewman", s.crew_id)?,
                    position: s.position.as_str().to_owned(),
                    red_hits: s.red_hits,
                    wound_boxes: s.wound_boxes,
                    outcome: s.outcome.as_str().to_owned(),
                })
            })
            .collect::<Result<_, ServiceError>>()?,
        kills: rows
            .kills
            .iter()
            .map(|k| {
                Ok(ExportedKill {
                    game: games.get("game", k.game_id)?,
                    victim_sortie: sorties.get("sortie", k.victim_sortie_id)?,
                    shooters: k
                        .shooters
                        .iter()
                        .map(|&s| crew.get("crewman", s))
                        .collect::<Result<_, _>>()?,
                })
            })
            .collect::<Result<_, ServiceError>>()?,
        casualties: rows
            .casualties
            .iter()
            .map(|k| {
                Ok(ExportedCasualty {
                    crew: crew.get("crewman", k.crew_id)?,
                    game: games.get_opt("game", k.game_id)?,
                    week: k.week,
                    kind: k.kind,
                    weeks_out: k.weeks_out,
                    out_until_week: k.out_until_week,
                    sent_home: k.sent_home,
                    roll: rolls.get_opt("roll", k.roll_id)?,
                })
            })
            .collect::<Result<_, ServiceError>>()?,
        xp_awards: rows
            .awards
            .iter()
            .map(|a| {
                Ok(ExportedAward {
                    id: awards.get("award", a.id)?,
                    crew: crew.get("crewman", a.crew_id)?,
                    week: a.week,
                    game: games.get_opt("game", a.game_id)?,
                    points: a.points,
                    kind: a.kind,
                    reason: a.reason.clone(),
                    two_seater_mission: a.two_seater_mission,
                    reverses: awards.get_opt("award", a.reverses)?,
                    created_at: a.created_at,
                })
            })
            .collect::<Result<_, ServiceError>>()?,
        dice_seeds: rows
            .dice_seeds
            .iter()
            .map(|(week, seed)| {
                Ok(ExportedSeed {
                    week: *week,
                    seed: crate::fair_dice::seeds::seed_of(seed)?.reveal(),
                })
            })
            .collect::<Result<_, ServiceError>>()?,
    })
}
