//! The sign-in page's view.

use askama::Template;

use crate::form::FieldErrors;
use crate::pages::Nav;

/// The sign-in form.
#[derive(Template)]
#[template(path = "auth/sign_in.html")]
pub struct SignInPage {
    pub nav: Nav,
    pub csrf: String,
    pub username: String,
    pub errors: FieldErrors,
}
