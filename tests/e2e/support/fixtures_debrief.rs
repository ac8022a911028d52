//! Fixtures for the debrief tests: the crew of a small campaign created through the
//! API, and games and missions rolled and assigned through the use cases, as the
//! referee leaves them before the debrief.

use std::collections::HashMap;

use campaign::sides::Side;
use reqwest::StatusCode;

use super::builders::{Crewed, Referee, QUIET};
use super::world::CampaignBuilder;
use super::{body, database, TestApp};

/// A campaign starting 1917-08-06 with two players a side, each with two pilots and
/// an observer (R3), created through the API; crew are found by name.
pub struct Squadron {
    pub referee: String,
    pub campaign: i64,
    pub crew: HashMap<&'static str, i64>,
    /// The referee's hand, writing through the use cases.
    pub office: Referee,
}

impl Squadron {
    /// The id of crewman `name`.
    pub fn id(&self, name: &str) -> i64 {
        self.crew[name]
    }

    /// The API path `rest` of the campaign, e.g. `/rolls`.
    pub fn api(&self, rest: &str) -> String {
        format!("/api/v1/campaigns/{}{rest}", self.campaign)
    }

    /// The API path of `game`'s debrief.
    pub fn debrief_path(&self, game: i64) -> String {
        self.api(&format!("/games/{game}/debrief"))
    }
}

/// Sends `report` as the referee's debrief of `game`.
pub async fn post_debrief(
    app: &TestApp,
    s: &Squadron,
    game: i64,
    report: &serde_json::Value,
) -> reqwest::Response {
    app.post(&s.debrief_path(game), Some(&s.referee), report)
        .await
}

/// The answer to the referee's debrief of `game`, which must be accepted (201); each
/// crewman's fate agrees with the casualties it lists (see [`assert_fates_agree`]), in
/// the answer and in the stored debrief read back.
pub async fn debrief_ok(
    app: &TestApp,
    s: &Squadron,
    game: i64,
    report: &serde_json::Value,
) -> serde_json::Value {
    let response = post_debrief(app, s, game, report).await;
    let status = response.status();
    let result = body(response).await;
    assert_eq!(status, StatusCode::CREATED, "{result}");
    assert_fates_agree(&result);
    let stored = app.get(&s.debrief_path(game), Some(&s.referee)).await;
    assert_eq!(stored.status(), StatusCode::OK);
    let stored = body(stored).await;
    assert_eq!(
        stored["crew"], result["crew"],
        "the GET answers the POST's crew"
    );
    result
}

/// The (points, reason) of each award of `crew`, in the order given.
pub fn awards_of(result: &serde_json::Value, crew: i64) -> Vec<(i64, String)> {
    result["awards"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|a| a["crew_id"] == crew)
        .map(|a| {
            (
                a["points"].as_i64().unwrap(),
                a["reason"].as_str().unwrap().to_owned(),
            )
        })
        .collect()
}

/// An award as [`awards_of`] lists it.
pub fn aw(points: i64, reason: &str) -> (i64, String) {
    (points, reason.to_owned())
}

/// API v1.2, R7, R8: each `crew[]` entry of a debrief's answer carries the `fate` the
/// same answer lists for him — `killed` among the deaths, `captured` among the
/// captures, `minor_injury` or `serious_injury` by his injury's severity, `unharmed`
/// when none lists him — and every man listed there is one of its crew.
pub fn assert_fates_agree(result: &serde_json::Value) {
    let ids = |key: &str| -> Vec<i64> {
        result[key]
            .as_array()
            .unwrap_or_else(|| panic!("no {key} in {result}"))
            .iter()
            .map(|v| v.as_i64().or_else(|| v["crew_id"].as_i64()).unwrap())
            .collect()
    };
    let (deaths, captures) = (ids("deaths"), ids("captures"));
    let injuries = result["injuries"].as_array().unwrap();
    let crew = result["crew"].as_array().map(Vec::as_slice).unwrap_or(&[]);
    for c in crew {
        let id = c["crew_id"].as_i64().unwrap();
        let listed = if deaths.contains(&id) {
            "killed".to_owned()
        } else if captures.contains(&id) {
            "captured".to_owned()
        } else if let Some(i) = injuries.iter().find(|i| i["crew_id"] == id) {
            format!("{}_injury", i["severity"].as_str().unwrap())
        } else {
            "unharmed".to_owned()
        };
        assert_eq!(
            c["fate"],
            listed.as_str(),
            "the fate of crewman {id} in {result}"
        );
    }
    let in_crew: Vec<i64> = crew
        .iter()
        .map(|c| c["crew_id"].as_i64().unwrap())
        .collect();
    for id in deaths.iter().chain(&captures).chain(&ids("injuries")) {
        assert!(
            in_crew.contains(id),
            "crewman {id} is listed but not in crew: {result}"
        );
    }
}

/// Crewman `id` as the API shows him to the referee.
pub async fn crewman(app: &TestApp, s: &Squadron, id: i64) -> serde_json::Value {
    let response = app
        .get(&s.api(&format!("/crew/{id}")), Some(&s.referee))
        .await;
    assert_eq!(response.status(), StatusCode::OK);
    body(response).await
}

/// The players of [`squadron`], two a side, each with his crew as R3 gives it: two
/// pilots, then an observer.
const PLAYERS: [(&str, &str, [&str; 3]); 4] = [
    ("ada", "allied", ["Ball", "McCudden", "Smith"]),
    ("bert", "allied", ["Mannock", "Bishop", "Jones"]),
    ("carl", "central", ["Boelcke", "Immelmann", "Weber"]),
    ("dora", "central", ["Voss", "Udet", "Schmidt"]),
];

/// The roles of a player's crew, in the order of [`PLAYERS`].
const ROLES: [&str; 3] = ["pilot", "pilot", "observer"];

/// A crewman's nationality: German on the Central side; British on the Allied side,
/// but for Bishop, who is of the Commonwealth.
fn nationality(side: &str, name: &str) -> &'static str {
    match (side, name) {
        ("allied", "Bishop") => "commonwealth",
        ("allied", _) => "british",
        _ => "german",
    }
}

/// Sets up a campaign refereed by `referee` (a new account of that name).
pub async fn squadron(app: &TestApp, referee: &str) -> Squadron {
    let mut builder = CampaignBuilder::new(referee, "1917-08-06");
    for (player, side, _) in PLAYERS {
        builder = builder.player(format!("{player}-{referee}"), side);
    }
    for (owner, side, names) in PLAYERS {
        for (name, role) in names.into_iter().zip(ROLES) {
            let owner = format!("{owner}-{referee}");
            builder = builder.crewman(name, role, nationality(side, name), owner);
        }
    }
    let world = builder.build(app).await;
    let names = PLAYERS.into_iter().flat_map(|(_, _, names)| names);
    Squadron {
        referee: world.referee,
        campaign: world.campaign,
        crew: names.zip(world.crew).collect(),
        office: world.office,
    }
}

/// A game of the campaign's current week, with a quiet ground offensive rolled.
pub async fn game(s: &Squadron) -> i64 {
    s.office.open_game(QUIET).await
}

/// A game of the campaign's current week whose sides both rolled fighter sweep,
/// unassigned: every sortie flies fighter sweep, as in a game with no mission (R4, R9),
/// and the game can be debriefed (API v1.2: a debrief needs both missions).
pub async fn sweep_game(s: &Squadron) -> i64 {
    s.office.sweep_game().await.id
}

/// The aircraft type and crew a mission is assigned.
pub type Assigned = Crewed;

/// The Allies' `mission_type` mission of `game`, assigned to `aircraft` (a
/// two-seater) flown by Ball with Smith observing.
pub async fn ball_and_smith_fly(
    s: &Squadron,
    (game, aircraft): (i64, i64),
    mission_type: &str,
) -> i64 {
    let crew = Assigned {
        aircraft,
        pilot: s.id("Ball"),
        observer: Some(s.id("Smith")),
    };
    mission(s, game, "allied", mission_type, None, Some(crew)).await
}

/// A side's mission of `game`, rolled with its d10 entered (and, for directing
/// artillery, the d6 of `trips_needed`) and, when `assigned`, assigned (R9).
pub async fn mission(
    s: &Squadron,
    game: i64,
    side: &str,
    mission_type: &str,
    trips_needed: Option<u32>,
    assigned: Option<Assigned>,
) -> i64 {
    let d10 = [
        "observe_airfield",
        "observe_hq",
        "observe_troops",
        "bomb_airfield",
        "bomb_hq",
        "direct_artillery",
        "strafe_trenches",
        "balloon_busting",
        "fighter_sweep",
        "scramble",
    ]
    .iter()
    .position(|m| *m == mission_type)
    .expect("a mission type") as u32
        + 1;
    let dice: Vec<u32> = [d10].into_iter().chain(trips_needed).collect();
    let side: Side = side.parse().unwrap();
    let mission = s.office.roll_mission(game, side, &dice).await;
    if let Some(crew) = assigned {
        s.office.assign(game, mission, crew).await;
    }
    mission
}

/// Rows of the tables a debrief writes: sorties, sortie_crew, kills, kill_shooters,
/// xp_awards, casualties, dice_rolls.
pub async fn row_counts(app: &TestApp) -> Vec<(&'static str, i64)> {
    let mut counts = Vec::new();
    for table in [
        "sorties",
        "sortie_crew",
        "kills",
        "kill_shooters",
        "xp_awards",
        "casualties",
        "dice_rolls",
    ] {
        let n = database::count(&app.pool, &format!("SELECT count(*) FROM {table}")).await;
        counts.push((table, n));
    }
    counts
}

/// A count from the test database, `$1` in `query` standing for `game`.
pub async fn count(app: &TestApp, query: &str, game: i64) -> i64 {
    database::count(&app.pool, &query.replace("$1", &game.to_string())).await
}
