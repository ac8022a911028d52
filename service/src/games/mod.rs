//! Games of the campaign loop (R9): the referee opens a game of the current week with
//! its ground offensive; each side rolls its mission; the mission aircraft and crew are
//! assigned. Every roll lands in the roll log with the game's id (R14). Until a game's
//! debrief each side's assignment is shown only to that side and the referees (§13.20).

pub(crate) mod assignment;
mod view;

use campaign::events::EventKind;
use campaign::secrecy::GameStage;
use campaign::tables::ground_offensive::roll_ground_offensive;
use campaign::tables::mission::roll_mission;
use campaign::tables::Table;
use eagles_db::diesel_async::AsyncPgConnection;
use eagles_db::games::{NewGame, NewMission};
use eagles_db::users::User;
use eagles_office::games::{AircraftChoice, GamePage};
pub use eagles_office::games::{AssignmentRequest, MissionRequest, Names, NewGameRequest, Tonight};
use eagles_office::refs::MissionRef;
use eagles_office::secrecy::GameSecrecy;

pub use eagles_office::secrecy::reader_of;
pub use view::{game_views, secrecy_of, GameState, GameView, MissionView, OffensiveView};

use crate::access::{readable_campaign, CampaignScope};
use crate::dice::{record as record_roll, DiceSource, RollContext};
use crate::envelope::{self, Access, Change};
use crate::error::ServiceError;
use crate::fair_dice::DiceChain;
use crate::unique::is_unique_violation;
use crate::Service;
use eagles_office::access::ReadAccess;
use eagles_office::games::*;
use eagles_office::prelude::*;

fn game_not_found(game_id: i64) -> ServiceError {
    ServiceError::NotFound(format!("there is no game {game_id} in this campaign"))
}

/// A 409 for a game abandoned when its week closed (API v1.2), saying `what` of it.
fn refuse_abandoned(game: &eagles_db::games::GameRecord, what: &str) -> Result<(), ServiceError> {
    if game.abandoned() {
        return Err(ServiceError::Conflict(format!(
            "game {} was abandoned when week {} closed; {what}",
            game.id, game.week
        )));
    }
    Ok(())
}

/// Reads a game of `scope`'s campaign with its missions, as its caller may see them
/// (§13.20).
pub async fn load_game(
    conn: &mut AsyncPgConnection,
    scope: &CampaignScope,
    game_id: i64,
) -> Result<GameView, ServiceError> {
    let game = eagles_db::games::find(conn, scope.campaign().id, game_id)
        .await?
        .ok_or_else(|| game_not_found(game_id))?;
    let missions = eagles_db::games::missions_of(conn, &[game_id]).await?;
    crate::games::game_views(vec![game], missions, scope)
        .pop()
        .ok_or_else(|| game_not_found(game_id))
}

/// Opens a game of the current week as `user`, who must referee the campaign, and
/// rolls its ground offensive (appendix E) with `request`'s dice or the server's; the
/// API and the pages both open games through here.
pub async fn open(
    conn: &mut AsyncPgConnection,
    user: User,
    campaign_id: i64,
    request: NewGameRequest,
) -> Result<GameView, ServiceError> {
    // The week is read under the lock a week's close takes.
    envelope::write(
        conn,
        campaign_id,
        &user,
        Access::Referee("open a game"),
        async |conn, scope, record| {
            let campaign = scope.campaign();
            let chain = DiceChain::open(conn, &scope, request.nonce.as_deref()).await?;
            let mut source =
                DiceSource::for_table(Table::GroundOffensive, request.dice.as_deref(), Some(&chain))?;
            let roll = roll_ground_offensive(&mut source);
            let context = RollContext {
                campaign_id,
                week: campaign.current_week,
                game_id: None,
                side: None,
                rolled_by: Some(user.id),
                chain: Some(chain),
            };
            let logged =
                record_roll(conn, &context, &roll, roll.result.as_str(), source.entered()).await?;
            let game_id = eagles_db::games::create(
                conn,
                &NewGame {
                    campaign_id,
                    week: campaign.current_week,
                    offensive_roll_id: logged.id,
                    ground_offensive: roll.result,
                    created_by: user.id,
                },
            )
            .await?;
            let change = Change::new(EventKind::Game, game_id).audit(
                "game.open",
                serde_json::json!({ "game_id": game_id, "week": campaign.current_week, "ground_offensive": roll.result, "dice": roll.dice }),
            );
            let receipt = record.record(conn, change).await?;
            Ok((load_game(conn, &scope, game_id).await?, receipt))
        },
    )
    .await
}

/// Rolls a side's mission for a game as `user` (the referee or a player of that side),
/// with the request's dice or the server's; the API and the pages both roll missions
/// through here.
pub async fn roll_side(
    conn: &mut AsyncPgConnection,
    user: User,
    campaign_id: i64,
    game_id: i64,
    request: MissionRequest,
) -> Result<MissionView, ServiceError> {
    let MissionRequest { side, dice, nonce } = request;
    // Debriefs lock the campaign too: a mission cannot slip in beside one.
    envelope::write(
        conn,
        campaign_id,
        &user,
        Access::Side(side, "roll its mission"),
        async |conn, scope, record| {
            let chain = DiceChain::open(conn, &scope, nonce.as_deref()).await?;
            let mut source = DiceSource::for_table(Table::Mission, dice.as_deref(), Some(&chain))?;
            let game = eagles_db::games::find(conn, campaign_id, game_id)
                .await?
                .ok_or_else(|| game_not_found(game_id))?;
            if game.debriefed() {
                return Err(ServiceError::Conflict(format!(
                    "game {game_id} is already debriefed; its missions can no longer change"
                )));
            }
            refuse_abandoned(&game, "its missions can no longer change")?;
            let duplicate = || {
                ServiceError::Conflict(format!(
                    "the {} side already has its mission in this game; one mission per side per game (§13.20)", side.label()
                ))
            };
            if eagles_db::games::side_has_mission(conn, game_id, side.as_str()).await? {
                return Err(duplicate());
            }
            let roll = roll_mission(&mut source);
            let context = RollContext {
                campaign_id,
                week: game.week,
                game_id: Some(game_id),
                side: Some(side),
                rolled_by: Some(user.id),
                chain: Some(chain),
            };
            let logged = record_roll(
                conn,
                &context,
                &roll,
                roll.result.mission_type.as_str(),
                source.entered(),
            )
            .await?;
            let trips_needed = roll.result.trips_needed.map(|t| t as i32);
            let mission_id = eagles_db::games::create_mission(
                conn,
                &NewMission {
                    game_id,
                    side,
                    roll_id: logged.id,
                    mission_type: roll.result.mission_type,
                    trips_needed,
                },
            )
            .await
            .map_err(|e| if is_unique_violation(&e) { duplicate() } else { e.into() })?;
            let change = Change::new(EventKind::Mission, mission_id).audit(
                "mission.roll",
                serde_json::json!({ "game_id": game_id, "mission_id": mission_id, "side": side, "mission_type": roll.result.mission_type, "trips_needed": trips_needed, "dice": roll.dice }),
            );
            let receipt = record.record(conn, change).await?;
            Ok((written_mission(conn, &scope, game_id, mission_id).await?, receipt))
        },
    )
    .await
}

/// Assigns a mission's aircraft and crew as `user` (the referee or a player of the
/// mission's side), checked against R9. The API and the pages both assign through
/// here.
pub async fn assign(
    conn: &mut AsyncPgConnection,
    user: User,
    mission: MissionRef,
    request: AssignmentRequest,
) -> Result<MissionView, ServiceError> {
    let (campaign_id, game_id) = (mission.campaign_id, mission.game_id);
    let mission_id = mission.mission_id;
    envelope::write(
        conn,
        campaign_id,
        &user,
        Access::Member("assign mission crews"),
        async |conn, scope, record| {
            let campaign = scope.campaign();
            let game = eagles_db::games::find(conn, campaign_id, game_id)
                .await?
                .ok_or_else(|| game_not_found(game_id))?;
            let mission = eagles_db::games::find_mission(conn, game_id, mission_id)
                .await?
                .ok_or_else(|| {
                    ServiceError::NotFound(format!("there is no mission {mission_id} in game {game_id}"))
                })?;
            scope.require_side(mission.side, "assign its mission crew")?;
            if game.debriefed() {
                return Err(ServiceError::Conflict(format!(
                    "game {game_id} is already debriefed; its mission assignment can no longer change"
                )));
            }
            refuse_abandoned(&game, "its mission assignment can no longer change")?;
            let crew = assignment::check(conn, campaign, &game, &mission, &request).await?;
            crate::sheets::lineup::follow_assignment(conn, &game, mission.side, &crew).await?;
            eagles_db::games::assign(conn, mission_id, crew).await?;
            let change = Change::new(EventKind::Assignment, mission_id).audit(
                "mission.assign",
                serde_json::json!({ "game_id": game_id, "mission_id": mission_id, "aircraft_id": request.aircraft_id, "pilot_id": request.pilot_id, "observer_id": request.observer_id }),
            );
            let receipt = record.record(conn, change).await?;
            Ok((written_mission(conn, &scope, game_id, mission_id).await?, receipt))
        },
    )
    .await
}

/// A mission as this transaction just wrote it, before its game's debrief (writes
/// after it are refused), as the writer may see it (§13.20).
async fn written_mission(
    conn: &mut AsyncPgConnection,
    scope: &CampaignScope,
    game_id: i64,
    mission_id: i64,
) -> Result<MissionView, ServiceError> {
    eagles_db::games::find_mission(conn, game_id, mission_id)
        .await?
        .map(|m| view::mission_seen_by(m, &GameSecrecy::at(scope, GameStage::InPlay)))
        .ok_or_else(|| ServiceError::Internal(format!("mission {mission_id} vanished")))
}

/// The names the game lists give: the campaign's crewmen and every aircraft type.
/// Two queries, whatever the number of games.
pub async fn names(conn: &mut AsyncPgConnection, campaign_id: i64) -> Result<Names, ServiceError> {
    let crew = eagles_db::crew::list(conn, campaign_id, &Default::default()).await?;
    let aircraft = eagles_db::aircraft::list(conn, None, None).await?;
    Ok(Names {
        crew: crew.into_iter().map(|c| (c.id, c.name)).collect(),
        aircraft: aircraft.into_iter().map(|a| (a.id, a.name)).collect(),
    })
}

/// [`tonight`] for a campaign already read.
pub async fn tonight_of(
    conn: &mut AsyncPgConnection,
    scope: CampaignScope,
) -> Result<Tonight, ServiceError> {
    let campaign = scope.campaign();
    let games = eagles_db::games::list_for_week(conn, campaign.id, campaign.current_week).await?;
    let ids: Vec<i64> = games.iter().map(|g| g.id).collect();
    let missions = eagles_db::games::missions_of(conn, &ids).await?;
    let games = game_views(games, missions, &scope);
    let names = names(conn, campaign.id).await?;
    Ok(Tonight {
        scope,
        games,
        names,
    })
}

/// The first `limit` games of the current week of `scope`'s campaign, as its reader
/// may see them (§13.20): the campaign home's.
pub async fn first_of_week(
    conn: &mut AsyncPgConnection,
    scope: &CampaignScope,
    limit: i64,
) -> Result<Vec<GameView>, ServiceError> {
    let campaign = scope.campaign();
    let games =
        eagles_db::games::first_of_week(conn, campaign.id, campaign.current_week, limit).await?;
    let ids: Vec<i64> = games.iter().map(|g| g.id).collect();
    let missions = eagles_db::games::missions_of(conn, &ids).await?;
    Ok(game_views(games, missions, scope))
}

/// Every aircraft type, as the pages offer and name them.
pub async fn aircraft_choices(
    conn: &mut AsyncPgConnection,
) -> Result<Vec<AircraftChoice>, ServiceError> {
    Ok(eagles_db::aircraft::list(conn, None, None)
        .await?
        .into_iter()
        .map(|a| AircraftChoice {
            id: a.id,
            name: a.name,
            side: a.side,
            service_start: a.service_start,
            crew: a.crew,
        })
        .collect())
}

/// The crew of a campaign as of its current week.
pub async fn crew_now(
    conn: &mut AsyncPgConnection,
    campaign: &eagles_db::campaigns::Campaign,
) -> Result<Vec<crate::crew::CrewmanView>, ServiceError> {
    eagles_db::crew::list(conn, campaign.id, &Default::default())
        .await?
        .into_iter()
        .map(|r| crate::crew::crewman_view(r, campaign.current_week))
        .collect()
}

#[async_trait::async_trait]
impl Games for Service {
    /// One game of a campaign `caller` may read, its assignments as he may see them
    /// (§13.20).
    async fn game(&self, reader: ReadAccess, game: GameRef) -> Result<GameView, Error> {
        let (campaign_id, game_id) = (game.campaign_id, game.game_id);
        let mut conn = self.conn().await?;
        let conn = &mut *conn;
        let caller = reader.into_caller();
        let scope = readable_campaign(conn, campaign_id, caller).await?;
        load_game(conn, &scope, game_id).await
    }

    async fn open_game(
        &self,
        user: User,
        campaign_id: i64,
        request: NewGameRequest,
    ) -> Result<GameView, Error> {
        open(&mut *self.conn().await?, user, campaign_id, request).await
    }

    async fn roll_mission(
        &self,
        user: User,
        game: GameRef,
        request: MissionRequest,
    ) -> Result<MissionView, Error> {
        let conn = &mut *self.conn().await?;
        roll_side(conn, user, game.campaign_id, game.game_id, request).await
    }

    async fn assign_mission(
        &self,
        user: User,
        mission: MissionRef,
        request: AssignmentRequest,
    ) -> Result<MissionView, Error> {
        assign(&mut *self.conn().await?, user, mission, request).await
    }

    /// The games of the current week of a campaign `caller` may read, as he may see
    /// them (§13.20), with their names: the club night's and the live page's.
    async fn tonight(&self, reader: ReadAccess, campaign_id: i64) -> Result<Tonight, Error> {
        let mut conn = self.conn().await?;
        let conn = &mut *conn;
        let caller = reader.into_caller();
        let scope = readable_campaign(conn, campaign_id, caller).await?;
        tonight_of(conn, scope).await
    }

    /// A game of a campaign `caller` may read, as its page draws it: the game as he may
    /// see it (§13.20), the crew as of its week, the aircraft types, and once debriefed
    /// its turns, records and each crewman's rolls.
    async fn game_page(&self, reader: ReadAccess, game: GameRef) -> Result<GamePage, Error> {
        let (campaign_id, game_id) = (game.campaign_id, game.game_id);
        let mut conn = self.conn().await?;
        let conn = &mut *conn;
        let caller = reader.into_caller();
        let scope = readable_campaign(conn, campaign_id, caller).await?;
        let game = load_game(conn, &scope, game_id).await?;
        let crew = eagles_db::crew::list(conn, campaign_id, &Default::default())
            .await?
            .into_iter()
            .map(|r| crate::crew::crewman_view(r, game.week))
            .collect::<Result<Vec<_>, _>>()?;
        let aircraft = aircraft_choices(conn).await?;
        let mut page = GamePage {
            scope,
            game,
            crew,
            aircraft,
            voided_week: None,
            turns_played: None,
            records: Default::default(),
            crew_rolls: Vec::new(),
        };
        if page.game.debriefed {
            if let Some(stored) = eagles_db::games::find(conn, campaign_id, game_id).await? {
                page.voided_week = stored.voided_week;
                page.turns_played = stored.turns_played;
            }
            page.records = crate::debrief::records(conn, &[game_id]).await?;
            page.crew_rolls = crate::debrief::crew_rolls(conn, game_id).await?;
        }
        Ok(page)
    }
}
