//! What the weekly briefing and the campaign feed read: the crew as they stood when a
//! week began, and the results of a range of weeks (kills, casualties, missions, games
//! abandoned), each in one query whatever the number of weeks, plus when each week was
//! closed.
//!
//! A week's results are read as they stood when it closed: a game voided in a later
//! week still counts here, as it does in the standings of that week
//! (`crate::standings`), so a closed week's report never changes afterwards.

use campaign::injuries::CasualtyKind;
use campaign::missions::MissionType;
use campaign::sides::{Nationality, Side};
use chrono::{DateTime, Utc};
use diesel::pg::Pg;
use diesel::prelude::*;
use diesel::sql_types::{BigInt, Bool, Int4, Int8, Nullable, Text, Timestamptz};
use diesel_async::{AsyncPgConnection, RunQueryDsl};

use crate::crew::{select_crew_records, CrewRecord};
use crate::prepared::prepared;
use crate::recent_kills::{kill_rows, RecentKill};
use crate::QueryResult;

/// A crewman as he stood when a week began: his XP, kills and latest casualty by the
/// week before, his abilities as chosen by the week itself.
#[derive(Debug, Clone, QueryableByName)]
pub struct CrewAtWeek {
    #[diesel(embed)]
    pub crewman: CrewRecord,
    /// Starting XP plus the awards made two weeks before: what the week before added
    /// is `crewman.xp - xp_before`.
    #[diesel(sql_type = BigInt)]
    pub xp_before: i64,
    #[diesel(sql_type = BigInt)]
    pub kills_before: i64,
}

// The totals come from the maintained rows of migration 000009 (one index probe per
// crewman and week asked); the casualty is the latest one of a game not voided by then.
const CREW_AT_WEEK: &str = concat!(
    select_crew_records!(
        "(c.starting_xp + COALESCE(t.xp, 0))::bigint AS xp,
       COALESCE(t.kills, 0)::bigint AS kills,
       (c.starting_xp + COALESCE(p.xp, 0))::bigint AS xp_before,
       COALESCE(p.kills, 0)::bigint AS kills_before"
    ),
    "LEFT JOIN LATERAL (SELECT w.xp, w.kills FROM crew_week_totals w
                   WHERE w.crew_id = c.id AND w.week <= $2 - 1
                   ORDER BY w.week DESC LIMIT 1) t ON true
LEFT JOIN LATERAL (SELECT w.xp, w.kills FROM crew_week_totals w
                   WHERE w.crew_id = c.id AND w.week <= $2 - 2
                   ORDER BY w.week DESC LIMIT 1) p ON true
LEFT JOIN LATERAL (SELECT cs.kind, cs.out_until_week, cs.sent_home FROM casualties cs
                   LEFT JOIN games g ON g.id = cs.game_id
                   WHERE cs.crew_id = c.id AND cs.week <= $2 - 1
                     AND (g.voided_week IS NULL OR g.voided_week > $2 - 1)
                   ORDER BY cs.week DESC, cs.id DESC LIMIT 1) cas ON true
LEFT JOIN LATERAL (SELECT array_agg(ca.ability ORDER BY ca.chosen_at, ca.ability) AS codes
                   FROM crew_abilities ca WHERE ca.crew_id = c.id AND ca.week <= $2) ab ON true
WHERE c.campaign_id = $1 AND c.joined_week <= $2
ORDER BY c.id"
);

/// The crewmen who had joined by `week`, as they stood when it began: XP, kills and
/// latest casualty as of the close of the week before (and XP and kills of the week
/// before that, for the change), abilities as chosen by `week` itself.
pub async fn crew_at_week(
    mut conn: &AsyncPgConnection,
    campaign_id: i64,
    week: i32,
) -> QueryResult<Vec<CrewAtWeek>> {
    prepared(CREW_AT_WEEK)
        .bind::<Int8, _>(campaign_id)
        .bind::<Int4, _>(week)
        .load(&mut conn)
        .await
        .map_err(crate::Error::from)
}

// The kills' own campaign index (migration 000012) bounds the weeks read.
const KILLS_OF_WEEKS: &str = concat!(
    kill_rows!(),
    "WHERE kl.campaign_id = $1 AND kl.week BETWEEN $2 AND $3
  AND (g.voided_week IS NULL OR g.voided_week > g.week)
ORDER BY kl.week, kl.id"
);

/// The weeks `first..=last` of a campaign, which the results queries below read.
#[derive(Debug, Clone, Copy)]
pub struct Weeks {
    pub campaign_id: i64,
    pub first: i32,
    pub last: i32,
}

impl Weeks {
    /// Runs `sql`, whose parameters are the campaign, then the first and last week.
    async fn load<T>(self, mut conn: &AsyncPgConnection, sql: &'static str) -> QueryResult<Vec<T>>
    where
        T: QueryableByName<Pg> + Send + 'static,
    {
        prepared(sql)
            .bind::<Int8, _>(self.campaign_id)
            .bind::<Int4, _>(self.first)
            .bind::<Int4, _>(self.last)
            .load(&mut conn)
            .await
            .map_err(crate::Error::from)
    }
}

/// The kills of the weeks that stood when their week closed, by week then in the
/// order they were recorded.
pub async fn kills_of_weeks(
    conn: &AsyncPgConnection,
    weeks: Weeks,
) -> QueryResult<Vec<RecentKill>> {
    weeks.load(conn, KILLS_OF_WEEKS).await
}

/// A casualty of a game, with the crewman's name.
#[derive(Debug, Clone, QueryableByName)]
pub struct WeekCasualty {
    #[diesel(sql_type = Int4)]
    pub week: i32,
    #[diesel(sql_type = Int8)]
    pub game_id: i64,
    #[diesel(sql_type = Int8)]
    pub crew_id: i64,
    #[diesel(sql_type = Text)]
    pub name: String,
    #[diesel(sql_type = Text)]
    pub owner: String,
    #[diesel(sql_type = Text)]
    pub nationality: Nationality,
    #[diesel(sql_type = Text)]
    pub kind: CasualtyKind,
    #[diesel(sql_type = Nullable<Int4>)]
    pub out_until_week: Option<i32>,
    #[diesel(sql_type = Bool)]
    pub sent_home: bool,
}

const CASUALTIES_OF_WEEKS: &str = "
SELECT cs.week, g.id AS game_id, cs.crew_id, c.name, u.username AS owner, c.nationality,
       cs.kind, cs.out_until_week, cs.sent_home
FROM games g
JOIN casualties cs ON cs.game_id = g.id
JOIN crew c ON c.id = cs.crew_id
JOIN users u ON u.id = c.owner_id
WHERE g.campaign_id = $1 AND g.week BETWEEN $2 AND $3
  AND (g.voided_week IS NULL OR g.voided_week > g.week)
ORDER BY cs.week, cs.id";

/// The casualties of the games of the weeks that stood when their week closed, by
/// week then in the order they were recorded.
pub async fn casualties_of_weeks(
    conn: &AsyncPgConnection,
    weeks: Weeks,
) -> QueryResult<Vec<WeekCasualty>> {
    weeks.load(conn, CASUALTIES_OF_WEEKS).await
}

/// A side's mission in a game, with its result once debriefed.
#[derive(Debug, Clone, QueryableByName)]
pub struct WeekMission {
    #[diesel(sql_type = Int4)]
    pub week: i32,
    #[diesel(sql_type = Int8)]
    pub game_id: i64,
    #[diesel(sql_type = Bool)]
    pub debriefed: bool,
    #[diesel(sql_type = Text)]
    pub side: Side,
    #[diesel(sql_type = Text)]
    pub mission_type: MissionType,
    #[diesel(sql_type = Nullable<Bool>)]
    pub success: Option<bool>,
    #[diesel(sql_type = Nullable<Text>)]
    pub aircraft: Option<String>,
    #[diesel(sql_type = Nullable<Text>)]
    pub pilot: Option<String>,
    #[diesel(sql_type = Nullable<Text>)]
    pub observer: Option<String>,
}

const MISSIONS_OF_WEEKS: &str = "
SELECT g.week, g.id AS game_id, g.debriefed_at IS NOT NULL AS debriefed, m.side,
       m.mission_type, m.success, at.name AS aircraft, p.name AS pilot, o.name AS observer
FROM games g
JOIN missions m ON m.game_id = g.id
LEFT JOIN aircraft_types at ON at.id = m.aircraft_type_id
LEFT JOIN crew p ON p.id = m.pilot_id
LEFT JOIN crew o ON o.id = m.observer_id
WHERE g.campaign_id = $1 AND g.week BETWEEN $2 AND $3
  AND (g.voided_week IS NULL OR g.voided_week > g.week)
  AND g.abandoned_at IS NULL
ORDER BY g.week, g.id, m.id";

/// The missions of the games of the weeks that stood when their week closed, by
/// week, game, then side as rolled. The caller keeps an assignment from a reader who
/// may not see it yet (§13.20).
pub async fn missions_of_weeks(
    conn: &AsyncPgConnection,
    weeks: Weeks,
) -> QueryResult<Vec<WeekMission>> {
    weeks.load(conn, MISSIONS_OF_WEEKS).await
}

/// A game abandoned when its week closed without its debrief (API v1.2).
#[derive(Debug, Clone, QueryableByName)]
pub struct AbandonedGame {
    #[diesel(sql_type = Int4)]
    pub week: i32,
    #[diesel(sql_type = Int8)]
    pub game_id: i64,
}

const ABANDONED_OF_WEEKS: &str = "
SELECT g.week, g.id AS game_id FROM games g
WHERE g.campaign_id = $1 AND g.week BETWEEN $2 AND $3 AND g.abandoned_at IS NOT NULL
ORDER BY g.week, g.id";

/// The games of the weeks abandoned when their week closed, by week then game.
pub async fn abandoned_of_weeks(
    conn: &AsyncPgConnection,
    weeks: Weeks,
) -> QueryResult<Vec<AbandonedGame>> {
    weeks.load(conn, ABANDONED_OF_WEEKS).await
}

/// A time of a week: when it was closed, or its latest roll.
#[derive(Debug, Clone, QueryableByName)]
pub struct WeekTime {
    #[diesel(sql_type = Int4)]
    pub week: i32,
    #[diesel(sql_type = Timestamptz)]
    pub at: DateTime<Utc>,
}

// Closing a week writes its audit entry in the same transaction (service `weeks::close`),
// so the entry's time is when the week closed; the audit log's campaign index finds them.
const WEEKS_CLOSED: &str = "
SELECT (a.details->>'closed_week')::int AS week, min(a.at) AS at
FROM audit_log a
WHERE a.campaign_id = $1 AND a.action = 'week.close'
GROUP BY 1
ORDER BY 1";

/// When each week of a campaign was closed, as the audit log recorded it; weeks of an
/// imported campaign, closed elsewhere, have no entry.
pub async fn weeks_closed(
    mut conn: &AsyncPgConnection,
    campaign_id: i64,
) -> QueryResult<Vec<WeekTime>> {
    prepared(WEEKS_CLOSED)
        .bind::<Int8, _>(campaign_id)
        .load(&mut conn)
        .await
        .map_err(crate::Error::from)
}

const LAST_ROLLS: &str = "
SELECT r.week, max(r.rolled_at) AS at
FROM dice_rolls r
WHERE r.campaign_id = $1 AND r.week BETWEEN $2 AND $3
GROUP BY r.week
ORDER BY r.week";

/// The time of the latest roll of each of the weeks that had one: for a week without
/// a record of its closing, the last thing done in it.
pub async fn last_rolls(conn: &AsyncPgConnection, weeks: Weeks) -> QueryResult<Vec<WeekTime>> {
    weeks.load(conn, LAST_ROLLS).await
}

/// When a campaign was created and, once it has, when it ended.
#[derive(Debug, Clone, Queryable)]
pub struct CampaignTimes {
    pub created_at: DateTime<Utc>,
    pub ended_at: Option<DateTime<Utc>>,
}

/// When `campaign_id` was created and ended.
pub async fn campaign_times(
    conn: &mut AsyncPgConnection,
    campaign_id: i64,
) -> QueryResult<CampaignTimes> {
    use crate::schema::campaigns;
    campaigns::table
        .find(campaign_id)
        .select((campaigns::created_at, campaigns::ended_at))
        .first(conn)
        .await
        .map_err(crate::Error::from)
}
