//! `Idempotency-Key` on the API's POST requests: the same key and body again answers
//! the first response and runs nothing.
//!
//! Before the handler runs, the key is claimed in Postgres for (caller, key) with the
//! method, path and SHA-256 of the body. A second request with the key then finds
//! the claim: with another body or path it gets 422; else, while the first still
//! runs, it waits for it (API v1.3 "A write happens once": a roll retried after a lost
//! answer is not rolled again), and after a success it gets the stored response back
//! with `Idempotency-Replayed: true`. A request that did not succeed (4xx or 5xx)
//! wrote nothing, since every write is one transaction, so its claim is released and
//! the key may be sent again: a repeat waiting for it then runs as the first.
//! Requests without a working token pass straight through (the handler answers 401),
//! as does `POST /tokens`, whose response is a secret that must not be stored.

use actix_web::body::{BoxBody, MessageBody};
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::{header, Method, StatusCode};
use actix_web::middleware::Next;
use actix_web::web::{self, Bytes, BytesMut};
use actix_web::HttpMessage;
use eagles_office::idempotency::{Claim, NewClaim, StoredKey};
use eagles_office::prelude::*;
use sha2::{Digest, Sha256};

use crate::auth::{bearer_token, token};
use crate::error::ApiError;

/// The request header carrying the key.
pub const HEADER: &str = "idempotency-key";

/// The response header marking a replayed response.
pub use eagles_once::REPLAYED;

/// The longest key accepted.
pub const MAX_KEY_LENGTH: usize = 255;

/// The largest body buffered to hash it; each endpoint's own limit applies after.
pub const MAX_BODY_BYTES: usize = 8 * 1024 * 1024;

/// Paths (within `/api/v1`) that ignore the header: their answers are secrets that
/// must not be stored (a token, a password reset link).
const EXEMPT: &[&str] = &["/api/v1/tokens"];

/// Whether a POST to `path` ignores the header (see [`EXEMPT`]); a reset link's
/// path names its account.
pub fn exempt(path: &str) -> bool {
    EXEMPT.contains(&path) || (path.starts_with("/api/v1/accounts/") && path.ends_with("/reset"))
}

/// The middleware, mounted on the `/api/v1` scope with `middleware::from_fn`.
pub async fn middleware(
    mut req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<BoxBody>, actix_web::Error> {
    let key = match req.headers().get(HEADER) {
        Some(value) if req.method() == Method::POST && !exempt(req.path()) => {
            match valid_key(value) {
                Ok(key) => key,
                Err(e) => return Ok(req.error_response(e)),
            }
        }
        _ => return Ok(next.call(req).await?.map_into_boxed_body()),
    };
    let (Some(tokens), Some(keys)) = (
        req.app_data::<web::Data<dyn Tokens>>().cloned(),
        req.app_data::<web::Data<dyn IdempotencyKeys>>().cloned(),
    ) else {
        return Ok(next.call(req).await?.map_into_boxed_body());
    };
    let user_id = match caller_id(&req, &**tokens).await {
        Ok(Some(id)) => id,
        Ok(None) => return Ok(next.call(req).await?.map_into_boxed_body()),
        Err(e) => return Ok(req.error_response(e)),
    };
    let body = match read_body(&mut req).await {
        Ok(body) => body,
        Err(e) => return Ok(req.error_response(e)),
    };
    req.set_payload(actix_web::dev::Payload::from(body.clone()));
    let digest = Sha256::digest(&body);
    let path = eagles_once::claimed_path(&req);
    let method = req.method().as_str().to_owned();
    let claim = NewClaim {
        user_id,
        key: &key,
        method: &method,
        path: &path,
        body_sha256: &digest,
    };
    let claimed = match claim_key(&**keys, &claim).await {
        Ok(claimed) => claimed,
        Err(e) => return Ok(req.error_response(e)),
    };
    if let Claim::Taken(stored) = claimed {
        return Ok(match replay(&claim, stored) {
            Ok(response) => req.into_response(response),
            Err(e) => req.error_response(e),
        });
    }
    let spends = |status: StatusCode| status.is_success();
    eagles_once::run_claimed::<_, ApiError>(req, next, &**keys, (user_id, &key), spends).await
}

/// The key a header carries, or 400 in words.
pub(crate) fn valid_key(value: &header::HeaderValue) -> Result<String, ApiError> {
    let bad = || {
        ApiError(Error::BadRequest(format!(
            "the Idempotency-Key header must be 1 to {MAX_KEY_LENGTH} visible ASCII characters, e.g. a UUID"
        )))
    };
    let key = value.to_str().map_err(|_| bad())?.trim();
    if key.is_empty() || key.len() > MAX_KEY_LENGTH || !key.bytes().all(|b| b.is_ascii_graphic()) {
        return Err(bad());
    }
    Ok(key.to_owned())
}

/// The account of a working bearer token; `None` for no token or one that does not
/// work, which the handler refuses in its own words.
async fn caller_id(req: &ServiceRequest, tokens: &dyn Tokens) -> Result<Option<i64>, ApiError> {
    let Ok(Some(token)) = bearer_token(req.request()) else {
        return Ok(None);
    };
    let user = tokens.user_by_token(&token::digest(token)).await?;
    Ok(user.map(|u| u.id))
}

async fn read_body(req: &mut ServiceRequest) -> Result<Bytes, ApiError> {
    use futures_util::StreamExt;
    let too_large = || {
        ApiError(Error::PayloadTooLarge(format!(
            "the body is larger than {} MiB",
            MAX_BODY_BYTES / (1024 * 1024)
        )))
    };
    let declared = req
        .headers()
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<usize>().ok());
    if declared.is_some_and(|n| n > MAX_BODY_BYTES) {
        return Err(too_large());
    }
    let mut payload = req.take_payload();
    let mut body = BytesMut::new();
    while let Some(chunk) = payload.next().await {
        let chunk = chunk.map_err(|e| {
            ApiError(Error::BadRequest(format!(
                "the body could not be read: {e}"
            )))
        })?;
        if body.len() + chunk.len() > MAX_BODY_BYTES {
            return Err(too_large());
        }
        body.extend_from_slice(&chunk);
    }
    Ok(body.freeze())
}

async fn claim_key(keys: &dyn IdempotencyKeys, claim: &NewClaim<'_>) -> Result<Claim, ApiError> {
    Ok(keys.claim_key(claim).await?)
}

/// The answer to a key used before: the stored response, or why not.
fn replay(claim: &NewClaim<'_>, stored: StoredKey) -> Result<actix_web::HttpResponse, ApiError> {
    if stored.method != claim.method || stored.path != claim.path {
        return Err(ApiError(Error::invalid(format!(
            "this Idempotency-Key was used for {} {} on {}; use a new key for another request",
            stored.method,
            stored.path,
            stored.created_at.format("%Y-%m-%d %H:%M UTC")
        ))));
    }
    if stored.body_sha256 != claim.body_sha256 {
        return Err(ApiError(Error::invalid(format!(
            "this Idempotency-Key was used with another body for {} {}; send the same body to get its response again, or use a new key",
            stored.method, stored.path
        ))));
    }
    // Only after the wait (`IdempotencyKeys::claim_key`): the first request is stuck.
    eagles_once::replay(stored)?.ok_or_else(|| {
        ApiError(Error::TooManyRequests {
            detail: "the first request with this Idempotency-Key has run for over a minute and has not ended; send the request again later to get its response".into(),
            retry_after: 60,
        })
    })
}
