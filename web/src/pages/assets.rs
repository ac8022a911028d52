//! The stylesheet, compiled into the binary: no external assets.

use actix_web::{get, http::header, HttpResponse};

const STYLESHEET: &str = include_str!("../../static/eagles.css");

#[get("/static/eagles.css")]
pub async fn stylesheet() -> HttpResponse {
    HttpResponse::Ok()
        .content_type("text/css; charset=utf-8")
        .insert_header((header::CACHE_CONTROL, "public, max-age=3600"))
        .body(STYLESHEET)
}
