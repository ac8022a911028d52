//! Exact caching of a campaign's reads (contract v1.1, "Live club night, caching,
//! several instances"): every read of the contract, over the API and the pages, sends
//! a weak ETag; `If-None-Match` with it answers 304 and no body until the next write
//! to the campaign, whichever route or instance makes it, and 200 with a new ETag
//! after. Readers who may see different things (§13.20) get different ETags and never
//! each other's body, and a cache hit costs one statement.

use std::collections::HashMap;

use reqwest::{Response, StatusCode};
use serde_json::{json, Value};

use crate::support::aircraft_id;
use crate::support::form_client::{session_cookie, Visitor};
use crate::support::reports::{fly_alone, pilot, ALLIED, NIEUPORT};
use crate::support::statements::{count_statements, statements_so_far};
use crate::support::{body, TestApp};

/// The API's campaign reads of the contract, after `/api/v1/campaigns/{cid}`;
/// `{crewman}` stands for Albert Ball's id.
const API_READS: &[&str] = &[
    "",
    "/leaderboard",
    "/leaderboard?side=allied&as_of_week=1",
    "/leaderboard.csv",
    "/sides",
    "/players",
    "/weeks/1",
    "/crew",
    "/crew?side=central",
    "/crew/{crewman}",
];

/// The campaign's pages, after `/campaigns/{cid}`; `{game}` is the game's id.
const PAGES: &[&str] = &[
    "",
    "/home.json",
    "/leaderboard",
    "/leaderboard?side=allied",
    "/players",
    "/crew",
    "/crew/{crewman}",
    "/weeks/1",
    "/weeks/1/briefing",
    "/games/{game}",
    "/club-night",
    "/dice",
    "/id-cards",
    "/feed.atom",
    "/members",
];

/// Someone reading the campaign: a token for the API and a session for the pages, or
/// neither.
struct Reader {
    name: &'static str,
    token: Option<String>,
    cookie: Option<String>,
}

/// A public campaign refereed by rita, ada playing Allied and karl Central, and a game
/// whose Allied mission ada has assigned: the Airco DH-4 of Albert Ball and John Smith,
/// hidden from karl and the public until the debrief (§13.20).
struct Club {
    app: TestApp,
    campaign: i64,
    crewman: i64,
    game: i64,
    readers: Vec<Reader>,
}

impl Club {
    async fn start() -> Club {
        let app = TestApp::spawn().await;
        let rita = app.sign_up("rita", false).await;
        let ada = app.sign_up("ada", false).await;
        let karl = app.sign_up("karl", false).await;
        let campaign = app.campaign(&rita, "1917-04-23", true).await;
        app.add_player(&rita, campaign, "ada", "allied").await;
        app.add_player(&rita, campaign, "karl", "central").await;
        let api = |rest: &str| format!("/api/v1/campaigns/{campaign}{rest}");
        let mut crew = Vec::new();
        for (name, role, nationality, owner) in [
            ("Albert Ball", "pilot", "british", "ada"),
            ("John Smith", "observer", "british", "ada"),
            ("Hans Weiss", "pilot", "german", "karl"),
        ] {
            let response = app
                .post(
                    &api("/crew"),
                    Some(&rita),
                    &json!({ "name": name, "role": role, "nationality": nationality, "owner": owner }),
                )
                .await;
            assert_eq!(response.status(), StatusCode::CREATED);
            crew.push(body(response).await["id"].as_i64().unwrap());
        }
        let response = app
            .post(&api("/games"), Some(&rita), &json!({ "dice": [3, 4] }))
            .await;
        assert_eq!(response.status(), StatusCode::CREATED);
        let game = body(response).await["id"].as_i64().unwrap();
        let response = app
            .post(
                &api(&format!("/games/{game}/missions")),
                Some(&ada),
                &json!({ "side": "allied", "dice": [1] }),
            )
            .await;
        assert_eq!(response.status(), StatusCode::CREATED);
        let mission = body(response).await["id"].as_i64().unwrap();
        let aircraft = aircraft_id(&app, "Airco DH-4").await;
        let response = app
            .request(
                reqwest::Method::PUT,
                &api(&format!("/games/{game}/missions/{mission}/assignment")),
                Some(&ada),
            )
            .json(&json!({ "aircraft_id": aircraft, "pilot_id": crew[0], "observer_id": crew[1] }))
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), StatusCode::OK);
        let mut readers = vec![Reader {
            name: "anonymous",
            token: None,
            cookie: None,
        }];
        for (name, token) in [("rita", rita), ("ada", ada), ("karl", karl)] {
            readers.push(Reader {
                name,
                cookie: Some(signed_in(&app, name).await),
                token: Some(token),
            });
        }
        Club {
            app,
            campaign,
            crewman: crew[0],
            game,
            readers,
        }
    }

    fn reader(&self, name: &str) -> &Reader {
        self.readers.iter().find(|r| r.name == name).unwrap()
    }

    /// Every read of the list, as a path of the server.
    fn reads(&self) -> Vec<String> {
        let fill = |rest: &str| {
            rest.replace("{crewman}", &self.crewman.to_string())
                .replace("{game}", &self.game.to_string())
        };
        let api = API_READS
            .iter()
            .map(|rest| format!("/api/v1/campaigns/{}{}", self.campaign, fill(rest)));
        let pages = PAGES
            .iter()
            .map(|rest| format!("/campaigns/{}{}", self.campaign, fill(rest)));
        api.chain(pages).collect()
    }

    /// A write through a route none of the reads takes: a roll of the referee's.
    async fn roll(&self, app: &TestApp) {
        let response = app
            .post(
                &format!("/api/v1/campaigns/{}/rolls", self.campaign),
                self.reader("rita").token.as_deref(),
                &json!({ "table": "d6", "modifiers": {}, "dice": [4] }),
            )
            .await;
        assert_eq!(response.status(), StatusCode::CREATED);
    }
}

/// A GET of `path` on `app` as `reader` (his token on the API, his cookie on the
/// pages), with `If-None-Match` when given.
async fn get(app: &TestApp, path: &str, reader: &Reader, if_none_match: Option<&str>) -> Response {
    let mut request = app.client.get(format!("{}{path}", app.address));
    if path.starts_with("/api/") {
        if let Some(token) = &reader.token {
            request = request.bearer_auth(token);
        }
    } else if let Some(cookie) = &reader.cookie {
        request = request.header("cookie", cookie);
    }
    if let Some(etag) = if_none_match {
        request = request.header("if-none-match", etag);
    }
    request.send().await.expect("GET")
}

fn etag_of(response: &Response) -> Option<String> {
    response
        .headers()
        .get("etag")
        .map(|v| v.to_str().unwrap().to_owned())
}

/// A read answered in full: its ETag (weak) and body.
async fn full(
    app: &TestApp,
    path: &str,
    reader: &Reader,
    if_none_match: Option<&str>,
) -> (String, Vec<u8>) {
    let response = get(app, path, reader, if_none_match).await;
    let who = format!("{path} as {}", reader.name);
    assert_eq!(response.status(), StatusCode::OK, "{who}");
    let etag = etag_of(&response).unwrap_or_else(|| panic!("no ETag on {who}"));
    assert!(etag.starts_with("W/\""), "{who}: {etag}");
    (etag, response.bytes().await.unwrap().to_vec())
}

/// Asserts a 304 with `etag` and no body to `If-None-Match: <etag>`.
async fn not_modified(app: &TestApp, path: &str, reader: &Reader, etag: &str) {
    not_modified_to(app, path, reader, etag, etag).await;
}

/// Asserts a 304 with `etag` and no body to `If-None-Match: if_none_match`.
async fn not_modified_to(
    app: &TestApp,
    path: &str,
    reader: &Reader,
    etag: &str,
    if_none_match: &str,
) {
    let response = get(app, path, reader, Some(if_none_match)).await;
    let who = format!("{path} as {} with {if_none_match}", reader.name);
    assert_eq!(response.status(), StatusCode::NOT_MODIFIED, "{who}");
    assert_eq!(etag_of(&response).as_deref(), Some(etag), "{who}");
    assert!(response.bytes().await.unwrap().is_empty(), "{who}");
}

/// The session cookie of `username`, signed in through the sign-in page.
async fn signed_in(app: &TestApp, username: &str) -> String {
    let visitor = Visitor::open(app).await;
    let response = visitor
        .sign_in(app, username, &format!("password-of-{username}"))
        .await;
    session_cookie(&response).expect("signed in")
}

#[tokio::test]
async fn every_read_answers_304_until_the_next_write_and_200_with_a_new_etag_after() {
    let club = Club::start().await;
    let app = &club.app;
    let mut etags = HashMap::new();
    for path in club.reads() {
        for reader in &club.readers {
            let (etag, first) = full(app, &path, reader, None).await;
            // The second read is the cache's, byte for byte the handler's.
            let (again, second) = full(app, &path, reader, None).await;
            assert_eq!(etag, again, "{path} as {}", reader.name);
            assert!(
                first == second,
                "{path} as {}: the cached body differs",
                reader.name
            );
            not_modified(app, &path, reader, &etag).await;
            not_modified_to(app, &path, reader, &etag, &format!("\"x\", {etag}")).await;
            etags.insert((path.clone(), reader.name), etag);
        }
    }

    club.roll(app).await;
    for path in club.reads() {
        for reader in &club.readers {
            let old = &etags[&(path.clone(), reader.name)];
            let (new, _) = full(app, &path, reader, Some(old)).await;
            assert_ne!(
                &new, old,
                "{path} as {}: the roll changed nothing",
                reader.name
            );
            not_modified(app, &path, reader, &new).await;
        }
    }
}

#[tokio::test]
async fn readers_who_see_differently_get_their_own_etag_and_body() {
    let club = Club::start().await;
    let app = &club.app;
    let (rita, ada, karl) = (club.reader("rita"), club.reader("ada"), club.reader("karl"));
    let anonymous = club.reader("anonymous");
    let week_api = format!("/api/v1/campaigns/{}/weeks/1", club.campaign);
    let game_page = format!("/campaigns/{}/games/{}", club.campaign, club.game);
    let week_page = format!("/campaigns/{}/weeks/1", club.campaign);

    // The referee's reads fill the cache first.
    let mut referee = HashMap::new();
    for path in [&week_api, &game_page, &week_page] {
        referee.insert(path, full(app, path, rita, None).await);
    }
    let allied_mission = |week: &Value| -> Value {
        week["games"][0]["missions"]
            .as_array()
            .unwrap()
            .iter()
            .find(|m| m["side"] == "allied")
            .unwrap()
            .clone()
    };
    let seen = serde_json::from_slice::<Value>(&referee[&week_api].1).unwrap();
    assert_eq!(allied_mission(&seen)["assignment_hidden"], false);

    for reader in [karl, anonymous] {
        let (etag, bytes) = full(app, &week_api, reader, None).await;
        assert_ne!(etag, referee[&week_api].0, "{}", reader.name);
        let mission = allied_mission(&serde_json::from_slice(&bytes).unwrap());
        assert_eq!(mission["assignment_hidden"], true, "{}", reader.name);
        assert_eq!(mission["aircraft_id"], Value::Null, "{}", reader.name);
        assert_eq!(mission["pilot_id"], Value::Null, "{}", reader.name);
        // The referee's tag is no good to him either.
        let response = get(app, &week_api, reader, Some(&referee[&week_api].0)).await;
        assert_eq!(response.status(), StatusCode::OK, "{}", reader.name);
    }
    let (ada_etag, bytes) = full(app, &week_api, ada, None).await;
    assert_ne!(ada_etag, referee[&week_api].0);
    let mission = allied_mission(&serde_json::from_slice(&bytes).unwrap());
    assert_eq!(mission["assignment_hidden"], false);

    // The pages: karl's as a second instance, whose cache is empty, renders them.
    let fresh = TestApp::on_database(app._database.as_ref().unwrap().url());
    for path in [&game_page, &week_page] {
        let (karl_etag, karl_page) = full(app, path, karl, None).await;
        assert_ne!(karl_etag, referee[path].0, "{path}");
        assert_ne!(karl_page, referee[path].1, "{path}");
        let (ada_etag, _) = full(app, path, ada, None).await;
        assert_ne!(ada_etag, karl_etag, "{path}");
        let karl_page = String::from_utf8(karl_page).unwrap();
        let referee_page = String::from_utf8(referee[path].1.clone()).unwrap();
        assert!(referee_page.contains("Airco DH-4"), "{path}");
        assert!(
            !karl_page.contains("Airco DH-4"),
            "{path} shows karl the secret"
        );
        let (_, uncached) = full(&fresh, path, karl, None).await;
        // Each rendering mints its forms' one-time keys (API v1.3): the rest is the same.
        let uncached = String::from_utf8(uncached).unwrap();
        assert_eq!(
            without_form_keys(&karl_page),
            without_form_keys(&uncached),
            "{path}"
        );
    }
}

#[tokio::test]
async fn a_write_on_another_instance_shows_in_the_very_next_read() {
    let club = Club::start().await;
    let app = &club.app;
    let url = app._database.as_ref().unwrap().url().to_owned();
    let other = TestApp::on_database(&url);
    let anonymous = club.reader("anonymous");
    let crewman_api = format!("/api/v1/campaigns/{}/crew/{}", club.campaign, club.crewman);
    let crewman_page = format!("/campaigns/{}/crew/{}", club.campaign, club.crewman);
    let campaign_api = format!("/api/v1/campaigns/{}", club.campaign);

    // Through the other server's API.
    let (etag, before) = full(app, &campaign_api, anonymous, None).await;
    let revision = serde_json::from_slice::<Value>(&before).unwrap()["revision"].clone();
    club.roll(&other).await;
    let (after_etag, after) = full(app, &campaign_api, anonymous, Some(&etag)).await;
    assert_ne!(after_etag, etag);
    let after = serde_json::from_slice::<Value>(&after).unwrap();
    assert_eq!(after["revision"], revision.as_i64().unwrap() + 1);

    // Through the use cases on a connection of neither server, as another instance's
    // write does it: the crewman flies a debriefed game alone, 13 turns (R5).
    for reader in &club.readers {
        for path in [&crewman_api, &crewman_page] {
            full(app, path, reader, None).await;
        }
    }
    let office = app.referee("rita", club.campaign).await;
    let sortie = ALLIED.sweep("a1", NIEUPORT, 13, pilot(club.crewman, 0));
    fly_alone(&office, sortie).await;
    for reader in &club.readers {
        let (_, bytes) = full(app, &crewman_api, reader, None).await;
        let crewman = serde_json::from_slice::<Value>(&bytes).unwrap();
        assert_eq!(crewman["xp"], 50 + 13, "as {}", reader.name);
        let (_, bytes) = full(app, &crewman_page, reader, None).await;
        let page = String::from_utf8(bytes).unwrap();
        assert!(page.contains("<dd id=\"xp\">63</dd>"), "as {}", reader.name);
    }
}

#[tokio::test]
async fn a_cache_hit_costs_one_statement_signed_in_or_not() {
    count_statements();
    let club = Club::start().await;
    let app = &club.app;
    let database = app._database.as_ref().unwrap().name().to_owned();
    for path in club.reads() {
        for reader in &club.readers {
            let before = statements_so_far(&database);
            let (etag, _) = full(app, &path, reader, None).await;
            let miss = statements_so_far(&database) - before;
            assert!(miss > 1, "{path} as {}: a miss ran {miss}", reader.name);

            let before = statements_so_far(&database);
            full(app, &path, reader, None).await;
            let hit = statements_so_far(&database) - before;
            assert_eq!(hit, 1, "{path} as {}: a hit ran {hit}", reader.name);

            // A hard reload's `Cache-Control: no-cache` runs the handler again.
            let before = statements_so_far(&database);
            let mut request = app.client.get(format!("{}{path}", app.address));
            request = request.header("cache-control", "no-cache");
            if path.starts_with("/api/") {
                if let Some(token) = &reader.token {
                    request = request.bearer_auth(token);
                }
            } else if let Some(cookie) = &reader.cookie {
                request = request.header("cookie", cookie);
            }
            let response = request.send().await.unwrap();
            assert_eq!(
                response.status(),
                StatusCode::OK,
                "{path} as {}",
                reader.name
            );
            assert_eq!(etag_of(&response).as_deref(), Some(etag.as_str()));
            let reloaded = statements_so_far(&database) - before;
            // Over the API a reload, sure to run the handler, makes no probe: the
            // handler's access check stands for it.
            let expected = if path.starts_with("/api/") {
                miss - 1
            } else {
                miss
            };
            assert_eq!(
                reloaded, expected,
                "{path} as {}: a reload ran {reloaded}",
                reader.name
            );

            let before = statements_so_far(&database);
            not_modified(app, &path, reader, &etag).await;
            let revalidated = statements_so_far(&database) - before;
            assert_eq!(
                revalidated, 1,
                "{path} as {}: a 304 ran {revalidated}",
                reader.name
            );
        }
    }
}

#[tokio::test]
async fn a_reload_of_a_private_campaign_is_refused_as_without_the_cache() {
    let app = TestApp::spawn().await;
    let rita = app.sign_up("rita", false).await;
    let ada = app.sign_up("ada", false).await;
    let sam = app.sign_up("sam", false).await;
    let campaign = app.campaign(&rita, "1917-04-23", false).await;
    app.add_player(&rita, campaign, "ada", "allied").await;
    let reload = |path: &str, token: Option<&str>| {
        let mut request = app
            .client
            .get(format!("{}/api/v1/campaigns/{campaign}{path}", app.address))
            .header("cache-control", "no-cache");
        if let Some(token) = token {
            request = request.bearer_auth(token);
        }
        request.send()
    };
    for path in [
        "",
        "/leaderboard",
        "/sides",
        "/players",
        "/weeks/1",
        "/crew",
    ] {
        // To anyone but its members a private campaign does not exist.
        for (who, token) in [("anonymous", None), ("sam", Some(sam.as_str()))] {
            let response = reload(path, token).await.unwrap();
            assert_eq!(response.status(), StatusCode::NOT_FOUND, "{path} as {who}");
            assert_eq!(etag_of(&response), None, "{path} as {who}");
        }
        let response = reload(path, Some("not-a-token")).await.unwrap();
        assert_eq!(response.status(), StatusCode::UNAUTHORIZED, "{path}");

        // Her read runs the handler's own check; her reload, the one handed over.
        let ada_reader = Reader {
            name: "ada",
            token: Some(ada.clone()),
            cookie: None,
        };
        let (read_etag, read) = full(
            &app,
            &format!("/api/v1/campaigns/{campaign}{path}"),
            &ada_reader,
            None,
        )
        .await;
        let response = reload(path, Some(&ada)).await.unwrap();
        assert_eq!(response.status(), StatusCode::OK, "{path} as ada");
        let etag = etag_of(&response).expect("an ETag on a reload");
        let reloaded = response.bytes().await.unwrap();
        assert_eq!((read_etag, read), (etag, reloaded.to_vec()), "{path}");
    }
}

/// A page with the value of every form's one-time key blanked out.
fn without_form_keys(page: &str) -> String {
    const KEY: &str = "name=\"form_key\" value=\"";
    let mut out = String::new();
    let mut rest = page;
    while let Some(at) = rest.find(KEY) {
        let value = at + KEY.len();
        out.push_str(&rest[..value]);
        rest = &rest[value..];
        rest = &rest[rest.find('"').unwrap_or(0)..];
    }
    out.push_str(rest);
    out
}
