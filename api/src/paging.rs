//! `limit` and `offset` on lists that grow without bound (the roll log, the campaigns):
//! at most [`MAX_LIMIT`] rows per response, [`MAX_LIMIT`] when `limit` is absent, and a
//! `Link: <…>; rel="next"` header while more rows follow.

use actix_web::http::header;
use actix_web::{HttpRequest, HttpResponse};
use eagles_office::window::Window;
use eagles_office::Error;
use serde::Serialize;

use crate::error::ApiError;

/// The most rows one response of a list holds.
pub const MAX_LIMIT: u32 = 1000;

/// The window a request asks for, plus one row to learn whether more follow.
pub fn window(limit: Option<u32>, offset: Option<u32>) -> Result<Window, ApiError> {
    let limit = limit.unwrap_or(MAX_LIMIT);
    if !(1..=MAX_LIMIT).contains(&limit) {
        return Err(ApiError(Error::BadRequest(format!(
            "`limit` must be from 1 to {MAX_LIMIT}, not {limit}"
        ))));
    }
    Ok(Window {
        limit: i64::from(limit) + 1,
        offset: i64::from(offset.unwrap_or(0)),
    })
}

/// A 200 with the rows of `window`, and a link to the next rows when there are more.
pub fn respond<T: Serialize>(req: &HttpRequest, mut rows: Vec<T>, window: Window) -> HttpResponse {
    let limit = window.limit - 1;
    let mut response = HttpResponse::Ok();
    if rows.len() as i64 > limit {
        rows.truncate(limit as usize);
        let mut query: Vec<&str> = req
            .query_string()
            .split('&')
            .filter(|p| !p.is_empty() && !p.starts_with("limit=") && !p.starts_with("offset="))
            .collect();
        let paging = format!("limit={limit}&offset={}", window.offset + limit);
        query.push(&paging);
        response.insert_header((
            header::LINK,
            format!("<{}?{}>; rel=\"next\"", req.path(), query.join("&")),
        ));
    }
    response.json(rows)
}
