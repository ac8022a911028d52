//! `/campaigns/{cid}/crew`: the campaign's crewmen, and for members the form that
//! creates one (`POST`). R2 and R3 refusals come back next to their field.

mod view;

use actix_web::{get, post, web, HttpResponse};
use campaign::crew::Role;
use campaign::sides::Nationality;
use eagles_office::crew::NewCrew;
use eagles_office::prelude::*;
use eagles_office::Locus;
use serde::Deserialize;

use super::form_page::{self, Asked, FormPage};
use super::see_other;
use crate::error::PageError;
use crate::form::{ticked, FieldErrors};
use crate::session::Session;
pub use view::{absence, CrewLine, CrewListPage};

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

impl FormPage for CrewListPage {
    type Ports = web::Data<dyn Crew>;
    type Key = i64;
    type Form = CrewForm;

    async fn load(crew: &Self::Ports, asked: Asked<'_, Self>) -> Result<Self, PageError> {
        let roster = crew.crew_roster(asked.session.reader(), asked.key).await?;
        let scope = roster.scope;
        let crew = roster
            .crew
            .into_iter()
            .map(|v| CrewLine::new(asked.key, v))
            .collect();
        Ok(Self {
            revision: scope.campaign().revision,
            nav: asked.session.nav(),
            id: scope.campaign().id,
            name: scope.campaign().name.clone(),
            crew,
            can_create: scope.is_member() && scope.running(),
            is_referee: scope.is_referee(),
            players: roster.players,
            roles: Role::ALL,
            nationalities: Nationality::ALL,
            form: asked.form,
            errors: asked.errors,
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
