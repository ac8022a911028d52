//! Test data through the real writers: a campaign's referee who opens games, rolls and
//! assigns missions, debriefs, voids and closes weeks through the service's use cases,
//! as a club does from its pages or the API; and the accounts, as `eagles user add`
//! makes them. The rows are written by the code a club uses, so the revision, the
//! events and the audit follow by themselves. Every call of a use case the tests'
//! builders make is in this module (shared by the end-to-end and the page tests).

use campaign::sides::Side;
use eagles_db::users::User;
use eagles_db::DbPool;
use eagles_service::debrief::{DebriefRequest, VoidedDebrief};
use eagles_service::games::{AssignmentRequest, MissionRequest, NewGameRequest};
use eagles_service::reference::AircraftQuery;
use eagles_service::webhooks::{AddressPolicy, NewWebhook};
use eagles_service::weeks::{CloseWeekRequest, ClosedWeek};
use serde_json::{json, Value};

/// A referee's hand on one campaign; every write is one use case, which must succeed.
pub struct Referee {
    pool: DbPool,
    user: User,
    pub campaign: i64,
}

/// The d10 of a mission table roll (R9): 2 observe enemy HQ, 9 fighter sweep.
pub const OBSERVE_HQ: &[u32] = &[2];
pub const FIGHTER_SWEEP: &[u32] = &[9];

/// The 2d6 of a quiet ground offensive (3 + 4 = 7).
pub const QUIET: [u32; 2] = [3, 4];

/// A game opened with both sides' missions rolled: its id and the missions' ids.
#[derive(Clone, Copy, Debug)]
pub struct OpenGame {
    pub id: i64,
    pub allied: i64,
    pub central: i64,
}

/// The mission aircraft of one side and its crew, as an assignment names them (R9).
#[derive(Clone, Copy, Debug)]
pub struct Crewed {
    pub aircraft: i64,
    pub pilot: i64,
    pub observer: Option<i64>,
}

impl Referee {
    /// `username`, who referees `campaign`.
    pub async fn of(pool: &DbPool, username: &str, campaign: i64) -> Referee {
        let mut conn = pool.get().await.unwrap();
        let user = eagles_db::users::find_by_username(&mut conn, username)
            .await
            .unwrap()
            .unwrap_or_else(|| panic!("no account {username}"));
        Referee {
            pool: pool.clone(),
            user: user.into(),
            campaign,
        }
    }

    /// The id of the aircraft type named `name` (appendix A or B).
    pub async fn aircraft(&self, name: &str) -> i64 {
        let mut conn = self.pool.get().await.unwrap();
        let every_type = AircraftQuery {
            side: None,
            in_service_on: None,
        };
        eagles_service::reference::aircraft(&mut conn, &every_type)
            .await
            .unwrap()
            .into_iter()
            .find(|a| a.name == name)
            .unwrap_or_else(|| panic!("no aircraft type {name}"))
            .id
    }

    /// Opens a game of the current week with the ground offensive's 2d6 entered.
    pub async fn open_game(&self, offensive: [u32; 2]) -> i64 {
        let mut conn = self.pool.get().await.unwrap();
        let request = NewGameRequest {
            dice: Some(offensive.to_vec()),
            nonce: None,
        };
        eagles_service::games::open(&mut conn, self.user.clone(), self.campaign, request)
            .await
            .unwrap_or_else(|e| panic!("open a game: {e}"))
            .id
    }

    /// Rolls `side`'s mission of `game` with the dice entered; returns the mission.
    pub async fn roll_mission(&self, game: i64, side: Side, dice: &[u32]) -> i64 {
        let mut conn = self.pool.get().await.unwrap();
        let request = MissionRequest {
            side,
            dice: Some(dice.to_vec()),
            nonce: None,
        };
        eagles_service::games::roll_side(&mut conn, self.user.clone(), self.campaign, game, request)
            .await
            .unwrap_or_else(|e| panic!("roll the {side:?} mission: {e}"))
            .id
    }

    /// Assigns the mission aircraft and its crew to a rolled mission.
    pub async fn assign(&self, game: i64, mission: i64, crew: Crewed) {
        let mut conn = self.pool.get().await.unwrap();
        let request = AssignmentRequest {
            aircraft_id: crew.aircraft,
            pilot_id: crew.pilot,
            observer_id: crew.observer,
        };
        let at = eagles_office::refs::MissionRef {
            campaign_id: self.campaign,
            game_id: game,
            mission_id: mission,
        };
        eagles_service::games::assign(&mut conn, self.user.clone(), at, request)
            .await
            .unwrap_or_else(|e| panic!("assign mission {mission}: {e}"));
    }

    /// A game with a quiet ground offensive and both missions rolled with these d10s
    /// (and d6s), unassigned.
    pub async fn game(&self, allied: &[u32], central: &[u32]) -> OpenGame {
        let id = self.open_game(QUIET).await;
        OpenGame {
            id,
            allied: self.roll_mission(id, Side::Allied, allied).await,
            central: self.roll_mission(id, Side::Central, central).await,
        }
    }

    /// A game whose sides both rolled fighter sweep, unassigned: every sortie flies
    /// fighter sweep (R4, R9), and the game can be debriefed (API v1.2: a debrief
    /// needs both missions).
    pub async fn sweep_game(&self) -> OpenGame {
        self.game(FIGHTER_SWEEP, FIGHTER_SWEEP).await
    }

    /// Debriefs `game` with `report`, a body of `POST …/debrief`, which must be
    /// accepted; answers the debrief's result as the API shows it.
    pub async fn debrief(&self, game: i64, report: Value) -> Value {
        let request: DebriefRequest = serde_json::from_value(report).expect("a debrief report");
        let mut conn = self.pool.get().await.unwrap();
        eagles_service::debrief::create(&mut conn, self.user.clone(), self.campaign, game, request)
            .await
            .map(|result| serde_json::to_value(result).unwrap())
            .unwrap_or_else(|e| panic!("debrief game {game}: {e}"))
    }

    /// Debriefs `game` as played by no aircraft: `turns` turns, no sortie.
    pub async fn debrief_empty(&self, game: i64, turns: u32) -> Value {
        self.debrief(game, json!({ "turns_played": turns, "sorties": [] }))
            .await
    }

    /// Voids `game`'s debrief in the current week, for `reason`.
    pub async fn void(&self, game: i64, reason: &str) -> VoidedDebrief {
        let mut conn = self.pool.get().await.unwrap();
        let user = self.user.clone();
        eagles_service::debrief::void(&mut conn, user, self.campaign, game, reason)
            .await
            .unwrap_or_else(|e| panic!("void game {game}: {e}"))
    }

    /// Subscribes `url` to `events` as a server that allows private addresses does
    /// (`EAGLES_WEBHOOK_ALLOW_PRIVATE`); answers the webhook's id.
    pub async fn webhook_allowing_private(&self, url: &str, events: &[&str]) -> i64 {
        let mut conn = self.pool.get().await.unwrap();
        let new = NewWebhook {
            url: url.to_owned(),
            events: events.iter().map(|e| e.to_string()).collect(),
            secret: None,
        };
        let policy = AddressPolicy {
            allow_private: true,
        };
        let user = self.user.clone();
        eagles_service::webhooks::create(&mut conn, user, self.campaign, new, policy)
            .await
            .unwrap_or_else(|e| panic!("subscribe {url}: {e}"))
            .id
    }

    /// Closes the current week (R15); every game of it must be debriefed.
    pub async fn close_week(&self) -> ClosedWeek {
        self.close(CloseWeekRequest::default()).await
    }

    /// Closes the current week, abandoning its games without a debrief (API v1.2).
    pub async fn close_week_abandoning(&self) -> ClosedWeek {
        let request = CloseWeekRequest {
            abandon_open_games: true,
        };
        self.close(request).await
    }

    async fn close(&self, request: CloseWeekRequest) -> ClosedWeek {
        let mut conn = self.pool.get().await.unwrap();
        eagles_service::weeks::close(&mut conn, self.user.clone(), self.campaign, request)
            .await
            .unwrap_or_else(|e| panic!("close the week: {e}"))
    }

    /// Closes the current week, and the next ones until the campaign is in `week`.
    pub async fn close_weeks_until(&self, week: i32) {
        while self.close_week().await.current_week < week {}
    }
}

/// Records `n` failed sign-ins of `account` from the client at `address`, as the
/// sign-in use case counts a wrong password (the throttle's own writer).
pub async fn failed_sign_ins(pool: &DbPool, account: &str, address: &str, n: u32) {
    let mut conn = pool.get().await.unwrap();
    let attempt = eagles_service::throttle::Attempt::new(address.to_owned(), account);
    for _ in 0..n {
        attempt.failed(&mut conn).await.unwrap();
    }
}

/// Creates an account whose password is `password`, as `eagles user add` does; answers
/// its id.
pub async fn account(pool: &DbPool, username: &str, password: &str, admin: bool) -> i64 {
    let hash = eagles_service::password::hash_password_blocking(password).unwrap();
    let mut conn = pool.get().await.unwrap();
    eagles_db::users::create(&mut conn, username, &hash, admin)
        .await
        .unwrap_or_else(|e| panic!("create the account {username}: {e}"))
        .id
}
