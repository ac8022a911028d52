//! The demo campaign: "Bloody April", from 1917-04-09 (the Battle of Arras), with two
//! players a side and three closed weeks of games, every roll entered so the demo is the
//! same each time. Its open week 4 holds 1 May, so two aircraft types enter service then.
//! Each account plays its part through the service's use cases, so every row is written
//! by the code a club uses.

use std::collections::HashMap;

use campaign::crew::Role;
use campaign::injuries::Outcome;
use campaign::missions::Assignment;
use campaign::roster::MemberRole;
use campaign::sides::{Nationality, Side};
use chrono::NaiveDate;
use eagles_db::diesel_async::AsyncPgConnection;
use eagles_db::users::User;
use eagles_db::DbPool;
use eagles_office::refs::{GameRef, MissionRef};
use eagles_office::sheets::{DeclareSortie, SeatRequest};
use eagles_service::campaigns::NewCampaign;
use eagles_service::crew::NewCrew;
use eagles_service::debrief::{
    CrewDice, CrewReport, DebriefRequest, KillReport, LeftBoard, MissionFacts, SortieReport,
};
use eagles_service::games::{self, AssignmentRequest, MissionRequest, NewGameRequest};
use eagles_service::members::NewMember;
use eagles_service::password::hash_password_blocking;
use eagles_service::reference::AircraftQuery;
use eagles_service::ServiceError;
use rand::distributions::{Alphanumeric, DistString};

mod nights;
use nights::*;

pub const CAMPAIGN_NAME: &str = "Bloody April (demo)";
pub const REFEREE: &str = "demo-referee";

/// What the seed made.
pub struct Seeded {
    pub campaign_id: i64,
    /// The password of every demo account.
    pub password: String,
}

/// A crewman of the demo: (name, role, nationality).
type DemoCrewman = (&'static str, Role, Nationality);
/// A side's mission in a demo game: (side, mission dice, aircraft, pilot, observer).
type DemoMission<'a> = (Side, &'a [u32], &'a str, &'a str, Option<&'a str>);

/// (player, side, crew): two pilots and an observer each (R3).
const SQUADRONS: [(&str, Side, [DemoCrewman; 3]); 4] = [
    (
        "demo-ada",
        Side::Allied,
        [
            ("Albert Ball", Role::Pilot, Nationality::British),
            ("Mick Mannock", Role::Pilot, Nationality::British),
            ("Tom Mottershead", Role::Observer, Nationality::British),
        ],
    ),
    (
        "demo-bert",
        Side::Allied,
        [
            ("Georges Guynemer", Role::Pilot, Nationality::French),
            ("Charles Nungesser", Role::Pilot, Nationality::French),
            ("Jean Chaput", Role::Observer, Nationality::French),
        ],
    ),
    (
        "demo-carl",
        Side::Central,
        [
            ("Werner Voss", Role::Pilot, Nationality::German),
            ("Kurt Wolff", Role::Pilot, Nationality::German),
            ("Erwin Böhme", Role::Observer, Nationality::German),
        ],
    ),
    (
        "demo-dora",
        Side::Central,
        [
            (
                "Godwin Brumowski",
                Role::Pilot,
                Nationality::AustroHungarian,
            ),
            (
                "Frank Linke-Crawford",
                Role::Pilot,
                Nationality::AustroHungarian,
            ),
            ("Julius Arigi", Role::Observer, Nationality::AustroHungarian),
        ],
    ),
];

/// What a use case refused the demo, as the command reports it.
fn refused(what: &str) -> impl FnOnce(ServiceError) -> String + '_ {
    move |e| match e {
        ServiceError::Internal(cause) => format!("the demo could not {what}: {cause}"),
        e => format!("the demo could not {what}: {e}"),
    }
}

/// The campaign as its referee runs it.
struct Demo {
    referee: User,
    campaign: i64,
    crew: HashMap<&'static str, i64>,
    aircraft: HashMap<String, i64>,
}

impl Demo {
    fn plane(&self, name: &str) -> Result<i64, String> {
        self.aircraft
            .get(name)
            .copied()
            .ok_or_else(|| format!("the demo needs the aircraft type {name}"))
    }

    /// Opens a game, rolls and assigns both missions; returns the game and mission ids.
    async fn game(
        &self,
        conn: &mut AsyncPgConnection,
        offensive: [u32; 2],
        missions: [DemoMission<'_>; 2],
    ) -> Result<(i64, Vec<i64>), String> {
        let request = NewGameRequest {
            dice: Some(offensive.to_vec()),
            nonce: None,
        };
        let game = games::open(conn, self.referee.clone(), self.campaign, request)
            .await
            .map_err(refused("open a game"))?
            .id;
        let mut ids = Vec::new();
        for (side, dice, plane, pilot, observer) in missions {
            let request = MissionRequest {
                side,
                dice: Some(dice.to_vec()),
                nonce: None,
            };
            let referee = self.referee.clone();
            let mission = games::roll_side(conn, referee, self.campaign, game, request)
                .await
                .map_err(refused("roll a mission"))?
                .id;
            let request = AssignmentRequest {
                aircraft_id: self.plane(plane)?,
                pilot_id: self.crew[pilot],
                observer_id: observer.map(|o| self.crew[o]),
            };
            let referee = self.referee.clone();
            let at = MissionRef {
                campaign_id: self.campaign,
                game_id: game,
                mission_id: mission,
            };
            games::assign(conn, referee, at, request)
                .await
                .map_err(refused("assign a mission"))?;
            ids.push(mission);
        }
        Ok((game, ids))
    }

    /// Declares a sortie of `game` into its line-up as the referee (R16).
    async fn declare(
        &self,
        conn: &mut AsyncPgConnection,
        game_id: i64,
        plane: &str,
        pilot: &str,
        observer: Option<&str>,
    ) -> Result<(), String> {
        let mut crew = vec![SeatRequest {
            crew_id: self.crew[pilot],
            position: Role::Pilot,
        }];
        crew.extend(observer.map(|o| SeatRequest {
            crew_id: self.crew[o],
            position: Role::Observer,
        }));
        let request = DeclareSortie {
            aircraft_id: self.plane(plane)?,
            crew,
        };
        let at = GameRef {
            campaign_id: self.campaign,
            game_id,
        };
        eagles_service::sheets::lineup::declare(conn, self.referee.clone(), at, request)
            .await
            .map_err(refused("declare a sortie"))?;
        Ok(())
    }

    fn sortie(
        &self,
        key: &str,
        plane: &str,
        assignment: Assignment,
        turns: u32,
        lost: bool,
        crew: Vec<CrewReport>,
    ) -> Result<SortieReport, String> {
        Ok(SortieReport {
            sortie_id: None,
            key: key.to_owned(),
            aircraft_id: Some(self.plane(plane)?),
            assignment: Some(assignment),
            turns_on_board: turns,
            aircraft_lost: Some(lost),
            crew,
            down: None,
        })
    }

    /// A crewman who flew `position` and came home unhurt, unless told otherwise.
    fn flew(&self, name: &str, position: Role) -> CrewReport {
        CrewReport {
            crew_id: self.crew[name],
            position,
            red_hits: 0,
            wound_boxes: 0,
            outcome: None,
            dice: None,
        }
    }

    /// A two-seater's pilot and observer, both home unhurt.
    fn pair(&self, pilot: &str, observer: &str) -> Vec<CrewReport> {
        vec![
            self.flew(pilot, Role::Pilot),
            self.flew(observer, Role::Observer),
        ]
    }

    /// A pilot who came home unhurt with `red_hits` scored.
    fn scored(&self, name: &str, red_hits: u32) -> CrewReport {
        CrewReport {
            red_hits,
            ..self.flew(name, Role::Pilot)
        }
    }

    fn kill(&self, victim: &str, shooters: &[&str]) -> KillReport {
        KillReport {
            victim: victim.to_owned(),
            shooters: shooters.iter().map(|name| self.crew[name]).collect(),
        }
    }

    /// Debriefs the week's one game as `request` reports it, then closes the week.
    async fn close_night(
        &self,
        conn: &mut AsyncPgConnection,
        game: i64,
        request: DebriefRequest,
    ) -> Result<(), String> {
        eagles_service::debrief::create(conn, self.referee.clone(), self.campaign, game, request)
            .await
            .map_err(refused("debrief a game"))?;
        // Every game of a demo week is debriefed: none is left to abandon.
        let request = eagles_service::weeks::CloseWeekRequest::default();
        eagles_service::weeks::close(conn, self.referee.clone(), self.campaign, request)
            .await
            .map(drop)
            .map_err(refused("close the week"))
    }
}

/// Creates a demo account whose password has the hash `hash`.
async fn account(conn: &mut AsyncPgConnection, username: &str, hash: &str) -> Result<User, String> {
    eagles_db::users::create(conn, username, hash, false)
        .await
        .map_err(|e| match e {
            eagles_db::Error::Query(eagles_db::diesel::result::Error::DatabaseError(
                eagles_db::diesel::result::DatabaseErrorKind::UniqueViolation,
                _,
            )) => format!(
                "there is already an account named \"{username}\": the demo was seeded in this database before"
            ),
            other => other.to_string(),
        })
}

/// Seeds the demo campaign through the use cases.
pub async fn seed(pool: &DbPool) -> Result<Seeded, String> {
    let password = Alphanumeric.sample_string(&mut rand::thread_rng(), 16);
    // Every demo account shares the password: it is hashed once.
    let hash = {
        let password = password.clone();
        tokio::task::spawn_blocking(move || hash_password_blocking(&password))
            .await
            .map_err(|e| e.to_string())?
            .map_err(|e| e.to_string())?
    };
    let mut conn = pool.get().await.map_err(|e| e.to_string())?;
    let referee = account(&mut conn, REFEREE, &hash).await?;
    let new = NewCampaign {
        name: CAMPAIGN_NAME.to_owned(),
        start_date: NaiveDate::from_ymd_opt(1917, 4, 9).expect("a date"),
        public: true,
    };
    let campaign = eagles_service::campaigns::create(&mut conn, &referee, new)
        .await
        .map_err(refused("create the campaign"))?
        .id;
    let mut crew = HashMap::new();
    for (player, side, members) in SQUADRONS {
        let user = account(&mut conn, player, &hash).await?;
        let new = NewMember {
            username: player.to_owned(),
            role: MemberRole::Player,
            side: Some(side),
        };
        eagles_service::members::add(&mut conn, referee.clone(), campaign, new)
            .await
            .map_err(refused("add a player"))?;
        for (name, role, nationality) in members {
            let new = NewCrew {
                name: name.to_owned(),
                role,
                nationality,
                replacement: false,
                owner: None,
            };
            let created = eagles_service::crew::create(&mut conn, user.clone(), campaign, new)
                .await
                .map_err(refused("create a crewman"))?;
            crew.insert(name, created.id);
        }
    }
    let every_type = AircraftQuery {
        side: None,
        in_service_on: None,
    };
    let aircraft = eagles_service::reference::aircraft(&mut conn, &every_type)
        .await
        .map_err(refused("list the aircraft"))?
        .into_iter()
        .map(|a| (a.name, a.id))
        .collect();
    let demo = Demo {
        referee,
        campaign,
        crew,
        aircraft,
    };
    play(&demo, &mut conn).await?;
    Ok(Seeded {
        campaign_id: campaign,
        password,
    })
}
