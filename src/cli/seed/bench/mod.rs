//! `eagles seed bench`: a large public campaign for benchmarks. Accounts, the campaign,
//! its members and crew are written by the same `eagles_db` functions the API calls;
//! the games are played out by the rules crate (`Debrief::check`, the R4/R5 awards of
//! `experience::awards`, the R10 mission results) and written in bulk — many games per
//! statement, one transaction per batch — so a ledger of a million awards takes
//! minutes, not hours. Every crewman stays unharmed so all can keep flying; kills are
//! credited, and lost aircraft crash-land with their crew.
//!
//! The crew is the same size whatever the ledger's length (8 players, 24 crewmen), and
//! the weeks grow with it (up to four years), so two campaigns of different sizes
//! differ only in their history.

use campaign::crew::{CrewId, Role};
use campaign::debrief::{Debrief, FlownMission, Kill, Sortie, SortieCrew};
use campaign::dice::{Dice, FixedDice};
use campaign::experience::{self, Award};
use campaign::injuries::Outcome;
use campaign::missions::{Assignment, MissionType};
use campaign::roster::MemberRole;
use campaign::sides::{Nationality, PerSide, Side};
use campaign::success::MissionReport;
use campaign::tables::ground_offensive::roll_ground_offensive;
use campaign::tables::mission::roll_mission;
use campaign::tables::Roll;
use chrono::NaiveDate;
use eagles_db::debriefs::DebriefRows;
use eagles_db::diesel;
use eagles_db::diesel::sql_types::{Array, Bool, Int4, Int8, Nullable, Text};
use eagles_db::diesel::QueryableByName;
use eagles_db::diesel_async::{AsyncConnection, AsyncPgConnection, RunQueryDsl};
use eagles_db::DbPool;
use eagles_service::debrief::CheckedDebrief;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use serde_json::json;

mod play;
use play::*;

mod write;
use write::*;

/// Players a side; each has two pilots and an observer (R3).
const PLAYERS_PER_SIDE: usize = 4;
/// The longest history the seed spreads its games over: four years of weeks.
const MAX_WEEKS: usize = 208;
/// Awards written per transaction.
const BATCH_AWARDS: usize = 20_000;

/// The aircraft flown: (side, two-seater, single-seater).
const AIRCRAFT: [(Side, &str, &str); 2] = [
    (Side::Allied, "RAF RE8", "SPAD VII"),
    (Side::Central, "Albatros C-III", "Albatros D-III"),
];

/// What to seed.
pub struct BenchSpec {
    /// About how many award rows the ledger should hold.
    pub awards: usize,
    /// The start of every account's name: `{prefix}-referee`, `{prefix}-p1` …
    pub prefix: String,
    /// The password of every account.
    pub password: String,
    /// Games left open in the current week, rolled and assigned, waiting for a debrief.
    pub open_games: usize,
}

/// What the seed made.
pub struct BenchSeeded {
    pub campaign_id: i64,
    /// Award rows written.
    pub awards: usize,
    /// Closed weeks; the campaign stands in the week after.
    pub weeks: usize,
    /// One debrief request per open game: (path, JSON body), ready to post as the referee.
    pub debriefs: Vec<(String, String)>,
}

/// A player's crew: two pilots and an observer.
#[derive(Clone, Copy)]
struct Squad {
    pilots: [i64; 2],
    observer: i64,
}

/// A side's squads and aircraft type ids (two-seater, single-seater).
struct SideCrew {
    side: Side,
    squads: Vec<Squad>,
    two_seater: i64,
    single_seater: i64,
}

/// Dice from the seed's own generator, so a bench campaign is random but cheap.
struct SeedDice<'a>(&'a mut StdRng);

impl Dice for SeedDice<'_> {
    fn roll(&mut self, sides: u32) -> u32 {
        self.0.gen_range(1..=sides)
    }
}

/// Seeds a bench campaign.
pub async fn seed(pool: &DbPool, spec: &BenchSpec) -> Result<BenchSeeded, String> {
    let hash = {
        let password = spec.password.clone();
        tokio::task::spawn_blocking(move || {
            eagles_service::password::hash_password_blocking(&password)
        })
        .await
        .map_err(|e| e.to_string())?
        .map_err(|e| e.to_string())?
    };
    let mut conn = pool.get().await.map_err(|e| e.to_string())?;
    let conn: &mut AsyncPgConnection = &mut conn;
    let (campaign_id, referee, sides) = roster(conn, spec, &hash).await.map_err(db)?;

    let weeks = (spec.awards / 100).clamp(1, MAX_WEEKS);
    let mut rng = StdRng::seed_from_u64(campaign_id as u64);
    let mut batch = Batch::default();
    let mut written = 0;
    let mut game_number = 0usize;
    for week in 1..=weeks {
        // Spread the awards evenly: by the end of week w, about awards·w/weeks.
        let target = spec.awards * week / weeks;
        while written + batch.awards.len() < target {
            let game = play(&mut rng, &sides, game_number, true);
            batch.add(game, week as i32);
            game_number += 1;
        }
        if batch.awards.len() >= BATCH_AWARDS || week == weeks {
            written += batch.awards.len();
            flush(conn, campaign_id, referee, std::mem::take(&mut batch))
                .await
                .map_err(db)?;
        }
    }
    let current = weeks as i32 + 1;
    set_week(conn, campaign_id, current).await.map_err(db)?;

    let mut open = Batch::default();
    let mut debriefs = Vec::new();
    for _ in 0..spec.open_games {
        let game = play(&mut rng, &sides, game_number, false);
        game_number += 1;
        open.add(game, current);
    }
    if !open.games.is_empty() {
        let ids = flush(conn, campaign_id, referee, open.clone())
            .await
            .map_err(db)?;
        for (game, (game_id, mission_ids)) in open.played.iter().zip(ids) {
            debriefs.push((
                format!("/api/v1/campaigns/{campaign_id}/games/{game_id}/debrief"),
                request_body(game, &mission_ids).to_string(),
            ));
        }
    }
    Ok(BenchSeeded {
        campaign_id,
        awards: written,
        weeks,
        debriefs,
    })
}

fn db(e: eagles_db::Error) -> String {
    format!("seeding the bench campaign: {e}")
}

/// The referee, the players, the public campaign, its members and crew.
async fn roster(
    conn: &mut AsyncPgConnection,
    spec: &BenchSpec,
    hash: &str,
) -> Result<(i64, i64, Vec<SideCrew>), eagles_db::Error> {
    conn.transaction(async |conn| {
        let referee =
            eagles_db::users::create(conn, &format!("{}-referee", spec.prefix), hash, false)
                .await?
                .id;
        let start = NaiveDate::from_ymd_opt(1917, 4, 2).expect("a valid date");
        let name = format!("Bench {} ({} awards)", spec.prefix, spec.awards);
        // Creating the campaign makes its creator the referee.
        let campaign = eagles_db::campaigns::create(conn, &name, start, true, referee).await?;
        let mut sides = Vec::new();
        for (side, two, single) in AIRCRAFT {
            let nationality = match side {
                Side::Allied => Nationality::British,
                Side::Central => Nationality::German,
            };
            let mut squads = Vec::new();
            for p in 0..PLAYERS_PER_SIDE {
                let username = format!("{}-{}{}", spec.prefix, side.as_str(), p + 1);
                let player = eagles_db::users::create(conn, &username, hash, false)
                    .await?
                    .id;
                eagles_db::campaigns::add_member(
                    conn,
                    campaign.id,
                    player,
                    MemberRole::Player,
                    Some(side),
                )
                .await?;
                let mut crewman = async |n: usize, role: Role| {
                    let name = format!("{} {}-{}", side.as_str(), p + 1, n);
                    eagles_db::crew::create(
                        conn,
                        &eagles_db::crew::NewCrewman {
                            campaign_id: campaign.id,
                            owner_id: player,
                            name: &name,
                            role,
                            nationality,
                            replacement: false,
                            starting_xp: 0,
                            joined_week: 1,
                        },
                    )
                    .await
                };
                let pilots = [
                    crewman(1, Role::Pilot).await?,
                    crewman(2, Role::Pilot).await?,
                ];
                let observer = crewman(3, Role::Observer).await?;
                squads.push(Squad { pilots, observer });
            }
            sides.push(SideCrew {
                side,
                squads,
                two_seater: aircraft_id(conn, two).await?,
                single_seater: aircraft_id(conn, single).await?,
            });
        }
        Ok((campaign.id, referee, sides))
    })
    .await
}

#[derive(QueryableByName)]
struct Id {
    #[diesel(sql_type = Int8)]
    id: i64,
}

async fn aircraft_id(conn: &mut AsyncPgConnection, name: &str) -> Result<i64, eagles_db::Error> {
    let row: Id = eagles_db::diesel::sql_query("SELECT id FROM aircraft_types WHERE name = $1")
        .bind::<Text, _>(name)
        .get_result(conn)
        .await?;
    Ok(row.id)
}

async fn set_week(
    conn: &mut AsyncPgConnection,
    campaign_id: i64,
    week: i32,
) -> Result<(), eagles_db::Error> {
    eagles_db::diesel::sql_query("UPDATE campaigns SET current_week = $2 WHERE id = $1")
        .bind::<Int8, _>(campaign_id)
        .bind::<Int4, _>(week)
        .execute(conn)
        .await
        .map(drop)
        .map_err(eagles_db::Error::from)
}
