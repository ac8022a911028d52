//! The stylesheet and the scripts (the debrief form's, the live pages'), compiled into
//! the binary: no external assets.

use actix_web::{get, http::header, HttpResponse};

const STYLESHEET: &str = include_str!("../../static/eagles.css");

#[get("/static/eagles.css")]
pub async fn stylesheet() -> HttpResponse {
    HttpResponse::Ok()
        .content_type("text/css; charset=utf-8")
        .insert_header((header::CACHE_CONTROL, "public, max-age=3600"))
        .body(STYLESHEET)
}

const DEBRIEF_SCRIPT: &str = include_str!("../../static/debrief.js");

/// Hides the debrief form's fields that do not apply; the form works without it.
#[get("/static/debrief.js")]
pub async fn debrief_script() -> HttpResponse {
    HttpResponse::Ok()
        .content_type("text/javascript; charset=utf-8")
        .insert_header((header::CACHE_CONTROL, "public, max-age=3600"))
        .body(DEBRIEF_SCRIPT)
}

const LIVE_SCRIPT: &str = include_str!("../../static/live.js");

/// Follows the campaign's event stream: the live page swaps in what changed, the
/// other campaign pages offer a reload. The pages work without it.
#[get("/static/live.js")]
pub async fn live_script() -> HttpResponse {
    HttpResponse::Ok()
        .content_type("text/javascript; charset=utf-8")
        .insert_header((header::CACHE_CONTROL, "public, max-age=3600"))
        .body(LIVE_SCRIPT)
}
