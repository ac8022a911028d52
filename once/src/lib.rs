//! A write happens once (API v1.3 "A write happens once", R25), through either door:
//! the API's `Idempotency-Key` and the pages' one-time form keys are claimed in the
//! office's store of keys (`IdempotencyKeys`) before the handler runs. What the two
//! middlewares share once a key is claimed or found taken is here: running the handler
//! under the claim and keeping its answer, and giving a kept answer again. Each door
//! decides which requests carry a key, whose it is, and says its refusals in its own
//! words.

use actix_web::body::{self, BoxBody, MessageBody};
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::{header, StatusCode};
use actix_web::middleware::Next;
use actix_web::{HttpResponse, ResponseError};
use eagles_office::idempotency::{Completed, IdempotencyKeys, StoredKey};
use eagles_office::Error;

/// The response header marking an answer given again.
pub const REPLAYED: &str = "idempotency-replayed";

/// The path a key is claimed for, with its query: part of what was asked.
pub fn claimed_path(req: &ServiceRequest) -> String {
    req.uri()
        .path_and_query()
        .map_or_else(|| req.path().to_owned(), |p| p.as_str().to_owned())
}

/// Runs the handler under `key`, claimed for the account `user_id`. An answer that
/// `spends` the key is kept, to be given again to the same request; any other answer,
/// or a failure, wrote nothing (every write is one transaction), so the key is released
/// and the request may be sent again. `E` is the door's error, for an answer that
/// cannot be read to keep it.
pub async fn run_claimed<B, E>(
    req: ServiceRequest,
    next: Next<B>,
    keys: &dyn IdempotencyKeys,
    (user_id, key): (i64, &str),
    spends: fn(StatusCode) -> bool,
) -> Result<ServiceResponse<BoxBody>, actix_web::Error>
where
    B: MessageBody + 'static,
    E: From<Error> + ResponseError + 'static,
{
    let response = match next.call(req).await {
        Ok(response) => response,
        Err(e) => {
            release(keys, user_id, key).await;
            return Err(e);
        }
    };
    if !spends(response.status()) {
        release(keys, user_id, key).await;
        return Ok(response.map_into_boxed_body());
    }
    let (request, response) = response.into_parts();
    let (head, answer) = response.into_parts();
    let bytes = match body::to_bytes(answer).await {
        Ok(bytes) => bytes,
        Err(e) => {
            release(keys, user_id, key).await;
            let cause = format!("reading an answer to keep it: {}", e.into());
            return Ok(ServiceResponse::from_err(
                E::from(Error::Internal(cause)),
                request,
            ));
        }
    };
    let text = |name: header::HeaderName| {
        head.headers()
            .get(name)
            .and_then(|v| v.to_str().ok())
            .map(str::to_owned)
    };
    let content_type = text(header::CONTENT_TYPE);
    let location = text(header::LOCATION);
    let completed = Completed {
        status: head.status().as_u16() as i16,
        content_type: content_type.as_deref(),
        location: location.as_deref(),
        body: &bytes,
    };
    if let Err(e) = keys.complete_key(user_id, key, &completed).await {
        // The write itself succeeded; answering it matters more than remembering it.
        tracing::warn!(error = %e, "an idempotency key could not be completed");
        release(keys, user_id, key).await;
    }
    Ok(ServiceResponse::new(
        request,
        head.set_body(BoxBody::new(bytes)),
    ))
}

/// Releases a claim whose request wrote nothing: the key may be sent again.
pub async fn release(keys: &dyn IdempotencyKeys, user_id: i64, key: &str) {
    if let Err(e) = keys.release_key(user_id, key).await {
        // The claim is taken over once it counts as abandoned.
        tracing::warn!(error = %e, "an idempotency key could not be released");
    }
}

/// The kept answer of a key taken by this same request, given again and marked
/// [`REPLAYED`]; `Ok(None)` while the first request has not ended, which each door
/// says in its own words.
pub fn replay(stored: StoredKey) -> Result<Option<HttpResponse>, Error> {
    let (Some(status), Some(body)) = (stored.status, stored.body) else {
        return Ok(None);
    };
    let status = StatusCode::from_u16(status as u16)
        .map_err(|e| Error::Internal(format!("a kept status: {e}")))?;
    let mut response = HttpResponse::build(status);
    response.insert_header((REPLAYED, "true"));
    if let Some(content_type) = stored.content_type {
        response.insert_header((header::CONTENT_TYPE, content_type));
    }
    if let Some(location) = stored.location {
        response.insert_header((header::LOCATION, location));
    }
    Ok(Some(response.body(body)))
}
