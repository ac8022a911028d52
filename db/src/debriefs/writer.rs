//! The one writer of debriefs: sorties with their crews, kills with their shooters,
//! casualties with the rolls that decided them, awards and mission results, for one
//! game or thousands, in a single statement. The API's debrief, the import, the test
//! fixtures and `eagles seed bench` all write through it, so a new column is one edit
//! and the bench measures the code users run.
//!
//! What it is given is final: it applies no rule and rolls no dice. A game's rows are
//! told apart by their game and sortie key (unique per game), so nothing has to be read
//! back between inserts: the whole write is one round trip, however many games it holds,
//! which keeps the campaign's lock short.

use campaign::crew::Role;
use campaign::injuries::{CasualtyKind, Outcome};
use campaign::logged_table::LoggedTable;
use campaign::missions::Assignment;
use campaign::sides::Side;
use diesel::sql_types::{Array, Bool, Int4, Int8, Nullable, Text};
use diesel_async::{AsyncPgConnection, RunQueryDsl};

use crate::ledger::NewAward;
use crate::prepared::prepared;
use crate::rolls::NewRoll;
use crate::QueryResult;

/// The rows of one or many debriefs, column by column, as the statement binds them.
#[derive(Debug, Default)]
pub struct DebriefRows {
    sorties: Sorties,
    seats: Seats,
    kills: Kills,
    shooters: Shooters,
    rolls: Rolls,
    casualties: Casualties,
    awards: Awards,
    results: Results,
    table_rolls: TableRolls,
}

#[derive(Debug, Default)]
struct Sorties {
    game: Vec<i64>,
    key: Vec<String>,
    side: Vec<Side>,
    aircraft: Vec<i64>,
    assignment: Vec<Assignment>,
    turns: Vec<i32>,
    lost: Vec<bool>,
}

#[derive(Debug, Default)]
struct Seats {
    game: Vec<i64>,
    key: Vec<String>,
    crew: Vec<i64>,
    position: Vec<Role>,
    red_hits: Vec<i32>,
    wound_boxes: Vec<i32>,
    outcome: Vec<Outcome>,
}

#[derive(Debug, Default)]
struct Kills {
    game: Vec<i64>,
    victim: Vec<String>,
}

#[derive(Debug, Default)]
struct Shooters {
    game: Vec<i64>,
    victim: Vec<String>,
    crew: Vec<i64>,
}

#[derive(Debug, Default)]
struct Rolls {
    campaign: Vec<i64>,
    week: Vec<i32>,
    game: Vec<Option<i64>>,
    side: Vec<Option<Side>>,
    table: Vec<LoggedTable>,
    // Array literals: unnest would flatten an array of arrays.
    dice: Vec<String>,
    modifiers: Vec<String>,
    total: Vec<i32>,
    result: Vec<String>,
    entered: Vec<bool>,
    rolled_by: Vec<Option<i64>>,
    /// Whose roll it was, when it was one crewman's.
    crew: Vec<Option<i64>>,
    /// Its place in its week's dice (R25); `sides` as array literals like `dice`.
    dice_week: Vec<Option<i32>>,
    seq: Vec<Option<i32>>,
    nonce: Vec<Option<String>>,
    chain: Vec<Option<String>>,
    sides: Vec<Option<String>>,
}

#[derive(Debug, Default)]
struct Casualties {
    crew: Vec<i64>,
    game: Vec<Option<i64>>,
    week: Vec<i32>,
    kind: Vec<CasualtyKind>,
    weeks_out: Vec<Option<i32>>,
    out_until: Vec<Option<i32>>,
    sent_home: Vec<bool>,
    /// A roll already in the log.
    roll_id: Vec<Option<i64>>,
    /// Or the position (from 1) of a roll of this write.
    new_roll: Vec<Option<i32>>,
}

#[derive(Debug, Default)]
struct Awards {
    campaign: Vec<i64>,
    crew: Vec<i64>,
    week: Vec<i32>,
    game: Vec<Option<i64>>,
    points: Vec<i32>,
    kind: Vec<String>,
    reason: Vec<String>,
    two_seater_mission: Vec<bool>,
}

/// Rolls made at the table that the debrief takes as its own, by id.
#[derive(Debug, Default)]
struct TableRolls {
    roll: Vec<i64>,
    game: Vec<i64>,
}

#[derive(Debug, Default)]
struct Results {
    mission: Vec<i64>,
    success: Vec<bool>,
    details: Vec<String>,
}

/// A sortie of a game: one aircraft that flew.
#[derive(Debug, Clone)]
pub struct SortieRecord<'a> {
    pub game_id: i64,
    pub key: &'a str,
    pub side: Side,
    pub aircraft_type_id: i64,
    pub assignment: Assignment,
    pub turns_on_board: i32,
    pub aircraft_lost: bool,
}

/// A crewman aboard the sortie `key` of the game `game_id`.
#[derive(Debug, Clone)]
pub struct SeatRecord<'a> {
    pub game_id: i64,
    pub key: &'a str,
    pub crew_id: i64,
    pub position: Role,
    pub red_hits: i32,
    pub wound_boxes: i32,
    pub outcome: Outcome,
}

/// An injury, capture or death.
#[derive(Debug, Clone)]
pub struct CasualtyRecord {
    pub crew_id: i64,
    pub game_id: Option<i64>,
    pub week: i32,
    pub kind: CasualtyKind,
    pub weeks_out: Option<i32>,
    pub out_until_week: Option<i32>,
    pub sent_home: bool,
}

/// The roll that decided a casualty.
#[derive(Debug, Clone)]
pub enum CasualtyRoll<'a> {
    /// None was needed (a death).
    None,
    /// One already in the log, by id.
    Logged(i64),
    /// One to log with it.
    New(&'a NewRoll),
}

impl DebriefRows {
    /// Whether there is nothing to write.
    pub fn is_empty(&self) -> bool {
        self.sorties.game.is_empty()
            && self.seats.game.is_empty()
            && self.kills.game.is_empty()
            && self.casualties.crew.is_empty()
            && self.rolls.campaign.is_empty()
            && self.awards.crew.is_empty()
            && self.results.mission.is_empty()
            && self.table_rolls.roll.is_empty()
    }

    pub fn sortie(&mut self, s: SortieRecord<'_>) {
        let c = &mut self.sorties;
        c.game.push(s.game_id);
        c.key.push(s.key.to_owned());
        c.side.push(s.side);
        c.aircraft.push(s.aircraft_type_id);
        c.assignment.push(s.assignment);
        c.turns.push(s.turns_on_board);
        c.lost.push(s.aircraft_lost);
    }

    pub fn seat(&mut self, s: SeatRecord<'_>) {
        let c = &mut self.seats;
        c.game.push(s.game_id);
        c.key.push(s.key.to_owned());
        c.crew.push(s.crew_id);
        c.position.push(s.position);
        c.red_hits.push(s.red_hits);
        c.wound_boxes.push(s.wound_boxes);
        c.outcome.push(s.outcome);
    }

    /// A kill of the sortie `victim` of `game_id`, shared by `shooters`.
    pub fn kill(&mut self, game_id: i64, victim: &str, shooters: &[i64]) {
        self.kills.game.push(game_id);
        self.kills.victim.push(victim.to_owned());
        for &crew in shooters {
            self.shooters.game.push(game_id);
            self.shooters.victim.push(victim.to_owned());
            self.shooters.crew.push(crew);
        }
    }

    pub fn casualty(&mut self, casualty: CasualtyRecord, roll: CasualtyRoll<'_>) {
        let (roll_id, new_roll) = match roll {
            CasualtyRoll::None => (None, None),
            CasualtyRoll::Logged(id) => (Some(id), None),
            CasualtyRoll::New(roll) => {
                // A casualty's roll is its crewman's own (R7, R8).
                self.roll(roll, Some(casualty.crew_id));
                let position = i32::try_from(self.rolls.campaign.len()).unwrap_or(i32::MAX);
                (None, Some(position))
            }
        };
        let c = &mut self.casualties;
        c.crew.push(casualty.crew_id);
        c.game.push(casualty.game_id);
        c.week.push(casualty.week);
        c.kind.push(casualty.kind);
        c.weeks_out.push(casualty.weeks_out);
        c.out_until.push(casualty.out_until_week);
        c.sent_home.push(casualty.sent_home);
        c.roll_id.push(roll_id);
        c.new_roll.push(new_roll);
    }

    /// A roll of the log that is no casualty's own: a landing, crash, bail-out or
    /// evade roll of a forced landing (R8, R14), made for the crewman `crew_id`.
    pub fn log_roll(&mut self, roll: &NewRoll, crew_id: i64) {
        self.roll(roll, Some(crew_id));
    }

    fn roll(&mut self, roll: &NewRoll, crew_id: Option<i64>) {
        let c = &mut self.rolls;
        c.campaign.push(roll.campaign_id);
        c.week.push(roll.week);
        c.game.push(roll.game_id);
        c.side.push(roll.side);
        c.table.push(roll.table_name);
        let dice: Vec<String> = roll.dice.iter().map(i32::to_string).collect();
        c.dice.push(format!("{{{}}}", dice.join(",")));
        c.modifiers.push(roll.modifiers.to_string());
        c.total.push(roll.total);
        c.result.push(roll.result.clone());
        c.entered.push(roll.entered);
        c.rolled_by.push(roll.rolled_by);
        c.crew.push(crew_id);
        let link = &roll.link;
        c.dice_week.push(link.dice_week);
        c.seq.push(link.seq);
        c.nonce.push(link.nonce.clone());
        c.chain.push(link.chain.clone());
        c.sides.push(link.sides.as_ref().map(|sides| {
            let sides: Vec<String> = sides.iter().map(i32::to_string).collect();
            format!("{{{}}}", sides.join(","))
        }));
    }

    /// A roll made at the table (a sheet's `down` mark, R8) that the game `game_id`'s
    /// debrief counts as its own: referred to, not logged again (API v1.2).
    pub fn table_roll(&mut self, roll_id: i64, game_id: i64) {
        self.table_rolls.roll.push(roll_id);
        self.table_rolls.game.push(game_id);
    }

    /// An award of the ledger; a reversal is not a debrief's and goes through
    /// `ledger::insert_all`.
    pub fn award(&mut self, award: &NewAward<'_>) {
        debug_assert!(
            award.reverses.is_none(),
            "a debrief awards, it does not reverse"
        );
        let c = &mut self.awards;
        c.campaign.push(award.campaign_id);
        c.crew.push(award.crew_id);
        c.week.push(award.week);
        c.game.push(award.game_id);
        c.points.push(award.points);
        c.kind.push(award.kind.to_owned());
        c.reason.push(award.reason.to_owned());
        c.two_seater_mission.push(award.two_seater_mission);
    }

    /// Whether the mission `mission_id` succeeded, and the facts it was judged on.
    pub fn mission_result(&mut self, mission_id: i64, success: bool, details: &serde_json::Value) {
        self.results.mission.push(mission_id);
        self.results.success.push(success);
        self.results.details.push(details.to_string());
    }
}

/// Writes `rows` in one statement. Each part is a data-modifying CTE; the foreign keys
/// between them are checked at the end of the statement, when all are in.
pub async fn write(mut conn: &AsyncPgConnection, rows: &DebriefRows) -> QueryResult<()> {
    if rows.is_empty() {
        return Ok(());
    }
    let DebriefRows {
        sorties: s,
        seats: c,
        kills: k,
        shooters: sh,
        rolls: r,
        casualties: ca,
        awards: a,
        results: m,
        table_rolls: t,
    } = rows;
    prepared(WRITE)
        .bind::<Array<Int8>, _>(&s.game)
        .bind::<Array<Text>, _>(&s.key)
        .bind::<Array<Text>, _>(&s.side)
        .bind::<Array<Int8>, _>(&s.aircraft)
        .bind::<Array<Text>, _>(&s.assignment)
        .bind::<Array<Int4>, _>(&s.turns)
        .bind::<Array<Bool>, _>(&s.lost)
        .bind::<Array<Int8>, _>(&c.game)
        .bind::<Array<Text>, _>(&c.key)
        .bind::<Array<Int8>, _>(&c.crew)
        .bind::<Array<Text>, _>(&c.position)
        .bind::<Array<Int4>, _>(&c.red_hits)
        .bind::<Array<Int4>, _>(&c.wound_boxes)
        .bind::<Array<Text>, _>(&c.outcome)
        .bind::<Array<Int8>, _>(&k.game)
        .bind::<Array<Text>, _>(&k.victim)
        .bind::<Array<Int8>, _>(&sh.game)
        .bind::<Array<Text>, _>(&sh.victim)
        .bind::<Array<Int8>, _>(&sh.crew)
        .bind::<Array<Int8>, _>(&r.campaign)
        .bind::<Array<Int4>, _>(&r.week)
        .bind::<Array<Nullable<Int8>>, _>(&r.game)
        .bind::<Array<Nullable<Text>>, _>(&r.side)
        .bind::<Array<Text>, _>(&r.table)
        .bind::<Array<Text>, _>(&r.dice)
        .bind::<Array<Text>, _>(&r.modifiers)
        .bind::<Array<Int4>, _>(&r.total)
        .bind::<Array<Text>, _>(&r.result)
        .bind::<Array<Bool>, _>(&r.entered)
        .bind::<Array<Nullable<Int8>>, _>(&r.rolled_by)
        .bind::<Array<Nullable<Int8>>, _>(&r.crew)
        .bind::<Array<Int8>, _>(&ca.crew)
        .bind::<Array<Nullable<Int8>>, _>(&ca.game)
        .bind::<Array<Int4>, _>(&ca.week)
        .bind::<Array<Text>, _>(&ca.kind)
        .bind::<Array<Nullable<Int4>>, _>(&ca.weeks_out)
        .bind::<Array<Nullable<Int4>>, _>(&ca.out_until)
        .bind::<Array<Bool>, _>(&ca.sent_home)
        .bind::<Array<Nullable<Int8>>, _>(&ca.roll_id)
        .bind::<Array<Nullable<Int4>>, _>(&ca.new_roll)
        .bind::<Array<Int8>, _>(&a.campaign)
        .bind::<Array<Int8>, _>(&a.crew)
        .bind::<Array<Int4>, _>(&a.week)
        .bind::<Array<Nullable<Int8>>, _>(&a.game)
        .bind::<Array<Int4>, _>(&a.points)
        .bind::<Array<Text>, _>(&a.kind)
        .bind::<Array<Text>, _>(&a.reason)
        .bind::<Array<Bool>, _>(&a.two_seater_mission)
        .bind::<Array<Int8>, _>(&m.mission)
        .bind::<Array<Bool>, _>(&m.success)
        .bind::<Array<Text>, _>(&m.details)
        .bind::<Array<Int8>, _>(&t.roll)
        .bind::<Array<Int8>, _>(&t.game)
        .bind::<Array<Nullable<Int4>>, _>(&r.dice_week)
        .bind::<Array<Nullable<Int4>>, _>(&r.seq)
        .bind::<Array<Nullable<Text>>, _>(&r.nonce)
        .bind::<Array<Nullable<Text>>, _>(&r.chain)
        .bind::<Array<Nullable<Text>>, _>(&r.sides)
        .execute(&mut conn)
        .await
        .map(drop)
        .map_err(crate::Error::from)
}

// The rolls of this write take their ids from the identity's sequence up front (a CTE
// with `nextval` is evaluated once), so that each casualty can point at its roll by
// position without reading the rolls back.
const WRITE: &str = "
WITH new_sorties AS (
    INSERT INTO sorties (game_id, key, side, aircraft_type_id, assignment, turns_on_board,
                         aircraft_lost)
    SELECT * FROM unnest($1::bigint[], $2::text[], $3::text[], $4::bigint[], $5::text[],
                         $6::int[], $7::bool[])
    RETURNING id, game_id, key
), new_seats AS (
    INSERT INTO sortie_crew (sortie_id, game_id, crew_id, position, red_hits, wound_boxes,
                             outcome)
    SELECT s.id, u.game, u.crew, u.position, u.red_hits, u.wound_boxes, u.outcome
    FROM unnest($8::bigint[], $9::text[], $10::bigint[], $11::text[], $12::int[],
                $13::int[], $14::text[])
         AS u (game, key, crew, position, red_hits, wound_boxes, outcome)
    JOIN new_sorties s ON s.game_id = u.game AND s.key = u.key
), victims AS (
    -- A victim flew in this write, or in an earlier one of the same game.
    SELECT s.id, s.game_id, s.key FROM new_sorties s
    UNION ALL
    SELECT s.id, s.game_id, s.key
    FROM sorties s JOIN unnest($15::bigint[], $16::text[]) AS u (game, victim)
         ON s.game_id = u.game AND s.key = u.victim
), new_kills AS (
    INSERT INTO kills (game_id, victim_sortie_id)
    SELECT u.game, v.id
    FROM unnest($15::bigint[], $16::text[]) AS u (game, victim)
    JOIN victims v ON v.game_id = u.game AND v.key = u.victim
    RETURNING id, victim_sortie_id
), new_shooters AS (
    INSERT INTO kill_shooters (kill_id, crew_id)
    SELECT k.id, u.crew
    FROM unnest($17::bigint[], $18::text[], $19::bigint[]) AS u (game, victim, crew)
    JOIN victims v ON v.game_id = u.game AND v.key = u.victim
    JOIN new_kills k ON k.victim_sortie_id = v.id
), roll_ids AS MATERIALIZED (
    SELECT n::int AS n, nextval(pg_get_serial_sequence('dice_rolls', 'id')) AS id
    FROM generate_series(1, cardinality($20::bigint[])) AS n
), new_rolls AS (
    INSERT INTO dice_rolls (id, campaign_id, week, game_id, side, table_name, dice,
                            modifiers, total, result, entered, rolled_by, crew_id,
                            dice_week, seq, nonce, chain, sides)
    OVERRIDING SYSTEM VALUE
    SELECT r.id, u.campaign, u.week, u.game, u.side, u.table_name, u.dice::int[],
           u.modifiers::jsonb, u.total, u.result, u.entered, u.rolled_by, u.crew,
           u.dice_week, u.seq, u.nonce, u.chain, u.sides::int[]
    FROM unnest($20::bigint[], $21::int[], $22::bigint[], $23::text[], $24::text[],
                $25::text[], $26::text[], $27::int[], $28::text[], $29::bool[], $30::bigint[],
                $31::bigint[], $54::int[], $55::int[], $56::text[], $57::text[], $58::text[])
         WITH ORDINALITY
         AS u (campaign, week, game, side, table_name, dice, modifiers, total, result,
               entered, rolled_by, crew, dice_week, seq, nonce, chain, sides, n)
    JOIN roll_ids r ON r.n = u.n
), new_casualties AS (
    INSERT INTO casualties (crew_id, game_id, week, kind, weeks_out, out_until_week,
                            sent_home, roll_id)
    SELECT u.crew, u.game, u.week, u.kind, u.weeks_out, u.out_until, u.sent_home,
           COALESCE(u.roll_id, r.id)
    FROM unnest($32::bigint[], $33::bigint[], $34::int[], $35::text[], $36::int[],
                $37::int[], $38::bool[], $39::bigint[], $40::int[])
         WITH ORDINALITY
         AS u (crew, game, week, kind, weeks_out, out_until, sent_home, roll_id, new_roll, n)
    LEFT JOIN roll_ids r ON r.n = u.new_roll
    ORDER BY u.n
), new_awards AS (
    INSERT INTO xp_awards (campaign_id, crew_id, week, game_id, points, kind, reason,
                           two_seater_mission)
    SELECT * FROM unnest($41::bigint[], $42::bigint[], $43::int[], $44::bigint[],
                         $45::int[], $46::text[], $47::text[], $48::bool[])
), results AS (
    UPDATE missions m SET success = u.success, details = u.details::jsonb
    FROM unnest($49::bigint[], $50::bool[], $51::text[]) AS u (id, success, details)
    WHERE m.id = u.id
), table_rolls AS (
    INSERT INTO debrief_table_rolls (roll_id, game_id)
    SELECT * FROM unnest($52::bigint[], $53::bigint[])
)
SELECT 1";
