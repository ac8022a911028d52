//! `/campaigns/{cid}/weeks/{n}/dice-check`: a week's dice checked in the reader's own
//! browser (R25, API v1.3 "Dice anyone can check"). `/static/dice-check.js` reads the
//! week's dice from `…/weeks/{n}/dice.json` (the API's document, read with the page's
//! session, which the API does not take), works out the commitment, every server die
//! and every link again with its own SHA-256, and compares them with the receipts the
//! rolls' answers handed out: those this browser kept and those pasted. Without
//! JavaScript the page says to run `scripts/check-dice`.

mod seal;

use actix_web::http::{header, StatusCode};
use actix_web::{get, web, HttpResponse};
use askama::Template;
use campaign::logged_table::LoggedTable;
use campaign::sheet::SheetTable;
use campaign::tables::Table;
use eagles_office::fair_dice::FairDice;
use eagles_office::prelude::*;

pub use seal::{ReceiptLine, SealLine};

use super::{campaign_scope, render, Nav};
use crate::error::PageError;
use crate::session::Session;

/// The check page.
#[derive(Template)]
#[template(path = "dice/check.html")]
pub struct DiceCheckPage {
    pub nav: Nav,
    pub id: i64,
    pub name: String,
    pub week: i32,
    pub seal: SealLine,
    /// Each table's wire name and the rulebook's name for it, as JSON, for the script
    /// to name a roll as the pages do.
    pub tables: String,
}

/// The nonce a player's phone filled into a roll form (R25), if it sent one: the
/// service says what is wrong with one it does not take.
pub fn sent_nonce(field: &str) -> Option<String> {
    Some(field.trim().to_owned()).filter(|n| !n.is_empty())
}

/// Every table's name on the wire and in the rulebook's words.
fn table_names() -> String {
    let tables = Table::ALL.iter().map(|&t| LoggedTable::from(t));
    let sheets = SheetTable::ALL.iter().map(|&t| LoggedTable::from(t));
    let names: serde_json::Map<String, serde_json::Value> = tables
        .chain(sheets)
        .map(|t| {
            (
                t.as_str().to_owned(),
                crate::words::rolls::table_name(t).into(),
            )
        })
        .collect();
    serde_json::Value::Object(names).to_string()
}

#[get("/campaigns/{cid}/weeks/{n}/dice-check")]
pub async fn show(
    campaigns: web::Data<dyn Campaigns>,
    dice: web::Data<dyn FairDice>,
    session: Session,
    path: web::Path<(i64, i32)>,
) -> Result<HttpResponse, PageError> {
    let (campaign_id, week) = path.into_inner();
    let scope = campaign_scope(campaigns.get_ref(), &session, campaign_id).await?;
    let seal = dice.week_seal(session.reader(), campaign_id, week).await?;
    let page = DiceCheckPage {
        nav: session.nav(),
        id: campaign_id,
        name: scope.campaign().name.clone(),
        week,
        seal: SealLine {
            show_link: false,
            ..seal.into()
        },
        tables: table_names(),
    };
    Ok(render(&page, StatusCode::OK))
}

/// The week's dice as `GET /api/v1/campaigns/{cid}/weeks/{n}/dice` gives them, read
/// with the page's session: what the check page's script checks.
#[get("/campaigns/{cid}/weeks/{n}/dice.json")]
pub async fn week_dice(
    dice: web::Data<dyn FairDice>,
    session: Session,
    path: web::Path<(i64, i32)>,
) -> Result<HttpResponse, PageError> {
    let (campaign_id, week) = path.into_inner();
    let dice = dice.week_dice(session.reader(), campaign_id, week).await?;
    Ok(HttpResponse::Ok()
        .insert_header((header::CACHE_CONTROL, "no-store"))
        .json(dice))
}
