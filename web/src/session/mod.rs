//! Sessions of the pages, kept in Postgres: the cookie holds a random id, the table
//! its digest, the account and the session's CSRF token. The cookie is HttpOnly and
//! SameSite=Strict, and Secure when the request came over TLS — as the connection
//! says, or a proxy in front says through `Forwarded` / `X-Forwarded-Proto`.

mod ids;

use std::future::Future;
use std::pin::Pin;

use actix_web::cookie::{time::Duration as CookieDuration, Cookie, SameSite};
use actix_web::{web, FromRequest, HttpMessage, HttpRequest};
use chrono::{Duration, Utc};
use eagles_office::prelude::*;
use eagles_office::sessions::NewPageSession;
use subtle::ConstantTimeEq;

use crate::error::PageError;
use crate::pages::Nav;

/// The session cookie's name.
pub const COOKIE: &str = eagles_office::credentials::SESSION_COOKIE;

/// How long a signed-in session lasts.
const SIGNED_IN_FOR: Duration = Duration::days(14);
/// How long a visitor's session (for the sign-in form's CSRF token) lasts.
const VISITOR_FOR: Duration = Duration::hours(12);

/// The session of a request: none, a visitor's, or a signed-in user's.
#[derive(Debug, Clone, Default)]
pub struct Session {
    /// The digest of the cookie's id, when it names a live session.
    id_hash: Option<Vec<u8>>,
    csrf_token: Option<String>,
    pub user: Option<User>,
    /// Whether the request came over TLS: the cookies it is answered with are Secure.
    over_tls: bool,
}

impl Session {
    /// Whoever reads the page, as the office's reads take him; they check his access.
    pub fn reader(&self) -> eagles_office::access::ReadAccess {
        self.user.clone().into()
    }

    /// Whether the cookie named a live session.
    pub fn exists(&self) -> bool {
        self.id_hash.is_some()
    }

    /// The signed-in user; 401 without one.
    pub fn require_user(&self) -> Result<&User, PageError> {
        self.user.as_ref().ok_or_else(PageError::sign_in_first)
    }

    /// Refuses a form whose CSRF token is missing or is not this session's (403). The
    /// comparison takes the same time wherever the tokens differ.
    pub fn check_csrf(&self, submitted: &str) -> Result<(), PageError> {
        let matches = self
            .csrf_token
            .as_deref()
            .is_some_and(|token| bool::from(token.as_bytes().ct_eq(submitted.as_bytes())));
        if matches {
            Ok(())
        } else {
            Err(PageError::forbidden(
                "this form has expired or did not come from this site; reload the page and send it again",
            ))
        }
    }

    /// Who sent a form: the token is checked before the account, so a forged form
    /// learns nothing of the session (403 before 401).
    pub fn sender(&self, csrf: &str) -> Result<User, PageError> {
        self.check_csrf(csrf)?;
        self.require_user().cloned()
    }

    /// What the page header needs: who is signed in and the sign-out form's token.
    pub fn nav(&self) -> Nav {
        Nav {
            shown: true,
            username: self.user.as_ref().map(|u| u.username.clone()),
            csrf: self.csrf_token.clone().unwrap_or_default(),
        }
    }

    /// The token the forms of this session carry.
    pub fn csrf(&self) -> &str {
        self.csrf_token.as_deref().unwrap_or_default()
    }

    /// Whether the request came over TLS, directly or through a proxy: a session
    /// started or ended in answer to it sends its cookie Secure.
    pub fn over_tls(&self) -> bool {
        self.over_tls
    }

    /// The stored id's digest, when there is a live session.
    pub fn id_hash(&self) -> Option<&[u8]> {
        self.id_hash.as_deref()
    }
}

/// A session just stored: the cookie to send and its CSRF token.
pub struct Started {
    pub cookie: Cookie<'static>,
    pub csrf: String,
}

/// Stores a new session, a visitor's (`user_id` none) or a signed-in one, and returns
/// its cookie; `secure` when the request came over TLS.
pub async fn start(
    sessions: &dyn Sessions,
    user_id: Option<i64>,
    secure: bool,
) -> Result<Started, PageError> {
    let id = ids::random_token();
    let csrf = ids::random_token();
    let lifetime = if user_id.is_some() {
        SIGNED_IN_FOR
    } else {
        VISITOR_FOR
    };
    sessions
        .create_session(NewPageSession {
            id_hash: ids::digest(&id),
            user_id,
            csrf_token: csrf.clone(),
            expires_at: Utc::now() + lifetime,
        })
        .await?;
    let cookie = Cookie::build(COOKIE, id)
        .path("/")
        .http_only(true)
        .same_site(SameSite::Strict)
        .secure(secure)
        .max_age(CookieDuration::seconds(lifetime.num_seconds()))
        .finish();
    Ok(Started { cookie, csrf })
}

/// The session of a page that visitors fill in (signing in, joining, a reset link):
/// the one the cookie names, or a new visitor's, so that its form carries a CSRF token
/// too; the cookie to set comes back with a new one.
pub async fn visiting(
    sessions: &dyn Sessions,
    session: Session,
) -> Result<(Session, Option<Cookie<'static>>), PageError> {
    if session.exists() {
        return Ok((session, None));
    }
    let started = start(sessions, None, session.over_tls()).await?;
    let session = Session {
        csrf_token: Some(started.csrf),
        ..session
    };
    Ok((session, Some(started.cookie)))
}

/// Signs `user_id` in on a new session in place of `session`, so a session id known
/// before is worthless after; returns the new session's cookie.
pub async fn renew(
    sessions: &dyn Sessions,
    session: &Session,
    user_id: i64,
) -> Result<Cookie<'static>, PageError> {
    if let Some(old) = session.id_hash() {
        sessions.delete_session(old.to_vec()).await?;
    }
    sessions.delete_expired_sessions().await?;
    Ok(start(sessions, Some(user_id), session.over_tls())
        .await?
        .cookie)
}

/// `response`, setting the cookie of a session [`visiting`] started, if it did.
pub fn answer(
    response: actix_web::HttpResponse,
    cookie: Option<Cookie<'_>>,
) -> Result<actix_web::HttpResponse, PageError> {
    match cookie {
        Some(cookie) => with_cookie(response, &cookie),
        None => Ok(response),
    }
}

/// The client's address, as the office counts tries by it (`credentials::client_address`).
pub fn client_address(req: &HttpRequest) -> String {
    eagles_office::credentials::client_address(
        req.peer_addr(),
        req.connection_info().realip_remote_addr(),
    )
}

/// `response` setting (or, expired, removing) the session cookie.
pub fn with_cookie(
    mut response: actix_web::HttpResponse,
    cookie: &Cookie<'_>,
) -> Result<actix_web::HttpResponse, PageError> {
    response.add_cookie(cookie).map_err(PageError::internal)?;
    Ok(response)
}

/// A one-time key for a form (`crate::once`): random, so that no two forms of a
/// session share one; it is bound to the session when it is claimed.
pub fn form_key() -> String {
    ids::random_token()
}

/// A cookie that makes the browser forget the session.
pub fn removal_cookie(secure: bool) -> Cookie<'static> {
    let mut cookie = Cookie::build(COOKIE, "")
        .path("/")
        .http_only(true)
        .same_site(SameSite::Strict)
        .secure(secure)
        .finish();
    cookie.make_removal();
    cookie
}

/// Whether the request came over TLS (directly or, per its headers, through a proxy).
fn is_tls(req: &HttpRequest) -> bool {
    req.connection_info().scheme() == "https"
}

async fn load(req: HttpRequest) -> Result<Session, PageError> {
    let none = Session {
        over_tls: is_tls(&req),
        ..Session::default()
    };
    let Some(cookie) = req.cookie(COOKIE) else {
        return Ok(none);
    };
    let id_hash = ids::digest(cookie.value());
    let sessions = req
        .app_data::<web::Data<dyn Sessions>>()
        .ok_or_else(|| PageError::internal("no sessions port configured"))?;
    Ok(match sessions.find_session(id_hash.clone()).await? {
        Some(row) => Session {
            id_hash: Some(id_hash),
            csrf_token: Some(row.csrf_token),
            user: row.user,
            ..none
        },
        None => none,
    })
}

impl FromRequest for Session {
    type Error = PageError;
    type Future = Pin<Box<dyn Future<Output = Result<Self, PageError>>>>;

    fn from_request(req: &HttpRequest, _: &mut actix_web::dev::Payload) -> Self::Future {
        // A form post's session was read already, to bind its key (`crate::once`).
        if let Some(session) = req.extensions().get::<Session>().cloned() {
            return Box::pin(std::future::ready(Ok(session)));
        }
        let req = req.clone();
        Box::pin(load(req))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn session(token: Option<&str>) -> Session {
        Session {
            id_hash: token.map(|_| vec![1]),
            csrf_token: token.map(str::to_owned),
            user: None,
            over_tls: false,
        }
    }

    #[test]
    fn csrf_needs_this_sessions_token() {
        assert!(session(Some("abc")).check_csrf("abc").is_ok());
        assert!(session(Some("abc")).check_csrf("abd").is_err());
        assert!(session(Some("abc")).check_csrf("").is_err());
        assert!(session(Some("abc")).check_csrf("abcd").is_err());
        // Without a session no token is right, not even an empty one.
        assert!(session(None).check_csrf("").is_err());
    }
}
