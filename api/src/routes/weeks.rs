//! The HTTP face of `eagles_office::weeks`.

use actix_web::{get, post, web, HttpResponse};
use eagles_office::prelude::*;
use eagles_office::weeks::{CloseWeekRequest, ClosedWeek, WeekView};
use utoipa_actix_web::service_config::ServiceConfig;

use crate::auth::{Reading, SignedIn};
use crate::error::ApiError;
use crate::routes::paths::{CampaignPath, WeekPath};

/// Closes the current week (R15): referee only. A game of the week without a debrief
/// refuses the close (409 naming it) unless the body says `abandon_open_games: true`;
/// the body is optional (none is `{}`).
#[utoipa::path(
    tag = "weeks",
    security(("bearer" = [])),
    params(CampaignPath),
    request_body(content = Option<CloseWeekRequest>, description = "Optional: no body (or `null`) closes as `{}` does"),
    responses(
        (status = 200, body = ClosedWeek),
        (status = 409, description = "A game of the week has no debrief (the detail names each), or the week was closed at the same moment", body = crate::error::Problem),
    )
)]
#[post("/campaigns/{cid}/weeks/close")]
pub async fn close_week(
    weeks: web::Data<dyn Weeks>,
    SignedIn(user): SignedIn,
    path: web::Path<CampaignPath>,
    body: web::Bytes,
) -> Result<HttpResponse, ApiError> {
    // The body is optional: none at all, or `null`, closes as `{}` does.
    let request: CloseWeekRequest = if body.iter().all(u8::is_ascii_whitespace) {
        CloseWeekRequest::default()
    } else {
        crate::extract::parse_json::<Option<CloseWeekRequest>>(&body)?.unwrap_or_default()
    };
    let closed = weeks.close_week(user, path.cid, request).await?;
    Ok(HttpResponse::Ok().json(closed))
}

/// A week with its games, missions and rolls: anyone who may read the campaign. A week
/// after the current one does not exist yet. Mission assignments are kept as the game
/// view keeps them (§13.20); the roll log names no assignment.
#[utoipa::path(
    tag = "weeks",
    params(WeekPath),
    responses((status = 200, body = WeekView))
)]
#[get("/campaigns/{cid}/weeks/{n}")]
pub async fn get_week(
    weeks: web::Data<dyn Weeks>,
    Reading(reader): Reading,
    path: web::Path<WeekPath>,
) -> Result<HttpResponse, ApiError> {
    let view = weeks.week(reader, path.cid, path.n).await?;
    Ok(HttpResponse::Ok().json(view))
}

/// A week's dice, to recheck them (R25, API v1.3): anyone who may read the campaign.
/// `commitment` is the hex SHA-256 of the week's seed, public from its start; `seed`
/// (hex) is null until the week is closed (or the campaign ended). Each roll with its
/// `seq`, `table`, `sides` (each die's, in the order the table reads them), `dice`,
/// `entered`, the player's `nonce` and its `chain` link; a roll the reader may not see
/// yet (R20) shows only `seq` and `chain`. A server die of roll `seq` is read from
/// HMAC-SHA256(seed, `eagles-dice-v1|{seq}|{prev}|{nonce}`) (then the same message with
/// `|1`, `|2`, … appended), a die of `s` sides taking the next byte `b < 256 − 256 mod s`
/// as `b mod s + 1`; `chain` is the hex SHA-256 of
/// `{prev}|{seq}|{table}|{server|entered}|{dice joined by ","}|{nonce}`, `prev` being
/// the previous roll's `chain` (the commitment for `seq` 1). `scripts/check-dice`
/// rechecks a closed week.
#[utoipa::path(
    tag = "weeks",
    params(WeekPath),
    responses(
        (status = 200, body = eagles_office::fair_dice::WeekDice),
        (status = 404, description = "No such campaign for this reader, or a week not begun", body = crate::error::Problem),
    )
)]
#[get("/campaigns/{cid}/weeks/{n}/dice")]
pub async fn get_week_dice(
    dice: web::Data<dyn FairDice>,
    Reading(reader): Reading,
    path: web::Path<WeekPath>,
) -> Result<HttpResponse, ApiError> {
    let view = dice.week_dice(reader, path.cid, path.n).await?;
    Ok(HttpResponse::Ok().json(view))
}

/// Mounts this module's endpoints inside `/api/v1`.
pub fn configure(cfg: &mut ServiceConfig) {
    cfg.service(close_week)
        .service(get_week)
        .service(get_week_dice);
}
