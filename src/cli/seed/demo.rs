//! The demo campaign: "Bloody April", from 1917-04-09 (the Battle of Arras), with two
//! players a side and three closed weeks of games, every roll entered so the demo is the
//! same each time. Its open week 4 holds 1 May, so two aircraft types enter service then.

use std::collections::HashMap;

use eagles_db::DbPool;
use rand::distributions::{Alphanumeric, DistString};
use serde_json::{json, Value};

use super::{account, app, Driver};

pub const CAMPAIGN_NAME: &str = "Bloody April (demo)";
pub const REFEREE: &str = "demo-referee";

/// What the seed made.
pub struct Seeded {
    pub campaign_id: i64,
    /// The password of every demo account.
    pub password: String,
}

/// A crewman of the demo: (name, role, nationality).
type DemoCrewman = (&'static str, &'static str, &'static str);
/// A side's mission in a demo game: (side, mission dice, aircraft, pilot, observer).
type DemoMission<'a> = (&'a str, &'a [u32], &'a str, &'a str, Option<&'a str>);

/// (player, side, crew): two pilots and an observer each (R3).
const SQUADRONS: [(&str, &str, [DemoCrewman; 3]); 4] = [
    (
        "demo-ada",
        "allied",
        [
            ("Albert Ball", "pilot", "british"),
            ("Mick Mannock", "pilot", "british"),
            ("Tom Mottershead", "observer", "british"),
        ],
    ),
    (
        "demo-bert",
        "allied",
        [
            ("Georges Guynemer", "pilot", "french"),
            ("Charles Nungesser", "pilot", "french"),
            ("Jean Chaput", "observer", "french"),
        ],
    ),
    (
        "demo-carl",
        "central",
        [
            ("Werner Voss", "pilot", "german"),
            ("Kurt Wolff", "pilot", "german"),
            ("Erwin Böhme", "observer", "german"),
        ],
    ),
    (
        "demo-dora",
        "central",
        [
            ("Godwin Brumowski", "pilot", "austro_hungarian"),
            ("Frank Linke-Crawford", "pilot", "austro_hungarian"),
            ("Julius Arigi", "observer", "austro_hungarian"),
        ],
    ),
];

struct Demo<'a, S> {
    driver: &'a Driver<S>,
    referee: String,
    campaign: i64,
    crew: HashMap<&'static str, i64>,
    aircraft: HashMap<String, i64>,
}

impl<S> Demo<'_, S>
where
    S: actix_web::dev::Service<
        actix_http::Request,
        Response = actix_web::dev::ServiceResponse,
        Error = actix_web::Error,
    >,
{
    fn path(&self, rest: &str) -> String {
        format!("/api/v1/campaigns/{}{rest}", self.campaign)
    }

    async fn post(&self, rest: &str, body: Value) -> Result<Value, String> {
        self.driver
            .post(&self.path(rest), &self.referee, body)
            .await
    }

    fn plane(&self, name: &str) -> Result<i64, String> {
        self.aircraft
            .get(name)
            .copied()
            .ok_or_else(|| format!("the demo needs the aircraft type {name}"))
    }

    /// Opens a game, rolls and assigns both missions; returns the game and mission ids.
    async fn game(
        &self,
        offensive: [u32; 2],
        missions: [DemoMission<'_>; 2],
    ) -> Result<(i64, Vec<i64>), String> {
        let game = self.post("/games", json!({ "dice": offensive })).await?;
        let game_id = game["id"].as_i64().unwrap_or_default();
        let mut ids = Vec::new();
        for (side, dice, plane, pilot, observer) in missions {
            let mission = self
                .post(
                    &format!("/games/{game_id}/missions"),
                    json!({ "side": side, "dice": dice }),
                )
                .await?;
            let mission_id = mission["id"].as_i64().unwrap_or_default();
            self.driver
                .put(
                    &self.path(&format!(
                        "/games/{game_id}/missions/{mission_id}/assignment"
                    )),
                    &self.referee,
                    json!({
                        "aircraft_id": self.plane(plane)?,
                        "pilot_id": self.crew[pilot],
                        "observer_id": observer.map(|o| self.crew[o]),
                    }),
                )
                .await?;
            ids.push(mission_id);
        }
        Ok((game_id, ids))
    }

    fn sortie(
        &self,
        key: &str,
        plane: &str,
        assignment: &str,
        turns: u32,
        lost: bool,
        crew: Value,
    ) -> Result<Value, String> {
        Ok(
            json!({ "key": key, "aircraft_id": self.plane(plane)?, "assignment": assignment,
                   "turns_on_board": turns, "aircraft_lost": lost, "crew": crew }),
        )
    }
}

/// Seeds the demo campaign through the API's handlers.
pub async fn seed(pool: &DbPool) -> Result<Seeded, String> {
    let service = app(pool).await;
    let driver = Driver { service };
    let password = Alphanumeric.sample_string(&mut rand::thread_rng(), 16);
    let referee = account(&driver, pool, REFEREE, &password).await?;
    let campaign = driver
        .post(
            "/api/v1/campaigns",
            &referee,
            json!({ "name": CAMPAIGN_NAME, "start_date": "1917-04-09", "public": true }),
        )
        .await?["id"]
        .as_i64()
        .unwrap_or_default();
    let mut crew = HashMap::new();
    for (player, side, members) in SQUADRONS {
        let token = account(&driver, pool, player, &password).await?;
        driver
            .post(
                &format!("/api/v1/campaigns/{campaign}/members"),
                &referee,
                json!({ "username": player, "role": "player", "side": side }),
            )
            .await?;
        for (name, role, nationality) in members {
            let created = driver
                .post(
                    &format!("/api/v1/campaigns/{campaign}/crew"),
                    &token,
                    json!({ "name": name, "role": role, "nationality": nationality }),
                )
                .await?;
            crew.insert(name, created["id"].as_i64().unwrap_or_default());
        }
    }
    let aircraft = driver
        .call(actix_web::http::Method::GET, "/api/v1/aircraft", None, None)
        .await?
        .as_array()
        .map(|list| {
            list.iter()
                .filter_map(|a| Some((a["name"].as_str()?.to_owned(), a["id"].as_i64()?)))
                .collect()
        })
        .unwrap_or_default();
    let demo = Demo {
        driver: &driver,
        referee,
        campaign,
        crew,
        aircraft,
    };
    play(&demo).await?;
    Ok(Seeded {
        campaign_id: campaign,
        password,
    })
}

fn pilot(demo_crew: &HashMap<&str, i64>, name: &str, extra: Value) -> Value {
    let mut member = json!({ "crew_id": demo_crew[name], "position": "pilot" });
    merge(&mut member, extra);
    member
}

fn observer(demo_crew: &HashMap<&str, i64>, name: &str, extra: Value) -> Value {
    let mut member = json!({ "crew_id": demo_crew[name], "position": "observer" });
    merge(&mut member, extra);
    member
}

fn merge(into: &mut Value, extra: Value) {
    if let (Some(into), Value::Object(extra)) = (into.as_object_mut(), extra) {
        into.extend(extra);
    }
}

/// Three club nights, each closed, then a fourth week left open with a game rolled.
async fn play<S>(d: &Demo<'_, S>) -> Result<(), String>
where
    S: actix_web::dev::Service<
        actix_http::Request,
        Response = actix_web::dev::ServiceResponse,
        Error = actix_web::Error,
    >,
{
    let c = &d.crew;
    let none = json!({});

    // Week 1: quiet front; the Allies observe the HQ, the Central side sweeps.
    let (game, missions) = d
        .game(
            [3, 4],
            [
                (
                    "allied",
                    &[2],
                    "RAF RE8",
                    "Albert Ball",
                    Some("Tom Mottershead"),
                ),
                ("central", &[9], "Albatros D-III", "Werner Voss", None),
            ],
        )
        .await?;
    let sorties = vec![
        d.sortie(
            "a1",
            "RAF RE8",
            "mission",
            20,
            false,
            json!([
                pilot(c, "Albert Ball", none.clone()),
                observer(c, "Tom Mottershead", none.clone())
            ]),
        )?,
        d.sortie(
            "a2",
            "SPAD VII",
            "sweep",
            20,
            false,
            json!([pilot(c, "Mick Mannock", json!({ "red_hits": 2 }))]),
        )?,
        d.sortie(
            "a3",
            "Nieuport 17",
            "sweep",
            20,
            false,
            json!([pilot(c, "Georges Guynemer", json!({ "red_hits": 1 }))]),
        )?,
        d.sortie(
            "c1",
            "Albatros D-III",
            "mission",
            20,
            false,
            json!([pilot(c, "Werner Voss", json!({ "red_hits": 3 }))]),
        )?,
        d.sortie(
            "c2",
            "Albatros D-III",
            "mission",
            12,
            true,
            json!([pilot(c, "Kurt Wolff", none.clone())]),
        )?,
    ];
    d.post(&format!("/games/{game}/debrief"), json!({
        "turns_played": 20,
        "sorties": sorties,
        "kills": [ { "victim": "c2", "shooters": [c["Mick Mannock"], c["Georges Guynemer"]] } ],
        "missions": [ { "mission_id": missions[0], "landed_safely": true, "target_observed": true } ]
    })).await?;
    d.post("/weeks/close", json!({})).await?;

    // Week 2: a major Allied attack; the Allies scramble, the Central side strafes.
    let (game, missions) = d
        .game(
            [6, 6],
            [
                ("allied", &[10], "SPAD VII", "Mick Mannock", None),
                (
                    "central",
                    &[7],
                    "Albatros C-III",
                    "Godwin Brumowski",
                    Some("Julius Arigi"),
                ),
            ],
        )
        .await?;
    let sorties = vec![
            d.sortie("a1", "SPAD VII", "mission", 18, false, json!([pilot(c, "Mick Mannock", json!({ "red_hits": 4 }))]))?,
            d.sortie("a2", "Nieuport 17", "mission", 18, false, json!([pilot(c, "Charles Nungesser", none.clone())]))?,
            d.sortie("c1", "Albatros C-III", "mission", 15, false, json!([
                pilot(c, "Godwin Brumowski", none.clone()),
                observer(c, "Julius Arigi", json!({ "wound_boxes": 1, "outcome": "minor_injury", "dice": { "injury": [2] } })),
            ]))?,
            d.sortie("c2", "Albatros D-III", "sweep", 15, true, json!([pilot(c, "Kurt Wolff", json!({ "wound_boxes": 2, "outcome": "serious_injury", "dice": { "injury": [2, 5, 6] } }))]))?,
    ];
    d.post(
        &format!("/games/{game}/debrief"),
        json!({
            "turns_played": 18,
            "enemy_left_board_on_turn": { "allied": null, "central": 15 },
            "sorties": sorties,
            "kills": [ { "victim": "c2", "shooters": [c["Mick Mannock"]] } ],
            "missions": [ { "mission_id": missions[1], "landed_safely": true, "hexes_strafed": 6 } ]
        }),
    )
    .await?;
    d.post("/weeks/close", json!({})).await?;

    // Week 3: a major Central attack; artillery spotting against a sweep.
    let (game, missions) = d
        .game(
            [1, 1],
            [
                (
                    "allied",
                    &[6, 3],
                    "RAF RE8",
                    "Albert Ball",
                    Some("Jean Chaput"),
                ),
                ("central", &[9], "Albatros D-III", "Werner Voss", None),
            ],
        )
        .await?;
    let sorties = vec![
        d.sortie(
            "a1",
            "RAF RE8",
            "mission",
            22,
            false,
            json!([
                pilot(c, "Albert Ball", none.clone()),
                observer(c, "Jean Chaput", none.clone())
            ]),
        )?,
        d.sortie(
            "a2",
            "SPAD VII",
            "sweep",
            9,
            true,
            json!([pilot(
                c,
                "Georges Guynemer",
                json!({ "outcome": "captured", "dice": { "capture": [3, 5] } })
            )]),
        )?,
        d.sortie(
            "c1",
            "Albatros D-III",
            "mission",
            22,
            false,
            json!([pilot(c, "Werner Voss", json!({ "red_hits": 5 }))]),
        )?,
        d.sortie(
            "c2",
            "Albatros D-III",
            "mission",
            22,
            false,
            json!([pilot(c, "Frank Linke-Crawford", json!({ "red_hits": 1 }))]),
        )?,
    ];
    d.post(
        &format!("/games/{game}/debrief"),
        json!({
            "turns_played": 22,
            "sorties": sorties,
            "kills": [ { "victim": "a2", "shooters": [c["Werner Voss"]] } ],
            "missions": [ { "mission_id": missions[0], "trips": 3 } ]
        }),
    )
    .await?;
    d.post("/weeks/close", json!({})).await?;

    // Week 4 stays open: tonight's game is rolled, waiting for its debrief.
    d.game(
        [5, 6],
        [
            (
                "allied",
                &[4],
                "Sopwith 1 1/2 Strutter",
                "Mick Mannock",
                Some("Tom Mottershead"),
            ),
            ("central", &[8], "Albatros D-III", "Werner Voss", None),
        ],
    )
    .await?;
    Ok(())
}
