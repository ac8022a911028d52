//! The HTTP face of `eagles_office::games`.

use actix_web::{get, post, put, web, HttpResponse};
use eagles_office::games::{
    AssignmentRequest, GameView, MissionRequest, MissionView, NewGameRequest,
};
use eagles_office::prelude::*;
use utoipa_actix_web::service_config::ServiceConfig;

use crate::auth::{Caller, SignedIn};
use crate::error::ApiError;
use crate::extract::Json;
use crate::routes::paths::{CampaignPath, GamePath, MissionPath};

/// Opens a game of the current week and rolls its ground offensive (appendix E):
/// referee only.
#[utoipa::path(
    tag = "games",
    security(("bearer" = [])),
    params(CampaignPath),
    request_body = NewGameRequest,
    responses(
        (status = 201, body = GameView),
        (status = 422, description = "Entered dice that do not fit 2d6 (R14)", body = crate::error::Problem),
    )
)]
#[post("/campaigns/{cid}/games")]
pub async fn open_game(
    games: web::Data<dyn Games>,
    SignedIn(user): SignedIn,
    path: web::Path<CampaignPath>,
    body: web::Bytes,
) -> Result<HttpResponse, ApiError> {
    // The body is optional: no body at all rolls on the server, like `{}`.
    let request: NewGameRequest = if body.iter().all(u8::is_ascii_whitespace) {
        NewGameRequest::default()
    } else {
        crate::extract::parse_json(&body)?
    };
    let view = games.open_game(user, path.cid, request).await?;
    Ok(HttpResponse::Created().json(view))
}

/// A game with its ground offensive and missions: anyone who may read the campaign.
/// Until the debrief a mission's aircraft and crew are shown only to the referees and
/// the players of its side; anyone else gets `assignment_hidden: true` and nulls
/// (§13.20).
#[utoipa::path(
    tag = "games",
    params(GamePath),
    responses((status = 200, body = GameView))
)]
#[get("/campaigns/{cid}/games/{gid}")]
pub async fn get_game(
    games: web::Data<dyn Games>,
    Caller(caller): Caller,
    path: web::Path<GamePath>,
) -> Result<HttpResponse, ApiError> {
    let view = games.game(caller.into(), path.game()).await?;
    Ok(HttpResponse::Ok().json(view))
}

/// Rolls a side's mission for a game (appendix E, R9): the referee or a player of that
/// side. One per side per game.
#[utoipa::path(
    tag = "games",
    security(("bearer" = [])),
    params(GamePath),
    request_body = MissionRequest,
    responses(
        (status = 201, body = MissionView),
        (status = 409, description = "The side already has its mission, or the game is debriefed", body = crate::error::Problem),
        (status = 422, description = "Entered dice that do not fit the mission table (R14)", body = crate::error::Problem),
    )
)]
#[post("/campaigns/{cid}/games/{gid}/missions")]
pub async fn roll_side_mission(
    games: web::Data<dyn Games>,
    SignedIn(user): SignedIn,
    path: web::Path<GamePath>,
    body: Json<MissionRequest>,
) -> Result<HttpResponse, ApiError> {
    let view = games
        .roll_mission(user, path.game(), body.into_inner())
        .await?;
    Ok(HttpResponse::Created().json(view))
}

/// Assigns (or re-assigns, until the debrief) the mission aircraft and its crew (R9):
/// the referee or a player of the mission's side.
#[utoipa::path(
    tag = "games",
    security(("bearer" = [])),
    params(MissionPath),
    request_body = AssignmentRequest,
    responses(
        (status = 200, body = MissionView),
        (status = 409, description = "The game is already debriefed", body = crate::error::Problem),
        (status = 422, description = "R9 broken, or an aircraft or crewman that does not exist here", body = crate::error::Problem),
    )
)]
#[put("/campaigns/{cid}/games/{gid}/missions/{mid}/assignment")]
pub async fn assign_mission(
    games: web::Data<dyn Games>,
    SignedIn(user): SignedIn,
    path: web::Path<MissionPath>,
    body: Json<AssignmentRequest>,
) -> Result<HttpResponse, ApiError> {
    let view = games
        .assign_mission(user, path.mission(), body.into_inner())
        .await?;
    Ok(HttpResponse::Ok().json(view))
}

/// Mounts this module's endpoints inside `/api/v1`.
pub fn configure(cfg: &mut ServiceConfig) {
    cfg.service(open_game)
        .service(get_game)
        .service(roll_side_mission)
        .service(assign_mission);
}
