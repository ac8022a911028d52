//! Debriefs: the referee's report of a game, checked whole and written in one
//! transaction (R4, R5, R7–R10, R14), read back for the week page, and corrected by
//! voiding a debrief or a single award with reversing ledger entries.

mod request;
mod response;
mod validate;
mod void;
mod write;

use actix_web::{get, post, web, HttpResponse};
use eagles_db::campaigns::Campaign;
use eagles_db::debriefs::DebriefGame;
use eagles_db::diesel_async::{AsyncConnection, AsyncPgConnection};
use eagles_db::users::User;
use eagles_db::DbPool;
use serde_json::json;

pub use request::{
    CrewDice, CrewReport, DebriefRequest, KillReport, LeftBoard, MissionFacts, SortieReport,
    VoidRequest,
};
pub use response::{
    load as stored_result, AwardView, CaptureView, DebriefResult, InjuryView, MissionResultView,
};
pub use void::{LedgerEntryView, VoidedDebrief};

use crate::access::readable_campaign;
use crate::auth::{Caller, SignedIn};
use crate::error::ApiError;
use crate::extract::Json;
use crate::text::clean_name;

/// Mounts this module's endpoints inside `/api/v1`.
pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(void_debrief)
        .service(create_debrief)
        .service(get_debrief)
        .service(void_award);
}

/// This module's part of the OpenAPI document.
#[derive(utoipa::OpenApi)]
#[openapi(
    paths(create_debrief, get_debrief, void_debrief, void_award),
    components(schemas(
        DebriefRequest, LeftBoard, SortieReport, CrewReport, CrewDice, KillReport,
        MissionFacts, VoidRequest, DebriefResult, AwardView, InjuryView, CaptureView,
        MissionResultView, VoidedDebrief, LedgerEntryView
    )),
    tags((name = "debriefs"))
)]
pub struct Doc;

/// Enters a game's debrief: checks the whole report, then writes sorties, kills,
/// awards, injuries, captures, deaths and mission results, all or nothing. Once per
/// game; referee only.
#[utoipa::path(
    tag = "debriefs",
    security(("bearer" = [])),
    params(
        ("cid" = i64, Path, description = "Campaign id"),
        ("gid" = i64, Path, description = "Game id"),
    ),
    request_body = DebriefRequest,
    responses(
        (status = 201, body = DebriefResult),
        (status = 400, description = "Malformed JSON, a wrong type or an unknown field", body = crate::error::Problem),
        (status = 401, body = crate::error::Problem),
        (status = 403, body = crate::error::Problem),
        (status = 404, description = "No such game in this campaign", body = crate::error::Problem),
        (status = 409, description = "Already debriefed, voided, or of a closed week", body = crate::error::Problem),
        (status = 422, description = "The first problem of the report; nothing was written", body = crate::error::Problem),
    )
)]
#[post("/campaigns/{cid}/games/{gid}/debrief")]
pub async fn create_debrief(
    pool: web::Data<DbPool>,
    SignedIn(user): SignedIn,
    path: web::Path<(i64, i64)>,
    body: Json<DebriefRequest>,
) -> Result<HttpResponse, ApiError> {
    let (campaign_id, game_id) = path.into_inner();
    let mut conn = pool.get().await?;
    let result = create(&mut conn, user, campaign_id, game_id, body.into_inner()).await?;
    Ok(HttpResponse::Created().json(result))
}

/// Enters a game's debrief as `user`, who must referee the campaign: the whole report
/// checked, then written all or nothing. The API and the pages both debrief here.
pub async fn create(
    conn: &mut AsyncPgConnection,
    user: User,
    campaign_id: i64,
    game_id: i64,
    request: DebriefRequest,
) -> Result<DebriefResult, ApiError> {
    let scope = readable_campaign(conn, campaign_id, Some(user.clone())).await?;
    scope.require_referee("enter a debrief")?;
    conn.transaction::<_, ApiError, _>(async move |conn| {
        // The lock serialises a debrief with a week close and with a second debrief
        // of the same game; the game is read after it.
        let campaign = lock_campaign(conn, campaign_id).await?;
        let game = find_game(conn, campaign_id, game_id).await?;
        open_for_debrief(&game, &campaign)?;
        let counts = json!({
            "game_id": game_id,
            "sorties": request.sorties.len(),
            "kills": request.kills.len(),
        });
        let plan = validate::plan(conn, &campaign, game, request).await?;
        write::write(conn, campaign_id, user.id, plan).await?;
        eagles_db::audit::record(
            conn,
            Some(user.id),
            Some(campaign_id),
            "debrief.create",
            counts,
        )
        .await?;
        let game = find_game(conn, campaign_id, game_id).await?;
        response::load(conn, &game).await
    })
    .await
}

/// A game's stored debrief: the same breakdown as the debrief's answer, with the
/// award ids corrections need.
#[utoipa::path(
    tag = "debriefs",
    params(
        ("cid" = i64, Path, description = "Campaign id"),
        ("gid" = i64, Path, description = "Game id"),
    ),
    responses(
        (status = 200, body = DebriefResult),
        (status = 404, description = "No such game, or not debriefed yet", body = crate::error::Problem),
    )
)]
#[get("/campaigns/{cid}/games/{gid}/debrief")]
pub async fn get_debrief(
    pool: web::Data<DbPool>,
    Caller(caller): Caller,
    path: web::Path<(i64, i64)>,
) -> Result<HttpResponse, ApiError> {
    let (campaign_id, game_id) = path.into_inner();
    let mut conn = pool.get().await?;
    readable_campaign(&mut conn, campaign_id, caller).await?;
    let game = find_game(&mut conn, campaign_id, game_id).await?;
    if game.debriefed_at.is_none() {
        return Err(ApiError::NotFound(format!(
            "game {game_id} has not been debriefed yet"
        )));
    }
    Ok(HttpResponse::Ok().json(response::load(&mut conn, &game).await?))
}

/// Voids a game's debrief: from the current week on its kills and casualties no
/// longer count, and each of its awards gets a reversing entry; the originals stay.
/// Referee only.
#[utoipa::path(
    tag = "debriefs",
    security(("bearer" = [])),
    params(
        ("cid" = i64, Path, description = "Campaign id"),
        ("gid" = i64, Path, description = "Game id"),
    ),
    request_body = VoidRequest,
    responses(
        (status = 200, body = VoidedDebrief),
        (status = 400, body = crate::error::Problem),
        (status = 401, body = crate::error::Problem),
        (status = 403, body = crate::error::Problem),
        (status = 404, body = crate::error::Problem),
        (status = 409, description = "Not debriefed, or already voided", body = crate::error::Problem),
        (status = 422, description = "An empty reason", body = crate::error::Problem),
    )
)]
#[post("/campaigns/{cid}/games/{gid}/debrief/void")]
pub async fn void_debrief(
    pool: web::Data<DbPool>,
    SignedIn(user): SignedIn,
    path: web::Path<(i64, i64)>,
    body: Json<VoidRequest>,
) -> Result<HttpResponse, ApiError> {
    let (campaign_id, game_id) = path.into_inner();
    let mut conn = pool.get().await?;
    let voided = void(&mut conn, user, campaign_id, game_id, &body.reason).await?;
    Ok(HttpResponse::Ok().json(voided))
}

/// Voids a game's debrief as `user`, who must referee the campaign, for `reason`
/// (required). The API and the pages both void debriefs here.
pub async fn void(
    conn: &mut AsyncPgConnection,
    user: User,
    campaign_id: i64,
    game_id: i64,
    reason: &str,
) -> Result<VoidedDebrief, ApiError> {
    let reason = clean_name("reason", reason, 500)?;
    let scope = readable_campaign(conn, campaign_id, Some(user.clone())).await?;
    scope.require_referee("void a debrief")?;
    conn
        .transaction::<_, ApiError, _>(async move |conn| {
            let campaign = lock_campaign(conn, campaign_id).await?;
            let game = find_game(conn, campaign_id, game_id).await?;
            let voided =
                void::void_debrief(conn, &game, campaign.current_week, user.id, &reason).await?;
            eagles_db::audit::record(
                conn,
                Some(user.id),
                Some(campaign_id),
                "debrief.void",
                json!({ "game_id": game_id, "reason": reason, "reversed_awards": voided.reversed_awards }),
            )
            .await?;
            Ok(voided)
        })
        .await
}

/// Voids a single award with a reversing entry in the current week; the original
/// stays. An award already reversed, or itself a reversal, is a 409. Referee only.
#[utoipa::path(
    tag = "debriefs",
    security(("bearer" = [])),
    params(
        ("cid" = i64, Path, description = "Campaign id"),
        ("aid" = i64, Path, description = "Award (ledger entry) id"),
    ),
    request_body = VoidRequest,
    responses(
        (status = 200, description = "The reversing entry", body = LedgerEntryView),
        (status = 400, body = crate::error::Problem),
        (status = 401, body = crate::error::Problem),
        (status = 403, body = crate::error::Problem),
        (status = 404, body = crate::error::Problem),
        (status = 409, description = "Already reversed, or itself a reversal", body = crate::error::Problem),
        (status = 422, description = "An empty reason", body = crate::error::Problem),
    )
)]
#[post("/campaigns/{cid}/awards/{aid}/void")]
pub async fn void_award(
    pool: web::Data<DbPool>,
    SignedIn(user): SignedIn,
    path: web::Path<(i64, i64)>,
    body: Json<VoidRequest>,
) -> Result<HttpResponse, ApiError> {
    let (campaign_id, award_id) = path.into_inner();
    let reason = clean_name("reason", &body.reason, 500)?;
    let mut conn = pool.get().await?;
    let scope = readable_campaign(&mut conn, campaign_id, Some(user.clone())).await?;
    scope.require_referee("void an award")?;
    let entry = conn
        .transaction::<_, ApiError, _>(async move |conn| {
            let campaign = lock_campaign(conn, campaign_id).await?;
            let award = eagles_db::ledger::find(conn, campaign_id, award_id)
                .await?
                .ok_or_else(|| {
                    ApiError::NotFound(format!("there is no award {award_id} in this campaign"))
                })?;
            let reversal = void::void_award(conn, &award, campaign.current_week, &reason).await?;
            eagles_db::audit::record(
                conn,
                Some(user.id),
                Some(campaign_id),
                "award.void",
                json!({ "award_id": award_id, "reversal_id": reversal.id, "reason": reason }),
            )
            .await?;
            Ok(LedgerEntryView::from(reversal))
        })
        .await?;
    Ok(HttpResponse::Ok().json(entry))
}

async fn lock_campaign(
    conn: &mut AsyncPgConnection,
    campaign_id: i64,
) -> Result<Campaign, ApiError> {
    eagles_db::campaigns::find_for_update(conn, campaign_id)
        .await?
        .ok_or_else(|| ApiError::NotFound(format!("there is no campaign {campaign_id}")))
}

async fn find_game(
    conn: &mut AsyncPgConnection,
    campaign_id: i64,
    game_id: i64,
) -> Result<DebriefGame, ApiError> {
    eagles_db::debriefs::game(conn, campaign_id, game_id)
        .await?
        .ok_or_else(|| ApiError::NotFound(format!("there is no game {game_id} in this campaign")))
}

/// A game takes one debrief, in its own week: not voided, not debriefed, and its week
/// still the campaign's current one.
fn open_for_debrief(game: &DebriefGame, campaign: &Campaign) -> Result<(), ApiError> {
    if let Some(week) = game.voided_week {
        return Err(ApiError::Conflict(format!(
            "the debrief of game {} was voided in week {week}; a voided game is not debriefed again, open a new game for a replay",
            game.id
        )));
    }
    if game.debriefed_at.is_some() {
        return Err(ApiError::Conflict(format!(
            "game {} is already debriefed; correct it by voiding the debrief or single awards",
            game.id
        )));
    }
    if game.week != campaign.current_week {
        return Err(ApiError::Conflict(format!(
            "week {} is closed; the campaign is in week {}, and a debrief is entered in its game's week",
            game.week, campaign.current_week
        )));
    }
    Ok(())
}
