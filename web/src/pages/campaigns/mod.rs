//! `/`: the campaigns the visitor may read, and for a signed-in user the form that
//! creates one (`POST /campaigns`, the creator becomes its referee).

mod view;

use actix_web::{get, post, web, HttpResponse};
use chrono::NaiveDate;
use eagles_office::campaigns::{Campaign, NewCampaign};
use eagles_office::prelude::*;
use serde::Deserialize;

use super::form_page::{self, Asked, FormPage};
use super::{see_other, WeekLine};
use crate::error::PageError;
use crate::form::{refusal_rule, ticked, FieldErrors};
use crate::session::Session;
pub use view::{CampaignLine, ListPage};

/// What the new-campaign form holds (the user's input, kept when refused).
#[derive(Debug, Default, Deserialize)]
pub struct CampaignForm {
    #[serde(default)]
    pub csrf: String,
    #[serde(default)]
    pub name: String,
    #[serde(default)]
    pub start_date: String,
    pub public: Option<String>,
}

impl FormPage for ListPage {
    type Ports = web::Data<dyn Campaigns>;
    /// The list is the site's, not a campaign's.
    type Key = ();
    type Form = CampaignForm;

    /// Loads the list around a form.
    async fn load(campaigns: &Self::Ports, asked: Asked<'_, Self>) -> Result<Self, PageError> {
        let campaigns = campaigns
            .readable_campaigns(asked.session.reader())
            .await?
            .iter()
            .map(|c: &Campaign| CampaignLine {
                id: c.id,
                name: c.name.clone(),
                public: c.public,
                week: WeekLine::of(c),
                ended_week: c.ended_week,
            })
            .collect();
        Ok(Self {
            nav: asked.session.nav(),
            campaigns,
            signed_in: asked.session.user.is_some(),
            form: asked.form,
            errors: asked.errors,
        })
    }

    fn errors(&self) -> &FieldErrors {
        &self.errors
    }
}

#[get("/")]
pub async fn list(
    campaigns: web::Data<dyn Campaigns>,
    session: Session,
) -> Result<HttpResponse, PageError> {
    let form = CampaignForm {
        public: Some("on".into()),
        ..CampaignForm::default()
    };
    form_page::show::<ListPage>(&campaigns, &session, (), form).await
}

#[post("/campaigns")]
pub async fn create(
    campaigns: web::Data<dyn Campaigns>,
    session: Session,
    form: web::Form<CampaignForm>,
) -> Result<HttpResponse, PageError> {
    let user = session.sender(&form.csrf)?;
    let form = form.into_inner();
    let mut errors = FieldErrors::default();
    let start_date = NaiveDate::parse_from_str(form.start_date.trim(), "%Y-%m-%d");
    if start_date.is_err() {
        errors.add(
            "start_date",
            "give the start date as YYYY-MM-DD, e.g. 1917-04-02",
        );
    }
    if let Ok(start_date) = start_date {
        let new = NewCampaign {
            name: form.name.clone(),
            start_date,
            public: ticked(&form.public),
        };
        match campaigns.create_campaign(user, new).await {
            Ok(created) => return Ok(see_other(&format!("/campaigns/{}", created.id))),
            Err(e) => errors.place(e, |e| {
                refusal_rule(e).map(|rule| match rule {
                    Some(_) => "start_date",
                    None => "name",
                })
            })?,
        }
    }
    form_page::again::<ListPage>(&campaigns, &session, (), form, errors).await
}
