//! `/campaigns/{cid}/dice`: the dice page. Members roll any table through the form (the
//! API's roll operation: the server rolls, or physical dice are entered; modifiers as
//! the API names them), the roll just made is shown big for a projector, and the roll
//! log follows, filtered by week (R14). Two queries after the session's for the page:
//! the campaign with the caller's membership, the log.

mod modifiers;
mod view;

use std::collections::HashMap;

use actix_web::{get, post, web, HttpResponse};
use campaign::sides::Side;
use campaign::tables::Table;
use eagles_office::fair_dice::FairDice;
use eagles_office::prelude::*;
use eagles_office::rolls::{RollFilter, RollRequest};
use eagles_office::window::Window;
use eagles_office::Locus;
use serde::Deserialize;

use super::dice_check::{sent_nonce, ReceiptLine};
use super::form_page::{self, Asked, FormPage};
use super::{campaign_scope, see_other};
use crate::error::PageError;
use crate::form::FieldErrors;
use crate::session::Session;
pub use modifiers::{Input, ModifierGroup};
pub use view::{DiceLogLine, DicePage};

/// What the roll form holds.
#[derive(Debug, Default, Deserialize)]
pub struct DiceForm {
    #[serde(default)]
    pub csrf: String,
    #[serde(default)]
    pub table: String,
    /// Physical dice, separated by spaces or commas; empty for the server to roll.
    #[serde(default)]
    pub dice: String,
    /// The modifier fields, by the API's names (`modifiers::groups`); whatever else the
    /// form posts is ignored.
    #[serde(flatten)]
    pub modifiers: HashMap<String, String>,
    #[serde(default)]
    pub side: String,
    #[serde(default)]
    pub game_id: String,
    /// A player's fresh nonce, filled by the phone as the form is sent (R25); empty
    /// without JavaScript, and on a referee's form, which has none.
    #[serde(default)]
    pub nonce: String,
}

/// The page's query: the week of the log, and the roll just made.
#[derive(Debug, Default, Deserialize)]
pub struct LogQuery {
    #[serde(default)]
    pub week: String,
    #[serde(default)]
    pub roll: String,
}

/// The office's ports the page reads; its handlers take them as one extractor.
type Ports = (
    web::Data<dyn Campaigns>,
    web::Data<dyn Rolls>,
    web::Data<dyn FairDice>,
);

impl FormPage for DicePage {
    type Ports = Ports;
    /// The campaign, and the log's week and the roll just made.
    type Key = (i64, LogQuery);
    type Form = DiceForm;

    async fn load(ports: &Self::Ports, mut asked: Asked<'_, Self>) -> Result<Self, PageError> {
        let (campaign_id, query) = asked.key;
        let (campaigns, rolls, dice) = ports;
        let scope = campaign_scope(campaigns.get_ref(), asked.session, campaign_id).await?;
        let campaign = scope.campaign();
        let week = asked
            .errors
            .week("week", query.week.trim(), campaign.current_week);
        let rolls: Vec<DiceLogLine> = rolls
            .rolls(
                scope.reader(),
                campaign_id,
                RollFilter {
                    week,
                    window: Window::ALL,
                },
            )
            .await?
            .into_iter()
            .map(DiceLogLine::from)
            .collect();
        let last_id = query.roll.parse::<i64>().ok();
        let last = last_id
            .and_then(|id| rolls.iter().find(|r| r.view.id == id))
            .map(|r| DiceLogLine::from(r.view.clone()));
        // A roll belongs to the week current when it is made (R25): the one just made
        // is of the current week.
        let last_receipt = last
            .as_ref()
            .and_then(|r| ReceiptLine::of(&r.view.receipt, campaign.current_week));
        let seal = dice
            .week_seal(
                scope.reader(),
                campaign_id,
                week.unwrap_or(campaign.current_week),
            )
            .await?;
        Ok(Self {
            revision: campaign.revision,
            nav: asked.session.nav(),
            id: campaign.id,
            name: campaign.name.clone(),
            weeks: (1..=campaign.current_week).collect(),
            week: query.week,
            tables: Table::ALL
                .iter()
                .map(|&t| (t.as_str(), crate::words::rolls::table_name(t.into())))
                .collect(),
            modifier_groups: modifiers::groups(),
            rolls,
            last,
            last_receipt,
            seal: Some(seal.into()),
            referee: scope.is_referee(),
            may_roll: scope.is_member() && scope.running(),
            form: asked.form,
            errors: asked.errors,
        })
    }

    fn errors(&self) -> &FieldErrors {
        &self.errors
    }
}

#[get("/campaigns/{cid}/dice")]
pub async fn show(
    ports: Ports,
    session: Session,
    path: web::Path<i64>,
    query: web::Query<LogQuery>,
) -> Result<HttpResponse, PageError> {
    let form = DiceForm {
        table: Table::TwoD6.as_str().to_owned(),
        ..DiceForm::default()
    };
    let key = (path.into_inner(), query.into_inner());
    form_page::show::<DicePage>(&ports, &session, key, form).await
}

/// Reads the form into the API's roll request, or notes what is wrong with it.
fn request(form: &DiceForm, errors: &mut FieldErrors) -> Option<RollRequest> {
    let table = form
        .table
        .parse::<Table>()
        .map_err(|_| errors.add("table", "choose a table from the list"))
        .ok();
    let dice = match form.dice.trim() {
        "" => None,
        d => d
            .split(|c: char| c == ',' || c.is_whitespace())
            .filter(|s| !s.is_empty())
            .map(str::parse::<u32>)
            .collect::<Result<Vec<_>, _>>()
            .map_err(|_| {
                errors.add(
                    "dice",
                    "give the dice as numbers separated by spaces, e.g. 3 5",
                )
            })
            .ok(),
    };
    let modifiers = modifiers::read(&form.modifiers, errors);
    let side = errors.optional::<Side>("side", &form.side, "choose allied, central or none");
    let game_id = errors.optional::<i64>(
        "game_id",
        form.game_id.trim(),
        "give a game's number, or leave it empty",
    );
    Some(RollRequest {
        table: table?,
        modifiers,
        dice: match (form.dice.trim().is_empty(), dice) {
            (true, _) => None,
            (false, Some(d)) => Some(d),
            (false, None) => return None,
        },
        game_id,
        side,
        nonce: sent_nonce(&form.nonce),
    })
    .filter(|_| errors.is_empty())
}

/// The field an API refusal of a roll is about.
fn field_of(e: &Error) -> Option<&'static str> {
    match (e, e.locus()) {
        (Error::Unprocessable { .. }, Some(&Locus::Field(field))) => Some(field),
        (Error::Unprocessable { .. }, _) => Some("dice"),
        _ => None,
    }
}

#[post("/campaigns/{cid}/dice")]
pub async fn roll(
    ports: Ports,
    session: Session,
    path: web::Path<i64>,
    form: web::Form<DiceForm>,
) -> Result<HttpResponse, PageError> {
    let user = session.sender(&form.csrf)?;
    let campaign_id = path.into_inner();
    let form = form.into_inner();
    let mut errors = FieldErrors::default();
    if let Some(request) = request(&form, &mut errors) {
        match ports.1.roll(user, campaign_id, request).await {
            Ok(view) => {
                return Ok(see_other(&format!(
                    "/campaigns/{campaign_id}/dice?week={}&roll={}#last-roll",
                    view.week, view.id
                )))
            }
            Err(e) => errors.place(e, field_of)?,
        }
    }
    let key = (campaign_id, LogQuery::default());
    form_page::again::<DicePage>(&ports, &session, key, form, errors).await
}

#[cfg(test)]
mod tests {
    use super::*;

    // Issue 37: the labelled fields arrive as the roll's modifiers, by the API's names.
    #[test]
    fn the_form_posts_the_tables_modifiers() {
        let form: DiceForm = serde_urlencoded::from_str(
            "csrf=x&form_key=k&table=landing&dice=3+4&terrain=shell_holes&on_fire=yes&road=&side=",
        )
        .unwrap();
        let mut errors = FieldErrors::default();
        let request = request(&form, &mut errors).expect("a request");
        assert_eq!(request.table, Table::Landing);
        assert_eq!(request.dice, Some(vec![3, 4]));
        assert_eq!(
            serde_json::Value::Object(request.modifiers),
            serde_json::json!({"terrain": "shell_holes", "on_fire": true})
        );
    }
}
