//! Fixtures of the campaign loop: a campaign with a referee and one player per side,
//! crewmen, games and missions, and direct writes for states no endpoint makes here
//! (a casualty, a debriefed game).

use eagles_db::diesel::sql_types::{BigInt, Integer, Nullable, Text};
use eagles_db::diesel_async::RunQueryDsl;
use reqwest::{Method, Response, StatusCode};
use serde_json::{json, Value};

use super::{body, TestApp};

/// A campaign refereed by `referee`, with `ada` playing Allied and `karl` Central.
pub struct Loop {
    pub app: TestApp,
    pub campaign: i64,
    pub referee: String,
    pub ada: String,
    pub karl: String,
}

impl Loop {
    /// Starts a server and sets up a private campaign starting on `start_date`.
    pub async fn start(start_date: &str) -> Loop {
        Self::start_campaign(start_date, false).await
    }

    /// Starts a server and sets up a campaign starting on `start_date`, public or not;
    /// rita referees it.
    pub async fn start_campaign(start_date: &str, public: bool) -> Loop {
        let app = TestApp::spawn().await;
        let referee = app.sign_up("rita", false).await;
        let ada = app.sign_up("ada", false).await;
        let karl = app.sign_up("karl", false).await;
        let campaign = app.campaign(&referee, start_date, public).await;
        app.add_player(&referee, campaign, "ada", "allied").await;
        app.add_player(&referee, campaign, "karl", "central").await;
        Loop {
            app,
            campaign,
            referee,
            ada,
            karl,
        }
    }

    /// `/api/v1/campaigns/{cid}` followed by `rest`.
    pub fn path(&self, rest: &str) -> String {
        format!("/api/v1/campaigns/{}{rest}", self.campaign)
    }

    pub async fn post(&self, rest: &str, token: Option<&str>, body: &Value) -> Response {
        self.app.post(&self.path(rest), token, body).await
    }

    pub async fn get(&self, rest: &str, token: Option<&str>) -> Response {
        self.app.get(&self.path(rest), token).await
    }

    pub async fn put(&self, rest: &str, token: Option<&str>, body: &Value) -> Response {
        self.app
            .request(Method::PUT, &self.path(rest), token)
            .json(body)
            .send()
            .await
            .expect("PUT")
    }

    /// Creates a crewman (by the referee) for `owner` and returns his id.
    pub async fn crewman(&self, name: &str, role: &str, nationality: &str, owner: &str) -> i64 {
        let response = self
            .post(
                "/crew",
                Some(&self.referee),
                &json!({ "name": name, "role": role, "nationality": nationality, "owner": owner }),
            )
            .await;
        assert_eq!(response.status(), StatusCode::CREATED);
        body(response).await["id"].as_i64().unwrap()
    }

    /// Opens a game with entered ground-offensive dice; returns the game.
    pub async fn open_game(&self, dice: [u32; 2]) -> Value {
        let response = self
            .post("/games", Some(&self.referee), &json!({ "dice": dice }))
            .await;
        assert_eq!(response.status(), StatusCode::CREATED);
        body(response).await
    }

    /// Rolls a side's mission with entered dice, as the referee; returns the mission.
    pub async fn mission(&self, game: i64, side: &str, dice: &[u32]) -> Value {
        let response = self
            .post(
                &format!("/games/{game}/missions"),
                Some(&self.referee),
                &json!({ "side": side, "dice": dice }),
            )
            .await;
        assert_eq!(response.status(), StatusCode::CREATED);
        body(response).await
    }

    /// Marks a game debriefed directly in the database.
    pub async fn mark_debriefed(&self, game: i64) {
        let mut conn = self.app.pool.get().await.unwrap();
        crate::support::raise_revisions(&conn).await;
        eagles_db::diesel::sql_query("UPDATE games SET debriefed_at = now() WHERE id = $1")
            .bind::<BigInt, _>(game)
            .execute(&mut conn)
            .await
            .unwrap();
    }

    /// Records a casualty directly in the database (no game): `kind` in `week`, out
    /// until `out_until_week` (null for a death).
    pub async fn casualty(&self, crew: i64, week: i32, kind: &str, out_until_week: Option<i32>) {
        let mut conn = self.app.pool.get().await.unwrap();
        crate::support::raise_revisions(&conn).await;
        eagles_db::diesel::sql_query(
            "INSERT INTO casualties (crew_id, week, kind, weeks_out, out_until_week)
             VALUES ($1, $2, $3, $4 - $2, $4)",
        )
        .bind::<BigInt, _>(crew)
        .bind::<Integer, _>(week)
        .bind::<Text, _>(kind)
        .bind::<Nullable<Integer>, _>(out_until_week)
        .execute(&mut conn)
        .await
        .unwrap();
    }
}

/// A campaign of the loop furnished with one of each thing a path can name: a pilot
/// of each side (Ada's Ball, Karl's Voss), a game of week 1 with both sides' missions
/// rolled, an aircraft type, and an award of the ledger for Voss in that game,
/// written as a debrief would.
pub struct Furnished {
    pub game: Loop,
    pub ada_pilot: i64,
    pub karl_pilot: i64,
    pub game_id: i64,
    pub central_mission: i64,
    pub aircraft: i64,
    pub award: i64,
}

impl Furnished {
    /// The path `template` with the ids of these things filled in: `{id}` and
    /// `{username}` name Karl's pilot and Karl, `{n}` week 1.
    pub fn fill(&self, template: &str) -> String {
        template
            .replace("{cid}", &self.game.campaign.to_string())
            .replace("{gid}", &self.game_id.to_string())
            .replace("{mid}", &self.central_mission.to_string())
            .replace("{aid}", &self.award.to_string())
            .replace("{id}", &self.karl_pilot.to_string())
            .replace("{username}", "karl")
            .replace("{n}", "1")
    }

    /// A body the API accepts for the write `(method, last segment of its path)`
    /// when its body names these things or a member to add: Ada (Allied) asks for a
    /// crewman owned by Karl, Karl's pilot is assigned. `None` for other writes.
    pub fn body(&self, write: (&str, &str)) -> Option<Value> {
        Some(match write {
            ("POST", "members") => json!({ "username": "sam", "role": "player", "side": "allied" }),
            ("POST", "crew") => json!({ "name": "Udet", "role": "pilot",
                                        "nationality": "german", "owner": "karl" }),
            ("POST", "abilities") => json!({ "ability": "tailing" }),
            ("POST", "missions") => json!({ "side": "central" }),
            ("PUT", "assignment") => json!({ "aircraft_id": self.aircraft,
                                             "pilot_id": self.karl_pilot, "observer_id": null }),
            ("POST", "debrief") => json!({ "turns_played": 10, "sorties": [] }),
            ("POST", "void") => json!({ "reason": "entered twice" }),
            ("POST", "rolls") => json!({ "table": "d6", "modifiers": {} }),
            _ => return None,
        })
    }

    /// Furnishes `game`'s campaign; the award is of `kind` for `reason`.
    pub async fn new(game: Loop, (kind, reason): (&str, &str)) -> Self {
        use eagles_db::diesel;
        use eagles_db::diesel::QueryableByName;

        #[derive(QueryableByName)]
        struct Id {
            #[diesel(sql_type = BigInt)]
            id: i64,
        }
        let ada_pilot = game.crewman("Ball", "pilot", "british", "ada").await;
        let karl_pilot = game.crewman("Voss", "pilot", "german", "karl").await;
        let game_id = game.open_game([3, 4]).await["id"].as_i64().unwrap();
        game.mission(game_id, "allied", &[9]).await;
        let central_mission = game.mission(game_id, "central", &[9]).await["id"]
            .as_i64()
            .unwrap();
        let aircraft = aircraft_id(&game.app, "Albatros D-III").await;
        let mut conn = game.app.pool.get().await.unwrap();
        crate::support::raise_revisions(&conn).await;
        let award = eagles_db::diesel::sql_query(
            "INSERT INTO xp_awards (crew_id, campaign_id, game_id, week, points, kind, reason)
             VALUES ($1, $2, $3, 1, 1, $4, $5) RETURNING id",
        )
        .bind::<BigInt, _>(karl_pilot)
        .bind::<BigInt, _>(game.campaign)
        .bind::<BigInt, _>(game_id)
        .bind::<Text, _>(kind)
        .bind::<Text, _>(reason)
        .get_result::<Id>(&mut conn)
        .await
        .unwrap()
        .id;
        drop(conn);
        Furnished {
            game,
            ada_pilot,
            karl_pilot,
            game_id,
            central_mission,
            aircraft,
            award,
        }
    }
}

/// The id of an aircraft type of appendix A or B, by name.
pub async fn aircraft_id(app: &TestApp, name: &str) -> i64 {
    let types = body(app.get("/api/v1/aircraft", None).await).await;
    types
        .as_array()
        .unwrap()
        .iter()
        .find(|t| t["name"] == name)
        .unwrap_or_else(|| panic!("no aircraft type {name}"))["id"]
        .as_i64()
        .unwrap()
}
