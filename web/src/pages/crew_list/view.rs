//! The crew list's view: the page, a crewman as the tables show him, and his absence in
//! the words every page uses.

use askama::Template;
use campaign::crew::{CrewStatus, Role};
use campaign::sides::{Nationality, Side};
use eagles_office::crew::CrewmanView;

use super::CrewForm;
use crate::form::FieldErrors;
use crate::pages::Nav;

/// A crewman as the tables show him.
#[derive(Debug, Clone, serde::Serialize)]
pub struct CrewLine {
    pub id: i64,
    pub campaign_id: i64,
    pub name: String,
    pub role: &'static str,
    pub nationality: &'static str,
    pub side: Side,
    pub owner: String,
    pub xp: i64,
    pub kills: i64,
    pub status: &'static str,
    pub novice: bool,
    pub ace: bool,
    /// The last week he is out of service, when he will return (R7, R8).
    pub out_until_week: Option<i32>,
}

impl CrewLine {
    pub fn new(campaign_id: i64, v: CrewmanView) -> Self {
        Self {
            id: v.id,
            campaign_id,
            name: v.name,
            role: v.role.label(),
            nationality: v.nationality.label(),
            side: v.side,
            owner: v.owner,
            xp: v.xp,
            kills: v.kills,
            status: v.status.label(),
            novice: v.novice,
            ace: v.ace,
            out_until_week: v.out_until_week,
        }
    }
}

/// How every page words a time out of service (R7): the last week out and the week
/// he flies again, "out until week 9, back in week 10".
pub fn absence(out_until_week: i32) -> String {
    format!(
        "out until week {out_until_week}, back in week {}",
        out_until_week + 1
    )
}

impl CrewLine {
    /// His time out of service in the words of [`absence`], if he is coming back.
    pub fn absence(&self) -> Option<String> {
        self.out_until_week.map(absence)
    }

    /// Until when he is out, as the pages' "Out of service" tables say it.
    pub fn until(&self) -> String {
        match self.absence() {
            Some(absence) => absence,
            None if self.status == CrewStatus::Killed.label() => "—".to_owned(),
            None => "for the rest of the war".to_owned(),
        }
    }
}

/// The crew page of a campaign.
#[derive(Template)]
#[template(path = "crew/list.html")]
pub struct CrewListPage {
    pub nav: Nav,
    pub id: i64,
    pub name: String,
    pub crew: Vec<CrewLine>,
    /// Members may create crew (the referee for any player) while the campaign runs.
    pub can_create: bool,
    pub is_referee: bool,
    /// The players the referee may create crew for.
    pub players: Vec<String>,
    pub roles: &'static [Role],
    pub nationalities: &'static [Nationality],
    pub form: CrewForm,
    pub errors: FieldErrors,
    /// The base template offers a reload once the campaign moves past it.
    pub revision: i64,
}
