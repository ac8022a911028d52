//! `/campaigns/{cid}/id-cards`: printable pilot ID cards, one per crewman, with the
//! rulebook's ID card fields: player, aircraft type flown, nationality, pilot name,
//! experience, kills and skills, each skill with a line on what it does (appendix D)
//! and Spin Recovery with the bonus his XP gives it (R6). Filtered by side and player (a GET form); printed,
//! several cards fit an A4 page (the print rules of the stylesheet). The campaign as the
//! caller sees it, its crew, the aircraft each flew last, the abilities' effects.

mod view;

use std::collections::HashMap;

use actix_web::{get, web, HttpResponse};
use campaign::abilities::Ability;
use campaign::sides::Side;
use eagles_office::crew::CrewQuery;
use eagles_office::prelude::*;
use serde::Deserialize;

use super::campaign_scope;
use super::form_page::{self, Asked, Filtered, FormPage};
use crate::error::PageError;
use crate::form::FieldErrors;
use view::brief;
pub use view::{IdCard, IdCardsPage, Skill};

/// The filters, as typed.
#[derive(Debug, Default, Deserialize)]
pub struct IdCardFilters {
    #[serde(default)]
    pub side: String,
    #[serde(default)]
    pub player: String,
}

/// The office's ports the page reads.
type Ports = (
    web::Data<dyn Campaigns>,
    web::Data<dyn Crew>,
    web::Data<dyn Reference>,
);

#[get("/campaigns/{cid}/id-cards")]
pub async fn show(ports: Ports, asked: Filtered<IdCardFilters>) -> Result<HttpResponse, PageError> {
    form_page::filtered::<IdCardsPage>(&ports, asked).await
}

impl FormPage for IdCardsPage {
    type Ports = Ports;
    type Key = i64;
    type Form = IdCardFilters;

    async fn load(ports: &Self::Ports, mut asked: Asked<'_, Self>) -> Result<Self, PageError> {
        let (campaigns, roster, reference) = ports;
        let scope = campaign_scope(campaigns.get_ref(), asked.session, asked.key).await?;
        let campaign = scope.campaign();
        let side = asked.errors.optional::<Side>(
            "side",
            &asked.form.side,
            "choose allied, central or both sides",
        );
        let query = CrewQuery { side, role: None };
        let crew = roster.crew(scope.reader(), campaign.id, query).await?;
        let effects = reference.ability_effects().await?;
        let mut flown: HashMap<i64, String> =
            roster.last_flown(scope.reader(), campaign.id).await?;
        let mut players: Vec<String> = crew.iter().map(|c| c.owner.clone()).collect();
        players.sort_by_key(|p| p.to_lowercase());
        players.dedup();
        let player = asked.form.player.trim();
        if !player.is_empty() && !players.iter().any(|p| p.eq_ignore_ascii_case(player)) {
            asked.errors.add("player", "choose a player who has crew");
        }
        let mut cards = Vec::new();
        if asked.errors.is_empty() {
            for crewman in crew {
                if !player.is_empty() && !crewman.owner.eq_ignore_ascii_case(player) {
                    continue;
                }
                cards.push(IdCard {
                    role: crewman.role.label(),
                    nationality: crewman.nationality.label(),
                    status: crewman.status.label(),
                    aircraft: flown.remove(&crewman.id),
                    skills: crewman
                        .abilities
                        .iter()
                        .map(|&a| Skill {
                            name: a.name(),
                            bonus: (a == Ability::SpinRecovery)
                                .then_some(i64::from(crewman.spin_recovery_bonus)),
                            brief: brief(effects.get(&a).map_or("", String::as_str)),
                        })
                        .collect(),
                    crewman,
                });
            }
        }
        Ok(Self {
            nav: asked.session.nav(),
            id: campaign.id,
            name: campaign.name.clone(),
            week: campaign.current_week,
            cards,
            players,
            form: asked.form,
            errors: asked.errors,
        })
    }

    fn errors(&self) -> &FieldErrors {
        &self.errors
    }
}
