//! The HTTP face of `eagles_office::debrief`.

use actix_web::{get, post, web, HttpResponse};
use eagles_office::debrief::{
    DebriefRequest, DebriefResult, LedgerEntryView, VoidRequest, VoidedDebrief,
};
use eagles_office::draft::DebriefDraft;
use eagles_office::prelude::*;
use utoipa_actix_web::service_config::ServiceConfig;

use crate::auth::{Caller, SignedIn};
use crate::error::ApiError;
use crate::extract::Json;
use crate::routes::paths::{AwardPath, GamePath};

/// Mounts this module's endpoints inside `/api/v1`.
pub fn configure(cfg: &mut ServiceConfig) {
    cfg.service(void_debrief)
        .service(create_debrief)
        .service(get_debrief)
        .service(get_draft)
        .service(void_award);
}

/// Enters a game's debrief: checks the whole report, then writes sorties, kills,
/// awards, injuries, captures, deaths and mission results, all or nothing. A sortie
/// with `down` runs the forced-landing tables (landing, crash or bail-out, evade,
/// capture, injury; R7, R8) and the answer lists each of its crewman's rolls. Once per
/// game; referee only.
#[utoipa::path(
    tag = "debriefs",
    security(("bearer" = [])),
    params(GamePath),
    request_body = DebriefRequest,
    responses(
        (status = 201, body = DebriefResult),
        (status = 400, description = "Malformed JSON, a wrong type or an unknown field", body = crate::error::Problem),
        (status = 404, description = "No such game in this campaign", body = crate::error::Problem),
        (status = 409, description = "Already debriefed, voided, or of a closed week", body = crate::error::Problem),
        (status = 422, description = "The first problem of the report (a rule, dice that do not fit, an outcome or loss that disagrees with `down`, a mission landed safely whose aircraft was lost or crew killed or captured); nothing was written", body = crate::error::Problem),
    )
)]
#[post("/campaigns/{cid}/games/{gid}/debrief")]
pub async fn create_debrief(
    debriefs: web::Data<dyn Debriefs>,
    SignedIn(user): SignedIn,
    path: web::Path<GamePath>,
    body: Json<DebriefRequest>,
) -> Result<HttpResponse, ApiError> {
    let result = debriefs
        .debrief(user, path.game(), body.into_inner())
        .await?;
    Ok(HttpResponse::Created().json(result))
}

/// A game's stored debrief: the same breakdown as the debrief's answer, with the
/// award ids corrections need.
#[utoipa::path(
    tag = "debriefs",
    params(GamePath),
    responses(
        (status = 200, body = DebriefResult),
        (status = 404, description = "No such game, or not debriefed yet", body = crate::error::Problem),
    )
)]
#[get("/campaigns/{cid}/games/{gid}/debrief")]
pub async fn get_debrief(
    debriefs: web::Data<dyn Debriefs>,
    Caller(caller): Caller,
    path: web::Path<GamePath>,
) -> Result<HttpResponse, ApiError> {
    let view = debriefs.debrief_result(caller.into(), path.game()).await?;
    Ok(HttpResponse::Ok().json(view))
}

/// The debrief drafted from the game's sheets (R22): a request `POST …/debrief`
/// accepts as it is, and the conflicts the referee must decide, each beside its
/// sortie. Referees; a player of the game gets the part of his own sorties.
#[utoipa::path(
    tag = "debriefs",
    params(GamePath),
    responses(
        (status = 200, body = DebriefDraft),
        (status = 401, description = "Not signed in", body = crate::error::Problem),
        (status = 403, description = "Neither a referee nor a player of the game", body = crate::error::Problem),
        (status = 404, description = "No such game in this campaign", body = crate::error::Problem),
        (status = 409, description = "The game is debriefed: read its debrief", body = crate::error::Problem),
    )
)]
#[get("/campaigns/{cid}/games/{gid}/debrief/draft")]
pub async fn get_draft(
    debriefs: web::Data<dyn Debriefs>,
    Caller(caller): Caller,
    path: web::Path<GamePath>,
) -> Result<HttpResponse, ApiError> {
    let draft = debriefs.debrief_draft(caller.into(), path.game()).await?;
    Ok(HttpResponse::Ok().json(draft))
}

/// Voids a game's debrief: from the current week on its kills and casualties no
/// longer count, and each of its awards gets a reversing entry; the originals stay.
/// Referee only.
#[utoipa::path(
    tag = "debriefs",
    security(("bearer" = [])),
    params(GamePath),
    request_body = VoidRequest,
    responses(
        (status = 200, body = VoidedDebrief),
        (status = 409, description = "Not debriefed, or already voided", body = crate::error::Problem),
        (status = 422, description = "An empty reason", body = crate::error::Problem),
    )
)]
#[post("/campaigns/{cid}/games/{gid}/debrief/void")]
pub async fn void_debrief(
    debriefs: web::Data<dyn Debriefs>,
    SignedIn(user): SignedIn,
    path: web::Path<GamePath>,
    body: Json<VoidRequest>,
) -> Result<HttpResponse, ApiError> {
    let voided = debriefs
        .void_debrief(user, path.game(), body.into_inner().reason)
        .await?;
    Ok(HttpResponse::Ok().json(voided))
}

/// Voids a single award with a reversing entry in the current week; the original
/// stays. An award already reversed, or itself a reversal, is a 409. Referee only.
#[utoipa::path(
    tag = "debriefs",
    security(("bearer" = [])),
    params(AwardPath),
    request_body = VoidRequest,
    responses(
        (status = 200, description = "The reversing entry", body = LedgerEntryView),
        (status = 409, description = "Already reversed, or itself a reversal", body = crate::error::Problem),
        (status = 422, description = "An empty reason", body = crate::error::Problem),
    )
)]
#[post("/campaigns/{cid}/awards/{aid}/void")]
pub async fn void_award(
    debriefs: web::Data<dyn Debriefs>,
    SignedIn(user): SignedIn,
    path: web::Path<AwardPath>,
    body: Json<VoidRequest>,
) -> Result<HttpResponse, ApiError> {
    let entry = debriefs
        .void_award(user, path.award(), body.into_inner().reason)
        .await?;
    Ok(HttpResponse::Ok().json(entry))
}
