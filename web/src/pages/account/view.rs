//! The account page's view.

use askama::Template;

use super::AccountForm;
use crate::form::FieldErrors;
use crate::pages::Nav;

/// A reset link just made by an admin, to hand on.
pub struct ResetLink {
    pub username: String,
    pub url: String,
    /// Until when it works, in the one date style.
    pub expires: String,
}

/// `/account`.
#[derive(Template)]
#[template(path = "account/page.html")]
pub struct AccountPage {
    pub nav: Nav,
    pub username: String,
    /// An instance admin: he may make reset links.
    pub admin: bool,
    /// What the last form did.
    pub note: Option<&'static str>,
    pub form: AccountForm,
    pub errors: FieldErrors,
    pub reset_link: Option<ResetLink>,
}
