//! Fixtures of the campaign loop: a campaign with a referee and one player per side,
//! crewmen, games and missions through the API, and debriefs through the use cases.

use reqwest::{Method, Response, StatusCode};
use serde_json::{json, Value};

use super::builders::Referee;
use super::reports::{pilot, Debriefing, ALBATROS, CENTRAL};
use super::world::CampaignBuilder;
use super::{body, TestApp};

/// A campaign refereed by `referee`, with `ada` playing Allied and `karl` Central.
pub struct Loop {
    pub app: TestApp,
    pub campaign: i64,
    pub referee: String,
    pub ada: String,
    pub karl: String,
    /// Rita's hand on the campaign, writing through the use cases.
    pub office: Referee,
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
        let mut world = CampaignBuilder::new("rita", start_date)
            .public(public)
            .player("ada", "allied")
            .player("karl", "central")
            .build(&app)
            .await;
        Loop {
            app,
            campaign: world.campaign,
            referee: world.referee,
            ada: world.tokens.remove("ada").unwrap(),
            karl: world.tokens.remove("karl").unwrap(),
            office: world.office,
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
        let recruit = (name, role, nationality, owner);
        self.app
            .crewman(&self.referee, self.campaign, recruit)
            .await
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

    /// Debriefs `game`, both of whose missions are rolled, as played by no aircraft.
    pub async fn debrief_unflown(&self, game: i64) {
        self.office.debrief_empty(game, 10).await;
    }
}

/// A campaign of the loop furnished with one of each thing a path can name: a pilot
/// of each side (Ada's Ball, Karl's Voss), a game of week 1 with both sides' missions
/// rolled, an aircraft type, and an award of the ledger for Voss: his turn on the
/// board in a second game of week 1, debriefed.
pub struct Furnished {
    pub game: Loop,
    pub ada_pilot: i64,
    pub karl_pilot: i64,
    pub game_id: i64,
    pub central_mission: i64,
    pub aircraft: i64,
    pub award: i64,
    /// Karl's sortie in the game (R16): his second pilot, Wolff, in the aircraft type.
    pub sortie: i64,
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
            .replace("{sid}", &self.sortie.to_string())
            .replace("{id}", &self.karl_pilot.to_string())
            .replace("{username}", "karl")
            .replace("{n}", "1")
    }

    /// A body the API accepts for the write `(method, last segment of its path)`
    /// when its body names these things or a member to add: Ada (Allied) asks for a
    /// crewman owned by Karl, Karl's pilot is assigned. `None` for other writes.
    pub fn body(&self, method: &str, template: &str) -> Option<Value> {
        if template.ends_with("/sorties/{sid}/rolls") {
            return Some(json!({ "table": "friendly_fire" }));
        }
        Some(match (method, template.rsplit('/').next().unwrap()) {
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
            ("POST", "sorties") => json!({ "aircraft_id": self.aircraft,
                                           "crew": [{ "crew_id": self.karl_pilot, "position": "pilot" }] }),
            ("POST", "marks") => json!({ "kind": "turn", "turn": 1 }),
            _ => return None,
        })
    }

    /// Furnishes `game`'s campaign.
    pub async fn new(game: Loop) -> Self {
        let ada_pilot = game.crewman("Ball", "pilot", "british", "ada").await;
        let karl_pilot = game.crewman("Voss", "pilot", "german", "karl").await;
        let game_id = game.open_game([3, 4]).await["id"].as_i64().unwrap();
        game.mission(game_id, "allied", &[9]).await;
        let central_mission = game.mission(game_id, "central", &[9]).await["id"]
            .as_i64()
            .unwrap();
        let aircraft = super::aircraft_id(&game.app, "Albatros D-III").await;
        let office = &game.office;
        let flown = office.sweep_game().await;
        let debriefed = Debriefing::new(1)
            .sorties([CENTRAL.sweep("c1", ALBATROS, 1, pilot(karl_pilot, 0))])
            .debrief(office, flown.id)
            .await;
        // R5: his only award, "1 turn on the board: 1".
        let award = debriefed["awards"][0]["id"].as_i64().unwrap();
        let wolff = game.crewman("Wolff", "pilot", "german", "karl").await;
        let declared = game
            .app
            .post(
                &format!("/api/v1/campaigns/{}/games/{game_id}/sorties", game.campaign),
                Some(&game.referee),
                &json!({ "aircraft_id": aircraft, "crew": [{ "crew_id": wolff, "position": "pilot" }] }),
            )
            .await;
        assert_eq!(declared.status(), reqwest::StatusCode::CREATED);
        let sortie = super::body(declared).await["id"].as_i64().unwrap();
        Furnished {
            game,
            ada_pilot,
            karl_pilot,
            game_id,
            central_mission,
            aircraft,
            award,
            sortie,
        }
    }
}
