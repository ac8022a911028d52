//! `/reset/{token}`: a one-time reset link an instance admin handed on (R26). It sets
//! the account's password once and ends its sessions and tokens; a link unknown, used
//! or expired says so (410).

mod view;

use actix_web::http::StatusCode;
use actix_web::{get, post, web, HttpRequest, HttpResponse};
use eagles_office::prelude::*;
use serde::Deserialize;

use super::render;
use crate::error::PageError;
use crate::form::FieldErrors;
use crate::session::{self, with_cookie, Session};
pub use view::ResetPage;

/// What the reset form sends.
#[derive(Debug, Default, Deserialize)]
pub struct ResetForm {
    #[serde(default)]
    pub csrf: String,
    #[serde(default)]
    pub new_password: String,
}

impl ResetPage {
    fn of(session: &Session, token: String) -> Self {
        Self {
            nav: session.nav(),
            token,
            username: None,
            gone: None,
            done: false,
            errors: FieldErrors::default(),
        }
    }
}

/// The page for a link that no longer works, or an error page.
fn gone_or(session: &Session, token: String, e: Error) -> Result<HttpResponse, PageError> {
    match e {
        Error::Gone(why) => {
            let mut page = ResetPage::of(session, token);
            page.gone = Some(crate::words::sentence(&why));
            Ok(render(&page, StatusCode::GONE))
        }
        other => Err(other.into()),
    }
}

/// The office's ports the reset link's handlers use, taken as one extractor.
type Ports = (web::Data<dyn Passwords>, web::Data<dyn Sessions>);

#[get("/reset/{token}")]
pub async fn show(
    (passwords, sessions): Ports,
    session: Session,
    req: HttpRequest,
    path: web::Path<String>,
) -> Result<HttpResponse, PageError> {
    let token = path.into_inner();
    let (session, cookie) = session::visiting(&**sessions, session).await?;
    let response = match passwords
        .reset_preview(session::client_address(&req), token.clone())
        .await
    {
        Ok(preview) => {
            let mut page = ResetPage::of(&session, token);
            page.username = Some(preview.username);
            render(&page, StatusCode::OK)
        }
        Err(e) => gone_or(&session, token, e)?,
    };
    session::answer(response, cookie)
}

#[post("/reset/{token}")]
pub async fn reset(
    (passwords, _): Ports,
    session: Session,
    req: HttpRequest,
    path: web::Path<String>,
    form: web::Form<ResetForm>,
) -> Result<HttpResponse, PageError> {
    session.check_csrf(&form.csrf)?;
    let token = path.into_inner();
    let mut page = ResetPage::of(&session, token.clone());
    if form.new_password.is_empty() {
        page.errors.add(
            "new_password",
            "choose a new password of at least 10 characters",
        );
        return Ok(render(&page, StatusCode::UNPROCESSABLE_ENTITY));
    }
    match passwords
        .reset_password(
            session::client_address(&req),
            token.clone(),
            form.new_password.clone(),
        )
        .await
    {
        Ok(account) => {
            // The account's sessions ended, this browser's among them if it was his.
            page.done = true;
            if session.user.as_ref().is_some_and(|u| u.id == account.id) {
                page.nav.username = None;
                let cookie = session::removal_cookie(session.over_tls());
                return with_cookie(render(&page, StatusCode::OK), &cookie);
            }
            Ok(render(&page, StatusCode::OK))
        }
        Err(e @ (Error::Unprocessable { .. } | Error::Problems(_))) => {
            page.errors.add("new_password", super::words::plain(&e));
            Ok(render(&page, StatusCode::UNPROCESSABLE_ENTITY))
        }
        Err(e) => gone_or(&session, token, e),
    }
}
