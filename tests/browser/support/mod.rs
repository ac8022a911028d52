//! The page-test harness: the server over a fresh database, accounts, and a visitor
//! that signs in and sends forms over plain HTTP with its session cookie.

pub mod api;
pub mod browser;
pub mod cdp;
pub mod follow;

use eagles_db::DbPool;
use reqwest::header::{COOKIE, SET_COOKIE};
use reqwest::{redirect, Response, StatusCode};

use crate::builders::Referee;
use crate::database::{self, TestDatabase};
use crate::reports::{self, fly_alone, ALLIED, NIEUPORT};
use crate::server;

/// A running server over its own database.
pub struct TestApp {
    pub address: String,
    pub pool: DbPool,
    /// Dropped after the pool, and with it the database where it is (TestDatabase).
    pub _database: TestDatabase,
}

impl TestApp {
    /// Starts the server over a fresh database.
    pub async fn spawn() -> TestApp {
        Self::over(database::fresh_database().await)
    }

    /// Starts the server over a fresh database holding the demo campaign (`eagles seed
    /// demo`); returns it and the demo accounts' password.
    pub async fn demo() -> (TestApp, String) {
        let (database, out) = database::demo_database().await;
        let password = out
            .trim()
            .rsplit(' ')
            .next()
            .expect("the seed prints the password last")
            .to_owned();
        (Self::over(database), password)
    }

    fn over(database: TestDatabase) -> TestApp {
        let pool = eagles_db::build_pool(database.url(), eagles_db::PoolSettings::default());
        TestApp {
            address: server::start(pool.clone()),
            pool,
            _database: database,
        }
    }

    /// Creates an account directly in the database, as `eagles user add` does; its
    /// password is [`password_of`] its name.
    pub async fn add_user(&self, username: &str, admin: bool) -> i64 {
        crate::builders::account(&self.pool, username, &password_of(username), admin).await
    }

    /// Creates these accounts, none an admin.
    pub async fn add_users(&self, usernames: &[&str]) {
        for username in usernames {
            self.add_user(username, false).await;
        }
    }

    /// A visitor without a session.
    pub fn visitor(&self) -> Visitor {
        Visitor {
            address: self.address.clone(),
            client: reqwest::Client::builder()
                .redirect(redirect::Policy::none())
                .build()
                .unwrap(),
            cookie: None,
        }
    }

    /// A visitor signed in as `username`, with the CSRF token of its session.
    pub async fn signed_in(&self, username: &str) -> (Visitor, String) {
        let mut visitor = self.visitor();
        let csrf = visitor.sign_in(username).await;
        (visitor, csrf)
    }
}

/// The password the harness gives an account.
pub fn password_of(username: &str) -> String {
    format!("password-of-{username}")
}

/// A client that keeps the session cookie, as a browser would, and follows no
/// redirect, so tests see the 303 of a form that worked.
pub struct Visitor {
    address: String,
    client: reqwest::Client,
    pub cookie: Option<String>,
}

impl Visitor {
    fn remember(&mut self, response: &Response) {
        if let Some(set) = response.headers().get(SET_COOKIE) {
            let pair = set.to_str().unwrap().split(';').next().unwrap().to_owned();
            self.cookie = Some(pair).filter(|p| !p.ends_with('='));
        }
    }

    pub async fn get(&mut self, path: &str) -> Response {
        let mut request = self.client.get(format!("{}{path}", self.address));
        if let Some(cookie) = &self.cookie {
            request = request.header(COOKIE, cookie);
        }
        let response = request.send().await.expect("GET");
        self.remember(&response);
        response
    }

    /// Posts a form as a page just loaded would send it: with a one-time key of its
    /// own (API v1.3) when `fields` carry none, but to sign in or out.
    pub async fn post(&mut self, path: &str, fields: &[(&str, &str)]) -> Response {
        let mut fields: Vec<(&str, String)> =
            fields.iter().map(|(n, v)| (*n, (*v).to_owned())).collect();
        let keyless = !["/sign-in", "/sign-out"].contains(&path)
            && fields.iter().all(|(name, _)| *name != "form_key");
        if keyless {
            fields.push(("form_key", fresh_form_key()));
        }
        let mut request = self
            .client
            .post(format!("{}{path}", self.address))
            .form(&fields);
        if let Some(cookie) = &self.cookie {
            request = request.header(COOKIE, cookie);
        }
        let response = request.send().await.expect("POST");
        self.remember(&response);
        response
    }

    /// Signs in through the sign-in form; returns the new session's CSRF token.
    pub async fn sign_in(&mut self, username: &str) -> String {
        let page = self.get("/sign-in").await;
        let csrf = csrf_of(&page.text().await.unwrap());
        let password = password_of(username);
        let response = self
            .post(
                "/sign-in",
                &[
                    ("csrf", &csrf),
                    ("username", username),
                    ("password", &password),
                ],
            )
            .await;
        assert_eq!(
            response.status(),
            StatusCode::SEE_OTHER,
            "sign in {username}"
        );
        let home = self.get("/").await.text().await.unwrap();
        assert!(
            home.contains(&format!(
                "id=\"account-link\" title=\"Your account\">{username}</a>"
            )),
            "the header names {username}"
        );
        csrf_of(&home)
    }
}

/// A key no form of this test run sent before, as a page mints for each form.
pub fn fresh_form_key() -> String {
    use std::sync::atomic::{AtomicU64, Ordering};
    static SENT: AtomicU64 = AtomicU64::new(0);
    let n = SENT.fetch_add(1, Ordering::Relaxed);
    format!("test-{}-{n}", std::process::id())
}

/// A crewman to create: (name, role, nationality, owner).
pub type Recruit<'a> = (&'a str, &'a str, &'a str, &'a str);

/// paul's British pilot, the first crewman of most campaigns here.
pub const ALBERT_BALL: Recruit<'static> = ("Albert Ball", "pilot", "british", "paul");

/// Creates a campaign named `name`, starting 1917-04-02, through its form as `referee`
/// (signed in, with the CSRF token `csrf`): public when `public`, its box left unticked
/// otherwise. Returns its id.
pub async fn new_campaign(
    app: &TestApp,
    referee: &mut Visitor,
    csrf: &str,
    name: &str,
    public: bool,
) -> i64 {
    let mut fields = vec![("csrf", csrf), ("name", name), ("start_date", "1917-04-02")];
    if public {
        fields.push(("public", "on"));
    }
    let response = referee.post("/campaigns", &fields).await;
    assert_eq!(response.status(), StatusCode::SEE_OTHER, "campaign {name}");
    count(app, "SELECT max(id) FROM campaigns").await
}

/// The referee's evening: rita (signed in, with her CSRF token) creates "Bloody April"
/// through its form, public or not, with paul playing the Allies and carl the Central
/// Powers, and the crewmen `crew` in order. Answers rita, her token, the campaign and
/// the crewmen's ids.
pub async fn bloody_april(
    app: &TestApp,
    public: bool,
    crew: &[Recruit<'_>],
) -> (Visitor, String, i64, Vec<i64>) {
    app.add_users(&["rita", "paul", "carl"]).await;
    let (mut rita, csrf) = app.signed_in("rita").await;
    let campaign = new_campaign(app, &mut rita, &csrf, "Bloody April", public).await;
    for (player, side) in [("paul", "allied"), ("carl", "central")] {
        add_player(&mut rita, &csrf, campaign, player, side).await;
    }
    let mut ids = Vec::new();
    for recruit in crew {
        ids.push(add_crewman(app, &mut rita, &csrf, campaign, *recruit).await);
    }
    (rita, csrf, campaign, ids)
}

/// Adds `username` to `campaign` as a player of `side` through the members form.
pub async fn add_player(
    referee: &mut Visitor,
    csrf: &str,
    campaign: i64,
    username: &str,
    side: &str,
) {
    let fields = [
        ("csrf", csrf),
        ("username", username),
        ("role", "player"),
        ("side", side),
    ];
    let response = referee
        .post(&format!("/campaigns/{campaign}/members"), &fields)
        .await;
    assert_eq!(
        response.status(),
        StatusCode::SEE_OTHER,
        "player {username}"
    );
}

/// Creates a crewman of `campaign` through the crew form; returns his id.
pub async fn add_crewman(
    app: &TestApp,
    referee: &mut Visitor,
    csrf: &str,
    campaign: i64,
    (name, role, nationality, owner): Recruit<'_>,
) -> i64 {
    let fields = [
        ("csrf", csrf),
        ("name", name),
        ("role", role),
        ("nationality", nationality),
        ("owner", owner),
    ];
    let response = referee
        .post(&format!("/campaigns/{campaign}/crew"), &fields)
        .await;
    assert_eq!(response.status(), StatusCode::SEE_OTHER, "crewman {name}");
    count(app, "SELECT max(id) FROM crew").await
}

/// An aircraft type's id by its name in appendix A or B.
pub async fn aircraft_id(app: &TestApp, name: &str) -> i64 {
    count(
        app,
        &format!("SELECT id FROM aircraft_types WHERE name = '{name}'"),
    )
    .await
}

/// The mission aircraft of one side and its crew, as the assignment form takes them.
pub struct MissionCrew {
    pub aircraft: i64,
    pub pilot: i64,
    pub observer: Option<i64>,
}

/// A game opened at the club night through the referee's forms, with the physical
/// dice: ground offensive 3 4, the Allied mission d10 2 (observe enemy HQ, R9), the
/// Central d10 9 (fighter sweep), each assigned to `allied` and `central`. Answers
/// the game's id and its Allied and Central missions' ids.
pub async fn open_assigned_game(
    app: &TestApp,
    referee: &mut Visitor,
    csrf: &str,
    campaign: i64,
    allied: MissionCrew,
    central: MissionCrew,
) -> (i64, i64, i64) {
    let path = |rest: &str| format!("/campaigns/{campaign}{rest}");
    let response = referee
        .post(
            &path("/club-night"),
            &[("csrf", csrf), ("action", "open"), ("dice", "3 4")],
        )
        .await;
    assert_eq!(response.status(), StatusCode::SEE_OTHER, "open a game");
    let game = count(app, "SELECT max(id) FROM games").await;
    let mut missions = Vec::new();
    for ((side, dice), crew) in [("allied", "2"), ("central", "9")]
        .into_iter()
        .zip([allied, central])
    {
        let response = referee
            .post(
                &path(&format!("/games/{game}/missions")),
                &[("csrf", csrf), ("side", side), ("dice", dice)],
            )
            .await;
        assert_eq!(response.status(), StatusCode::SEE_OTHER, "{side} mission");
        let mission = count(
            app,
            &format!("SELECT id FROM missions WHERE game_id = {game} AND side = '{side}'"),
        )
        .await;
        let (aircraft, pilot) = (crew.aircraft.to_string(), crew.pilot.to_string());
        let observer = crew.observer.map(|o| o.to_string());
        let mut fields = vec![
            ("csrf", csrf),
            ("aircraft", aircraft.as_str()),
            ("pilot", pilot.as_str()),
        ];
        if let Some(observer) = &observer {
            fields.push(("observer", observer.as_str()));
        }
        let response = referee
            .post(
                &path(&format!("/games/{game}/missions/{mission}/assignment")),
                &fields,
            )
            .await;
        assert_eq!(response.status(), StatusCode::SEE_OTHER, "assign {side}");
        missions.push(mission);
    }
    (game, missions[0], missions[1])
}

/// The pages of campaign `cid` that name nothing else: its home, club night, crew,
/// dice, ID cards, leaderboard, live events, members and players.
pub fn campaign_pages(cid: i64) -> Vec<String> {
    [
        "",
        "/club-night",
        "/crew",
        "/dice",
        "/id-cards",
        "/leaderboard",
        "/live",
        "/members",
        "/players",
    ]
    .iter()
    .map(|page| format!("/campaigns/{cid}{page}"))
    .collect()
}

/// The CSRF token of the first form of a page.
pub fn csrf_of(html: &str) -> String {
    let marker = "name=\"csrf\" value=\"";
    let start = html.find(marker).expect("a form with a CSRF token") + marker.len();
    let end = start + html[start..].find('"').unwrap();
    html[start..end].to_owned()
}

/// The text of an element's `id` in a page (its first line), e.g. a field's error.
pub fn text_of_id(html: &str, id: &str) -> Option<String> {
    let marker = format!("id=\"{id}\">");
    let start = html.find(&marker)? + marker.len();
    let end = start + html[start..].find('<').unwrap();
    Some(html[start..end].to_owned())
}

/// Gives an Allied pilot `points` XP as a club would: he flies that many turns alone
/// in a game of the current week that `referee` debriefs (R5).
pub async fn give_xp(app: &TestApp, referee: &str, campaign: i64, pilot: i64, points: u32) {
    let referee = Referee::of(&app.pool, referee, campaign).await;
    let sortie = ALLIED.sweep("a1", NIEUPORT, points, reports::pilot(pilot, 0));
    fly_alone(&referee, sortie).await;
}

/// Rows of a table, counted by query (one query, whatever the page).
pub async fn count(app: &TestApp, sql: &str) -> i64 {
    database::count(&app.pool, sql).await
}
