//! A crewman's service record: one query per kind of row (sorties, kills, injuries,
//! ability picks; his awards are [`crate::crew::awards`]), each with the week it
//! belongs to. Rows of voided games are kept and carry the week they were voided.

use campaign::crew::Role;
use campaign::injuries::Outcome;
use campaign::missions::{Assignment, MissionType};
use diesel::prelude::*;
use diesel::sql_types::{Array, Bool, Int4, Int8, Nullable, Text};
use diesel_async::{AsyncPgConnection, RunQueryDsl};

use crate::backup::CasualtyRow;
use crate::schema::{casualties, crew_abilities, games};

use crate::prepared::prepared;
use crate::QueryResult;

/// The game a sortie or kill belongs to: its week, and the week it was voided, if it
/// was.
#[derive(Debug, Clone, Copy, QueryableByName)]
pub struct GameWeek {
    #[diesel(sql_type = Int4)]
    pub week: i32,
    #[diesel(sql_type = Int8)]
    pub game_id: i64,
    #[diesel(sql_type = Nullable<Int4>)]
    pub voided_week: Option<i32>,
}

/// A sortie the crewman flew.
#[derive(Debug, Clone, QueryableByName)]
pub struct FlownSortieRow {
    #[diesel(embed)]
    pub game: GameWeek,
    #[diesel(sql_type = Text)]
    pub key: String,
    #[diesel(sql_type = Text)]
    pub aircraft: String,
    #[diesel(sql_type = Text)]
    pub assignment: Assignment,
    #[diesel(sql_type = Text)]
    pub position: Role,
    #[diesel(sql_type = Int4)]
    pub turns_on_board: i32,
    #[diesel(sql_type = Int4)]
    pub red_hits: i32,
    #[diesel(sql_type = Int4)]
    pub wound_boxes: i32,
    #[diesel(sql_type = Text)]
    pub outcome: Outcome,
    #[diesel(sql_type = Bool)]
    pub aircraft_lost: bool,
    /// The side's mission, when the sortie flew it.
    #[diesel(sql_type = Nullable<Text>)]
    pub mission_type: Option<MissionType>,
    #[diesel(sql_type = Nullable<Bool>)]
    pub mission_success: Option<bool>,
    /// Its sheet in the game's line-up, when the game had one.
    #[diesel(sql_type = Nullable<Int8>)]
    pub sheet_id: Option<i64>,
}

const SORTIES: &str = "
SELECT g.week, g.id AS game_id, g.voided_week, s.key, t.name AS aircraft, s.assignment,
       sc.position, s.turns_on_board, sc.red_hits, sc.wound_boxes, sc.outcome,
       s.aircraft_lost,
       CASE WHEN s.assignment = 'mission' THEN m.mission_type END AS mission_type,
       CASE WHEN s.assignment = 'mission' THEN m.success END AS mission_success,
       ls.id AS sheet_id
FROM sortie_crew sc
JOIN sorties s ON s.id = sc.sortie_id
JOIN games g ON g.id = s.game_id
JOIN aircraft_types t ON t.id = s.aircraft_type_id
LEFT JOIN missions m ON m.game_id = s.game_id AND m.side = s.side
LEFT JOIN lineup_sorties ls ON ls.game_id = s.game_id AND ls.key = s.key
WHERE sc.crew_id = $1
ORDER BY g.week, g.id";

/// A kill the crewman was credited with, alone or shared.
#[derive(Debug, Clone, QueryableByName)]
pub struct CreditedKillRow {
    #[diesel(embed)]
    pub game: GameWeek,
    /// The victim sortie's key in its debrief.
    #[diesel(sql_type = Text)]
    pub victim_key: String,
    #[diesel(sql_type = Text)]
    pub victim_aircraft: String,
    /// The victim's crew, pilot first.
    #[diesel(sql_type = Array<Text>)]
    pub victim_crew: Vec<String>,
    /// The other shooters credited with the kill.
    #[diesel(sql_type = Array<Text>)]
    pub shared_with: Vec<String>,
}

const KILLS: &str = "
SELECT g.week, g.id AS game_id, g.voided_week, v.key AS victim_key,
       t.name AS victim_aircraft,
       COALESCE((SELECT array_agg(vc.name ORDER BY vs.position <> 'pilot', vc.id)
                 FROM sortie_crew vs JOIN crew vc ON vc.id = vs.crew_id
                 WHERE vs.sortie_id = v.id), ARRAY[]::text[]) AS victim_crew,
       COALESCE((SELECT array_agg(oc.name ORDER BY oc.id)
                 FROM kill_shooters os JOIN crew oc ON oc.id = os.crew_id
                 WHERE os.kill_id = kl.id AND os.crew_id <> ks.crew_id),
                ARRAY[]::text[]) AS shared_with
FROM kill_shooters ks
JOIN kills kl ON kl.id = ks.kill_id
JOIN games g ON g.id = kl.game_id
JOIN sorties v ON v.id = kl.victim_sortie_id
JOIN aircraft_types t ON t.id = v.aircraft_type_id
WHERE ks.crew_id = $1
ORDER BY g.week, kl.id";

/// The crewman's sorties and the kills he was credited with, each oldest first.
pub async fn flown(
    conn: &mut AsyncPgConnection,
    crew_id: i64,
) -> QueryResult<(Vec<FlownSortieRow>, Vec<CreditedKillRow>)> {
    let sorties = prepared(SORTIES)
        .bind::<Int8, _>(crew_id)
        .load(conn)
        .await?;
    let kills = prepared(KILLS).bind::<Int8, _>(crew_id).load(conn).await?;
    Ok((sorties, kills))
}

/// A casualty of the crewman, with the week its game was voided, if it was.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = casualties)]
pub struct InjuryRow {
    #[diesel(embed)]
    pub casualty: CasualtyRow,
    #[diesel(select_expression = games::voided_week.nullable())]
    pub voided_week: Option<i32>,
}

/// The crewman's casualties, oldest first.
pub async fn injuries(conn: &mut AsyncPgConnection, crew_id: i64) -> QueryResult<Vec<InjuryRow>> {
    casualties::table
        .left_join(games::table.on(games::id.nullable().eq(casualties::game_id)))
        .filter(casualties::crew_id.eq(crew_id))
        .select(InjuryRow::as_select())
        .order((casualties::week, casualties::id))
        .load(conn)
        .await
        .map_err(crate::Error::from)
}

/// An ability pick and the week it was made.
#[derive(Debug, Clone, Queryable)]
pub struct AbilityPickRow {
    pub week: i32,
    pub ability: String,
}

/// The crewman's ability picks, in the order chosen.
pub async fn abilities(
    conn: &mut AsyncPgConnection,
    crew_id: i64,
) -> QueryResult<Vec<AbilityPickRow>> {
    crew_abilities::table
        .filter(crew_abilities::crew_id.eq(crew_id))
        .select((crew_abilities::week, crew_abilities::ability))
        .order((
            crew_abilities::week,
            crew_abilities::chosen_at,
            crew_abilities::ability,
        ))
        .load(conn)
        .await
        .map_err(crate::Error::from)
}
