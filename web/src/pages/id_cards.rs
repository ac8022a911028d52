//! `/campaigns/{cid}/id-cards`: printable pilot ID cards, one per crewman, with the
//! rulebook's ID card fields: player, aircraft type flown, nationality, pilot name,
//! experience, kills and skills, each skill with a line on what it does (appendix D)
//! and Spin Recovery with the bonus his XP gives it (R6). Filtered by side and player (a GET form); printed,
//! several cards fit an A4 page (the print rules of the stylesheet). The campaign as the
//! caller sees it, its crew, the aircraft each flew last, the abilities' effects.

use std::collections::HashMap;

use actix_web::web;
use askama::Template;
use campaign::abilities::Ability;
use campaign::sides::Side;
use eagles_office::crew::{CrewQuery, CrewmanView};
use eagles_office::prelude::*;
use serde::Deserialize;

use super::form_page::{self, FormPage};
use super::{campaign_scope, Nav};
use crate::error::PageError;
use crate::form::FieldErrors;
use crate::session::Session;

/// The filters, as typed.
#[derive(Debug, Default, Deserialize)]
pub struct IdCardFilters {
    #[serde(default)]
    pub side: String,
    #[serde(default)]
    pub player: String,
}

/// One ID card.
pub struct IdCard {
    pub crewman: CrewmanView,
    pub role: &'static str,
    pub nationality: &'static str,
    pub status: &'static str,
    /// The type of his latest sortie, if he has flown.
    pub aircraft: Option<String>,
    /// His abilities, as the card shows them.
    pub skills: Vec<Skill>,
}

impl IdCard {
    /// His time out of service in the words every page uses, if he is coming back.
    pub fn absence(&self) -> Option<String> {
        self.crewman.out_until_week.map(super::crew_list::absence)
    }
}

/// An ability on a card: its name and what it does, briefly.
pub struct Skill {
    pub name: &'static str,
    /// Spin Recovery's +1 per 250 XP (R6), derived from his XP now.
    pub bonus: Option<i64>,
    pub brief: String,
}

/// The first sentence of an ability's effect: the cards are small, and the seed puts
/// what matters at the table first.
fn brief(effect: &str) -> String {
    match effect.find(". ") {
        Some(end) => effect[..=end].to_owned(),
        None => effect.to_owned(),
    }
}

/// The ID cards page.
#[derive(Template)]
#[template(path = "id_cards/page.html")]
pub struct IdCardsPage {
    pub nav: Nav,
    pub id: i64,
    pub name: String,
    pub week: i32,
    pub cards: Vec<IdCard>,
    /// The players owning crew, for the filter.
    pub players: Vec<String>,
    pub form: IdCardFilters,
    pub errors: FieldErrors,
}

impl FormPage for IdCardsPage {
    type Ports = (
        web::Data<dyn Campaigns>,
        web::Data<dyn Crew>,
        web::Data<dyn Reference>,
    );
    type Key = i64;
    type Form = IdCardFilters;

    async fn load(
        ports: &Self::Ports,
        session: &Session,
        campaign_id: i64,
        form: IdCardFilters,
        mut errors: FieldErrors,
    ) -> Result<Self, PageError> {
        let (campaigns, roster, reference) = ports;
        let scope = campaign_scope(campaigns.get_ref(), session, campaign_id).await?;
        let campaign = scope.campaign();
        let side =
            errors.optional::<Side>("side", &form.side, "choose allied, central or both sides");
        let query = CrewQuery { side, role: None };
        let crew = roster.crew(scope.reader(), campaign.id, query).await?;
        let effects = reference.ability_effects().await?;
        let mut flown: HashMap<i64, String> =
            roster.last_flown(scope.reader(), campaign.id).await?;
        let mut players: Vec<String> = crew.iter().map(|c| c.owner.clone()).collect();
        players.sort_by_key(|p| p.to_lowercase());
        players.dedup();
        let player = form.player.trim();
        if !player.is_empty() && !players.iter().any(|p| p.eq_ignore_ascii_case(player)) {
            errors.add("player", "choose a player who has crew");
        }
        let mut cards = Vec::new();
        if errors.is_empty() {
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
            nav: session.nav(),
            id: campaign.id,
            name: campaign.name.clone(),
            week: campaign.current_week,
            cards,
            players,
            form,
            errors,
        })
    }

    fn errors(&self) -> &FieldErrors {
        &self.errors
    }
}

/// The page, filtered as its address's query says.
pub fn show() -> actix_web::Resource {
    form_page::filtered::<IdCardsPage>("/campaigns/{cid}/id-cards")
}
