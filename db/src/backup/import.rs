//! The import's side of a backup: the ids of the accounts, aircraft and abilities a
//! document names, and one insert per kind of row, which keeps the rows' own
//! timestamps.

use std::collections::HashMap;

use chrono::{DateTime, Utc};
use diesel::prelude::*;
use diesel::sql_types::{Array, Int8};
use diesel_async::{AsyncPgConnection, RunQueryDsl};

use crate::crew::NewCrewman;
use crate::ledger::NewAward;
use crate::rolls::{NewRoll, RollRecord};
use crate::schema::{
    aircraft_types, campaign_members, campaigns, crew, crew_abilities, dice_rolls, games, missions,
    users, xp_awards,
};

use super::*;
use crate::QueryResult;

/// The ids of the accounts with these usernames (compared without case, as
/// usernames are unique regardless of case), keyed by the name as given.
pub async fn user_ids(
    conn: &mut AsyncPgConnection,
    names: &[String],
) -> QueryResult<HashMap<String, i64>> {
    let lowered: Vec<String> = names.iter().map(|n| n.to_lowercase()).collect();
    let found: Vec<(i64, String)> = users::table
        .filter(diesel::dsl::sql::<diesel::sql_types::Text>("lower(username)").eq_any(&lowered))
        .select((users::id, users::username))
        .load(conn)
        .await?;
    let by_lower: HashMap<String, i64> = found
        .into_iter()
        .map(|(id, name)| (name.to_lowercase(), id))
        .collect();
    Ok(names
        .iter()
        .filter_map(|n| by_lower.get(&n.to_lowercase()).map(|id| (n.clone(), *id)))
        .collect())
}

/// The ids of the aircraft types with these names.
pub async fn aircraft_ids(
    conn: &mut AsyncPgConnection,
    names: &[String],
) -> QueryResult<HashMap<String, i64>> {
    Ok(aircraft_types::table
        .filter(aircraft_types::name.eq_any(names))
        .select((aircraft_types::name, aircraft_types::id))
        .load::<(String, i64)>(conn)
        .await?
        .into_iter()
        .collect())
}

/// The ability codes that exist.
pub async fn ability_codes(conn: &mut AsyncPgConnection) -> QueryResult<Vec<String>> {
    crate::schema::abilities::table
        .select(crate::schema::abilities::code)
        .load(conn)
        .await
        .map_err(crate::Error::from)
}

/// Inserts the campaign row (its id is ignored); returns its new id.
pub async fn insert_campaign(conn: &mut AsyncPgConnection, row: &CampaignRow) -> QueryResult<i64> {
    let campaign = &row.campaign;
    diesel::insert_into(campaigns::table)
        .values((
            campaigns::name.eq(&campaign.name),
            campaigns::start_date.eq(campaign.start_date),
            campaigns::public.eq(campaign.public),
            campaigns::current_week.eq(campaign.current_week),
            campaigns::created_by.eq(campaign.created_by),
            campaigns::created_at.eq(row.created_at),
        ))
        .returning(campaigns::id)
        .get_result(conn)
        .await
        .map_err(crate::Error::from)
}

/// Marks an imported campaign ended as its backup says. It comes after every other
/// row of the import: the database refuses writes to an ended campaign.
pub async fn end_campaign(
    conn: &mut AsyncPgConnection,
    campaign_id: i64,
    week: i32,
    at: DateTime<Utc>,
) -> QueryResult<()> {
    diesel::update(campaigns::table.find(campaign_id))
        .set((campaigns::ended_week.eq(week), campaigns::ended_at.eq(at)))
        .execute(conn)
        .await
        .map(drop)
        .map_err(crate::Error::from)
}

/// Inserts a membership.
pub async fn insert_member(
    conn: &mut AsyncPgConnection,
    campaign_id: i64,
    row: &MemberRow,
) -> QueryResult<()> {
    diesel::insert_into(campaign_members::table)
        .values((
            campaign_members::campaign_id.eq(campaign_id),
            campaign_members::user_id.eq(row.user_id),
            campaign_members::role.eq(&row.role),
            campaign_members::side.eq(&row.side),
            campaign_members::joined_at.eq(row.joined_at),
        ))
        .execute(conn)
        .await
        .map(drop)
        .map_err(crate::Error::from)
}

/// Inserts a crewman with the time he was first recorded; returns his new id.
pub async fn insert_crew(
    conn: &mut AsyncPgConnection,
    crewman: &NewCrewman<'_>,
    created_at: DateTime<Utc>,
) -> QueryResult<i64> {
    diesel::insert_into(crew::table)
        .values((crewman, crew::created_at.eq(created_at)))
        .returning(crew::id)
        .get_result(conn)
        .await
        .map_err(crate::Error::from)
}

/// Inserts an ability pick.
pub async fn insert_pick(conn: &mut AsyncPgConnection, row: &PickRow) -> QueryResult<()> {
    diesel::insert_into(crew_abilities::table)
        .values((
            crew_abilities::crew_id.eq(row.crew_id),
            crew_abilities::ability.eq(&row.ability),
            crew_abilities::week.eq(row.week),
            crew_abilities::chosen_at.eq(row.chosen_at),
        ))
        .execute(conn)
        .await
        .map(drop)
        .map_err(crate::Error::from)
}

/// Inserts a roll (its id is ignored) with its crewman but without its game: games
/// point at rolls, so [`set_roll_games`] links them once both exist. Returns its new
/// id.
pub async fn insert_roll(conn: &mut AsyncPgConnection, row: &RollRecord) -> QueryResult<i64> {
    diesel::insert_into(dice_rolls::table)
        .values((
            NewRoll {
                game_id: None,
                ..row.roll.clone()
            },
            dice_rolls::rolled_at.eq(row.rolled_at),
            dice_rolls::undone.eq(row.undone),
        ))
        .returning(dice_rolls::id)
        .get_result(conn)
        .await
        .map_err(crate::Error::from)
}

/// Points each roll of `links` (roll id, game id) at its game, in one statement.
pub async fn set_roll_games(conn: &mut AsyncPgConnection, links: &[(i64, i64)]) -> QueryResult<()> {
    if links.is_empty() {
        return Ok(());
    }
    let (rolls, games): (Vec<i64>, Vec<i64>) = links.iter().copied().unzip();
    diesel::sql_query(
        "UPDATE dice_rolls SET game_id = link.game_id \
         FROM unnest($1, $2) AS link(roll_id, game_id) WHERE dice_rolls.id = link.roll_id",
    )
    .bind::<Array<Int8>, _>(rolls)
    .bind::<Array<Int8>, _>(games)
    .execute(conn)
    .await
    .map(drop)
    .map_err(crate::Error::from)
}

/// Inserts a game; returns its new id.
pub async fn insert_game(
    conn: &mut AsyncPgConnection,
    campaign_id: i64,
    row: &GameRow,
) -> QueryResult<i64> {
    diesel::insert_into(games::table)
        .values((
            games::campaign_id.eq(campaign_id),
            games::week.eq(row.week),
            games::offensive_roll_id.eq(row.offensive_roll_id),
            games::ground_offensive.eq(&row.ground_offensive),
            games::turns_played.eq(row.turns_played),
            games::debriefed_at.eq(row.debriefed_at),
            games::voided_week.eq(row.voided_week),
            games::voided_at.eq(row.voided_at),
            games::voided_by.eq(row.voided_by),
            games::created_by.eq(row.created_by),
            games::created_at.eq(row.created_at),
            games::abandoned_at.eq(row.abandoned_at),
        ))
        .returning(games::id)
        .get_result(conn)
        .await
        .map_err(crate::Error::from)
}

/// Inserts a mission.
pub async fn insert_mission(conn: &mut AsyncPgConnection, row: &MissionRow) -> QueryResult<()> {
    diesel::insert_into(missions::table)
        .values((
            missions::game_id.eq(row.game_id),
            missions::side.eq(&row.side),
            missions::roll_id.eq(row.roll_id),
            missions::mission_type.eq(&row.mission_type),
            missions::trips_needed.eq(row.trips_needed),
            missions::aircraft_type_id.eq(row.aircraft_type_id),
            missions::pilot_id.eq(row.pilot_id),
            missions::observer_id.eq(row.observer_id),
            missions::success.eq(row.success),
            missions::details.eq(&row.details),
        ))
        .execute(conn)
        .await
        .map(drop)
        .map_err(crate::Error::from)
}

/// Inserts a ledger entry with the time it was first recorded; returns its new id.
pub async fn insert_award(
    conn: &mut AsyncPgConnection,
    award: &NewAward<'_>,
    created_at: DateTime<Utc>,
) -> QueryResult<i64> {
    diesel::insert_into(xp_awards::table)
        .values((award, xp_awards::created_at.eq(created_at)))
        .returning(xp_awards::id)
        .get_result(conn)
        .await
        .map_err(crate::Error::from)
}
