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
        let app = TestApp::spawn().await;
        let referee = app.sign_up("rita", false).await;
        let ada = app.sign_up("ada", false).await;
        let karl = app.sign_up("karl", false).await;
        let campaign = app.campaign(&referee, start_date, false).await;
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
