//! `/sign-in` and `/sign-out`. Signing in checks the password with the API's argon2
//! verification (on the blocking pool, a dummy hash for unknown names) and replaces the
//! visitor's session with a new one, so a session id known before sign-in is worthless
//! after it. Signing out deletes the session.

mod view;

use actix_web::http::{header, StatusCode};
use actix_web::{get, post, web, HttpRequest, HttpResponse};
use eagles_office::credentials::client_address;
use eagles_office::prelude::*;
use serde::Deserialize;

use super::{render, see_other, Nav};
use crate::error::PageError;
use crate::form::FieldErrors;
use crate::session::{self, Session};
pub use view::SignInPage;

/// What the sign-in form sends.
#[derive(Debug, Deserialize)]
pub struct SignInForm {
    #[serde(default)]
    pub csrf: String,
    #[serde(default)]
    pub username: String,
    #[serde(default)]
    pub password: String,
}

/// A form that only carries its CSRF token.
#[derive(Debug, Deserialize)]
pub struct TokenOnly {
    #[serde(default)]
    pub csrf: String,
}

#[get("/sign-in")]
pub async fn show(
    sessions: web::Data<dyn Sessions>,
    session: Session,
) -> Result<HttpResponse, PageError> {
    if session.user.is_some() {
        return Ok(see_other("/"));
    }
    if session.exists() {
        return Ok(render(
            &SignInPage {
                nav: session.nav(),
                csrf: session.csrf().to_owned(),
                username: String::new(),
                errors: FieldErrors::default(),
            },
            StatusCode::OK,
        ));
    }
    // A visitor's session, so the sign-in form carries a CSRF token too.
    let started = session::start(&**sessions, None, session.over_tls()).await?;
    let page = SignInPage {
        nav: Nav {
            shown: true,
            username: None,
            csrf: started.csrf.clone(),
        },
        csrf: started.csrf,
        username: String::new(),
        errors: FieldErrors::default(),
    };
    with_cookie(render(&page, StatusCode::OK), &started.cookie)
}

/// `response` setting (or, expired, removing) the session cookie.
fn with_cookie(
    mut response: HttpResponse,
    cookie: &actix_web::cookie::Cookie<'_>,
) -> Result<HttpResponse, PageError> {
    response.add_cookie(cookie).map_err(PageError::internal)?;
    Ok(response)
}

#[post("/sign-in")]
pub async fn sign_in(
    accounts: web::Data<dyn Accounts>,
    sessions: web::Data<dyn Sessions>,
    session: Session,
    req: HttpRequest,
    form: web::Form<SignInForm>,
) -> Result<HttpResponse, PageError> {
    session.check_csrf(&form.csrf)?;
    let SignInForm {
        username, password, ..
    } = form.into_inner();
    // Text the database cannot keep, beside its field (the other forms' is refused
    // before their handlers run, see `crate::form::places_unstorable_text`).
    if let Some(field) =
        crate::form::unstorable_field(&[("username", &username), ("password", &password)])
    {
        let mut errors = FieldErrors::default();
        errors.add(field, crate::form::unstorable_reason(field));
        let page = SignInPage {
            nav: session.nav(),
            csrf: session.csrf().to_owned(),
            username: username.replace('\0', ""),
            errors,
        };
        return Ok(render(&page, StatusCode::UNPROCESSABLE_ENTITY));
    }
    let address = client_address(req.peer_addr(), req.connection_info().realip_remote_addr());
    let refused = |username: String, message: String, status: StatusCode| {
        let mut errors = FieldErrors::default();
        errors.add("password", message);
        let page = SignInPage {
            nav: session.nav(),
            csrf: session.csrf().to_owned(),
            username,
            errors,
        };
        render(&page, status)
    };
    let user = match accounts
        .sign_in(address, username.trim().to_owned(), password)
        .await
    {
        Ok(user) => user,
        Err(Error::TooManyRequests {
            detail,
            retry_after,
        }) => {
            let mut response = refused(username, detail, StatusCode::TOO_MANY_REQUESTS);
            response
                .headers_mut()
                .insert(header::RETRY_AFTER, header::HeaderValue::from(retry_after));
            return Ok(response);
        }
        Err(Error::Unauthorized(message)) => {
            return Ok(refused(username, message, StatusCode::UNAUTHORIZED));
        }
        Err(other) => return Err(other.into()),
    };
    if let Some(old) = session.id_hash() {
        sessions.delete_session(old.to_vec()).await?;
    }
    sessions.delete_expired_sessions().await?;
    let started = session::start(&**sessions, Some(user.id), session.over_tls()).await?;
    with_cookie(see_other("/"), &started.cookie)
}

#[post("/sign-out")]
pub async fn sign_out(
    sessions: web::Data<dyn Sessions>,
    session: Session,
    form: web::Form<TokenOnly>,
) -> Result<HttpResponse, PageError> {
    session.check_csrf(&form.csrf)?;
    if let Some(id_hash) = session.id_hash() {
        sessions.delete_session(id_hash.to_vec()).await?;
    }
    with_cookie(see_other("/"), &session::removal_cookie(session.over_tls()))
}
