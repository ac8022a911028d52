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

fn db(e: eagles_db::diesel::result::Error) -> String {
    format!("seeding the bench campaign: {e}")
}

/// The referee, the players, the public campaign, its members and crew.
async fn roster(
    conn: &mut AsyncPgConnection,
    spec: &BenchSpec,
    hash: &str,
) -> Result<(i64, i64, Vec<SideCrew>), eagles_db::diesel::result::Error> {
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

async fn aircraft_id(
    conn: &mut AsyncPgConnection,
    name: &str,
) -> Result<i64, eagles_db::diesel::result::Error> {
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
) -> Result<(), eagles_db::diesel::result::Error> {
    eagles_db::diesel::sql_query("UPDATE campaigns SET current_week = $2 WHERE id = $1")
        .bind::<Int8, _>(campaign_id)
        .bind::<Int4, _>(week)
        .execute(conn)
        .await
        .map(drop)
}

/// One side's part of a game: its mission roll and the aircraft it flew.
#[derive(Clone)]
struct SidePlay {
    side: Side,
    mission: Roll<campaign::tables::mission::RolledMission>,
    report: MissionReport,
    /// The mission two-seater's pilot and observer, and its aircraft type.
    assigned: (i64, i64, i64),
}

/// A game as played: its rolls, the debrief's facts, the awards and results.
#[derive(Clone)]
struct Played {
    offensive: Roll<campaign::tables::ground_offensive::GroundOffensive>,
    sides: Vec<SidePlay>,
    debrief: Debrief,
    /// The aircraft type of each sortie (parallel to `debrief.sorties`).
    aircraft: Vec<i64>,
    awards: Vec<Award>,
    results: PerSide<Option<bool>>,
    debriefed: bool,
}

/// Plays game `n`: one player a side flies a two-seater on the side's mission and a
/// single-seater on sweep; one side observes the enemy HQ, the other sweeps (they
/// swap every game); now and then a single-seater is shot down.
fn play(rng: &mut StdRng, sides: &[SideCrew], n: usize, debriefed: bool) -> Played {
    let offensive = roll_ground_offensive(&mut SeedDice(rng));
    let turns_played = rng.gen_range(15..=25);
    let mut debrief = Debrief {
        turns_played,
        ..Debrief::default()
    };
    let mut aircraft = Vec::new();
    let mut plays = Vec::new();
    for (i, crew) in sides.iter().enumerate() {
        let squad = crew.squads[(n + i * (n / PLAYERS_PER_SIDE)) % crew.squads.len()];
        // The mission table's 2 is observe the HQ, 9 fighter sweep (appendix E).
        let observes = (n + i) % 2 == 0;
        let mission = roll_mission(&mut FixedDice::new(vec![if observes { 2 } else { 9 }]));
        let report = MissionReport {
            landed_safely: observes,
            target_observed: observes && rng.gen_bool(0.7),
            ..MissionReport::default()
        };
        *debrief.missions.get_mut(crew.side) = Some(FlownMission {
            mission: mission.result,
            report,
        });
        let seat = |crew: i64, position: Role, red_hits: u32| SortieCrew {
            crew: CrewId(crew),
            position,
            red_hits,
            wound_boxes: 0,
            outcome: Outcome::Unharmed,
        };
        let key = |k: usize| format!("{}{k}", &crew.side.as_str()[..1]);
        debrief.sorties.push(Sortie {
            key: key(1),
            side: crew.side,
            assignment: Assignment::Mission,
            two_seater: true,
            turns_on_board: turns_played,
            aircraft_lost: false,
            down: None,
            dual_controls: false,
            crew: vec![
                seat(squad.pilots[0], Role::Pilot, rng.gen_range(0..=2)),
                seat(squad.observer, Role::Observer, rng.gen_range(0..=2)),
            ],
        });
        aircraft.push(crew.two_seater);
        debrief.sorties.push(Sortie {
            key: key(2),
            side: crew.side,
            assignment: Assignment::Sweep,
            two_seater: false,
            turns_on_board: rng.gen_range(10..=turns_played),
            aircraft_lost: false,
            down: None,
            dual_controls: false,
            crew: vec![seat(squad.pilots[1], Role::Pilot, rng.gen_range(0..=4))],
        });
        aircraft.push(crew.single_seater);
        plays.push(SidePlay {
            side: crew.side,
            mission,
            report,
            assigned: (squad.pilots[0], squad.observer, crew.two_seater),
        });
    }
    // A single-seater of the losing side goes down to both enemy pilots, one game in three.
    if n % 3 == 0 {
        let loser = n / 3 % 2;
        let victim = loser * 2 + 1;
        debrief.sorties[victim].aircraft_lost = true;
        let winner = 1 - loser;
        let shooters = [winner * 2, winner * 2 + 1]
            .iter()
            .map(|&s| debrief.sorties[s].crew[0].crew)
            .collect();
        debrief.kills.push(Kill {
            victim: debrief.sorties[victim].key.clone(),
            shooters,
        });
    }
    debrief
        .check()
        .expect("the bench games are consistent debriefs");
    let awards = experience::awards(&debrief).expect("a checked debrief has awards");
    let results = debrief
        .mission_results()
        .expect("a checked debrief has results");
    Played {
        offensive,
        sides: plays,
        debrief,
        aircraft,
        awards,
        results,
        debriefed,
    }
}

/// The debrief request the API takes for a game played by [`play`].
fn request_body(game: &Played, mission_ids: &[i64]) -> serde_json::Value {
    let sorties: Vec<_> = game
        .debrief
        .sorties
        .iter()
        .zip(&game.aircraft)
        .map(|(s, aircraft)| {
            json!({
                "key": s.key,
                "aircraft_id": aircraft,
                "assignment": s.assignment.as_str(),
                "turns_on_board": s.turns_on_board,
                "aircraft_lost": s.aircraft_lost,
                "crew": s.crew.iter().map(|c| json!({
                    "crew_id": c.crew.0,
                    "position": c.position.as_str(),
                    "red_hits": c.red_hits,
                })).collect::<Vec<_>>(),
            })
        })
        .collect();
    let kills: Vec<_> = game
        .debrief
        .kills
        .iter()
        .map(|k| json!({ "victim": k.victim, "shooters": k.shooters.iter().map(|s| s.0).collect::<Vec<_>>() }))
        .collect();
    let missions: Vec<_> = game
        .sides
        .iter()
        .zip(mission_ids)
        .filter(|(p, _)| p.mission.result.mission_type == MissionType::ObserveHq)
        .map(|(p, id)| {
            json!({ "mission_id": id, "landed_safely": p.report.landed_safely,
                    "target_observed": p.report.target_observed })
        })
        .collect();
    json!({
        "turns_played": game.debrief.turns_played,
        "sorties": sorties,
        "kills": kills,
        "missions": missions,
    })
}

/// Games waiting to be written, with their weeks.
#[derive(Default, Clone)]
struct Batch {
    games: Vec<i32>,
    played: Vec<Played>,
    awards: Vec<Award>,
}

impl Batch {
    fn add(&mut self, game: Played, week: i32) {
        if game.debriefed {
            self.awards.extend(game.awards.iter().cloned());
        }
        self.games.push(week);
        self.played.push(game);
    }
}

/// Column arrays of a bulk insert.
#[derive(Default)]
struct Rolls {
    id: Vec<i64>,
    week: Vec<i32>,
    game: Vec<i64>,
    side: Vec<Option<String>>,
    table: Vec<String>,
    dice: Vec<String>,
    total: Vec<i32>,
    result: Vec<String>,
}

impl Rolls {
    fn push<R>(
        &mut self,
        id: i64,
        week: i32,
        game: i64,
        side: Option<Side>,
        roll: &Roll<R>,
        result: &str,
    ) {
        self.id.push(id);
        self.week.push(week);
        self.game.push(game);
        self.side.push(side.map(|s| s.as_str().to_owned()));
        self.table.push(roll.table.as_str().to_owned());
        let dice: Vec<String> = roll.dice.iter().map(u32::to_string).collect();
        self.dice.push(format!("{{{}}}", dice.join(",")));
        self.total.push(roll.total);
        self.result.push(result.to_owned());
    }
}

/// Fresh ids from a table's identity sequence.
async fn ids(
    conn: &mut AsyncPgConnection,
    table: &str,
    n: usize,
) -> Result<Vec<i64>, eagles_db::diesel::result::Error> {
    let rows: Vec<Id> = eagles_db::diesel::sql_query(format!(
        "SELECT nextval(pg_get_serial_sequence('{table}', 'id')) AS id FROM generate_series(1, $1)"
    ))
    .bind::<Int4, _>(n as i32)
    .load(conn)
    .await?;
    Ok(rows.into_iter().map(|r| r.id).collect())
}

/// Writes a batch of games in one transaction; returns each game's id and mission ids.
async fn flush(
    conn: &mut AsyncPgConnection,
    campaign_id: i64,
    referee: i64,
    batch: Batch,
) -> Result<Vec<(i64, Vec<i64>)>, eagles_db::diesel::result::Error> {
    conn.transaction(async |conn| write_batch(conn, campaign_id, referee, &batch).await)
        .await
}

async fn write_batch(
    conn: &mut AsyncPgConnection,
    campaign_id: i64,
    referee: i64,
    batch: &Batch,
) -> Result<Vec<(i64, Vec<i64>)>, eagles_db::diesel::result::Error> {
    let n = batch.played.len();
    let game_ids = ids(conn, "games", n).await?;
    let roll_ids = ids(conn, "dice_rolls", n * 3).await?;
    let mission_ids = ids(conn, "missions", n * 2).await?;

    let mut rolls = Rolls::default();
    let mut games = (
        Vec::new(),
        Vec::new(),
        Vec::new(),
        Vec::new(),
        Vec::new(),
        Vec::new(),
    );
    let mut missions = MissionColumns::default();
    let mut debriefs = DebriefRows::default();
    let mut answer = Vec::new();
    for (i, (game, &week)) in batch.played.iter().zip(&batch.games).enumerate() {
        let gid = game_ids[i];
        let offensive_roll = roll_ids[i * 3];
        rolls.push(
            offensive_roll,
            week,
            gid,
            None,
            &game.offensive,
            game.offensive.result.as_str(),
        );
        games.0.push(gid);
        games.1.push(week);
        games.2.push(offensive_roll);
        games.3.push(game.offensive.result.as_str().to_owned());
        games
            .4
            .push(game.debriefed.then_some(game.debrief.turns_played as i32));
        games.5.push(game.debriefed);
        let mut mids = Vec::new();
        for (j, side) in game.sides.iter().enumerate() {
            let mid = mission_ids[i * 2 + j];
            let roll_id = roll_ids[i * 3 + 1 + j];
            let kind = side.mission.result.mission_type;
            rolls.push(
                roll_id,
                week,
                gid,
                Some(side.side),
                &side.mission,
                kind.as_str(),
            );
            missions.push(mid, gid, side, roll_id);
            mids.push(mid);
        }
        if game.debriefed {
            debrief_rows(&mut debriefs, campaign_id, gid, week, game, &mids)?;
        }
        answer.push((gid, mids));
    }

    eagles_db::diesel::sql_query(
        "INSERT INTO dice_rolls (id, campaign_id, week, game_id, side, table_name, dice,
                                 modifiers, total, result, entered, rolled_by)
         OVERRIDING SYSTEM VALUE
         SELECT u.id, $1, u.week, NULL, u.side, u.table_name, u.dice::int[], '{}'::jsonb,
                u.total, u.result, false, $2
         FROM unnest($3::bigint[], $4::int[], $5::text[], $6::text[], $7::text[], $8::int[], $9::text[])
              AS u (id, week, side, table_name, dice, total, result)",
    )
    .bind::<Int8, _>(campaign_id)
    .bind::<Int8, _>(referee)
    .bind::<Array<Int8>, _>(&rolls.id)
    .bind::<Array<Int4>, _>(&rolls.week)
    .bind::<Array<Nullable<Text>>, _>(&rolls.side)
    .bind::<Array<Text>, _>(&rolls.table)
    .bind::<Array<Text>, _>(&rolls.dice)
    .bind::<Array<Int4>, _>(&rolls.total)
    .bind::<Array<Text>, _>(&rolls.result)
    .execute(conn)
    .await?;
    eagles_db::diesel::sql_query(
        "INSERT INTO games (id, campaign_id, week, offensive_roll_id, ground_offensive,
                            turns_played, debriefed_at, created_by)
         OVERRIDING SYSTEM VALUE
         SELECT u.id, $1, u.week, u.roll, u.offensive, u.turns,
                CASE WHEN u.debriefed THEN now() END, $2
         FROM unnest($3::bigint[], $4::int[], $5::bigint[], $6::text[], $7::int[], $8::bool[])
              AS u (id, week, roll, offensive, turns, debriefed)",
    )
    .bind::<Int8, _>(campaign_id)
    .bind::<Int8, _>(referee)
    .bind::<Array<Int8>, _>(&games.0)
    .bind::<Array<Int4>, _>(&games.1)
    .bind::<Array<Int8>, _>(&games.2)
    .bind::<Array<Text>, _>(&games.3)
    .bind::<Array<Nullable<Int4>>, _>(&games.4)
    .bind::<Array<Bool>, _>(&games.5)
    .execute(conn)
    .await?;
    // The rolls were made for their games (as `games::attach_roll` does).
    eagles_db::diesel::sql_query(
        "UPDATE dice_rolls r SET game_id = u.game
         FROM unnest($1::bigint[], $2::bigint[]) AS u (id, game) WHERE r.id = u.id",
    )
    .bind::<Array<Int8>, _>(&rolls.id)
    .bind::<Array<Int8>, _>(&rolls.game)
    .execute(conn)
    .await?;
    missions.write(conn).await?;
    // The debriefs through the writer the API's debrief uses, many games at once.
    eagles_db::debriefs::write(conn, &debriefs).await?;
    Ok(answer)
}

/// The rows of a debriefed game `gid` of `week`, whose missions are `mission_ids`:
/// the debrief's own plan → rows step, on a game played out by the rules.
fn debrief_rows(
    rows: &mut DebriefRows,
    campaign_id: i64,
    gid: i64,
    week: i32,
    game: &Played,
    mission_ids: &[i64],
) -> Result<(), eagles_db::diesel::result::Error> {
    let missions: Vec<(i64, Side)> = game
        .sides
        .iter()
        .zip(mission_ids)
        .map(|(side, &id)| (id, side.side))
        .collect();
    CheckedDebrief {
        campaign_id,
        game_id: gid,
        week,
        debrief: &game.debrief,
        aircraft: &game.aircraft,
        awards: &game.awards,
        missions: &missions,
        results: &game.results,
    }
    .rows_into(rows)
    .map_err(|e| eagles_db::diesel::result::Error::SerializationError(e.into()))
}

#[derive(Default)]
struct MissionColumns {
    id: Vec<i64>,
    game: Vec<i64>,
    side: Vec<String>,
    roll: Vec<i64>,
    kind: Vec<String>,
    aircraft: Vec<i64>,
    pilot: Vec<i64>,
    observer: Vec<i64>,
}

impl MissionColumns {
    fn push(&mut self, id: i64, game_id: i64, side: &SidePlay, roll: i64) {
        self.id.push(id);
        self.game.push(game_id);
        self.side.push(side.side.as_str().to_owned());
        self.roll.push(roll);
        self.kind
            .push(side.mission.result.mission_type.as_str().to_owned());
        self.pilot.push(side.assigned.0);
        self.observer.push(side.assigned.1);
        self.aircraft.push(side.assigned.2);
    }

    async fn write(
        &self,
        conn: &mut AsyncPgConnection,
    ) -> Result<(), eagles_db::diesel::result::Error> {
        eagles_db::diesel::sql_query(
            "INSERT INTO missions (id, game_id, side, roll_id, mission_type, aircraft_type_id,
                                   pilot_id, observer_id)
             OVERRIDING SYSTEM VALUE
             SELECT * FROM unnest($1::bigint[], $2::bigint[], $3::text[], $4::bigint[],
                                  $5::text[], $6::bigint[], $7::bigint[], $8::bigint[])",
        )
        .bind::<Array<Int8>, _>(&self.id)
        .bind::<Array<Int8>, _>(&self.game)
        .bind::<Array<Text>, _>(&self.side)
        .bind::<Array<Int8>, _>(&self.roll)
        .bind::<Array<Text>, _>(&self.kind)
        .bind::<Array<Int8>, _>(&self.aircraft)
        .bind::<Array<Int8>, _>(&self.pilot)
        .bind::<Array<Int8>, _>(&self.observer)
        .execute(conn)
        .await
        .map(drop)
    }
}
