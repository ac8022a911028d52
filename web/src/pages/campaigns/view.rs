//! The campaign list's view: the page and a campaign as its list shows it.

use askama::Template;

use super::CampaignForm;
use crate::form::FieldErrors;
use crate::pages::{Nav, WeekLine};

/// A campaign line of the list.
pub struct CampaignLine {
    pub id: i64,
    pub name: String,
    pub public: bool,
    pub week: WeekLine,
    /// The week it ended in (§13.203), when it has.
    pub ended_week: Option<i32>,
}

/// The campaigns list.
#[derive(Template)]
#[template(path = "campaigns/list.html")]
pub struct ListPage {
    pub nav: Nav,
    pub campaigns: Vec<CampaignLine>,
    pub signed_in: bool,
    pub form: CampaignForm,
    pub errors: FieldErrors,
}
