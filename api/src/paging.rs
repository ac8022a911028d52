//! `limit` and `offset` on lists that grow without bound (the roll log, the campaigns):
//! at most [`MAX_LIMIT`] rows per response, [`MAX_LIMIT`] when `limit` is absent, and a
//! `Link: <…>; rel="next"` header while more rows follow.

use std::future::Future;
use std::ops::Deref;
use std::pin::Pin;

use actix_web::http::header;
use actix_web::{web, FromRequest, HttpRequest, HttpResponse};
use eagles_office::campaigns::CampaignListQuery;
use eagles_office::rolls::RollQuery;
use eagles_office::window::Window;
use eagles_office::Error;
use serde::de::DeserializeOwned;
use serde::Serialize;

use crate::error::ApiError;

/// The most rows one response of a list holds.
pub const MAX_LIMIT: u32 = 1000;

/// The query of a list that grows without bound: it names the rows it asks for.
pub trait PagedQuery {
    /// At most this many rows.
    fn limit(&self) -> Option<u32>;
    /// Skip this many rows first.
    fn offset(&self) -> Option<u32>;
}

impl PagedQuery for RollQuery {
    fn limit(&self) -> Option<u32> {
        self.limit
    }

    fn offset(&self) -> Option<u32> {
        self.offset
    }
}

impl PagedQuery for CampaignListQuery {
    fn limit(&self) -> Option<u32> {
        self.limit
    }

    fn offset(&self) -> Option<u32> {
        self.offset
    }
}

/// A request for rows of a list: its query (as [`web::Query`] reads it), the window of
/// rows it asks for, and its address, from which the link to the next rows is made.
pub struct Paged<Q> {
    query: Q,
    window: Window,
    request: HttpRequest,
}

impl<Q> Paged<Q> {
    /// The rows asked for, plus one to learn whether more follow.
    pub fn window(&self) -> Window {
        self.window
    }

    /// A 200 with the rows of the window, and a link to the next rows when there are
    /// more.
    pub fn respond<T: Serialize>(&self, mut rows: Vec<T>) -> HttpResponse {
        let limit = self.window.limit - 1;
        let mut response = HttpResponse::Ok();
        if rows.len() as i64 > limit {
            rows.truncate(limit as usize);
            let mut query: Vec<&str> = self
                .request
                .query_string()
                .split('&')
                .filter(|p| !p.is_empty() && !p.starts_with("limit=") && !p.starts_with("offset="))
                .collect();
            let paging = format!("limit={limit}&offset={}", self.window.offset + limit);
            query.push(&paging);
            response.insert_header((
                header::LINK,
                format!(
                    "<{}?{}>; rel=\"next\"",
                    self.request.path(),
                    query.join("&")
                ),
            ));
        }
        response.json(rows)
    }
}

impl<Q> Deref for Paged<Q> {
    type Target = Q;

    fn deref(&self) -> &Q {
        &self.query
    }
}

impl<Q: PagedQuery + DeserializeOwned + 'static> FromRequest for Paged<Q> {
    type Error = actix_web::Error;
    type Future = Pin<Box<dyn Future<Output = Result<Self, Self::Error>>>>;

    fn from_request(req: &HttpRequest, payload: &mut actix_web::dev::Payload) -> Self::Future {
        let query = web::Query::<Q>::from_request(req, payload);
        let request = req.clone();
        Box::pin(async move {
            let query = query.await?.into_inner();
            let window = window(query.limit(), query.offset())?;
            Ok(Paged {
                query,
                window,
                request,
            })
        })
    }
}

/// The window a request asks for, plus one row to learn whether more follow.
fn window(limit: Option<u32>, offset: Option<u32>) -> Result<Window, ApiError> {
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
