//! `/campaigns/{cid}/crew`: the campaign's crewmen, and for members the form that
//! creates one (`POST`). R2 and R3 refusals come back next to their field.

use actix_web::{get, post, web, HttpResponse};
use askama::Template;
use campaign::crew::{CrewStatus, Role};
use campaign::sides::{Nationality, Side};
use eagles_office::crew::{CrewmanView, NewCrew};
use eagles_office::prelude::*;
use eagles_office::Locus;
use serde::Deserialize;

use super::form_page::{self, FormPage};
use super::{see_other, Nav};
use crate::error::PageError;
use crate::form::{ticked, FieldErrors};
use crate::session::Session;

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

/// What the new-crewman form holds.
#[derive(Debug, Default, Deserialize)]
pub struct CrewForm {
    #[serde(default)]
    pub csrf: String,
    #[serde(default)]
    pub name: String,
    #[serde(default)]
    pub role: String,
    #[serde(default)]
    pub nationality: String,
    pub replacement: Option<String>,
    #[serde(default)]
    pub owner: String,
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

impl FormPage for CrewListPage {
    type Ports = web::Data<dyn Crew>;
    type Key = i64;
    type Form = CrewForm;

    async fn load(
        crew: &Self::Ports,
        session: &Session,
        campaign_id: i64,
        form: CrewForm,
        errors: FieldErrors,
    ) -> Result<Self, PageError> {
        let roster = crew.crew_roster(session.reader(), campaign_id).await?;
        let scope = roster.scope;
        let crew = roster
            .crew
            .into_iter()
            .map(|v| CrewLine::new(campaign_id, v))
            .collect();
        Ok(Self {
            revision: scope.campaign().revision,
            nav: session.nav(),
            id: scope.campaign().id,
            name: scope.campaign().name.clone(),
            crew,
            can_create: scope.is_member() && scope.running(),
            is_referee: scope.is_referee(),
            players: roster.players,
            roles: Role::ALL,
            nationalities: Nationality::ALL,
            form,
            errors,
        })
    }

    fn errors(&self) -> &FieldErrors {
        &self.errors
    }
}

#[get("/campaigns/{cid}/crew")]
pub async fn show(
    crew: web::Data<dyn Crew>,
    session: Session,
    path: web::Path<i64>,
) -> Result<HttpResponse, PageError> {
    let form = CrewForm {
        role: "pilot".into(),
        ..CrewForm::default()
    };
    form_page::show::<CrewListPage>(&crew, &session, path.into_inner(), form).await
}

#[post("/campaigns/{cid}/crew")]
pub async fn create(
    crew: web::Data<dyn Crew>,
    session: Session,
    path: web::Path<i64>,
    form: web::Form<CrewForm>,
) -> Result<HttpResponse, PageError> {
    let user = session.sender(&form.csrf)?;
    let campaign_id = path.into_inner();
    let form = form.into_inner();
    let mut errors = FieldErrors::default();
    let role = form.role.parse::<Role>().map_err(|_| {
        errors.add("role", "choose pilot or observer");
    });
    let nationality = form.nationality.parse::<Nationality>().map_err(|_| {
        errors.add("nationality", "choose a nationality");
    });
    let replacement = ticked(&form.replacement);
    if let (Ok(role), Ok(nationality)) = (role, nationality) {
        let owner = Some(form.owner.trim())
            .filter(|o| !o.is_empty())
            .map(str::to_owned);
        let new = NewCrew {
            name: form.name.clone(),
            role,
            nationality,
            replacement,
            owner,
        };
        match crew.create_crewman(user, campaign_id, new).await {
            Ok(_) => return Ok(see_other(&format!("/campaigns/{campaign_id}/crew"))),
            Err(e) => errors.place(e, |e| match e {
                Error::Unprocessable {
                    rule: Some("R2"), ..
                } => Some("nationality"),
                Error::Unprocessable {
                    rule: Some("R3"), ..
                } => Some(if replacement { "replacement" } else { "role" }),
                Error::Unprocessable {
                    at: Some(Locus::Field("name")),
                    ..
                } => Some("name"),
                Error::Unprocessable { .. } => Some("owner"),
                _ => None,
            })?,
        }
    }
    form_page::again::<CrewListPage>(&crew, &session, campaign_id, form, errors).await
}
