//! Standings as they stood when a week closed, one query per question: every award and
//! reversal carries the week it was made, and a voided game stops counting from the week
//! it was voided. The leaderboard and the side totals read the running totals the
//! database keeps per week (migrations 000009 and 000011); the player ranking, which
//! also needs the weeks out, sums the ledger itself.

use campaign::crew::Role;
use campaign::experience::AwardKind;
use campaign::sides::Nationality;
use diesel::pg::Pg;
use diesel::prelude::*;
use diesel::sql_types::{Array, BigInt, Bool, Int4, Int8, Nullable, Text};
use diesel_async::{AsyncPgConnection, RunQueryDsl};

use crate::prepared::prepared;
use crate::schema::crew;
use crate::QueryResult;

/// A crewman's totals as of a week, with the weeks he spent out.
#[derive(Debug, Clone, QueryableByName)]
pub struct CrewStanding {
    /// Who he is, his XP and his kills as of the week.
    #[diesel(embed)]
    pub totals: CrewTotals,
    /// Weeks spent out of service by the week: for each casualty of a game not voided
    /// by then, the weeks after it up to his return (or up to the week itself when he
    /// has not returned or never will).
    #[diesel(sql_type = BigInt)]
    pub weeks_out: i64,
}

/// Which crewmen a standings query keeps.
#[derive(Debug, Clone, Default)]
pub struct StandingsFilter {
    pub role: Option<Role>,
    /// Nationalities to keep (a side is a set of nationalities).
    pub nationalities: Option<Vec<Nationality>>,
}

/// The end of the queries [`crew_rows`] runs: the crewmen of campaign `$1` who had
/// joined by week `$2`, of role `$3` and nationalities `$4` when given, most XP first,
/// then most kills.
macro_rules! crew_rows_filter {
    () => {
        "
WHERE c.campaign_id = $1 AND c.joined_week <= $2
  AND ($3::text IS NULL OR c.role = $3)
  AND ($4::text[] IS NULL OR c.nationality = ANY($4))
ORDER BY xp DESC, kills DESC, c.id"
    };
}

const CREW_AS_OF: &str = concat!(
    "
WITH x AS (
    SELECT a.crew_id, sum(a.points) AS points
    FROM xp_awards a
    WHERE a.campaign_id = $1 AND a.week <= $2
    GROUP BY a.crew_id),
k AS (
    SELECT s.crew_id, count(*) AS kills
    FROM kill_shooters s
    JOIN kills kl ON kl.id = s.kill_id
    JOIN games g ON g.id = kl.game_id
    WHERE g.campaign_id = $1 AND g.week <= $2
      AND (g.voided_week IS NULL OR g.voided_week > $2)
    GROUP BY s.crew_id),
o AS (
    SELECT cs.crew_id,
           sum(GREATEST(0, LEAST(COALESCE(cs.out_until_week, $2), $2) - cs.week)) AS weeks_out
    FROM casualties cs
    JOIN crew oc ON oc.id = cs.crew_id
    LEFT JOIN games g ON g.id = cs.game_id
    WHERE oc.campaign_id = $1 AND cs.week <= $2
      AND (g.voided_week IS NULL OR g.voided_week > $2)
    GROUP BY cs.crew_id)
SELECT c.id, c.name, c.role, c.nationality, u.username AS owner,
       (c.starting_xp + COALESCE(x.points, 0))::bigint AS xp,
       COALESCE(k.kills, 0)::bigint AS kills,
       COALESCE(o.weeks_out, 0)::bigint AS weeks_out
FROM crew c
JOIN users u ON u.id = c.owner_id
LEFT JOIN x ON x.crew_id = c.id
LEFT JOIN k ON k.crew_id = c.id
LEFT JOIN o ON o.crew_id = c.id
",
    crew_rows_filter!()
);

/// The crewmen who had joined by `week`, with their totals as of its close, most XP
/// first, then most kills.
pub async fn crew_as_of(
    conn: &mut AsyncPgConnection,
    campaign_id: i64,
    week: i32,
    filter: &StandingsFilter,
) -> QueryResult<Vec<CrewStanding>> {
    crew_rows(conn, CREW_AS_OF, campaign_id, week, filter).await
}

/// The ledger summed per crewman nationality, award kind and two-seater flag: all the
/// side totals of R12 need.
#[derive(Debug, Clone, QueryableByName)]
pub struct LedgerSum {
    #[diesel(sql_type = Text)]
    pub nationality: Nationality,
    #[diesel(sql_type = Text)]
    pub kind: AwardKind,
    #[diesel(sql_type = Bool)]
    pub two_seater_mission: bool,
    #[diesel(sql_type = BigInt)]
    pub points: i64,
}

// One index probe per group into the maintained totals (migration 000011), so the cost
// follows the campaign's nationalities and award kinds, not the length of the ledger.
const LEDGER_AS_OF: &str = "
SELECT g.nationality, g.kind, g.two_seater_mission, t.points
FROM ledger_groups g
JOIN LATERAL (
    SELECT w.points FROM ledger_week_totals w
    WHERE w.group_id = g.id AND w.week <= $2
    ORDER BY w.week DESC LIMIT 1) t ON true
WHERE g.campaign_id = $1
ORDER BY g.nationality, g.kind, g.two_seater_mission";

/// The game XP awarded by `week` (reversals included), summed for R12.
pub async fn ledger_as_of(
    conn: &mut AsyncPgConnection,
    campaign_id: i64,
    week: i32,
) -> QueryResult<Vec<LedgerSum>> {
    prepared(LEDGER_AS_OF)
        .bind::<Int8, _>(campaign_id)
        .bind::<Int4, _>(week)
        .load(conn)
        .await
        .map_err(crate::Error::from)
}

/// A crewman's place on the leaderboard as of a week; his own columns typed as the
/// `crew` table's.
#[derive(Debug, Clone, QueryableByName)]
#[diesel(table_name = crew)]
pub struct CrewTotals {
    pub id: i64,
    pub name: String,
    pub role: Role,
    pub nationality: Nationality,
    /// The owning player's username.
    #[diesel(sql_type = Text)]
    pub owner: String,
    /// Starting XP plus the awards (reversals included) made by the week.
    #[diesel(sql_type = BigInt)]
    pub xp: i64,
    /// Kill credits of games played by the week and not voided by it.
    #[diesel(sql_type = BigInt)]
    pub kills: i64,
}

// One index probe per crewman into the maintained totals (migration 000009), so the
// cost follows the crew, not the length of the ledger. One literal, not built from
// `crew_rows_filter!`: scripts/bench runs this very text with pgbench.
const LEADERBOARD_AS_OF: &str = "
SELECT c.id, c.name, c.role, c.nationality, u.username AS owner,
       (c.starting_xp + COALESCE(t.xp, 0))::bigint AS xp,
       COALESCE(t.kills, 0)::bigint AS kills
FROM crew c
JOIN users u ON u.id = c.owner_id
LEFT JOIN LATERAL (
    SELECT w.xp, w.kills FROM crew_week_totals w
    WHERE w.crew_id = c.id AND w.week <= $2
    ORDER BY w.week DESC LIMIT 1) t ON true
WHERE c.campaign_id = $1 AND c.joined_week <= $2
  AND ($3::text IS NULL OR c.role = $3)
  AND ($4::text[] IS NULL OR c.nationality = ANY($4))
ORDER BY xp DESC, kills DESC, c.id";

/// The crewmen who had joined by `week` with their XP and kills as of its close, most
/// XP first, then most kills: what `crew_as_of` gives, less the weeks out, read from
/// the maintained totals.
pub async fn leaderboard_as_of(
    conn: &mut AsyncPgConnection,
    campaign_id: i64,
    week: i32,
    filter: &StandingsFilter,
) -> QueryResult<Vec<CrewTotals>> {
    crew_rows(conn, LEADERBOARD_AS_OF, campaign_id, week, filter).await
}

/// Runs a crew query whose parameters are the campaign, the week, then the filter's
/// role and nationalities.
async fn crew_rows<T>(
    conn: &mut AsyncPgConnection,
    sql: &'static str,
    campaign_id: i64,
    week: i32,
    filter: &StandingsFilter,
) -> QueryResult<Vec<T>>
where
    T: QueryableByName<Pg> + Send + 'static,
{
    prepared(sql)
        .bind::<Int8, _>(campaign_id)
        .bind::<Int4, _>(week)
        .bind::<Nullable<Text>, _>(filter.role)
        .bind::<Nullable<Array<Text>>, _>(filter.nationalities.as_deref())
        .load(conn)
        .await
        .map_err(crate::Error::from)
}
