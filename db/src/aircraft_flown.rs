//! The aircraft type each crewman flew last, for the pilot ID cards, in one query.

use diesel::prelude::*;
use diesel::sql_types::{Int8, Text};
use diesel_async::{AsyncPgConnection, RunQueryDsl};

use crate::prepared::prepared;
use crate::QueryResult;

/// A crewman's latest sortie's aircraft type.
#[derive(Debug, Clone, QueryableByName)]
pub struct LastFlown {
    #[diesel(sql_type = Int8)]
    pub crew_id: i64,
    #[diesel(sql_type = Text)]
    pub aircraft: String,
}

const LAST_FLOWN: &str = "
SELECT DISTINCT ON (sc.crew_id) sc.crew_id, at.name AS aircraft
FROM sortie_crew sc
JOIN sorties s ON s.id = sc.sortie_id
JOIN games g ON g.id = s.game_id
JOIN aircraft_types at ON at.id = s.aircraft_type_id
WHERE g.campaign_id = $1 AND g.voided_week IS NULL
ORDER BY sc.crew_id, g.week DESC, g.id DESC";

/// For every crewman of the campaign who has flown in a game not voided, the type of
/// his latest sortie.
pub async fn last_flown(
    conn: &mut AsyncPgConnection,
    campaign_id: i64,
) -> QueryResult<Vec<LastFlown>> {
    prepared(LAST_FLOWN)
        .bind::<Int8, _>(campaign_id)
        .load(conn)
        .await
        .map_err(crate::Error::from)
}
