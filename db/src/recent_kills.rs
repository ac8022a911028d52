//! The latest kills of a campaign, with shooters and victims, in one query: what the
//! campaign home shows as recent kills.

use diesel::prelude::*;
use diesel::sql_types::{Array, Int4, Int8, Text};
use diesel_async::{AsyncPgConnection, RunQueryDsl};

use crate::prepared::prepared;
use crate::QueryResult;

/// A kill of a game that is not voided.
#[derive(Debug, Clone, QueryableByName, serde::Serialize)]
pub struct RecentKill {
    #[diesel(sql_type = Int8)]
    pub kill_id: i64,
    #[diesel(sql_type = Int8)]
    pub game_id: i64,
    #[diesel(sql_type = Int4)]
    pub week: i32,
    /// The names of the crewmen credited, in the order of their ids.
    #[diesel(sql_type = Array<Text>)]
    pub shooters: Vec<String>,
    /// The side of the aircraft shot down.
    #[diesel(sql_type = Text)]
    pub victim_side: String,
    #[diesel(sql_type = Text)]
    pub victim_aircraft: String,
    /// Its crew's names, pilot first.
    #[diesel(sql_type = Array<Text>)]
    pub victim_crew: Vec<String>,
}

/// The columns and joins of a [`RecentKill`], the kill `kl` of game `g`; the queries
/// that read kills (here and `crate::briefing`) add their own `WHERE` and order.
macro_rules! kill_rows {
    () => {
        "
SELECT kl.id AS kill_id, g.id AS game_id, g.week,
       COALESCE((SELECT array_agg(c.name ORDER BY c.id) FROM kill_shooters s
                 JOIN crew c ON c.id = s.crew_id WHERE s.kill_id = kl.id),
                ARRAY[]::text[]) AS shooters,
       vs.side AS victim_side, at.name AS victim_aircraft,
       COALESCE((SELECT array_agg(c.name ORDER BY sc.position DESC) FROM sortie_crew sc
                 JOIN crew c ON c.id = sc.crew_id WHERE sc.sortie_id = vs.id),
                ARRAY[]::text[]) AS victim_crew
FROM kills kl
JOIN games g ON g.id = kl.game_id
JOIN sorties vs ON vs.id = kl.victim_sortie_id
JOIN aircraft_types at ON at.id = vs.aircraft_type_id
"
    };
}
pub(crate) use kill_rows;

// Walks the kills' own campaign index (migration 000012), newest first, however many
// games the weeks hold.
const RECENT_KILLS: &str = concat!(
    kill_rows!(),
    "WHERE kl.campaign_id = $1 AND g.voided_week IS NULL
ORDER BY kl.week DESC, kl.id DESC
LIMIT $2"
);

/// The `limit` latest kills of games not voided, newest first.
pub async fn recent(
    conn: &mut AsyncPgConnection,
    campaign_id: i64,
    limit: i64,
) -> QueryResult<Vec<RecentKill>> {
    prepared(RECENT_KILLS)
        .bind::<Int8, _>(campaign_id)
        .bind::<Int8, _>(limit)
        .load(conn)
        .await
        .map_err(crate::Error::from)
}

impl From<RecentKill> for eagles_office::campaigns::RecentKill {
    fn from(k: RecentKill) -> Self {
        Self {
            kill_id: k.kill_id,
            game_id: k.game_id,
            week: k.week,
            shooters: k.shooters,
            victim_side: k.victim_side,
            victim_aircraft: k.victim_aircraft,
            victim_crew: k.victim_crew,
        }
    }
}
