//! `/campaigns/{cid}/crew/{id}`: one crewman — status, XP, kills, novice or ace, his
//! abilities, the picks he has pending with a form offering only the abilities R6
//! allows him now (the rules crate's `check_pick` asked per ability) and what each
//! of those does (appendix D), and his XP
//! ledger; his service record sortie by sortie (the API's record) and a chart of his
//! XP at the close of each week (SVG by plotters), all read in one use case
//! (`Crew::crewman_detail`). An ended campaign (§13.203) offers no pick.

use std::collections::HashMap;

use actix_web::{get, post, web, HttpResponse};
use askama::Template;
use campaign::abilities::Ability;
use campaign::status;
use campaign::xp::Xp;
use eagles_office::crew::{CrewmanView, XpEntryView};
use eagles_office::prelude::*;
use eagles_office::record::RecordWeek;
use serde::Deserialize;

use super::crew_list::absence;
use super::form_page::{self, FormPage};
use super::{see_other, Nav};
use crate::error::PageError;
use crate::form::FieldErrors;
use crate::session::Session;

/// An ability as the page lists it.
pub struct AbilityLine {
    pub code: &'static str,
    pub name: &'static str,
    pub kind: &'static str,
    /// What it does at the table (appendix D).
    pub effect: String,
}

impl AbilityLine {
    fn of(a: Ability, effects: &HashMap<Ability, String>) -> Self {
        Self {
            code: a.code(),
            name: a.name(),
            kind: a.kind().as_str(),
            effect: effects.get(&a).cloned().unwrap_or_default(),
        }
    }
}

/// What the pick form sends.
#[derive(Debug, Default, Deserialize)]
pub struct PickForm {
    #[serde(default)]
    pub csrf: String,
    #[serde(default)]
    pub ability: String,
}

/// The crewman page.
#[derive(Template)]
#[template(path = "crew/page.html")]
pub struct CrewmanPage {
    pub nav: Nav,
    pub campaign_id: i64,
    pub campaign_name: String,
    pub crewman: CrewmanView,
    pub role: &'static str,
    pub nationality: &'static str,
    pub status: &'static str,
    /// "out until week 9, back in week 10", when he is out and coming back.
    pub absence: Option<String>,
    pub abilities: Vec<AbilityLine>,
    pub awards: Vec<XpEntryView>,
    /// The XP he started with (R3: 50 for the first crew, 0 for a replacement), the
    /// ledger's first line: with the awards it adds up to his XP.
    pub starting_xp: i64,
    /// The week he joined the campaign.
    pub joined_week: i32,
    /// The XP of the next ability slot (R6).
    pub next_slot_at: i32,
    /// Whether the caller may pick for him: his player or a referee, while the
    /// campaign runs.
    pub may_pick: bool,
    /// The week the campaign ended in, when it has.
    pub ended_week: Option<i32>,
    /// The abilities R6 allows him to pick now.
    pub allowed: Vec<AbilityLine>,
    pub form: PickForm,
    pub errors: FieldErrors,
    /// His service record, the weeks something happened to him, oldest first.
    pub record: Vec<RecordWeek>,
    /// His XP at the close of each week since he joined, as inline SVG.
    pub xp_chart: String,
    /// The points of that chart, for the table beside it: (week, XP).
    pub xp_by_week: Vec<(i32, i64)>,
    /// The base template offers a reload once the campaign moves past it.
    pub revision: i64,
}

/// A crewman's XP at the close of each week from `joined` to `current`: his XP now
/// less every award, plus the awards made by each week.
fn xp_by_week(xp_now: i64, joined: i32, current: i32, record: &[RecordWeek]) -> Vec<(i32, i64)> {
    let points_in = |w: &RecordWeek| w.awards.iter().map(|a| i64::from(a.points)).sum::<i64>();
    let starting = xp_now - record.iter().map(points_in).sum::<i64>();
    let first = record.first().map_or(joined, |w| w.week.min(joined));
    (first..=current.max(first))
        .map(|week| {
            let earned: i64 = record
                .iter()
                .filter(|w| w.week <= week)
                .map(points_in)
                .sum();
            (week, starting + earned)
        })
        .collect()
}

impl CrewmanPage {
    /// A time out of service in the words every page uses.
    pub fn absence_of(&self, out_until_week: i32) -> String {
        absence(out_until_week)
    }
}

impl FormPage for CrewmanPage {
    type Ports = web::Data<dyn Crew>;
    /// The campaign and the crewman.
    type Key = (i64, i64);
    type Form = PickForm;

    async fn load(
        crew: &Self::Ports,
        session: &Session,
        (campaign_id, crew_id): (i64, i64),
        form: PickForm,
        errors: FieldErrors,
    ) -> Result<Self, PageError> {
        let detail = crew
            .crewman_detail(
                session.reader(),
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
            nav: session.nav(),
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
            form,
            errors,
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
