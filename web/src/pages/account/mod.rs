//! `/account`: the signed-in visitor's account (R26). He changes his password (the
//! rules said up front) and signs out everywhere else — other phones, other browsers,
//! API tokens — this browser's session going on; an instance admin makes a one-time
//! reset link for a named account, shown to hand on.

mod view;

use actix_web::http::{header, StatusCode};
use actix_web::{get, post, web, HttpRequest, HttpResponse};
use eagles_office::passwords::{CredentialInUse, PasswordChange};
use eagles_office::prelude::*;
use eagles_office::Locus;
use serde::Deserialize;

use super::{render, see_other};
use crate::error::PageError;
use crate::form::FieldErrors;
use crate::session::Session;
pub use view::{AccountPage, ResetLink};

/// What the account page's forms send (each its own fields).
#[derive(Debug, Default, Deserialize)]
pub struct AccountForm {
    #[serde(default)]
    pub csrf: String,
    #[serde(default)]
    pub current_password: String,
    #[serde(default)]
    pub new_password: String,
    #[serde(default)]
    pub reset_username: String,
}

/// What a redirect back to the page says was done.
#[derive(Debug, Default, Deserialize)]
pub struct Done {
    #[serde(default)]
    pub done: String,
}

impl AccountPage {
    fn of(session: &Session, user: &User) -> Self {
        Self {
            nav: session.nav(),
            username: user.username.clone(),
            admin: user.is_admin,
            note: None,
            form: AccountForm::default(),
            errors: FieldErrors::default(),
            reset_link: None,
        }
    }
}

/// The session this page was sent from, which a change of the account's credentials
/// keeps.
fn this_session(session: &Session) -> Result<CredentialInUse, PageError> {
    session
        .id_hash()
        .map(|h| CredentialInUse::Session(h.to_vec()))
        .ok_or_else(PageError::sign_in_first)
}

#[get("/account")]
pub async fn show(session: Session, done: web::Query<Done>) -> Result<HttpResponse, PageError> {
    let user = session.require_user()?;
    let mut page = AccountPage::of(&session, user);
    page.note = match done.done.as_str() {
        "password" => Some("Your password is changed; every other session and token of your account has ended."),
        "everywhere" => Some("You are signed out everywhere else: other phones, other browsers and API tokens no longer work."),
        _ => None,
    };
    Ok(render(&page, StatusCode::OK))
}

#[post("/account/password")]
pub async fn change_password(
    passwords: web::Data<dyn Passwords>,
    session: Session,
    req: HttpRequest,
    form: web::Form<AccountForm>,
) -> Result<HttpResponse, PageError> {
    let user = session.sender(&form.csrf)?;
    let kept = this_session(&session)?;
    let mut errors = FieldErrors::default();
    if form.current_password.is_empty() {
        errors.add("current_password", "give your current password");
    }
    if form.new_password.is_empty() {
        errors.add(
            "new_password",
            "choose a new password of at least 10 characters",
        );
    }
    let mut retry_after = None;
    if errors.is_empty() {
        let address = crate::session::client_address(&req);
        let change = PasswordChange {
            current_password: form.current_password.clone(),
            new_password: form.new_password.clone(),
        };
        match passwords
            .change_password(address, user.clone(), kept, change)
            .await
        {
            Ok(()) => return Ok(see_other("/account?done=password")),
            Err(Error::Unauthorized(why)) => errors.add("current_password", why),
            Err(Error::TooManyRequests {
                detail,
                retry_after: after,
            }) => {
                errors.add("current_password", detail);
                retry_after = Some(after);
            }
            Err(e @ (Error::Unprocessable { .. } | Error::Problems(_))) => {
                for problem in e.problems() {
                    let field = match problem.locus() {
                        Some(Locus::Field("current_password")) => "current_password",
                        _ => "new_password",
                    };
                    errors.add(field, super::words::plain(problem));
                }
            }
            Err(e) => return Err(e.into()),
        }
    }
    let mut page = AccountPage::of(&session, &user);
    page.errors = errors;
    let status = if retry_after.is_some() {
        StatusCode::TOO_MANY_REQUESTS
    } else {
        StatusCode::UNPROCESSABLE_ENTITY
    };
    let mut response = render(&page, status);
    if let Some(after) = retry_after {
        response
            .headers_mut()
            .insert(header::RETRY_AFTER, header::HeaderValue::from(after));
    }
    Ok(response)
}

#[post("/account/sessions")]
pub async fn sign_out_elsewhere(
    passwords: web::Data<dyn Passwords>,
    session: Session,
    form: web::Form<AccountForm>,
) -> Result<HttpResponse, PageError> {
    let user = session.sender(&form.csrf)?;
    let kept = this_session(&session)?;
    passwords.sign_out_elsewhere(user, kept).await?;
    Ok(see_other("/account?done=everywhere"))
}

#[post("/account/resets")]
pub async fn make_reset_link(
    passwords: web::Data<dyn Passwords>,
    session: Session,
    form: web::Form<AccountForm>,
) -> Result<HttpResponse, PageError> {
    let user = session.sender(&form.csrf)?;
    let username = form.reset_username.trim().to_owned();
    let mut page = AccountPage::of(&session, &user);
    if username.is_empty() {
        page.errors.add(
            "reset_username",
            "give the username of the account to reset",
        );
    } else {
        match passwords.make_reset_link(user, username.clone()).await {
            Ok(link) => {
                // Shown once, to hand on: the page answers the form itself.
                page.reset_link = Some(ResetLink {
                    username,
                    url: link.url,
                    expires: crate::words::moment(link.expires_at),
                });
                return Ok(render(&page, StatusCode::CREATED));
            }
            Err(e @ Error::NotFound(_)) => {
                page.errors.add("reset_username", super::words::plain(&e));
            }
            Err(e) => return Err(e.into()),
        }
    }
    page.form.reset_username = username;
    Ok(render(&page, StatusCode::UNPROCESSABLE_ENTITY))
}
