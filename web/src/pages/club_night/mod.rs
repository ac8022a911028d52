//! `/campaigns/{cid}/club-night`: the referee's page for tonight — this week's games
//! with their offensive and missions, the form that opens a game (its ground offensive
//! rolled by the server or from entered dice), the form that closes the week, and
//! the end of the campaign (§13.203) behind a page that asks to confirm it
//! (`?end=confirm`, no JavaScript needed). Anyone who may read the campaign sees it;
//! the writes are the API's operations, so only the referee may make them, and an
//! ended campaign shows no form at all.
//!
//! Closing a week whose games are not all debriefed takes a second step (API v1.2):
//! the close is refused, and the page lists the open games and asks whether to abandon
//! them; a second submit with that box ticked closes the week and abandons them.

mod view;

use actix_web::http::StatusCode;
use actix_web::{get, post, web, HttpResponse};
use eagles_office::access::still_running;
use eagles_office::games::NewGameRequest;
use eagles_office::prelude::*;
use eagles_office::weeks::CloseWeekRequest;
use serde::Deserialize;

use super::form_page::{self, Asked, FormPage, Sent};
use super::game::parse_dice;
use super::week::tonight;
use super::{and_list, render, see_other, WeekLine};
use crate::error::PageError;
use crate::form::{ticked, FieldErrors};
use crate::session::Session;
pub use view::{ClubNightPage, EndConfirmPage};

/// What the club-night forms hold: `action` says which form was sent.
#[derive(Debug, Default, Deserialize)]
pub struct ClubNightForm {
    #[serde(default)]
    pub csrf: String,
    #[serde(default)]
    pub action: String,
    #[serde(default)]
    pub dice: String,
    pub confirm: Option<String>,
    /// Ticked on the second step of a close: abandon the week's open games.
    pub abandon: Option<String>,
    /// `abandon` when sent from that second step.
    #[serde(default)]
    pub step: String,
}

/// The mark of a close refused for the week's open games, which the page answers by
/// asking whether to abandon them; it is shown nowhere itself.
const OPEN_GAMES: &str = "open_games";

/// The address of the club-night page: `?end=confirm` asks to confirm the end.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ClubNightQuery {
    pub end: Option<String>,
}

impl FormPage for ClubNightPage {
    type Ports = web::Data<dyn Games>;
    type Key = i64;
    type Form = ClubNightForm;

    /// The campaign and membership, the week's games and their missions, the crew and
    /// the aircraft types: six queries, whatever the number of games.
    async fn load(games: &Self::Ports, asked: Asked<'_, Self>) -> Result<Self, PageError> {
        let night = games.tonight(asked.session.reader(), asked.key).await?;
        let scope = night.scope.clone();
        let campaign = scope.campaign();
        let games = tonight(night);
        let open: Vec<String> = games
            .iter()
            .filter(|g| g.state.open())
            .map(|g| g.id.to_string())
            .collect();
        let refused_for_open_games =
            asked.errors.get(OPEN_GAMES).is_some() || asked.errors.get("abandon").is_some();
        let ask_abandon = refused_for_open_games && !open.is_empty();
        let open_count = open.len();
        let open_games = match open.len() {
            1 => format!("game {}", open[0]),
            _ => format!("games {}", and_list(&open)),
        };
        Ok(Self {
            nav: asked.session.nav(),
            id: campaign.id,
            name: campaign.name.clone(),
            week: WeekLine::of(campaign),
            games,
            ask_abandon,
            open_games,
            open_count,
            is_referee: scope.is_referee(),
            ended_week: campaign.ended_week,
            form: asked.form,
            errors: asked.errors,
            revision: campaign.revision,
        })
    }

    fn errors(&self) -> &FieldErrors {
        &self.errors
    }
}

/// The office's ports the club-night handlers use: the campaign (to end it), its
/// games (the page's own), its weeks (to close one).
type Ports = (
    web::Data<dyn Campaigns>,
    web::Data<dyn Games>,
    web::Data<dyn Weeks>,
);

#[get("/campaigns/{cid}/club-night")]
pub async fn show(
    (campaigns, games, _): Ports,
    session: Session,
    path: web::Path<i64>,
    query: web::Query<ClubNightQuery>,
) -> Result<HttpResponse, PageError> {
    match query.end.as_deref() {
        None => {}
        Some("confirm") => {
            let page = EndConfirmPage::load(&**campaigns, &session, path.into_inner()).await?;
            return Ok(render(&page, StatusCode::OK));
        }
        Some(other) => {
            return Err(PageError::new(
                StatusCode::BAD_REQUEST,
                format!("`end` may only be `confirm`, not {other:?}"),
            ))
        }
    }
    let form = ClubNightForm::default();
    form_page::show::<ClubNightPage>(&games, &session, path.into_inner(), form).await
}

#[post("/campaigns/{cid}/club-night")]
pub async fn act(
    (campaigns, games, weeks): Ports,
    (session, path, form): Sent<ClubNightForm>,
) -> Result<HttpResponse, PageError> {
    let user = session.sender(&form.csrf)?;
    let campaign_id = path.into_inner();
    let form = form.into_inner();
    let mut errors = FieldErrors::default();
    match form.action.as_str() {
        "open" => match parse_dice(&form.dice) {
            Ok(dice) => {
                let request = NewGameRequest { dice, nonce: None };
                match games.open_game(user, campaign_id, request).await {
                    Ok(game) => {
                        return Ok(see_other(&format!(
                            "/campaigns/{campaign_id}/games/{}",
                            game.id
                        )))
                    }
                    Err(e) => errors.place(e, |e| {
                        matches!(e, Error::Unprocessable { .. }).then_some("dice")
                    })?,
                }
            }
            Err(reason) => errors.add("dice", reason),
        },
        "close" if ticked(&form.confirm) => {
            let abandon_open_games = ticked(&form.abandon);
            let request = CloseWeekRequest { abandon_open_games };
            match weeks.close_week(user, campaign_id, request).await {
                Ok(closed) => {
                    return Ok(see_other(&format!(
                        "/campaigns/{campaign_id}/weeks/{}",
                        closed.closed_week
                    )))
                }
                Err(e) => {
                    // Refused for games without a debrief: the page lists them and
                    // asks whether to abandon them (`ask_abandon`); asked already, it
                    // says so beside the box. Any other conflict (a close at the same
                    // moment) is told as it is.
                    if matches!(e, Error::Conflict(_)) && !abandon_open_games {
                        if form.step == "abandon" {
                            errors.add(
                                "abandon",
                                "tick the box to abandon the games listed and close the week, or keep the week open to debrief first",
                            );
                        } else {
                            errors.add(OPEN_GAMES, "the week has games without a debrief");
                        }
                    }
                    errors.place(e, |e| matches!(e, Error::Conflict(_)).then_some("confirm"))?
                }
            }
        }
        // Sent from the confirmation page only, which asked "this cannot be undone".
        "end" => {
            campaigns.end_campaign(user, campaign_id).await?;
            return Ok(see_other(&format!("/campaigns/{campaign_id}")));
        }
        "close" => {
            // The role is checked first, so a player learns he may not close at all.
            let scope = campaigns
                .campaign_scope(Some(user).into(), campaign_id)
                .await?;
            scope.require_referee("close the week")?;
            errors.add(
                "confirm",
                "tick the box to confirm: closing starts the next week and cannot be undone",
            );
        }
        _ => {
            return Err(PageError::new(
                StatusCode::BAD_REQUEST,
                "the form did not say whether to open a game, close the week or end the campaign",
            ))
        }
    }
    form_page::again::<ClubNightPage>(&games, &session, campaign_id, form, errors).await
}

impl EndConfirmPage {
    /// Only a referee of a running campaign is asked; anyone else learns why not.
    async fn load(
        campaigns: &dyn Campaigns,
        session: &Session,
        campaign_id: i64,
    ) -> Result<Self, PageError> {
        let user = session.user.clone().ok_or_else(|| {
            Error::Unauthorized("sign in as the campaign's referee to end it".into())
        })?;
        let scope = campaigns
            .campaign_scope(Some(user).into(), campaign_id)
            .await?;
        scope.require_referee("end the campaign")?;
        still_running(scope.campaign())?;
        let outcome = campaigns
            .campaign_outcome(scope.reader(), scope.campaign().id)
            .await?;
        Ok(Self {
            nav: session.nav(),
            id: scope.campaign().id,
            name: scope.campaign().name.clone(),
            week: WeekLine::of(scope.campaign()),
            outcome,
        })
    }
}
