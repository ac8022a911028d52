//! Crewmen with everything the ledger says about them. XP, kills, abilities and the
//! latest casualty are computed by the query from the week-stamped rows, never stored.

use campaign::abilities::Ability;
use campaign::crew::Role;
use campaign::injuries::CasualtyKind;
use campaign::sides::Nationality;
use campaign::status::LatestCasualty;
use diesel::prelude::*;
use diesel::sql_types::{Array, BigInt, Bool, Int4, Int8, Nullable, Text};
use diesel_async::{AsyncPgConnection, RunQueryDsl};

use crate::schema::{crew, crew_abilities, xp_awards};

use crate::prepared::prepared;
use crate::QueryResult;

/// A crewman and his derived totals; his own columns typed as the `crew` table's.
#[derive(Debug, Clone, QueryableByName)]
#[diesel(table_name = crew)]
pub struct CrewRecord {
    pub id: i64,
    pub campaign_id: i64,
    pub owner_id: i64,
    #[diesel(sql_type = Text)]
    pub owner: String,
    pub name: String,
    pub role: Role,
    pub nationality: Nationality,
    pub replacement: bool,
    pub joined_week: i32,
    /// Starting XP plus every award in the ledger.
    #[diesel(sql_type = BigInt)]
    pub xp: i64,
    /// Kills credited, a shared kill counting as one (R6).
    #[diesel(sql_type = BigInt)]
    pub kills: i64,
    /// His latest casualty of a game not voided.
    #[diesel(embed)]
    pub casualty: CasualtyColumns,
    /// Abilities in the order they were chosen.
    #[diesel(sql_type = Array<Text>)]
    pub abilities: Vec<Ability>,
}

impl CrewRecord {
    /// His latest casualty, when he has one.
    pub fn latest_casualty(&self) -> Option<LatestCasualty> {
        self.casualty.latest()
    }
}

/// A crewman's latest casualty as the crew queries read it: the columns
/// `select_crew_records!` selects, all null when he has none.
#[derive(Debug, Clone, QueryableByName)]
pub struct CasualtyColumns {
    #[diesel(sql_type = Nullable<Text>, column_name = casualty_kind)]
    pub kind: Option<CasualtyKind>,
    #[diesel(sql_type = Nullable<Int4>, column_name = casualty_out_until_week)]
    pub out_until_week: Option<i32>,
    #[diesel(sql_type = Nullable<Bool>, column_name = casualty_sent_home)]
    pub sent_home: Option<bool>,
}

impl CasualtyColumns {
    /// The casualty, when there is one.
    pub fn latest(&self) -> Option<LatestCasualty> {
        self.kind.map(|kind| LatestCasualty {
            kind,
            out_until_week: self.out_until_week,
            sent_home: self.sent_home == Some(true),
        })
    }
}

/// The head of a query of [`CrewRecord`]s, `SELECT … FROM crew c JOIN users u`: the
/// crewman `c`'s own columns and his owner `u`'s name, `$totals` (his `xp` and `kills`,
/// and whatever else the query reads), then his latest casualty and his abilities from
/// the laterals `cas` and `ab` the query joins.
macro_rules! select_crew_records {
    ($totals:literal) => {
        concat!(
            "
SELECT c.id, c.campaign_id, c.owner_id, u.username AS owner, c.name, c.role, c.nationality,
       c.replacement, c.joined_week,
       ",
            $totals,
            ",
       cas.kind AS casualty_kind, cas.out_until_week AS casualty_out_until_week,
       cas.sent_home AS casualty_sent_home,
       COALESCE(ab.codes, ARRAY[]::text[]) AS abilities
FROM crew c
JOIN users u ON u.id = c.owner_id
"
        )
    };
}
pub(crate) use select_crew_records;

/// Which crewmen to read.
#[derive(Debug, Clone, Default)]
pub struct CrewFilter {
    pub crew_id: Option<i64>,
    pub owner_id: Option<i64>,
    pub role: Option<Role>,
    /// Nationalities to keep (a side is a set of nationalities).
    pub nationalities: Option<Vec<Nationality>>,
}

// XP and kills come from the latest maintained totals row (migration 000009): the
// ledger's sum and the kills of games not voided, by one index probe per crewman. One
// literal, not built from `select_crew_records!`: scripts/bench runs this very text.
const CREW_QUERY: &str = "
SELECT c.id, c.campaign_id, c.owner_id, u.username AS owner, c.name, c.role, c.nationality,
       c.replacement, c.joined_week,
       (c.starting_xp + COALESCE(x.points, 0))::bigint AS xp,
       COALESCE(x.kills, 0)::bigint AS kills,
       cas.kind AS casualty_kind, cas.out_until_week AS casualty_out_until_week,
       cas.sent_home AS casualty_sent_home,
       COALESCE(ab.codes, ARRAY[]::text[]) AS abilities
FROM crew c
JOIN users u ON u.id = c.owner_id
LEFT JOIN LATERAL (SELECT t.xp AS points, t.kills FROM crew_week_totals t
                   WHERE t.crew_id = c.id ORDER BY t.week DESC LIMIT 1) x ON true
LEFT JOIN LATERAL (SELECT cs.kind, cs.out_until_week, cs.sent_home FROM casualties cs
                   LEFT JOIN games g ON g.id = cs.game_id
                   WHERE cs.crew_id = c.id AND g.voided_week IS NULL
                   ORDER BY cs.week DESC, cs.id DESC LIMIT 1) cas ON true
LEFT JOIN LATERAL (SELECT array_agg(ability ORDER BY chosen_at, ability) AS codes
                   FROM crew_abilities ca WHERE ca.crew_id = c.id) ab ON true
WHERE c.campaign_id = $1
  AND ($2::bigint IS NULL OR c.id = $2)
  AND ($3::bigint IS NULL OR c.owner_id = $3)
  AND ($4::text IS NULL OR c.role = $4)
  AND ($5::text[] IS NULL OR c.nationality = ANY($5))
ORDER BY c.id";

/// Crewmen of a campaign matching the filter, in the order they were created.
pub async fn list(
    mut conn: &AsyncPgConnection,
    campaign_id: i64,
    filter: &CrewFilter,
) -> QueryResult<Vec<CrewRecord>> {
    prepared(CREW_QUERY)
        .bind::<Int8, _>(campaign_id)
        .bind::<Nullable<Int8>, _>(filter.crew_id)
        .bind::<Nullable<Int8>, _>(filter.owner_id)
        .bind::<Nullable<Text>, _>(filter.role)
        .bind::<Nullable<Array<Text>>, _>(filter.nationalities.as_deref())
        .load(&mut conn)
        .await
        .map_err(crate::Error::from)
}

/// One crewman of a campaign.
pub async fn find(
    conn: &AsyncPgConnection,
    campaign_id: i64,
    crew_id: i64,
) -> QueryResult<Option<CrewRecord>> {
    let filter = CrewFilter {
        crew_id: Some(crew_id),
        ..CrewFilter::default()
    };
    Ok(list(conn, campaign_id, &filter).await?.pop())
}

/// A crewman to create.
#[derive(Debug, Clone, Insertable)]
#[diesel(table_name = crew)]
pub struct NewCrewman<'a> {
    pub campaign_id: i64,
    pub owner_id: i64,
    pub name: &'a str,
    pub role: Role,
    pub nationality: Nationality,
    pub replacement: bool,
    pub starting_xp: i32,
    pub joined_week: i32,
}

/// Creates a crewman and returns his id.
pub async fn create(conn: &mut AsyncPgConnection, new: &NewCrewman<'_>) -> QueryResult<i64> {
    diesel::insert_into(crew::table)
        .values(new)
        .returning(crew::id)
        .get_result(conn)
        .await
        .map_err(crate::Error::from)
}

/// Records an ability pick; picking one twice is a unique violation (R6).
pub async fn add_ability(
    conn: &mut AsyncPgConnection,
    crew_id: i64,
    ability: &str,
    week: i32,
) -> QueryResult<()> {
    diesel::insert_into(crew_abilities::table)
        .values((
            crew_abilities::crew_id.eq(crew_id),
            crew_abilities::ability.eq(ability),
            crew_abilities::week.eq(week),
        ))
        .execute(conn)
        .await
        .map(drop)
        .map_err(crate::Error::from)
}

/// Locks a crewman's row so concurrent picks for him queue up.
pub async fn lock(conn: &mut AsyncPgConnection, crew_id: i64) -> QueryResult<()> {
    crew::table
        .find(crew_id)
        .select(crew::id)
        .for_update()
        .first::<i64>(conn)
        .await
        .map(drop)
        .map_err(crate::Error::from)
}

// A crewman's ledger is the ledger's own rows: his page and his service record read
// the same entries.
pub use crate::ledger::Award as AwardEntry;

/// A crewman's ledger, oldest first.
pub async fn awards(conn: &mut AsyncPgConnection, crew_id: i64) -> QueryResult<Vec<AwardEntry>> {
    xp_awards::table
        .filter(xp_awards::crew_id.eq(crew_id))
        .select(AwardEntry::as_select())
        .order((xp_awards::week, xp_awards::id))
        .load(conn)
        .await
        .map_err(crate::Error::from)
}
