//! A page's form is written once (API v1.3 "A write happens once", R25): every POST
//! form carries a one-time key minted with the page (`fields::csrf`), and every form
//! post goes through this middleware before its handler.
//!
//! The key is claimed in the API's store of idempotency keys (`IdempotencyKeys`), for
//! the signed-in account and bound to the session, with the path and the SHA-256 of the
//! form. The same form sent again — the answer was lost and the phone sends it again,
//! or a double tap sends it twice at once — waits for the first and gets its answer
//! (the same redirect, the same rolls shown) and writes nothing. Only an answer that
//! wrote (2xx or 3xx) spends the key; a refused form (4xx) or a failure releases it,
//! and the page it comes back on mints fresh keys.
//!
//! A page read again at the same revision of its campaign may come from the read
//! cache with the keys it had: the same page, none of whose forms was sent since (a
//! form sent and written raises the revision, and the page read after it is new).

use actix_web::body::{BoxBody, MessageBody};
use actix_web::dev::{Payload, ServiceRequest, ServiceResponse};
use actix_web::http::{header, Method, StatusCode};
use actix_web::middleware::Next;
use actix_web::web::{self, Bytes};
use actix_web::{HttpMessage, HttpResponse};
use eagles_office::idempotency::{Claim, NewClaim, StoredKey};
use eagles_office::prelude::*;
use sha2::{Digest, Sha256};

use crate::error::PageError;
use crate::session::Session;

/// The form field holding the key.
pub const FIELD: &str = "form_key";

/// The longest key accepted (those minted are 43 characters).
const MAX_KEY_LENGTH: usize = 64;

/// The forms that carry no key: signing in and out answer with a session cookie, which
/// must not be stored, and write nothing a second time would repeat; the password
/// forms (API v1.3, "sign-in and password forms aside"): a change of password sent
/// again is refused in words (the current password is no longer it), and the answer
/// of a reset link made (`/account/resets`) holds the link, a credential no store may
/// keep (sent again, it makes a new link that replaces the first).
const WITHOUT_KEY: &[&str] = &[
    "/sign-in",
    "/sign-out",
    "/account/password",
    "/account/resets",
];

/// The one-time reset links' forms (`/reset/{token}`): password forms too.
const RESET_LINKS: &str = "/reset/";

/// The buttons of the debrief form that write nothing ("Preview the rolls", "Add a
/// kill"…): they send the debrief form, key included, and must not spend it.
const WRITES_NOTHING: &str = "/debrief/preview";

/// The middleware, wrapped around every page (`crate::configure`).
pub async fn middleware(
    mut req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<BoxBody>, actix_web::Error> {
    if !carries_key(&req) {
        return Ok(next.call(req).await?.map_into_boxed_body());
    }
    let Some(keys) = req.app_data::<web::Data<dyn IdempotencyKeys>>().cloned() else {
        return Ok(next.call(req).await?.map_into_boxed_body());
    };
    let session = req.extract::<Session>().await?;
    // The handler reads the same session again without asking the database.
    req.extensions_mut().insert(session.clone());
    let (Some(user), Some(session_id)) = (session.user.as_ref(), session.id_hash()) else {
        // The handler refuses a form sent without a signed-in session in its words.
        return Ok(next.call(req).await?.map_into_boxed_body());
    };
    let user_id = user.id;
    let form = req.extract::<Bytes>().await?;
    req.set_payload(Payload::from(form.clone()));
    let key = match form_key(&form) {
        Ok(key) => stored_key(session_id, &key),
        Err(e) => return Ok(req.error_response(e)),
    };
    let digest = Sha256::digest(&form);
    let path = eagles_once::claimed_path(&req);
    let claim = NewClaim {
        user_id,
        key: &key,
        method: Method::POST.as_str(),
        path: &path,
        body_sha256: &digest,
    };
    match keys.claim_key(&claim).await {
        Ok(Claim::Claimed) => {}
        Ok(Claim::Taken(stored)) => {
            return Ok(match replay(&claim, stored) {
                Ok(response) => req.into_response(response),
                Err(e) => req.error_response(e),
            })
        }
        Err(e) => return Ok(req.error_response(PageError::from(e))),
    }
    // A redirect is a form's answer as much as a page is.
    let spends = |status: StatusCode| status.is_success() || status.is_redirection();
    eagles_once::run_claimed::<_, PageError>(req, next, &**keys, (user_id, &key), spends).await
}

/// Whether the request is a form post that must carry a key.
fn carries_key(req: &ServiceRequest) -> bool {
    let is_form = req
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("application/x-www-form-urlencoded"));
    req.method() == Method::POST
        && is_form
        && !WITHOUT_KEY.contains(&req.path())
        && !req.path().starts_with(RESET_LINKS)
        && !req.path().ends_with(WRITES_NOTHING)
}

/// The form's key; a form without a readable one is refused (400), so that no form
/// can write without it.
fn form_key(form: &[u8]) -> Result<String, PageError> {
    let fields: Vec<(String, String)> = serde_urlencoded::from_bytes(form).map_err(|e| {
        PageError::new(
            StatusCode::BAD_REQUEST,
            format!("the form could not be read: {e}"),
        )
    })?;
    let key = fields
        .into_iter()
        .find(|(name, _)| name == FIELD)
        .map(|(_, value)| value)
        .unwrap_or_default();
    let readable = !key.is_empty()
        && key.len() <= MAX_KEY_LENGTH
        && key
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_');
    if readable {
        Ok(key)
    } else {
        Err(PageError::new(
            StatusCode::BAD_REQUEST,
            "this form comes from a page older than the site: reload the page and send the form again",
        ))
    }
}

/// The key as stored: bound to the session, apart from the API's keys (which hold no
/// space), so that a key is one session's alone.
fn stored_key(session_id: &[u8], key: &str) -> String {
    let session: String = session_id
        .iter()
        .take(8)
        .map(|b| format!("{b:02x}"))
        .collect();
    format!("page {session} {key}")
}

/// The answer to a form sent again: the first answer, or why not.
fn replay(claim: &NewClaim<'_>, stored: StoredKey) -> Result<HttpResponse, PageError> {
    if !stored.is_for(claim) {
        return Err(PageError::new(
            StatusCode::UNPROCESSABLE_ENTITY,
            "this form was sent already, with other entries: reload the page to send it again",
        ));
    }
    eagles_once::replay(stored)?.ok_or_else(|| {
        PageError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            "this form was sent a minute ago and its answer is not ready yet: open the page again in a while to see whether it was written",
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_form_needs_a_readable_key() {
        let minted = crate::session::form_key();
        let form = format!("csrf=abc&{FIELD}={minted}&x=1");
        assert_eq!(form_key(form.as_bytes()).unwrap(), minted);
        for bad in [
            "csrf=abc",
            "form_key=",
            "form_key=a%20b",
            &format!("form_key={}", "k".repeat(65)),
        ] {
            assert!(form_key(bad.as_bytes()).is_err(), "{bad}");
        }
    }

    #[test]
    fn a_key_is_bound_to_its_session() {
        assert_ne!(stored_key(&[1; 32], "k"), stored_key(&[2; 32], "k"));
        assert!(stored_key(&[1; 32], "k").contains(' '));
    }
}
