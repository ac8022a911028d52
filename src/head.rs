//! `HEAD` for every `GET` (contract v1.2, "Corrections"): a `HEAD` request is answered
//! by the `GET` route of its path, and the answer leaves with the same status and
//! headers and no body.
//!
//! The request goes on as a `GET`, so routing, access checks and the read cache treat
//! it exactly as one: the same ETag, the same 304, and a body kept by the cache is the
//! `GET`'s whole body, never an empty one. On the way back the body is dropped
//! unread — an event stream ends at once instead of staying open — and replaced by an
//! empty one that reports the same size, from which the connection still writes the
//! `GET`'s `Content-Length` (or `Transfer-Encoding`) but no bytes (RFC 9110 §9.3.2).

use std::convert::Infallible;
use std::pin::Pin;
use std::task::{Context, Poll};

use actix_web::body::{BodySize, BoxBody, MessageBody};
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::Method;
use actix_web::middleware::Next;
use actix_web::web::Bytes;

/// The middleware; mount it outside the read cache, so the cache sees a `GET` and
/// keeps its whole body.
pub async fn middleware(
    mut req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<BoxBody>, actix_web::Error> {
    if req.method() != Method::HEAD {
        return Ok(next.call(req).await?.map_into_boxed_body());
    }
    req.head_mut().method = Method::GET;
    let response = next.call(req).await?;
    Ok(response.map_body(|_, body| BoxBody::new(Headless(body.size()))))
}

/// A body of a known size and no bytes: what a `HEAD` answer carries.
struct Headless(BodySize);

impl MessageBody for Headless {
    type Error = Infallible;

    fn size(&self) -> BodySize {
        self.0
    }

    fn poll_next(
        self: Pin<&mut Self>,
        _: &mut Context<'_>,
    ) -> Poll<Option<Result<Bytes, Self::Error>>> {
        Poll::Ready(None)
    }
}
