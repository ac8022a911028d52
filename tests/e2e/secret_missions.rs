//! Missions kept secret (§13.20): "This aircraft does not have to be revealed to the
//! opponents until the mission is completed." Until a game's debrief a side's mission
//! aircraft and crew are shown to that side's players and the referees only; the other
//! side and the public see the mission type and nothing of the assignment. After the
//! debrief everyone sees it. Each reader — the referee, a player of each side, an
//! anonymous reader of the public campaign — reads the API and the pages.

use reqwest::{Response, StatusCode};
use serde_json::{json, Value};

use crate::support::aircraft_id;
use crate::support::fixtures_games::Loop;
use crate::support::form_client::Visitor;
use crate::support::{assert_created, body, TestApp};

/// One side's mission and what its assignment names.
struct Secret {
    side: &'static str,
    /// The side as the home page writes it.
    label: &'static str,
    mission: i64,
    aircraft: i64,
    aircraft_name: &'static str,
    pilot: i64,
    observer: Option<i64>,
    crew_names: Vec<&'static str>,
}

impl Secret {
    /// The assignment of `side`'s `mission`: `aircraft_name` flown by `crew`, pilot
    /// first, whose names are `crew_names`.
    async fn new(
        app: &TestApp,
        (side, mission): (&'static str, i64),
        aircraft_name: &'static str,
        crew: &[i64],
        crew_names: Vec<&'static str>,
    ) -> Self {
        Self {
            side,
            label: if side == "allied" {
                "Allied"
            } else {
                "Central"
            },
            mission,
            aircraft: aircraft_id(app, aircraft_name).await,
            aircraft_name,
            pilot: crew[0],
            observer: crew.get(1).copied(),
            crew_names,
        }
    }

    /// Every name the assignment would show: the aircraft type and the crew.
    fn names(&self) -> Vec<&'static str> {
        let mut names = vec![self.aircraft_name];
        names.extend(&self.crew_names);
        names
    }
}

/// Someone reading the campaign: with a token for the API and a session cookie for the
/// pages, or neither.
struct Reader {
    name: &'static str,
    token: Option<String>,
    cookie: Option<String>,
    referee: bool,
    side: Option<&'static str>,
}

impl Reader {
    /// `response`, which must be a 200: his read of `what` is allowed.
    fn read_ok(&self, response: Response, what: &str) -> Response {
        assert_eq!(response.status(), StatusCode::OK, "{what} as {}", self.name);
        response
    }

    /// What §13.20 lets him see of a side's assignment.
    fn sees(&self, side: &str, debriefed: bool) -> bool {
        debriefed || self.referee || self.side == Some(side)
    }
}

/// A public campaign (week 1, 1917-04-23) refereed by rita, ada playing Allied and karl
/// Central, and one game in which the Allies observe the enemy airfield in an Airco
/// DH-4 (Albert Ball, John Smith) and the Central side flies fighter sweep in an
/// Albatros D-III (Hans Weiss), each assigned by its own player.
struct Night {
    app: TestApp,
    campaign: i64,
    game: i64,
    allied: Secret,
    central: Secret,
    readers: Vec<Reader>,
}

impl Night {
    async fn start() -> Night {
        let club = Loop::start_campaign("1917-04-23", true).await;
        let mut crew = Vec::new();
        for (name, role, nationality, owner) in [
            ("Albert Ball", "pilot", "british", "ada"),
            ("John Smith", "observer", "british", "ada"),
            ("Hans Weiss", "pilot", "german", "karl"),
        ] {
            crew.push(club.crewman(name, role, nationality, owner).await);
        }
        let game = club.open_game([3, 4]).await["id"].as_i64().unwrap();
        // Each side's mission is rolled by its own player.
        let mut missions = Vec::new();
        for (side, dice, token) in [("allied", 1, &club.ada), ("central", 9, &club.karl)] {
            let response = club
                .post(
                    &format!("/games/{game}/missions"),
                    Some(token),
                    &json!({ "side": side, "dice": [dice] }),
                )
                .await;
            assert_eq!(response.status(), StatusCode::CREATED);
            missions.push(body(response).await["id"].as_i64().unwrap());
        }
        let Loop {
            app,
            campaign,
            referee: rita,
            ada,
            karl,
            ..
        } = club;
        let allied = Secret::new(
            &app,
            ("allied", missions[0]),
            "Airco DH-4",
            &[crew[0], crew[1]],
            vec!["Albert Ball", "John Smith"],
        )
        .await;
        let central = Secret::new(
            &app,
            ("central", missions[1]),
            "Albatros D-III",
            &[crew[2]],
            vec!["Hans Weiss"],
        )
        .await;
        let mut readers = Vec::new();
        for (name, token, referee, side) in [
            ("rita", rita, true, None),
            ("ada", ada, false, Some("allied")),
            ("karl", karl, false, Some("central")),
        ] {
            readers.push(Reader {
                name,
                cookie: Some(Visitor::session_of(&app, name).await),
                token: Some(token),
                referee,
                side,
            });
        }
        readers.push(Reader {
            name: "anonymous",
            token: None,
            cookie: None,
            referee: false,
            side: None,
        });
        Night {
            app,
            campaign,
            game,
            allied,
            central,
            readers,
        }
    }

    fn reader(&self, name: &str) -> &Reader {
        self.readers.iter().find(|r| r.name == name).unwrap()
    }

    fn secrets(&self) -> [&Secret; 2] {
        [&self.allied, &self.central]
    }

    fn api(&self, rest: &str) -> String {
        format!("/api/v1/campaigns/{}{rest}", self.campaign)
    }

    /// The JSON of an API read as `reader`.
    async fn read(&self, rest: &str, reader: &Reader) -> Value {
        let response = self.app.get(&self.api(rest), reader.token.as_deref()).await;
        body(reader.read_ok(response, rest)).await
    }

    /// The HTML (or JSON text) of a page read as `reader`.
    async fn page(&self, rest: &str, reader: &Reader) -> String {
        let url = format!("{}/campaigns/{}{rest}", self.app.address, self.campaign);
        let mut request = self.app.client.get(url);
        if let Some(cookie) = &reader.cookie {
            request = request.header("cookie", cookie);
        }
        let response = request.send().await.unwrap();
        reader.read_ok(response, rest).text().await.unwrap()
    }

    /// Assigns a side's mission as its own player.
    async fn assign(&self, secret: &Secret) {
        let player = self.readers.iter().find(|r| r.side == Some(secret.side));
        let response = self
            .app
            .request(
                reqwest::Method::PUT,
                &self.api(&format!(
                    "/games/{}/missions/{}/assignment",
                    self.game, secret.mission
                )),
                player.unwrap().token.as_deref(),
            )
            .json(
                &json!({ "aircraft_id": secret.aircraft, "pilot_id": secret.pilot,
                           "observer_id": secret.observer }),
            )
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), StatusCode::OK);
        // The writer reads back what he wrote: he is of the mission's side.
        let written = body(response).await;
        assert_eq!(written["aircraft_id"], secret.aircraft);
        assert_eq!(written["assignment_hidden"], false);
    }

    async fn assign_both(&self) {
        self.assign(&self.allied).await;
        self.assign(&self.central).await;
    }

    /// Enters the game's debrief as the referee: both mission aircraft flew and came home.
    async fn debrief(&self) {
        let sortie = |key: &str, s: &Secret| {
            let mut crew = vec![json!({ "crew_id": s.pilot, "position": "pilot",
                                        "red_hits": 0, "wound_boxes": 0, "outcome": "unharmed" })];
            if let Some(observer) = s.observer {
                crew.push(json!({ "crew_id": observer, "position": "observer",
                                  "red_hits": 0, "wound_boxes": 0, "outcome": "unharmed" }));
            }
            json!({ "key": key, "aircraft_id": s.aircraft, "assignment": "mission",
                    "turns_on_board": 20, "aircraft_lost": false, "crew": crew })
        };
        let report = json!({
            "turns_played": 20,
            "enemy_left_board_on_turn": { "allied": null, "central": null },
            "sorties": [sortie("a1", &self.allied), sortie("c1", &self.central)],
            "kills": [],
            "missions": [ { "mission_id": self.allied.mission, "landed_safely": true,
                            "target_observed": true } ]
        });
        let response = self
            .app
            .post(
                &self.api(&format!("/games/{}/debrief", self.game)),
                self.reader("rita").token.as_deref(),
                &report,
            )
            .await;
        assert_created(response).await;
    }
}

/// The part of `html` from `start` to the first `end` after it.
fn between<'a>(html: &'a str, start: &str, end: &str) -> &'a str {
    let from = html
        .find(start)
        .unwrap_or_else(|| panic!("no {start:?} in the page:\n{html}"));
    let rest = &html[from..];
    let to = rest.find(end).map_or(rest.len(), |i| i + end.len());
    &rest[..to]
}

/// Checks a mission view of the API as `reader` sees it: the assignment shown in full,
/// or hidden with nothing of it left.
fn check_mission(view: &Value, secret: &Secret, reader: &Reader, debriefed: bool) {
    let who = format!("{} reading the {} mission", reader.name, secret.side);
    assert_eq!(view["id"], secret.mission, "{who}");
    // The mission type is public either way.
    let mission_type = if secret.side == "allied" {
        "observe_airfield"
    } else {
        "fighter_sweep"
    };
    assert_eq!(view["mission_type"], mission_type, "{who}");
    if reader.sees(secret.side, debriefed) {
        assert_eq!(view["assignment_hidden"], false, "{who}");
        assert_eq!(view["aircraft_id"], secret.aircraft, "{who}");
        assert_eq!(view["pilot_id"], secret.pilot, "{who}");
        assert_eq!(view["observer_id"], json!(secret.observer), "{who}");
    } else {
        assert_eq!(view["assignment_hidden"], true, "{who}");
        for field in ["aircraft_id", "pilot_id", "observer_id"] {
            assert_eq!(view[field], Value::Null, "{who}: {field}");
        }
    }
}

/// The missions of the game in a game view, by side.
fn missions_of(game: &Value) -> Vec<&Value> {
    let missions = game["missions"].as_array().expect("missions");
    ["allied", "central"]
        .iter()
        .map(|side| missions.iter().find(|m| m["side"] == *side).expect(side))
        .collect()
}

/// The game view and the week view of the API, as every reader.
async fn check_api(night: &Night, debriefed: bool) {
    for reader in &night.readers {
        let game = night.read(&format!("/games/{}", night.game), reader).await;
        assert_eq!(game["debriefed"], debriefed);
        let week = night.read("/weeks/1", reader).await;
        let in_week = week["games"]
            .as_array()
            .unwrap()
            .iter()
            .find(|g| g["id"] == night.game)
            .expect("the game in its week")
            .clone();
        for view in [&game, &in_week] {
            for (mission, secret) in missions_of(view).into_iter().zip(night.secrets()) {
                check_mission(mission, secret, reader, debriefed);
            }
        }
    }
}

// §13.20 over the API: the game view and the week view show a side's mission aircraft
// and crew to that side and the referee only until the debrief, then to everyone.
#[tokio::test]
async fn s13_20_the_api_keeps_an_assignment_from_the_other_side_until_the_debrief() {
    let night = Night::start().await;
    // Before anything is assigned the other side already reads "hidden": what it sees
    // does not even tell whether the mission is assigned yet.
    let game = format!("/games/{}", night.game);
    let before: Vec<Value> = {
        let mut views = Vec::new();
        for name in ["karl", "anonymous"] {
            views.push(missions_of(&night.read(&game, night.reader(name)).await)[0].clone());
        }
        views
    };
    assert_eq!(before[0]["assignment_hidden"], true);

    night.assign_both().await;
    for (name, earlier) in ["karl", "anonymous"].into_iter().zip(&before) {
        let now = night.read(&game, night.reader(name)).await;
        assert_eq!(
            missions_of(&now)[0],
            earlier,
            "{name} learns nothing from the assignment"
        );
    }
    check_api(&night, false).await;

    night.debrief().await;
    check_api(&night, true).await;

    // The OpenAPI document says which fields §13.20 may empty, and why.
    let doc = body(night.app.get("/api/openapi.json", None).await).await;
    // Its own fields sit beside the receipt it carries (R25): one of its `allOf`.
    let mission = &doc["components"]["schemas"]["MissionView"];
    let own = mission["allOf"]
        .as_array()
        .and_then(|parts| parts.iter().find(|p| p["properties"].is_object()))
        .unwrap_or(mission);
    assert_eq!(own["properties"]["assignment_hidden"]["type"], "boolean");
    for field in ["aircraft_id", "pilot_id", "observer_id"] {
        let description = own["properties"][field]["description"]
            .as_str()
            .unwrap_or_default();
        assert!(description.contains("§13.20"), "{field}: {description}");
    }
}

/// What each page shows of the game's assignments, as `reader`, checked against
/// §13.20: the game page, the week page, the club-night page, the campaign home and its
/// JSON twin.
async fn check_pages(night: &Night, debriefed: bool) {
    let secret_text = "secret until the debrief";
    for reader in &night.readers {
        let game = night.page(&format!("/games/{}", night.game), reader).await;
        let week = night.page("/weeks/1", reader).await;
        let club_night = night.page("/club-night", reader).await;
        let home = night.page("", reader).await;
        let home_json: Value = serde_json::from_str(&night.page("/home.json", reader).await)
            .expect("the home page's JSON");
        for secret in night.secrets() {
            let who = format!("{} reading the {} mission", reader.name, secret.side);
            let shown = format!("{}: {}", secret.aircraft_name, secret.crew_names.join(", "));
            let panel = between(
                &game,
                &format!("aria-label=\"{} side\"", secret.side),
                "</section>",
            );
            let line = |html: &str| {
                between(
                    between(html, &format!("id=\"game-{}\"", night.game), "</article>"),
                    &format!("<li><strong>{}</strong>", secret.side),
                    "</li>",
                )
                .to_owned()
            };
            let lines = [
                ("game page", panel.to_owned()),
                ("week page", line(&week)),
                ("club-night page", line(&club_night)),
                (
                    "campaign home",
                    between(&home, &format!("<li>{}: ", secret.label), "</li>").to_owned(),
                ),
            ];
            let home_line = home_json["games"][0]["missions"]
                .as_array()
                .unwrap()
                .iter()
                .find(|m| m["side"] == secret.label)
                .expect("the mission on the home page")
                .clone();
            if reader.sees(secret.side, debriefed) {
                assert!(
                    panel.contains(&format!(
                        "<strong id=\"assigned-{}\">{shown}</strong>",
                        secret.side
                    )),
                    "{who}: game page\n{panel}"
                );
                for (page, text) in &lines[1..3] {
                    assert!(text.contains(&shown), "{who}: {page}\n{text}");
                }
                let home = &lines[3].1;
                assert!(
                    home.contains(&format!(
                        "in a {}, {}",
                        secret.aircraft_name, secret.crew_names[0]
                    )),
                    "{who}: campaign home\n{home}"
                );
                assert_eq!(home_line["aircraft"], secret.aircraft_name, "{who}");
                assert_eq!(home_line["pilot"], secret.crew_names[0], "{who}");
                assert_eq!(home_line["hidden"], false, "{who}");
            } else {
                for (page, text) in &lines {
                    for name in secret.names() {
                        assert!(!text.contains(name), "{who}: {page} names {name}\n{text}");
                    }
                    assert!(text.contains(secret_text), "{who}: {page}\n{text}");
                }
                // Nothing else on the game and week pages names them either.
                for (page, html) in [("game page", &game), ("week page", &week)] {
                    for name in secret.names() {
                        assert!(!html.contains(name), "{who}: {page} names {name}");
                    }
                }
                for field in ["aircraft", "pilot", "observer"] {
                    assert_eq!(home_line[field], Value::Null, "{who}: home.json {field}");
                }
                assert_eq!(home_line["hidden"], true, "{who}");
            }
        }
    }
}

// §13.20 on the pages: the game, week, club-night and home pages name a side's mission
// aircraft and crew to that side and the referee only until the debrief, then to all.
#[tokio::test]
async fn s13_20_the_pages_keep_an_assignment_from_the_other_side_until_the_debrief() {
    let night = Night::start().await;
    night.assign_both().await;
    check_pages(&night, false).await;
    night.debrief().await;
    check_pages(&night, true).await;
}

// §13.20 and R14: the roll log — its API, the week's rolls and the dice page — keeps
// each side's mission roll public (the type is no secret) and names no assignment.
#[tokio::test]
async fn s13_20_the_roll_log_shows_the_mission_rolls_and_no_assignment() {
    let night = Night::start().await;
    night.assign_both().await;
    let game = night.game;
    for reader in &night.readers {
        let log = night.read("/rolls", reader).await;
        let week = night.read("/weeks/1", reader).await;
        for rolls in [&log, &week["rolls"]] {
            let of_game: Vec<(String, String)> = rolls
                .as_array()
                .unwrap()
                .iter()
                .filter(|r| r["game_id"] == game)
                .map(|r| {
                    (
                        r["table"].as_str().unwrap().to_owned(),
                        r["result"].as_str().unwrap_or_default().to_owned(),
                    )
                })
                .collect();
            assert!(
                of_game.contains(&("mission".into(), "observe_airfield".into()))
                    && of_game.contains(&("mission".into(), "fighter_sweep".into())),
                "{}: {of_game:?}",
                reader.name
            );
            let text = rolls.to_string();
            for secret in night.secrets() {
                for name in secret.names() {
                    assert!(
                        !text.contains(name),
                        "{}: the log names {name}",
                        reader.name
                    );
                }
            }
        }
        let dice = night.page("/dice", reader).await;
        assert!(dice.contains("Observe enemy airfield"), "{}", reader.name);
        for secret in night.secrets() {
            for name in secret.names() {
                assert!(
                    !dice.contains(name),
                    "{}: the dice page names {name}",
                    reader.name
                );
            }
        }
    }
}
