//! The stylesheet and the scripts (the debrief form's, the live pages', the dice's),
//! compiled into the binary: no external assets.

use actix_web::{get, http::header, HttpResponse};

/// An asset of the binary, cached for an hour.
fn asset(content_type: &'static str, body: &'static str) -> HttpResponse {
    HttpResponse::Ok()
        .content_type(content_type)
        .insert_header((header::CACHE_CONTROL, "public, max-age=3600"))
        .body(body)
}

const JAVASCRIPT: &str = "text/javascript; charset=utf-8";

#[get("/static/eagles.css")]
pub async fn stylesheet() -> HttpResponse {
    asset(
        "text/css; charset=utf-8",
        include_str!("../../static/eagles.css"),
    )
}

/// Hides the debrief form's fields that do not apply; the form works without it.
#[get("/static/debrief.js")]
pub async fn debrief_script() -> HttpResponse {
    asset(JAVASCRIPT, include_str!("../../static/debrief.js"))
}

/// Follows the campaign's event stream: the live page swaps in what changed, the
/// other campaign pages offer a reload. The pages work without it.
#[get("/static/live.js")]
pub async fn live_script() -> HttpResponse {
    asset(JAVASCRIPT, include_str!("../../static/live.js"))
}

/// A player's roll forms send a fresh nonce, and the receipts of the rolls shown are
/// kept for the week's check page (R25). The forms work without it.
#[get("/static/receipts.js")]
pub async fn receipts_script() -> HttpResponse {
    asset(JAVASCRIPT, include_str!("../../static/receipts.js"))
}

/// The check page's own SHA-256, HMAC and derivation of the week's dice (R25).
#[get("/static/dice-check.js")]
pub async fn dice_check_script() -> HttpResponse {
    asset(JAVASCRIPT, include_str!("../../static/dice-check.js"))
}
