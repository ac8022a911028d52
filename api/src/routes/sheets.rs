//! The HTTP face of `eagles_office::sheets`: a game's line-up and its aircraft data
//! sheets (API v1.2, R16–R21).

use actix_web::http::header;
use actix_web::{delete, get, post, web, HttpRequest, HttpResponse, HttpResponseBuilder};
use eagles_office::prelude::*;
use eagles_office::sheets::{
    DeclareSortie, IfMatch, MarkRequest, SheetRollAnswer, SheetRollRequest, SheetView, SortieView,
};
use utoipa_actix_web::service_config::ServiceConfig;

use crate::auth::{Caller, SignedIn};
use crate::error::ApiError;
use crate::extract::Json;
use crate::routes::paths::{GamePath, SortiePath};

/// Declares a sortie before play (R16): a player with his own crewmen, a referee any.
#[utoipa::path(
    tag = "sheets",
    security(("bearer" = [])),
    params(GamePath),
    request_body = DeclareSortie,
    responses(
        (status = 201, body = SortieView),
        (status = 409, description = "The game is debriefed or abandoned", body = crate::error::Problem),
        (status = 422, description = "R16 broken: the crewman or aircraft is named", body = crate::error::Problem),
    )
)]
#[post("/campaigns/{cid}/games/{gid}/sorties")]
pub async fn declare_sortie(
    sheets: web::Data<dyn Lineups>,
    SignedIn(user): SignedIn,
    path: web::Path<GamePath>,
    body: Json<DeclareSortie>,
) -> Result<HttpResponse, ApiError> {
    let sortie = sheets
        .declare_sortie(user, path.game(), body.into_inner())
        .await?;
    Ok(HttpResponse::Created().json(sortie))
}

/// A game's line-up, each sortie as the reader may see it (§13.20, R20).
#[utoipa::path(
    tag = "sheets",
    params(GamePath),
    responses((status = 200, body = Vec<SortieView>))
)]
#[get("/campaigns/{cid}/games/{gid}/sorties")]
pub async fn lineup(
    sheets: web::Data<dyn Lineups>,
    Caller(caller): Caller,
    path: web::Path<GamePath>,
) -> Result<HttpResponse, ApiError> {
    let sorties = sheets.lineup(caller.into(), path.game()).await?;
    Ok(HttpResponse::Ok().json(sorties))
}

/// Takes back a sortie while its sheet has no mark.
#[utoipa::path(
    tag = "sheets",
    security(("bearer" = [])),
    params(SortiePath),
    responses(
        (status = 204, description = "Taken back"),
        (status = 409, description = "Its sheet has marks, or it is the mission sortie", body = crate::error::Problem),
    )
)]
#[delete("/campaigns/{cid}/games/{gid}/sorties/{sid}")]
pub async fn withdraw_sortie(
    sheets: web::Data<dyn Lineups>,
    SignedIn(user): SignedIn,
    path: web::Path<SortiePath>,
) -> Result<HttpResponse, ApiError> {
    sheets.withdraw_sortie(user, path.sortie()).await?;
    Ok(HttpResponse::NoContent().finish())
}

/// A sortie's aircraft data sheet: its players and the referees until the debrief,
/// every reader after it; 404 for anyone else (R20).
#[utoipa::path(
    tag = "sheets",
    params(SortiePath),
    responses(
        (status = 200, body = SheetView, headers(("ETag" = String, description = "The sheet's version, which any mark on it changes"))),
        (status = 404, description = "No such sheet, or not yours to read before the debrief", body = crate::error::Problem),
    )
)]
#[get("/campaigns/{cid}/games/{gid}/sorties/{sid}/sheet")]
pub async fn read_sheet(
    sheets: web::Data<dyn SheetMarks>,
    Caller(caller): Caller,
    path: web::Path<SortiePath>,
) -> Result<HttpResponse, ApiError> {
    let view = sheets.sheet(caller.into(), path.sortie()).await?;
    Ok(versioned(HttpResponse::Ok(), &view, &view))
}

/// Writes a mark on a sheet; its players and the referees, until the debrief.
#[utoipa::path(
    tag = "sheets",
    security(("bearer" = [])),
    params(SortiePath),
    request_body = MarkRequest,
    responses(
        (status = 201, body = SheetView, description = "The sheet after the mark; a `down` that rolled the forced landing's tables (R8) adds `receipts`: `[{roll_id, seq, chain}]`, each roll's receipt (R25)", headers(("ETag" = String, description = "The sheet's version after the mark"))),
        (status = 409, description = "The game is debriefed, or an undo of a mark that is a roll's", body = crate::error::Problem),
        (status = 412, description = "If-Match names a version the sheet is no longer at; says what changed since", body = crate::error::Problem),
        (status = 422, description = "A mark that does not fit the sheet", body = crate::error::Problem),
    )
)]
#[post("/campaigns/{cid}/games/{gid}/sorties/{sid}/marks")]
pub async fn mark(
    sheets: web::Data<dyn SheetMarks>,
    SignedIn(user): SignedIn,
    path: web::Path<SortiePath>,
    body: Json<MarkRequest>,
    req: HttpRequest,
) -> Result<HttpResponse, ApiError> {
    let answer = sheets
        .mark(user, path.sortie(), body.into_inner(), if_match(&req))
        .await?;
    let body = MarkedSheet {
        sheet: &answer.sheet,
        receipts: &answer.receipts,
    };
    Ok(versioned(HttpResponse::Created(), &answer.sheet, &body))
}

/// Rolls one of the sheet's tables with what the campaign knows of the crew; the
/// roll goes to the roll log, its effect onto the sheets as marks (R17–R19).
#[utoipa::path(
    tag = "sheets",
    security(("bearer" = [])),
    params(SortiePath),
    request_body = SheetRollRequest,
    responses(
        (status = 201, body = SheetRollAnswer, headers(("ETag" = String, description = "The sheet's version after the roll"))),
        (status = 409, description = "The game is debriefed", body = crate::error::Problem),
        (status = 412, description = "If-Match names a version the sheet is no longer at; says what changed since", body = crate::error::Problem),
        (status = 422, description = "A roll the rules forbid, naming the rule, or dice that do not fit", body = crate::error::Problem),
    )
)]
#[post("/campaigns/{cid}/games/{gid}/sorties/{sid}/rolls")]
pub async fn roll(
    sheets: web::Data<dyn SheetRolls>,
    SignedIn(user): SignedIn,
    path: web::Path<SortiePath>,
    body: Json<SheetRollRequest>,
    req: HttpRequest,
) -> Result<HttpResponse, ApiError> {
    let answer = sheets
        .roll_on_sheet(user, path.sortie(), body.into_inner(), if_match(&req))
        .await?;
    Ok(versioned(HttpResponse::Created(), &answer.sheet, &answer))
}

/// A mark's answer: the sheet, and beside it the receipts of the rolls a `down` made
/// (R25), when it made any.
#[derive(serde::Serialize)]
struct MarkedSheet<'a> {
    #[serde(flatten)]
    sheet: &'a SheetView,
    #[serde(skip_serializing_if = "<[_]>::is_empty")]
    receipts: &'a [eagles_office::fair_dice::RollReceipt],
}

/// The answer `body` with the version of `sheet` as its strong ETag (RFC 9110): what a
/// later write names in `If-Match`.
fn versioned(
    mut answer: HttpResponseBuilder,
    sheet: &SheetView,
    body: &impl serde::Serialize,
) -> HttpResponse {
    answer
        .insert_header((header::ETAG, sheet.etag()))
        .json(body)
}

/// The sheet versions a write names in `If-Match` (RFC 9110), if it names any; a
/// field that is not text matches no version.
fn if_match(req: &HttpRequest) -> Option<IfMatch> {
    let field = req.headers().get(header::IF_MATCH)?;
    field
        .to_str()
        .map_or(Some(IfMatch(Vec::new())), IfMatch::parse)
}

/// Mounts this module's endpoints inside `/api/v1`.
pub fn configure(cfg: &mut ServiceConfig) {
    cfg.service(declare_sortie)
        .service(lineup)
        .service(withdraw_sortie)
        .service(read_sheet)
        .service(mark)
        .service(roll);
}
