//! A whole campaign as stored, for export and import: every row of every table that
//! belongs to it (members, crew, ability picks, the roll log, games, missions,
//! sorties and their crews, kills with their shooters, casualties and the XP ledger),
//! read in id order, and one insert per kind of row for the import, which keeps the
//! rows' own timestamps.

use std::collections::HashMap;

use campaign::abilities::Ability;
use campaign::crew::Role;
use campaign::injuries::{CasualtyKind, Outcome};
use campaign::missions::{Assignment, MissionType};
use campaign::roster::MemberRole;
use campaign::sides::{Nationality, Side};
use campaign::tables::ground_offensive::GroundOffensive;
use chrono::{DateTime, Utc};
use diesel::prelude::*;
use diesel_async::{AsyncPgConnection, RunQueryDsl};

use crate::campaigns::{campaign_columns, campaign_of, StoredCampaign};
use crate::ledger::Award;
use crate::rolls::RollRecord;
use crate::schema::{
    aircraft_types, campaign_members, campaigns, casualties, crew, crew_abilities, dice_rolls,
    games, kill_shooters, kills, missions, sortie_crew, sorties, users, xp_awards,
};
use crate::QueryResult;
use eagles_office::campaigns::Campaign;

/// The campaign row: the campaign as everyone reads it, and when it was created,
/// which only a backup keeps.
#[derive(Debug, Clone)]
pub struct CampaignRow {
    pub campaign: Campaign,
    pub created_at: DateTime<Utc>,
    /// When the referee ended it (§13.203), beside `campaign.ended_week`.
    pub ended_at: Option<DateTime<Utc>>,
}

/// A membership.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = campaign_members)]
pub struct MemberRow {
    pub user_id: i64,
    pub role: MemberRole,
    pub side: Option<Side>,
    pub joined_at: DateTime<Utc>,
}

/// A crewman.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = crew)]
pub struct CrewRow {
    pub id: i64,
    pub owner_id: i64,
    pub name: String,
    pub role: Role,
    pub nationality: Nationality,
    pub replacement: bool,
    pub starting_xp: i32,
    pub joined_week: i32,
    pub created_at: DateTime<Utc>,
}

/// A special ability a crewman picked (R6).
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = crew_abilities)]
pub struct PickRow {
    pub crew_id: i64,
    pub ability: Ability,
    pub week: i32,
    pub chosen_at: DateTime<Utc>,
}

/// A game with its debrief and void marks.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = games)]
pub struct GameRow {
    pub id: i64,
    pub week: i32,
    pub offensive_roll_id: i64,
    pub ground_offensive: GroundOffensive,
    pub turns_played: Option<i32>,
    pub debriefed_at: Option<DateTime<Utc>>,
    pub voided_week: Option<i32>,
    pub voided_at: Option<DateTime<Utc>>,
    pub voided_by: Option<i64>,
    pub created_by: i64,
    pub created_at: DateTime<Utc>,
    pub abandoned_at: Option<DateTime<Utc>>,
}

/// A side's mission in a game.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = missions)]
pub struct MissionRow {
    pub game_id: i64,
    pub side: Side,
    pub roll_id: i64,
    pub mission_type: MissionType,
    pub trips_needed: Option<i32>,
    pub aircraft_type_id: Option<i64>,
    pub pilot_id: Option<i64>,
    pub observer_id: Option<i64>,
    pub success: Option<bool>,
    pub details: Option<serde_json::Value>,
}

/// A sortie flown in a game.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = sorties)]
pub struct SortieRow {
    pub id: i64,
    pub game_id: i64,
    pub key: String,
    pub side: Side,
    pub aircraft_type_id: i64,
    pub assignment: Assignment,
    pub turns_on_board: i32,
    pub aircraft_lost: bool,
}

/// A crewman aboard a sortie.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = sortie_crew)]
pub struct SortieCrewRow {
    pub sortie_id: i64,
    pub game_id: i64,
    pub crew_id: i64,
    pub position: Role,
    pub red_hits: i32,
    pub wound_boxes: i32,
    pub outcome: Outcome,
}

/// A kill, with the crewmen credited.
#[derive(Debug, Clone)]
pub struct KillRow {
    pub id: i64,
    pub game_id: i64,
    pub victim_sortie_id: i64,
    pub shooters: Vec<i64>,
}

/// An injury, capture or death.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = casualties)]
pub struct CasualtyRow {
    pub crew_id: i64,
    pub game_id: Option<i64>,
    pub week: i32,
    pub kind: CasualtyKind,
    pub weeks_out: Option<i32>,
    pub out_until_week: Option<i32>,
    pub sent_home: bool,
    pub roll_id: Option<i64>,
}

/// Every row of one campaign, each kind in id order (memberships in joining order).
#[derive(Debug, Clone)]
pub struct CampaignRows {
    pub campaign: CampaignRow,
    pub members: Vec<MemberRow>,
    pub crew: Vec<CrewRow>,
    pub picks: Vec<PickRow>,
    pub rolls: Vec<RollRecord>,
    pub games: Vec<GameRow>,
    pub missions: Vec<MissionRow>,
    pub sorties: Vec<SortieRow>,
    pub sortie_crew: Vec<SortieCrewRow>,
    pub kills: Vec<KillRow>,
    pub casualties: Vec<CasualtyRow>,
    pub awards: Vec<Award>,
    /// The dice seeds of the weeks closed (or of every week once the campaign ended):
    /// an open week's seed is secret until its close (R25).
    pub dice_seeds: Vec<(i32, Vec<u8>)>,
    /// The usernames of every account the rows name.
    pub usernames: HashMap<i64, String>,
    /// The names of every aircraft type the rows name.
    pub aircraft: HashMap<i64, String>,
}

/// Reads a whole campaign; `None` when there is no such campaign. Run it in a
/// repeatable-read transaction so the rows are one consistent picture.
pub async fn load(
    conn: &mut AsyncPgConnection,
    campaign_id: i64,
) -> QueryResult<Option<CampaignRows>> {
    let Some(campaign) = campaigns::table
        .find(campaign_id)
        .select((
            campaign_columns(),
            campaigns::created_at,
            campaigns::ended_at,
        ))
        .first::<(StoredCampaign, DateTime<Utc>, Option<DateTime<Utc>>)>(conn)
        .await
        .optional()?
    else {
        return Ok(None);
    };
    let (stored, created_at, ended_at) = campaign;
    let campaign = CampaignRow {
        campaign: campaign_of(stored),
        created_at,
        ended_at,
    };
    let game_ids = games::table
        .filter(games::campaign_id.eq(campaign_id))
        .select(games::id);
    let crew_ids = crew::table
        .filter(crew::campaign_id.eq(campaign_id))
        .select(crew::id);
    let members: Vec<MemberRow> = campaign_members::table
        .filter(campaign_members::campaign_id.eq(campaign_id))
        .select(MemberRow::as_select())
        .order((campaign_members::joined_at, campaign_members::user_id))
        .load(conn)
        .await?;
    let crew_rows: Vec<CrewRow> = crew::table
        .filter(crew::campaign_id.eq(campaign_id))
        .select(CrewRow::as_select())
        .order(crew::id)
        .load(conn)
        .await?;
    let picks: Vec<PickRow> = crew_abilities::table
        .filter(crew_abilities::crew_id.eq_any(crew_ids))
        .select(PickRow::as_select())
        .order((
            crew_abilities::crew_id,
            crew_abilities::chosen_at,
            crew_abilities::ability,
        ))
        .load(conn)
        .await?;
    let rolls: Vec<RollRecord> = dice_rolls::table
        .filter(dice_rolls::campaign_id.eq(campaign_id))
        .select(RollRecord::as_select())
        .order(dice_rolls::id)
        .load(conn)
        .await?;
    let game_rows: Vec<GameRow> = games::table
        .filter(games::campaign_id.eq(campaign_id))
        .select(GameRow::as_select())
        .order(games::id)
        .load(conn)
        .await?;
    let mission_rows: Vec<MissionRow> = missions::table
        .filter(missions::game_id.eq_any(game_ids))
        .select(MissionRow::as_select())
        .order(missions::id)
        .load(conn)
        .await?;
    let sortie_rows: Vec<SortieRow> = sorties::table
        .filter(sorties::game_id.eq_any(game_ids))
        .select(SortieRow::as_select())
        .order(sorties::id)
        .load(conn)
        .await?;
    let sortie_crew_rows: Vec<SortieCrewRow> = sortie_crew::table
        .filter(sortie_crew::game_id.eq_any(game_ids))
        .select(SortieCrewRow::as_select())
        .order((sortie_crew::sortie_id, sortie_crew::position))
        .load(conn)
        .await?;
    let kill_rows: Vec<(i64, i64, i64)> = kills::table
        .filter(kills::game_id.eq_any(game_ids))
        .select((kills::id, kills::game_id, kills::victim_sortie_id))
        .order(kills::id)
        .load(conn)
        .await?;
    let shooters: Vec<(i64, i64)> = kill_shooters::table
        .filter(kill_shooters::kill_id.eq_any(kill_rows.iter().map(|k| k.0).collect::<Vec<_>>()))
        .select((kill_shooters::kill_id, kill_shooters::crew_id))
        .order((kill_shooters::kill_id, kill_shooters::crew_id))
        .load(conn)
        .await?;
    let mut shooters_of: HashMap<i64, Vec<i64>> = HashMap::new();
    for (kill_id, crew_id) in shooters {
        shooters_of.entry(kill_id).or_default().push(crew_id);
    }
    let kill_rows = kill_rows
        .into_iter()
        .map(|(id, game_id, victim_sortie_id)| KillRow {
            id,
            game_id,
            victim_sortie_id,
            shooters: shooters_of.remove(&id).unwrap_or_default(),
        })
        .collect();
    let casualty_rows: Vec<CasualtyRow> = casualties::table
        .filter(casualties::crew_id.eq_any(crew_ids))
        .select(CasualtyRow::as_select())
        .order(casualties::id)
        .load(conn)
        .await?;
    let awards: Vec<Award> = xp_awards::table
        .filter(xp_awards::campaign_id.eq(campaign_id))
        .select(Award::as_select())
        .order(xp_awards::id)
        .load(conn)
        .await?;
    let stored = &campaign.campaign;
    let revealed_before = match stored.ended_week {
        Some(_) => i32::MAX,
        None => stored.current_week,
    };
    let dice_seeds = crate::fair_dice::seeds(conn, campaign_id)
        .await?
        .into_iter()
        .filter(|(week, _)| *week < revealed_before)
        .collect();

    let mut user_ids: Vec<i64> = vec![campaign.campaign.created_by];
    user_ids.extend(members.iter().map(|m| m.user_id));
    user_ids.extend(rolls.iter().filter_map(|r| r.roll.rolled_by));
    user_ids.extend(game_rows.iter().map(|g| g.created_by));
    user_ids.extend(game_rows.iter().filter_map(|g| g.voided_by));
    user_ids.sort_unstable();
    user_ids.dedup();
    let usernames = users::table
        .filter(users::id.eq_any(&user_ids))
        .select((users::id, users::username))
        .load::<(i64, String)>(conn)
        .await?
        .into_iter()
        .collect();
    let mut aircraft_ids: Vec<i64> = sortie_rows.iter().map(|s| s.aircraft_type_id).collect();
    aircraft_ids.extend(mission_rows.iter().filter_map(|m| m.aircraft_type_id));
    aircraft_ids.sort_unstable();
    aircraft_ids.dedup();
    let aircraft = aircraft_types::table
        .filter(aircraft_types::id.eq_any(&aircraft_ids))
        .select((aircraft_types::id, aircraft_types::name))
        .load::<(i64, String)>(conn)
        .await?
        .into_iter()
        .collect();

    Ok(Some(CampaignRows {
        campaign,
        members,
        crew: crew_rows,
        picks,
        rolls,
        games: game_rows,
        missions: mission_rows,
        sorties: sortie_rows,
        sortie_crew: sortie_crew_rows,
        kills: kill_rows,
        casualties: casualty_rows,
        awards,
        dice_seeds,
        usernames,
        aircraft,
    }))
}

mod import;
pub use import::*;
