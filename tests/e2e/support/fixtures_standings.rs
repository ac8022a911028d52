//! Writes a campaign's ledger straight into the database — the debrief's rows through
//! the debrief's own writer, the rest row for row as the endpoints write it — so the
//! standings can be tested game by game without playing each one through the API:
//! a game with its ground-offensive roll, missions, sorties and their crews, kills and
//! their shooters, casualties and XP awards; a void stamps `games.voided_week` and
//! writes a reversing award, stamped with the void's week, for each award of the game.

use eagles_db::debriefs::{CasualtyRecord, CasualtyRoll, DebriefRows, SeatRecord, SortieRecord};
use eagles_db::diesel;
use eagles_db::diesel::prelude::*;
use eagles_db::diesel_async::RunQueryDsl;
use eagles_db::ledger::NewAward;
use eagles_db::schema::{
    aircraft_types, campaigns, dice_rolls, games, missions, sorties, xp_awards,
};
use reqwest::StatusCode;
use serde_json::json;

use super::{body, TestApp};

/// A crewman aboard a sortie.
pub struct Seat {
    pub crew_id: i64,
    pub position: &'static str,
    pub red_hits: i32,
    pub wound_boxes: i32,
    pub outcome: &'static str,
}

impl Seat {
    /// An unharmed pilot with this many Red hits.
    pub fn pilot(crew_id: i64, red_hits: i32) -> Seat {
        Seat {
            crew_id,
            position: "pilot",
            red_hits,
            wound_boxes: 0,
            outcome: "unharmed",
        }
    }

    /// An unharmed observer.
    pub fn observer(crew_id: i64) -> Seat {
        Seat {
            crew_id,
            position: "observer",
            red_hits: 0,
            wound_boxes: 0,
            outcome: "unharmed",
        }
    }

    /// The same crewman, hurt.
    pub fn hurt(self, wound_boxes: i32, outcome: &'static str) -> Seat {
        Seat {
            wound_boxes,
            outcome,
            ..self
        }
    }
}

/// A sortie to write.
pub struct SortieSpec<'a> {
    pub key: &'a str,
    pub side: &'a str,
    pub aircraft: &'a str,
    pub assignment: &'a str,
    pub turns_on_board: i32,
    pub aircraft_lost: bool,
    pub crew: Vec<Seat>,
}

/// An XP award to write.
pub struct AwardSpec<'a> {
    pub crew_id: i64,
    pub points: i32,
    pub kind: &'a str,
    pub reason: &'a str,
    pub two_seater_mission: bool,
}

/// One award: `(crew, points, kind, reason)`, not a two-seater mission award.
pub fn award<'a>(crew_id: i64, points: i32, kind: &'a str, reason: &'a str) -> AwardSpec<'a> {
    AwardSpec {
        crew_id,
        points,
        kind,
        reason,
        two_seater_mission: false,
    }
}

/// A mission award earned in a two-seater (R12 doubles it for the side).
pub fn two_seater_award<'a>(
    crew_id: i64,
    points: i32,
    kind: &'a str,
    reason: &'a str,
) -> AwardSpec<'a> {
    AwardSpec {
        two_seater_mission: true,
        ..award(crew_id, points, kind, reason)
    }
}

/// Writes the ledger of one campaign.
pub struct Ledger<'a> {
    app: &'a TestApp,
    pub campaign: i64,
    referee_id: i64,
}

impl<'a> Ledger<'a> {
    /// The ledger of `campaign`; its creator is recorded as the one who wrote it.
    pub async fn new(app: &'a TestApp, campaign: i64) -> Ledger<'a> {
        let mut conn = app.pool.get().await.unwrap();
        let referee_id = campaigns::table
            .find(campaign)
            .select(campaigns::created_by)
            .first(&mut conn)
            .await
            .unwrap();
        Ledger {
            app,
            campaign,
            referee_id,
        }
    }

    async fn roll(
        &self,
        week: i32,
        game_id: Option<i64>,
        side: Option<&str>,
        table: &str,
        result: &str,
    ) -> i64 {
        let mut conn = self.app.pool.get().await.unwrap();
        diesel::insert_into(dice_rolls::table)
            .values((
                dice_rolls::campaign_id.eq(self.campaign),
                dice_rolls::week.eq(week),
                dice_rolls::game_id.eq(game_id),
                dice_rolls::side.eq(side),
                dice_rolls::table_name.eq(table),
                dice_rolls::dice.eq(vec![5, 5]),
                dice_rolls::total.eq(10),
                dice_rolls::result.eq(result),
                dice_rolls::entered.eq(false),
                dice_rolls::rolled_by.eq(Some(self.referee_id)),
            ))
            .returning(dice_rolls::id)
            .get_result(&mut conn)
            .await
            .unwrap()
    }

    /// A debriefed game of `week` with a quiet ground offensive.
    pub async fn game(&self, week: i32, turns_played: i32) -> i64 {
        let roll = self
            .roll(week, None, None, "ground_offensive", "quiet")
            .await;
        let mut conn = self.app.pool.get().await.unwrap();
        let game: i64 = diesel::insert_into(games::table)
            .values((
                games::campaign_id.eq(self.campaign),
                games::week.eq(week),
                games::offensive_roll_id.eq(roll),
                games::ground_offensive.eq("quiet"),
                games::turns_played.eq(Some(turns_played)),
                games::debriefed_at.eq(Some(chrono::Utc::now())),
                games::created_by.eq(self.referee_id),
            ))
            .returning(games::id)
            .get_result(&mut conn)
            .await
            .unwrap();
        diesel::update(dice_rolls::table.find(roll))
            .set(dice_rolls::game_id.eq(Some(game)))
            .execute(&mut conn)
            .await
            .unwrap();
        game
    }

    /// A side's mission in a game, with its debriefed result.
    pub async fn mission(
        &self,
        game: i64,
        week: i32,
        side: &str,
        mission_type: &str,
        success: bool,
    ) -> i64 {
        let roll = self
            .roll(week, Some(game), Some(side), "mission", mission_type)
            .await;
        let mut conn = self.app.pool.get().await.unwrap();
        diesel::insert_into(missions::table)
            .values((
                missions::game_id.eq(game),
                missions::side.eq(side),
                missions::roll_id.eq(roll),
                missions::mission_type.eq(mission_type),
                missions::success.eq(Some(success)),
            ))
            .returning(missions::id)
            .get_result(&mut conn)
            .await
            .unwrap()
    }

    /// A sortie and its crew; returns the sortie's id.
    pub async fn sortie(&self, game: i64, spec: SortieSpec<'_>) -> i64 {
        let mut conn = self.app.pool.get().await.unwrap();
        let aircraft: i64 = aircraft_types::table
            .filter(aircraft_types::name.eq(spec.aircraft))
            .select(aircraft_types::id)
            .first(&mut conn)
            .await
            .unwrap_or_else(|e| panic!("aircraft {}: {e}", spec.aircraft));
        let mut rows = DebriefRows::default();
        rows.sortie(SortieRecord {
            game_id: game,
            key: spec.key,
            side: spec.side.parse().unwrap(),
            aircraft_type_id: aircraft,
            assignment: spec.assignment.parse().unwrap(),
            turns_on_board: spec.turns_on_board,
            aircraft_lost: spec.aircraft_lost,
        });
        for seat in spec.crew {
            rows.seat(SeatRecord {
                game_id: game,
                key: spec.key,
                crew_id: seat.crew_id,
                position: seat.position.parse().unwrap(),
                red_hits: seat.red_hits,
                wound_boxes: seat.wound_boxes,
                outcome: seat.outcome.parse().unwrap(),
            });
        }
        eagles_db::debriefs::write(&mut conn, &rows).await.unwrap();
        sorties::table
            .filter(sorties::game_id.eq(game))
            .filter(sorties::key.eq(spec.key))
            .select(sorties::id)
            .first(&mut conn)
            .await
            .unwrap()
    }

    /// A kill of the aircraft flown on `victim_sortie`, credited to `shooters`.
    pub async fn kill(&self, game: i64, victim_sortie: i64, shooters: &[i64]) {
        let mut conn = self.app.pool.get().await.unwrap();
        let victim: String = sorties::table
            .find(victim_sortie)
            .select(sorties::key)
            .first(&mut conn)
            .await
            .unwrap();
        let mut rows = DebriefRows::default();
        rows.kill(game, &victim, shooters);
        eagles_db::debriefs::write(&mut conn, &rows).await.unwrap();
    }

    /// An injury from a game of `week`: out of service for `weeks_out` weeks after it
    /// (R7), so through week `week + weeks_out`.
    pub async fn injury(&self, crew_id: i64, game: i64, week: i32, kind: &str, weeks_out: i32) {
        let mut conn = self.app.pool.get().await.unwrap();
        let mut rows = DebriefRows::default();
        let injury = CasualtyRecord {
            crew_id,
            game_id: Some(game),
            week,
            kind: kind.parse().unwrap(),
            weeks_out: Some(weeks_out),
            out_until_week: Some(week + weeks_out),
            sent_home: false,
        };
        rows.casualty(injury, CasualtyRoll::None);
        eagles_db::debriefs::write(&mut conn, &rows).await.unwrap();
    }

    /// The XP awards of a game of `week`.
    pub async fn awards(&self, game: i64, week: i32, awards: &[AwardSpec<'_>]) {
        let mut conn = self.app.pool.get().await.unwrap();
        let mut rows = DebriefRows::default();
        for a in awards {
            rows.award(&NewAward {
                campaign_id: self.campaign,
                crew_id: a.crew_id,
                week,
                game_id: Some(game),
                points: a.points,
                kind: a.kind,
                reason: a.reason,
                two_seater_mission: a.two_seater_mission,
                reverses: None,
            });
        }
        eagles_db::debriefs::write(&mut conn, &rows).await.unwrap();
    }

    /// Voids a game in `week`: its rows stay, it stops counting from `week` on, and
    /// each of its awards is cancelled by a reversing entry stamped `week`.
    pub async fn void(&self, game: i64, week: i32) {
        let mut conn = self.app.pool.get().await.unwrap();
        diesel::update(games::table.find(game))
            .set((
                games::voided_week.eq(Some(week)),
                games::voided_at.eq(Some(chrono::Utc::now())),
                games::voided_by.eq(Some(self.referee_id)),
            ))
            .execute(&mut conn)
            .await
            .unwrap();
        let originals: Vec<(i64, i64, i32, String, String, bool)> = xp_awards::table
            .filter(xp_awards::game_id.eq(game))
            .filter(xp_awards::reverses.is_null())
            .select((
                xp_awards::id,
                xp_awards::crew_id,
                xp_awards::points,
                xp_awards::kind,
                xp_awards::reason,
                xp_awards::two_seater_mission,
            ))
            .order(xp_awards::id)
            .load(&mut conn)
            .await
            .unwrap();
        for (id, crew_id, points, kind, reason, two_seater) in originals {
            diesel::insert_into(xp_awards::table)
                .values((
                    xp_awards::campaign_id.eq(self.campaign),
                    xp_awards::crew_id.eq(crew_id),
                    xp_awards::week.eq(week),
                    xp_awards::game_id.eq(Some(game)),
                    xp_awards::points.eq(-points),
                    xp_awards::kind.eq(kind),
                    xp_awards::reason.eq(format!("game {game} voided: {reason}")),
                    xp_awards::two_seater_mission.eq(two_seater),
                    xp_awards::reverses.eq(Some(id)),
                ))
                .execute(&mut conn)
                .await
                .unwrap();
        }
    }

    /// Closes the current week as `POST /weeks/close` will: the next week begins.
    pub async fn close_week(&self) {
        let mut conn = self.app.pool.get().await.unwrap();
        diesel::update(campaigns::table.find(self.campaign))
            .set(campaigns::current_week.eq(campaigns::current_week + 1))
            .execute(&mut conn)
            .await
            .unwrap();
    }
}

/// Creates a starting crewman (50 XP, R3) for `owner` through the API; returns his id.
pub async fn crewman(
    app: &TestApp,
    referee: &str,
    campaign: i64,
    owner: &str,
    name: &str,
    role: &str,
    nationality: &str,
) -> i64 {
    let response = app
        .post(
            &format!("/api/v1/campaigns/{campaign}/crew"),
            Some(referee),
            &json!({ "name": name, "role": role, "nationality": nationality, "owner": owner }),
        )
        .await;
    assert_eq!(response.status(), StatusCode::CREATED);
    body(response).await["id"].as_i64().unwrap()
}
