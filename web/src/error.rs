//! Errors of the pages, shown as the error page template with the status they stand
//! for. API errors from the shared operations convert into them; unexpected failures
//! are logged and the visitor gets a plain sentence.

use std::fmt;

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, ResponseError};
use askama::Template;
use eagles_office::Error;

use crate::pages::{render, Nav};

/// A page that cannot be shown, and why.
#[derive(Debug)]
pub struct PageError {
    status: StatusCode,
    message: String,
}

impl PageError {
    pub fn new(status: StatusCode, message: impl Into<String>) -> Self {
        Self {
            status,
            message: message.into(),
        }
    }

    /// 401: the page needs a signed-in user.
    pub fn sign_in_first() -> Self {
        Self::new(
            StatusCode::UNAUTHORIZED,
            "sign in first: this needs an account",
        )
    }

    /// 403.
    pub fn forbidden(message: impl Into<String>) -> Self {
        Self::new(StatusCode::FORBIDDEN, message)
    }

    /// 404.
    pub fn not_found(message: impl Into<String>) -> Self {
        Self::new(StatusCode::NOT_FOUND, message)
    }

    /// 500: logged in full, shown as a plain sentence.
    pub fn internal(cause: impl fmt::Display) -> Self {
        tracing::error!(%cause, "page failed");
        Self::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            "something went wrong on the server; the error was logged",
        )
    }
}

impl fmt::Display for PageError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.status, self.message)
    }
}

/// The error page.
#[derive(Template)]
#[template(path = "error.html")]
struct ErrorPage<'a> {
    nav: Nav,
    status: u16,
    title: &'a str,
    message: &'a str,
    sign_in: bool,
}

impl ResponseError for PageError {
    fn status_code(&self) -> StatusCode {
        self.status
    }

    fn error_response(&self) -> HttpResponse {
        let page = ErrorPage {
            nav: Nav::hidden(),
            status: self.status.as_u16(),
            title: self.status.canonical_reason().unwrap_or("Error"),
            message: &self.message,
            sign_in: self.status == StatusCode::UNAUTHORIZED,
        };
        render(&page, self.status)
    }
}

impl From<Error> for PageError {
    fn from(e: Error) -> Self {
        match e {
            Error::Internal(cause) => Self::internal(cause),
            Error::Unauthorized(_) => Self::sign_in_first(),
            other => {
                let status = StatusCode::from_u16(other.status())
                    .unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
                Self::new(status, other.to_string())
            }
        }
    }
}
