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

impl Seat {
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

impl<'a> SortieSpec<'a> {
    /// The same sortie, its aircraft lost.
    pub fn lost(self) -> SortieSpec<'a> {
        SortieSpec {
            aircraft_lost: true,
            ..self
        }
    }
}

/// A side, whose sorties are written as flown: `ALLIED.sweep("a2", …)`.
pub struct Side(&'static str);

pub const ALLIED: Side = Side("allied");
pub const CENTRAL: Side = Side("central");

impl Side {
    /// A sortie flying the side's mission, `turns` turns on the board; it came home.
    pub fn mission<'a>(
        &self,
        key: &'a str,
        aircraft: &'a str,
        turns: i32,
        crew: impl IntoIterator<Item = Seat>,
    ) -> SortieSpec<'a> {
        SortieSpec {
            key,
            side: self.0,
            aircraft,
            assignment: "mission",
            turns_on_board: turns,
            aircraft_lost: false,
            crew: crew.into_iter().collect(),
        }
    }

    /// A single-seater on fighter sweep; it came home.
    pub fn sweep<'a>(
        &self,
        key: &'a str,
        aircraft: &'a str,
        turns: i32,
        pilot: Seat,
    ) -> SortieSpec<'a> {
        SortieSpec {
            assignment: "sweep",
            ..self.mission(key, aircraft, turns, [pilot])
        }
    }
}

/// An XP award to write, as the debrief words it (R4, R5, appendix E).
pub struct Award {
    pub points: i32,
    pub kind: &'static str,
    pub reason: String,
    /// A mission award earned in a two-seater (R12 doubles it for the side).
    pub two_seater_mission: bool,
}

fn plain(points: i32, kind: &'static str, reason: String) -> Award {
    Award {
        points,
        kind,
        reason,
        two_seater_mission: false,
    }
}

impl Award {
    /// The same mission award, earned in a two-seater.
    fn in_two_seater(self) -> Award {
        Award {
            two_seater_mission: true,
            ..self
        }
    }
}

/// `n` turns on the board, a point each (R5).
pub fn turns(n: i32) -> Award {
    plain(n, "turns", format!("{n} turns on the board: {n}"))
}

/// A kill alone: 24.
pub fn kill() -> Award {
    plain(24, "kill", "kill: 24".into())
}

/// A kill shared by two: 12 each.
pub fn shared_kill() -> Award {
    plain(12, "kill", "kill shared with 2: 12".into())
}

/// `hits` Red hits on fighter sweep, worth `points`.
pub fn red_hits(hits: i32, points: i32) -> Award {
    let reason = format!("{hits} Red hits on fighter sweep: {points}");
    plain(points, "red_hits", reason)
}

/// An observer's sortie: 5.
pub fn sortie_flown() -> Award {
    plain(5, "sortie", "sortie flown: 5".into())
}

/// A successful fighter sweep: 5.
pub fn sweep_succeeded() -> Award {
    plain(5, "mission_success", "fighter sweep succeeded: 5".into())
}

/// The enemy HQ observed from a two-seater, worth `points`.
pub fn hq_observed(points: i32) -> Award {
    let reason = format!("observe enemy HQ succeeded: {points}");
    plain(points, "mission_success", reason).in_two_seater()
}

/// `trips` artillery trips directed from a two-seater, worth `points`.
pub fn artillery_trips(trips: i32, points: i32) -> Award {
    let reason = format!("{trips} artillery trips: {points}");
    plain(points, "mission_units", reason).in_two_seater()
}

/// Writes the ledger of one campaign.
#[derive(Clone, Copy)]
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
        crate::support::raise_revisions(&conn).await;
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
    pub async fn game(&self, week: i32, turns_played: i32) -> Game<'a> {
        let roll = self
            .roll(week, None, None, "ground_offensive", "quiet")
            .await;
        let mut conn = self.app.pool.get().await.unwrap();
        crate::support::raise_revisions(&conn).await;
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
        Game {
            ledger: *self,
            id: game,
            week,
        }
    }

    /// Closes the current week as `POST /weeks/close` will: the next week begins.
    pub async fn close_week(&self) {
        let mut conn = self.app.pool.get().await.unwrap();
        crate::support::raise_revisions(&conn).await;
        diesel::update(campaigns::table.find(self.campaign))
            .set(campaigns::current_week.eq(campaigns::current_week + 1))
            .execute(&mut conn)
            .await
            .unwrap();
    }
}

/// A game of the ledger, written as its debrief would be.
pub struct Game<'a> {
    ledger: Ledger<'a>,
    pub id: i64,
    pub week: i32,
}

impl Game<'_> {
    /// The side's mission of this game, with its debriefed result.
    pub async fn mission(&self, side: &str, mission_type: &str, success: bool) -> i64 {
        let ledger = self.ledger;
        let roll = ledger
            .roll(
                self.week,
                Some(self.id),
                Some(side),
                "mission",
                mission_type,
            )
            .await;
        let mut conn = ledger.app.pool.get().await.unwrap();
        crate::support::raise_revisions(&conn).await;
        diesel::insert_into(missions::table)
            .values((
                missions::game_id.eq(self.id),
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

    /// The sorties and their crews, one after the other; returns the sorties' ids.
    pub async fn sorties<const N: usize>(&self, specs: [SortieSpec<'_>; N]) -> [i64; N] {
        let mut ids = [0; N];
        for (id, spec) in ids.iter_mut().zip(specs) {
            *id = self.sortie(spec).await;
        }
        ids
    }

    async fn sortie(&self, spec: SortieSpec<'_>) -> i64 {
        let game = self.id;
        let mut conn = self.ledger.app.pool.get().await.unwrap();
        crate::support::raise_revisions(&conn).await;
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
        eagles_db::debriefs::write(&conn, &rows).await.unwrap();
        sorties::table
            .filter(sorties::game_id.eq(game))
            .filter(sorties::key.eq(spec.key))
            .select(sorties::id)
            .first(&mut conn)
            .await
            .unwrap()
    }

    /// A kill of the aircraft flown on `victim_sortie`, credited to `shooters`.
    pub async fn kill(&self, victim_sortie: i64, shooters: &[i64]) {
        let mut conn = self.ledger.app.pool.get().await.unwrap();
        crate::support::raise_revisions(&conn).await;
        let victim: String = sorties::table
            .find(victim_sortie)
            .select(sorties::key)
            .first(&mut conn)
            .await
            .unwrap();
        let mut rows = DebriefRows::default();
        rows.kill(self.id, &victim, shooters);
        eagles_db::debriefs::write(&conn, &rows).await.unwrap();
    }

    /// An injury from this game: out of service for `weeks_out` weeks after its week
    /// (R7), so through week `week + weeks_out`.
    pub async fn injury(&self, crew_id: i64, kind: &str, weeks_out: i32) {
        let week = self.week;
        let conn = self.ledger.app.pool.get().await.unwrap();
        crate::support::raise_revisions(&conn).await;
        let mut rows = DebriefRows::default();
        let injury = CasualtyRecord {
            crew_id,
            game_id: Some(self.id),
            week,
            kind: kind.parse().unwrap(),
            weeks_out: Some(weeks_out),
            out_until_week: Some(week + weeks_out),
            sent_home: false,
        };
        rows.casualty(injury, CasualtyRoll::None);
        eagles_db::debriefs::write(&conn, &rows).await.unwrap();
    }

    /// The XP awards of the game, crewman by crewman, stamped with its week.
    pub async fn awards(&self, awards: &[(i64, &[Award])]) {
        let conn = self.ledger.app.pool.get().await.unwrap();
        crate::support::raise_revisions(&conn).await;
        let mut rows = DebriefRows::default();
        for (crew_id, earned) in awards {
            for a in *earned {
                rows.award(&NewAward {
                    campaign_id: self.ledger.campaign,
                    crew_id: *crew_id,
                    week: self.week,
                    game_id: Some(self.id),
                    points: a.points,
                    kind: a.kind,
                    reason: &a.reason,
                    two_seater_mission: a.two_seater_mission,
                    reverses: None,
                });
            }
        }
        eagles_db::debriefs::write(&conn, &rows).await.unwrap();
    }

    /// The awards of the worked week-1 dogfight (R4, appendix E), for `[Hawker,
    /// Mottershead, Bishop, Richthofen, Voss]`: the Strutter's 20 turns observing the
    /// HQ (pilot 10, observer 20) and the shared kill of Voss (12 each); Bishop's 12
    /// turns; Richthofen's 20 turns, kill of Bishop and 3 Red hits on fighter sweep;
    /// Voss's 20 turns.
    pub async fn week_one_awards(&self, [hawker, mott, bishop, richt, voss]: [i64; 5]) {
        self.awards(&[
            (hawker, &[turns(20), shared_kill(), hq_observed(10)]),
            (mott, &[sortie_flown(), shared_kill(), hq_observed(20)]),
            (bishop, &[turns(12)]),
            (richt, &[turns(20), kill(), red_hits(3, 6)]),
            (voss, &[turns(20)]),
        ])
        .await;
    }

    /// Voids the game in `week`: its rows stay, it stops counting from `week` on, and
    /// each of its awards is cancelled by a reversing entry stamped `week`.
    pub async fn void(&self, week: i32) {
        let (ledger, game) = (self.ledger, self.id);
        let mut conn = ledger.app.pool.get().await.unwrap();
        crate::support::raise_revisions(&conn).await;
        diesel::update(games::table.find(game))
            .set((
                games::voided_week.eq(Some(week)),
                games::voided_at.eq(Some(chrono::Utc::now())),
                games::voided_by.eq(Some(ledger.referee_id)),
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
                    xp_awards::campaign_id.eq(ledger.campaign),
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

/// A starting crewman to create: `(owner, name, role, nationality)`.
pub type Recruit = (&'static str, &'static str, &'static str, &'static str);

// The aircraft and the crewmen the standings tests fly: ada and cy play the Allies,
// bob and dan the Central Powers.
pub const STRUTTER: &str = "Sopwith 1 1/2 Strutter";
pub const NIEUPORT: &str = "Nieuport 17";
pub const ALBATROS: &str = "Albatros D-III";
pub const ALBATROS_C: &str = "Albatros C-III";

pub const HAWKER: Recruit = ("ada", "Lanoe Hawker", "pilot", "british");
pub const MOTT: Recruit = ("ada", "Mottershead", "observer", "british");
pub const BALL: Recruit = ("cy", "Albert Ball", "pilot", "british");
pub const BISHOP: Recruit = ("cy", "Billy Bishop", "pilot", "commonwealth");
pub const RICHT: Recruit = ("bob", "Manfred von Richthofen", "pilot", "german");
pub const VOSS: Recruit = ("bob", "Werner Voss", "pilot", "german");
pub const KOSMAHL: Recruit = ("bob", "Fritz Kosmahl", "observer", "german");
pub const WOLFF: Recruit = ("dan", "Kurt Wolff", "pilot", "german");

/// Creates the recruits one after the other, as [`crewman`] does; returns their ids.
pub async fn enlist<const N: usize>(
    app: &TestApp,
    referee: &str,
    campaign: i64,
    recruits: [Recruit; N],
) -> [i64; N] {
    let mut ids = [0; N];
    for (id, (owner, name, role, nationality)) in ids.iter_mut().zip(recruits) {
        *id = crewman(app, referee, campaign, owner, name, role, nationality).await;
    }
    ids
}
