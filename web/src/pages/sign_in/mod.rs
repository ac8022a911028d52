//! `/sign-in` and `/sign-out`. Signing in checks the password with the API's argon2
//! verification (on the blocking pool, a dummy hash for unknown names) and replaces the
//! visitor's session with a new one, so a session id known before sign-in is worthless
//! after it. Signing out deletes the session.

mod view;

use actix_web::http::{header, StatusCode};
use actix_web::{get, post, web, HttpRequest, HttpResponse};
use eagles_office::prelude::*;
use serde::Deserialize;

use super::{render, see_other};
use crate::error::PageError;
use crate::form::FieldErrors;
use crate::session::{self, with_cookie, Session};
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
    let (session, cookie) = session::visiting(&**sessions, session).await?;
    let page = SignInPage {
        nav: session.nav(),
        csrf: session.csrf().to_owned(),
        username: String::new(),
        errors: FieldErrors::default(),
    };
    let response = render(&page, StatusCode::OK);
    session::answer(response, cookie)
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
    let address = crate::session::client_address(&req);
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
    let cookie = session::renew(&**sessions, &session, user.id).await?;
    with_cookie(see_other("/"), &cookie)
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
