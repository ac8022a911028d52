//! The reset page's view.

use askama::Template;

use crate::form::FieldErrors;
use crate::pages::Nav;

/// `/reset/{token}`.
#[derive(Template)]
#[template(path = "account/reset.html")]
pub struct ResetPage {
    pub nav: Nav,
    pub token: String,
    /// The account the link sets, while it works.
    pub username: Option<String>,
    /// Why the link no longer works: unknown, used or expired.
    pub gone: Option<String>,
    /// The new password is set.
    pub done: bool,
    pub errors: FieldErrors,
}
