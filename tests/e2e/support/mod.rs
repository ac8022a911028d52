//! The end-to-end harness: the real HTTP server on a free port, over a database of its
//! own, called with a real HTTP client.

pub mod accounts;
pub mod builders;
pub mod claims;
pub mod database;
pub mod fixtures_debrief;
pub mod fixtures_games;
pub mod instance;
pub mod page_form;
pub mod reports;
pub mod server;
pub mod statements;
pub mod wait;
pub mod world;

use eagles_db::DbPool;
use reqwest::{Method, RequestBuilder, Response, StatusCode};
use serde_json::{json, Value};

/// The campaign writes of API.md (method and path template), but the voids of a
/// debrief and of an award: an ended campaign refuses each, and each goes through the
/// write envelope.
pub const CAMPAIGN_WRITES: [&str; 15] = [
    "POST /api/v1/campaigns/{cid}/members",
    "PATCH /api/v1/campaigns/{cid}/members/{username}",
    "POST /api/v1/campaigns/{cid}/crew",
    "POST /api/v1/campaigns/{cid}/crew/{id}/abilities",
    "POST /api/v1/campaigns/{cid}/games",
    "POST /api/v1/campaigns/{cid}/games/{gid}/missions",
    "PUT /api/v1/campaigns/{cid}/games/{gid}/missions/{mid}/assignment",
    "POST /api/v1/campaigns/{cid}/games/{gid}/debrief",
    "POST /api/v1/campaigns/{cid}/rolls",
    "POST /api/v1/campaigns/{cid}/weeks/close",
    "POST /api/v1/campaigns/{cid}/end",
    "POST /api/v1/campaigns/{cid}/games/{gid}/sorties",
    "DELETE /api/v1/campaigns/{cid}/games/{gid}/sorties/{sid}",
    "POST /api/v1/campaigns/{cid}/games/{gid}/sorties/{sid}/marks",
    "POST /api/v1/campaigns/{cid}/games/{gid}/sorties/{sid}/rolls",
];

/// A running server and a client for it.
pub struct TestApp {
    pub address: String,
    pub pool: DbPool,
    pub client: reqwest::Client,
    /// The test's own database, when the harness made it: dropped after the pool, and
    /// with it the database where it is (`database::TestDatabase`).
    pub _database: Option<database::TestDatabase>,
}

impl TestApp {
    /// Starts the server over a fresh database.
    pub async fn spawn() -> TestApp {
        let database = database::fresh_database().await;
        let app = Self::on_database(database.url());
        TestApp {
            _database: Some(database),
            ..app
        }
    }

    /// Starts the server over an existing database.
    pub fn on_database(database_url: &str) -> TestApp {
        let pool = eagles_db::build_pool(database_url, eagles_db::PoolSettings::default());
        let address = server::start(pool.clone());
        TestApp {
            address,
            pool,
            client: reqwest::Client::new(),
            _database: None,
        }
    }

    /// A request to `path` (e.g. `/api/v1/campaigns`), with a token when given.
    pub fn request(&self, method: Method, path: &str, token: Option<&str>) -> RequestBuilder {
        let request = self
            .client
            .request(method, format!("{}{path}", self.address));
        match token {
            Some(token) => request.bearer_auth(token),
            None => request,
        }
    }

    pub async fn get(&self, path: &str, token: Option<&str>) -> Response {
        self.request(Method::GET, path, token)
            .send()
            .await
            .expect("GET")
    }

    pub async fn post(&self, path: &str, token: Option<&str>, body: &Value) -> Response {
        self.request(Method::POST, path, token)
            .json(body)
            .send()
            .await
            .expect("POST")
    }

    /// Creates an account directly in the database (as `eagles user add` does) and
    /// returns a token for it from `POST /api/v1/tokens`.
    pub async fn sign_up(&self, username: &str, admin: bool) -> String {
        let password = format!("password-of-{username}");
        builders::account(&self.pool, username, &password, admin).await;
        accounts::token(self, username, &password).await
    }

    /// Creates a campaign refereed by `token`'s user and returns its id.
    pub async fn campaign(&self, token: &str, start_date: &str, public: bool) -> i64 {
        let response = self
            .post(
                "/api/v1/campaigns",
                Some(token),
                &json!({ "name": "Bloody April", "start_date": start_date, "public": public }),
            )
            .await;
        assert_eq!(response.status(), StatusCode::CREATED);
        body(response).await["id"].as_i64().unwrap()
    }

    /// Adds `username` to a campaign as a player of `side`.
    pub async fn add_player(&self, referee: &str, campaign: i64, username: &str, side: &str) {
        let response = self
            .post(
                &format!("/api/v1/campaigns/{campaign}/members"),
                Some(referee),
                &json!({ "username": username, "role": "player", "side": side }),
            )
            .await;
        assert_created(response).await;
    }

    /// Creates a starting crewman `(name, role, nationality, owner)` of a campaign as
    /// its referee (50 XP, R3); returns his id.
    pub async fn crewman(
        &self,
        referee: &str,
        campaign: i64,
        (name, role, nationality, owner): (&str, &str, &str, &str),
    ) -> i64 {
        let response = self
            .post(
                &format!("/api/v1/campaigns/{campaign}/crew"),
                Some(referee),
                &json!({ "name": name, "role": role, "nationality": nationality, "owner": owner }),
            )
            .await;
        assert_eq!(response.status(), StatusCode::CREATED);
        body(response).await["id"].as_i64().unwrap()
    }

    /// The referee `username`'s hand on `campaign`, writing through the use cases.
    pub async fn referee(&self, username: &str, campaign: i64) -> builders::Referee {
        builders::Referee::of(&self.pool, username, campaign).await
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

/// Creates the recruits one after the other through the API (50 XP each, R3); returns
/// their ids.
pub async fn enlist<const N: usize>(
    app: &TestApp,
    referee: &str,
    campaign: i64,
    recruits: [reports::Recruit; N],
) -> [i64; N] {
    let mut ids = [0; N];
    for (id, (owner, name, role, nationality)) in ids.iter_mut().zip(recruits) {
        *id = app
            .crewman(referee, campaign, (name, role, nationality, owner))
            .await;
    }
    ids
}

/// Asserts that `response` is a 201, with its body in the message when it is not.
pub async fn assert_created(response: Response) {
    assert_eq!(
        response.status(),
        StatusCode::CREATED,
        "{}",
        body(response).await
    );
}

/// The JSON body of a response.
pub async fn body(response: Response) -> Value {
    response.json().await.expect("a JSON body")
}

/// Asserts a problem+json error with this status and returns its `detail`.
pub async fn problem(response: Response, status: StatusCode) -> String {
    assert_eq!(response.status(), status);
    let content_type = response
        .headers()
        .get("content-type")
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default()
        .to_owned();
    assert_eq!(content_type, "application/problem+json");
    let problem = body(response).await;
    assert_eq!(problem["status"], status.as_u16());
    assert!(problem["type"].is_string() && problem["title"].is_string());
    problem["detail"].as_str().expect("a detail").to_owned()
}
pub mod form_client;

/// `eagles serve` as its own process on `port` over the database at `database_url`,
/// as a second instance would run (four pooled connections, warnings only, output
/// dropped: unread pipes would fill up and stop it). Add settings, then spawn it.
pub fn serve_command(database_url: &str, port: u16) -> std::process::Command {
    let mut command = std::process::Command::new(env!("CARGO_BIN_EXE_eagles"));
    command
        .args(["serve", "--bind", &format!("127.0.0.1:{port}")])
        .env("DATABASE_URL", database_url)
        .env("RUST_LOG", "warn")
        .env("EAGLES_POOL_SIZE", "4")
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null());
    command
}
