//! `/campaigns/{cid}/crew/{id}`: one crewman — status, XP, kills, novice or ace, his
//! abilities, the picks he has pending with a form offering only the abilities R6
//! allows him now (the rules crate's `check_pick` asked per ability) and what each
//! of those does (appendix D), and his XP
//! ledger; his service record sortie by sortie (the API's record) and a chart of his
//! XP at the close of each week (SVG by plotters), all read in one use case
//! (`Crew::crewman_detail`). An ended campaign (§13.203) offers no pick.

mod view;

use actix_web::{get, post, web, HttpResponse};
use campaign::abilities::Ability;
use campaign::status;
use campaign::xp::Xp;
use eagles_office::prelude::*;
use serde::Deserialize;

use super::crew_list::absence;
use super::form_page::{self, Asked, FormPage};
use super::see_other;
use crate::error::PageError;
use crate::form::FieldErrors;
use crate::session::Session;
use view::xp_by_week;
pub use view::{AbilityLine, CrewmanPage};

/// What the pick form sends.
#[derive(Debug, Default, Deserialize)]
pub struct PickForm {
    #[serde(default)]
    pub csrf: String,
    #[serde(default)]
    pub ability: String,
}

impl FormPage for CrewmanPage {
    type Ports = web::Data<dyn Crew>;
    /// The campaign and the crewman.
    type Key = (i64, i64);
    type Form = PickForm;

    async fn load(crew: &Self::Ports, asked: Asked<'_, Self>) -> Result<Self, PageError> {
        let (campaign_id, crew_id) = asked.key;
        let detail = crew
            .crewman_detail(
                asked.session.reader(),
                CrewRef {
                    campaign_id,
                    crew_id,
                },
            )
            .await?;
        let (scope, crewman, joined_week, awards) = (
            detail.scope,
            detail.crewman,
            detail.joined_week,
            detail.awards,
        );
        // His XP is his starting XP plus every entry of the ledger (R3, R4).
        let starting_xp = crewman.xp - awards.iter().map(|a| i64::from(a.points)).sum::<i64>();
        let service = detail.record;
        let xp_points = xp_by_week(
            crewman.xp,
            joined_week,
            scope.campaign().current_week,
            &service,
        );
        let xp_chart = crate::chart::xp_by_week(&xp_points)?;
        let effects = detail.ability_effects;
        let xp = Xp(i32::try_from(crewman.xp).unwrap_or(i32::MAX));
        let kills = u32::try_from(crewman.kills).unwrap_or(u32::MAX);
        let allowed = Ability::ALL
            .iter()
            .copied()
            .filter(|&a| status::check_pick(crewman.role, xp, kills, &crewman.abilities, a).is_ok())
            .map(|a| AbilityLine::of(a, &effects))
            .collect();
        let may_pick = detail.may_pick;
        Ok(Self {
            revision: scope.campaign().revision,
            nav: asked.session.nav(),
            campaign_id,
            campaign_name: scope.campaign().name.clone(),
            role: crewman.role.label(),
            nationality: crewman.nationality.label(),
            status: crewman.status.label(),
            absence: crewman.out_until_week.map(absence),
            abilities: crewman
                .abilities
                .iter()
                .copied()
                .map(|a| AbilityLine::of(a, &effects))
                .collect(),
            awards,
            starting_xp,
            joined_week,
            next_slot_at: status::next_slot_at(xp).get(),
            may_pick,
            ended_week: scope.campaign().ended_week,
            allowed,
            crewman,
            form: asked.form,
            errors: asked.errors,
            record: service,
            xp_chart,
            xp_by_week: xp_points,
        })
    }

    fn errors(&self) -> &FieldErrors {
        &self.errors
    }
}

#[get("/campaigns/{cid}/crew/{id}")]
pub async fn show(
    crew: web::Data<dyn Crew>,
    session: Session,
    path: web::Path<(i64, i64)>,
) -> Result<HttpResponse, PageError> {
    form_page::show::<CrewmanPage>(&crew, &session, path.into_inner(), PickForm::default()).await
}

#[post("/campaigns/{cid}/crew/{id}/abilities")]
pub async fn pick(
    crew: web::Data<dyn Crew>,
    session: Session,
    path: web::Path<(i64, i64)>,
    form: web::Form<PickForm>,
) -> Result<HttpResponse, PageError> {
    let user = session.sender(&form.csrf)?;
    let (campaign_id, crew_id) = path.into_inner();
    let form = form.into_inner();
    let mut errors = FieldErrors::default();
    match form.ability.parse::<Ability>() {
        Err(_) => errors.add("ability", "choose an ability from the list"),
        Ok(ability) => {
            match crew
                .pick_ability(
                    user,
                    CrewRef {
                        campaign_id,
                        crew_id,
                    },
                    ability,
                )
                .await
            {
                Ok(_) => {
                    return Ok(see_other(&format!(
                        "/campaigns/{campaign_id}/crew/{crew_id}"
                    )))
                }
                Err(e) => errors.place(e, |e| {
                    matches!(e, Error::Unprocessable { .. } | Error::Conflict(_))
                        .then_some("ability")
                })?,
            }
        }
    }
    let key = (campaign_id, crew_id);
    form_page::again::<CrewmanPage>(&crew, &session, key, form, errors).await
}
