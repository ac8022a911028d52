//! Played games written in bulk: many games a statement, one transaction a batch, so a\nledger of a million awards takes minutes.

use super::*;

/// Games waiting to be written, with their weeks.
#[derive(Default, Clone)]
pub(super) struct Batch {
    pub(super) games: Vec<i32>,
    pub(super) played: Vec<Played>,
    pub(super) awards: Vec<Award>,
}

impl Batch {
    pub(super) fn add(&mut self, game: Played, week: i32) {
        if game.debriefed {
            self.awards.extend(game.awards.iter().cloned());
        }
        self.games.push(week);
        self.played.push(game);
    }
}

/// Column arrays of a bulk insert.
#[derive(Default)]
pub(super) struct Rolls {
    pub(super) id: Vec<i64>,
    pub(super) week: Vec<i32>,
    pub(super) game: Vec<i64>,
    pub(super) side: Vec<Option<String>>,
    pub(super) table: Vec<String>,
    pub(super) dice: Vec<String>,
    pub(super) total: Vec<i32>,
    pub(super) result: Vec<String>,
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
pub(super) async fn ids(
    conn: &mut AsyncPgConnection,
    table: &str,
    n: usize,
) -> Result<Vec<i64>, eagles_db::Error> {
    let rows: Vec<Id> = eagles_db::diesel::sql_query(format!(
        "SELECT nextval(pg_get_serial_sequence('{table}', 'id')) AS id FROM generate_series(1, $1)"
    ))
    .bind::<Int4, _>(n as i32)
    .load(conn)
    .await?;
    Ok(rows.into_iter().map(|r| r.id).collect())
}

/// Writes a batch of games in one transaction; returns each game's id and mission ids.
pub(super) async fn flush(
    conn: &mut AsyncPgConnection,
    campaign_id: i64,
    referee: i64,
    batch: Batch,
) -> Result<Vec<(i64, Vec<i64>)>, eagles_db::Error> {
    conn.transaction(async |conn| write_batch(conn, campaign_id, referee, &batch).await)
        .await
}

pub(super) async fn write_batch(
    conn: &mut AsyncPgConnection,
    campaign_id: i64,
    referee: i64,
    batch: &Batch,
) -> Result<Vec<(i64, Vec<i64>)>, eagles_db::Error> {
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
pub(super) fn debrief_rows(
    rows: &mut DebriefRows,
    campaign_id: i64,
    gid: i64,
    week: i32,
    game: &Played,
    mission_ids: &[i64],
) -> Result<(), eagles_db::Error> {
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
    .map_err(|e| eagles_db::diesel::result::Error::SerializationError(e.into()).into())
}

#[derive(Default)]
pub(super) struct MissionColumns {
    pub(super) id: Vec<i64>,
    pub(super) game: Vec<i64>,
    pub(super) side: Vec<String>,
    pub(super) roll: Vec<i64>,
    pub(super) kind: Vec<String>,
    pub(super) aircraft: Vec<i64>,
    pub(super) pilot: Vec<i64>,
    pub(super) observer: Vec<i64>,
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

    async fn write(&self, conn: &mut AsyncPgConnection) -> Result<(), eagles_db::Error> {
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
        .map_err(eagles_db::Error::from)
    }
}
