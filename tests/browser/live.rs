//! The live page (issue #13): kept open on the projector, anonymously, while a roll
//! and a debrief are posted through the API, it shows them without reloading — the
//! newest roll big, the debriefed game with its now public assignment (§13.20), the
//! wounded crewman out — and passes axe before and after; without JavaScript it
//! refreshes itself. The campaign's other pages offer a reload once it moves on.
//!
//! The campaign: public, week 1 (1917-04-23), refereed by rita, paul playing Allied
//! and carl Central. One game, offensive 3 + 4 (quiet); the Allies observe the enemy
//! airfield (d10 1) in an Airco DH-4 flown by Albert Ball with John Smith, the Central
//! side flies fighter sweep (d10 9) in an Albatros D-III flown by Hans Weiss.

use reqwest::Method;
use serde_json::{json, Value};

use crate::support::api::Api;
use crate::support::browser::Browser;
use crate::support::follow::{
    assert_window_kept, mark_window, text, until_stream_open, until_text, ARRIVAL,
};
use crate::support::{count, TestApp};
use crate::wait::until;

/// The campaign above, written through the API with rita's token.
struct Club {
    app: TestApp,
    /// The API as rita.
    rita: Api,
    campaign: i64,
    game: i64,
    /// The Allied and the Central mission.
    missions: [i64; 2],
    /// Albert Ball, John Smith, Hans Weiss.
    crew: [i64; 3],
}

impl Club {
    /// The HTML at `path`, read anonymously over plain HTTP.
    async fn html(&self, path: &str) -> String {
        let url = format!("{}{path}", self.app.address);
        let response = self.rita.client.get(url).send().await.unwrap();
        response.text().await.unwrap()
    }

    async fn start() -> Club {
        let app = TestApp::spawn().await;
        app.add_users(&["rita", "paul", "carl"]).await;
        let rita = Api::as_user(&app, "rita").await;
        let mut club = Club {
            app,
            rita,
            campaign: 0,
            game: 0,
            missions: [0; 2],
            crew: [0; 3],
        };
        let campaign = club
            .write(
                Method::POST,
                "/api/v1/campaigns",
                json!({ "name": "Bloody April", "start_date": "1917-04-23", "public": true }),
            )
            .await;
        club.campaign = campaign["id"].as_i64().unwrap();
        for (username, side) in [("paul", "allied"), ("carl", "central")] {
            club.write(
                Method::POST,
                &club.api("/members"),
                json!({ "username": username, "role": "player", "side": side }),
            )
            .await;
        }
        for (i, (name, role, nationality, owner)) in [
            ("Albert Ball", "pilot", "british", "paul"),
            ("John Smith", "observer", "british", "paul"),
            ("Hans Weiss", "pilot", "german", "carl"),
        ]
        .into_iter()
        .enumerate()
        {
            let crewman = club
                .write(
                    Method::POST,
                    &club.api("/crew"),
                    json!({ "name": name, "role": role, "nationality": nationality,
                            "owner": owner }),
                )
                .await;
            club.crew[i] = crewman["id"].as_i64().unwrap();
        }
        let game = club
            .write(Method::POST, &club.api("/games"), json!({ "dice": [3, 4] }))
            .await;
        club.game = game["id"].as_i64().unwrap();
        for (i, (side, dice)) in [("allied", 1), ("central", 9)].into_iter().enumerate() {
            let mission = club
                .write(
                    Method::POST,
                    &club.api(&format!("/games/{}/missions", club.game)),
                    json!({ "side": side, "dice": [dice] }),
                )
                .await;
            club.missions[i] = mission["id"].as_i64().unwrap();
        }
        let [ball, smith, weiss] = club.crew;
        let assignments = [
            (
                club.missions[0],
                club.aircraft("Airco DH-4").await,
                ball,
                Some(smith),
            ),
            (
                club.missions[1],
                club.aircraft("Albatros D-III").await,
                weiss,
                None,
            ),
        ];
        for (mission, aircraft, pilot, observer) in assignments {
            club.write(
                Method::PUT,
                &club.api(&format!(
                    "/games/{}/missions/{mission}/assignment",
                    club.game
                )),
                json!({ "aircraft_id": aircraft, "pilot_id": pilot, "observer_id": observer }),
            )
            .await;
        }
        club
    }

    fn api(&self, rest: &str) -> String {
        format!("/api/v1/campaigns/{}{rest}", self.campaign)
    }

    fn page(&self, rest: &str) -> String {
        format!("/campaigns/{}{rest}", self.campaign)
    }

    async fn aircraft(&self, name: &str) -> i64 {
        count(
            &self.app,
            &format!("SELECT id FROM aircraft_types WHERE name = '{name}'"),
        )
        .await
    }

    /// A write as rita; it must succeed. Returns the answer.
    async fn write(&self, method: Method, path: &str, body: Value) -> Value {
        self.rita.write(method, path, body).await
    }

    /// A roll of plain 2d6 with the dice entered.
    async fn roll(&self, dice: [u32; 2]) {
        self.write(
            Method::POST,
            &self.api("/rolls"),
            json!({ "table": "2d6", "modifiers": {}, "dice": dice }),
        )
        .await;
    }

    /// The game's debrief: both mission aircraft came home, the Allied one with its
    /// target observed; Hans Weiss took two boxes, a serious injury of 1 + 2 + 3 = 6
    /// weeks (R7), so he is out until week 7.
    async fn debrief(&self) {
        let [ball, smith, weiss] = self.crew;
        let crewman = |id: i64, position: &str| {
            json!({ "crew_id": id, "position": position, "red_hits": 0,
                    "wound_boxes": 0, "outcome": "unharmed" })
        };
        let report = json!({
            "turns_played": 20,
            "sorties": [
                { "key": "a1", "aircraft_id": self.aircraft("Airco DH-4").await,
                  "assignment": "mission", "turns_on_board": 20, "aircraft_lost": false,
                  "crew": [crewman(ball, "pilot"), crewman(smith, "observer")] },
                { "key": "c1", "aircraft_id": self.aircraft("Albatros D-III").await,
                  "assignment": "mission", "turns_on_board": 20, "aircraft_lost": false,
                  "crew": [{ "crew_id": weiss, "position": "pilot", "red_hits": 0,
                             "wound_boxes": 2, "outcome": "serious_injury",
                             "dice": { "injury": [1, 2, 3] } }] }
            ],
            "kills": [],
            "missions": [ { "mission_id": self.missions[0], "landed_safely": true,
                            "target_observed": true } ]
        });
        self.write(
            Method::POST,
            &self.api(&format!("/games/{}/debrief", self.game)),
            report,
        )
        .await;
    }
}

#[tokio::test]
async fn the_live_page_shows_a_roll_and_a_debrief_as_they_are_posted() {
    let club = Club::start().await;
    let live = club.page("/live");

    // Without JavaScript the page refreshes itself; the script is the binary's own.
    let html = club.html(&live).await;
    let head = &html[..html.find("</head>").expect("a head")];
    assert!(
        head.contains(r#"<noscript><meta http-equiv="refresh" content="30" /></noscript>"#),
        "{head}"
    );
    assert!(head.contains(r#"<script src="/static/live.js""#), "{head}");
    // What the script swaps in: the content alone, with the revision it was read at.
    let fragment = club.html(&format!("{live}?fragment=1")).await;
    assert!(
        fragment.starts_with(r#"<div id="live-content" class="live" data-revision=""#),
        "{fragment}"
    );
    assert!(!fragment.contains("<html"), "{fragment}");

    let browser = Browser::start(&club.app.address).await;
    browser.open(&live).await;
    browser
        .assert_well_formed("the live page as it opens")
        .await;
    // The newest roll is the Central mission's d10, the last rolled (R14).
    assert_eq!(text(&browser, "newest-dice").await.as_deref(), Some("9"));
    let game = format!("live-game-{}", club.game);
    // The projector is anonymous: the mission types, nothing of either assignment
    // before the debrief.
    let missions = text(&browser, &game).await.expect("the game");
    for secret in ["Airco DH-4", "Albert Ball", "Albatros D-III", "Hans Weiss"] {
        assert!(!missions.contains(secret), "{secret} shown: {missions}");
    }
    assert!(missions.contains("secret until the debrief"), "{missions}");
    // The game's own mission roll is shown as the game's.
    assert_eq!(
        text(&browser, "newest-table").await.as_deref(),
        Some(format!("Game {}: Central mission", club.game).as_str())
    );
    until_stream_open(&browser).await;
    mark_window(&browser).await;

    // Issue #23: a mission-table roll on the dice page tagged with the game is not
    // that game's mission: the projector says it was a roll for the game, and the
    // game keeps its own missions.
    club.write(
        Method::POST,
        &club.api("/rolls"),
        json!({ "table": "mission", "dice": [4], "game_id": club.game, "side": "allied" }),
    )
    .await;
    until_text(&browser, "newest-dice", "4").await;
    let tagged = text(&browser, "newest-table").await.unwrap();
    assert!(
        tagged.ends_with(&format!("· Allied · for game {}", club.game)),
        "{tagged}"
    );
    assert!(!tagged.starts_with("Game "), "{tagged}");
    let missions = text(&browser, &game).await.unwrap();
    assert!(
        missions.contains("observe enemy airfield"),
        "the game's own mission: {missions}"
    );

    club.roll([6, 5]).await;
    until_text(&browser, "newest-dice", "6 5").await;
    assert_eq!(text(&browser, "newest-total").await.as_deref(), Some("11"));
    until_text(&browser, "live-status", "A new roll: 2d6: 6 5, total 11").await;
    assert_window_kept(&browser, "for the roll").await;
    browser
        .assert_well_formed("the live page after a roll")
        .await;

    club.roll([2, 1]).await;
    until_text(&browser, "newest-dice", "2 1").await;
    assert_eq!(text(&browser, "newest-total").await.as_deref(), Some("3"));
    let earlier = text(&browser, "earlier-rolls")
        .await
        .expect("the roll before");
    assert!(earlier.contains("6 5"), "{earlier}");

    club.debrief().await;
    until_text(&browser, &format!("{game}-state"), "debriefed").await;
    let missions = text(&browser, &game).await.unwrap();
    assert!(
        missions.contains("Airco DH-4: Albert Ball, John Smith"),
        "{missions}"
    );
    assert!(missions.contains("success"), "{missions}");
    until_text(&browser, "live-out", "Hans Weiss").await;
    let out = text(&browser, "live-out").await.unwrap();
    assert!(out.contains("out until week 7, back in week 8"), "{out}");
    // The injury roll of the debrief says whose it was.
    let rolls = text(&browser, "live-rolls-section").await.unwrap();
    assert!(
        rolls
            .lines()
            .any(|l| l.contains("injury") && l.contains("Hans Weiss")),
        "{rolls}"
    );
    assert_window_kept(&browser, "for the debrief").await;
    browser
        .assert_well_formed("the live page after the debrief")
        .await;

    // On a 16:9 projector the evening fits the screen; on a phone it scrolls down,
    // never sideways.
    browser.client.set_window_size(1920, 1080).await.unwrap();
    browser.screenshot("live").await;
    assert_eq!(overflow(&browser).await, (0, 0), "sideways and down, 16:9");
    browser.client.set_window_size(390, 844).await.unwrap();
    assert_eq!(overflow(&browser).await.0, 0, "sideways on a phone");
    browser.screenshot("live-phone").await;
    assert_window_kept(&browser, "by resizing").await;
    browser.close().await;
}

/// How far the page overflows the window: sideways and down, in pixels.
async fn overflow(browser: &Browser) -> (i64, i64) {
    let script = "const d = document.documentElement; \
        return [d.scrollWidth - d.clientWidth, d.scrollHeight - d.clientHeight];";
    let answer = browser.client.execute(script, vec![]).await.unwrap();
    (answer[0].as_i64().unwrap(), answer[1].as_i64().unwrap())
}

#[tokio::test]
async fn another_campaign_page_offers_a_reload_once_the_campaign_changes() {
    let club = Club::start().await;
    let browser = Browser::start(&club.app.address).await;
    let leaderboard = club.page("/leaderboard");
    browser.open(&leaderboard).await;
    assert_eq!(text(&browser, "changed-reload").await, None);
    browser
        .assert_well_formed("the leaderboard as it opens")
        .await;
    mark_window(&browser).await;

    // A roll changes nothing of the leaderboard: no notice for it.
    club.roll([4, 4]).await;
    until_heard(&browser, revision_of(&club).await).await;
    assert_eq!(text(&browser, "changed").await.as_deref(), Some(""));
    club.debrief().await;
    until_text(
        &browser,
        "changed",
        "Changed — a game was debriefed since this page was loaded.",
    )
    .await;
    assert_window_kept(&browser, "for the roll").await;
    browser
        .assert_well_formed("the leaderboard with its notice")
        .await;
    browser.screenshot("changed-notice").await;

    browser.follow("Reload the page").await;
    browser.assert_path(&leaderboard).await;
    until_stream_open(&browser).await;
    assert_eq!(text(&browser, "changed-reload").await, None);
    browser.close().await;
}

/// True once the page's script has heard the event of at least this revision (the
/// game page sets `data-heard` on every event, whether it concerns it or not).
async fn until_heard(browser: &Browser, revision: i64) {
    until(
        &format!("the page to hear revision {revision}"),
        ARRIVAL,
        || async {
            let heard = browser
                .client
                .execute("return Number(document.body.dataset.heard || 0);", vec![])
                .await
                .map_err(|e| e.to_string())?;
            match heard.as_i64() {
                Some(h) if h >= revision => Ok(()),
                other => Err(format!("it heard {other:?}")),
            }
        },
    )
    .await;
}

/// The values of the fields `selector` finds, in order.
async fn values(browser: &Browser, selector: &str) -> Vec<String> {
    let script = "return Array.from(document.querySelectorAll(arguments[0])).map(e => e.value);";
    let answer = browser
        .client
        .execute(script, vec![json!(selector)])
        .await
        .unwrap();
    serde_json::from_value(answer).unwrap()
}

/// The campaign's revision now.
async fn revision_of(club: &Club) -> i64 {
    count(
        &club.app,
        &format!(
            "SELECT revision FROM campaigns WHERE id = {}",
            club.campaign
        ),
    )
    .await
}

/// Issue #23: a half-typed debrief is never lost. The referee types into the debrief
/// form of a second game (its turns played, `form.debrief input[name=turns_played]`,
/// and the form's next text field); a roll on the dice endpoint and the debrief of the
/// first game — events of no concern to this game — leave the page as it was: no
/// navigation, no notice, the typed values in their fields. A roll then tagged with
/// this very game brings a notice saying so, that the entries are kept, and no link
/// that would reload them away.
#[tokio::test]
async fn a_half_typed_debrief_survives_what_happens_elsewhere() {
    let club = Club::start().await;
    // A second game, both missions rolled (fighter sweeps), so its debrief form shows.
    let game = club
        .write(Method::POST, &club.api("/games"), json!({ "dice": [3, 4] }))
        .await["id"]
        .as_i64()
        .unwrap();
    for side in ["allied", "central"] {
        club.write(
            Method::POST,
            &club.api(&format!("/games/{game}/missions")),
            json!({ "side": side, "dice": [9] }),
        )
        .await;
    }
    let browser = Browser::start(&club.app.address).await;
    browser.sign_in_as("rita").await;
    browser.open(&club.page(&format!("/games/{game}"))).await;
    until_stream_open(&browser).await;
    mark_window(&browser).await;

    let turns = "form.debrief input[name=turns_played]";
    let other = "form.debrief input[type=text]:not([name=turns_played]), \
                 form.debrief input[type=number]:not([name=turns_played])";
    browser
        .client
        .find(fantoccini::Locator::Css(turns))
        .await
        .expect("the debrief form's turns played")
        .send_keys("17")
        .await
        .unwrap();
    let typed_other = match browser.client.find(fantoccini::Locator::Css(other)).await {
        Ok(field) => {
            field.clear().await.unwrap();
            field.send_keys("3").await.unwrap();
            true
        }
        Err(_) => false,
    };
    let before = values(&browser, "form.debrief input:not([type=hidden])").await;
    assert!(before.iter().any(|v| v.contains("17")), "{before:?}");

    // A roll of no game on the dice endpoint, then the first game's debrief.
    club.roll([6, 6]).await;
    club.debrief().await;
    until_heard(&browser, revision_of(&club).await).await;
    assert_window_kept(&browser, "for a roll and another game's debrief").await;
    assert_eq!(
        values(&browser, "form.debrief input:not([type=hidden])").await,
        before,
        "the typed values stay"
    );
    assert_eq!(text(&browser, "changed").await.as_deref(), Some(""));
    if typed_other {
        assert_eq!(
            values(&browser, other).await.first().map(String::as_str),
            Some("3")
        );
    }

    // A roll for this very game: the notice says what changed and keeps the input.
    club.write(
        Method::POST,
        &club.api("/rolls"),
        json!({ "table": "2d6", "modifiers": {}, "dice": [1, 2], "game_id": game }),
    )
    .await;
    until_text(
        &browser,
        "changed",
        "Changed — a roll was made for this game since this page was loaded. \
         Your entries are kept: reload after you submit.",
    )
    .await;
    assert_eq!(
        text(&browser, "changed-reload").await,
        None,
        "no reload link"
    );
    assert_window_kept(&browser, "for this game's mission").await;
    assert_eq!(
        values(&browser, "form.debrief input:not([type=hidden])").await,
        before
    );
    browser
        .assert_well_formed("the game page with its notice")
        .await;
    browser.screenshot("changed-kept").await;
    browser.close().await;
}
