//! Weeks (R15): the referee closes the current week; anyone who may read the campaign
//! reads a week with its games, missions and rolls.
//!
//! Closing is allowed whatever the date: the rulebook ends no campaign, R1 bounds only
//! its start, and R13 leaves it to the club to say when the campaign ends. A week past
//! the Armistice (1918-11-11) is dated like any other.
//!
//! A week whose games are not all debriefed closes only when the referee says to
//! abandon the open ones (API v1.2): an abandoned game gives no awards and no
//! casualties, and is never debriefed.

use campaign::calendar::{self};
use campaign::events::EventKind;
use campaign::webhooks::WebhookEvent;
use chrono::NaiveDate;
use eagles_db::diesel_async::AsyncPgConnection;
use eagles_db::users::User;
pub use eagles_office::weeks::{CloseWeekRequest, ClosedWeek, WeekPage, WeekView};
use serde::Serialize;

use crate::access::{readable_campaign, CampaignScope, ReadAccess};
use crate::campaigns::week_number;
use crate::envelope::{self, Access, Change};
use crate::error::ServiceError;
use crate::reference::AircraftView;
use crate::Service;
use eagles_office::prelude::*;

/// Closes the campaign's current week as `user`, who must referee it (R15). A game of
/// the week without a debrief refuses the close (409 naming it) unless `request` says
/// to abandon such games. The API and the pages both close weeks here.
pub async fn close(
    conn: &mut AsyncPgConnection,
    user: User,
    campaign_id: i64,
    request: CloseWeekRequest,
) -> Result<ClosedWeek, ServiceError> {
    // The lock serialises a close with debriefs, game openings and other closes.
    envelope::write(
        conn,
        campaign_id,
        &user,
        Access::Referee("close the week"),
        async |conn, scope, record| {
            let campaign = scope.campaign();
            let week = campaign.current_week;
            let abandoned_games = if request.abandon_open_games {
                eagles_db::games::abandon_open(conn, campaign_id, week).await?
            } else {
                refuse_open_games(conn, campaign_id, week).await?;
                Vec::new()
            };
            let returned: Vec<i64> = eagles_db::crew::list(conn, campaign_id, &Default::default())
                .await?
                .into_iter()
                .filter(|c| c.casualty.out_until_week == Some(week))
                .map(|c| c.id)
                .collect();
            let new_aircraft = entering_service(conn, campaign.start_date, week).await?;
            if !eagles_db::weeks::advance(conn, campaign_id, week).await? {
                return Err(ServiceError::Conflict(format!(
                    "week {week} was closed at the same moment; reload the campaign"
                )));
            }
            // The next week's dice seed, made as it opens (R25). The close holds the
            // campaign's lock every roll takes, so no roll of the week is in flight.
            crate::fair_dice::seeds::give(conn, campaign_id, week + 1).await?;
            let audit = serde_json::json!({ "closed_week": week, "returned": returned, "new_aircraft": new_aircraft.iter().map(|a| a.id).collect::<Vec<_>>(), "abandoned_games": abandoned_games });
            let week_date = campaign.week_date(week + 1);
            let closed = ClosedWeek {
                closed_week: week,
                current_week: week + 1,
                week_date,
                era: calendar::era_on(week_date),
                returned,
                new_aircraft,
                abandoned_games,
            };
            // Told to the campaign's webhooks in this transaction: never lost, never
            // sent for a close that rolled back.
            let (kills, deaths) =
                eagles_db::webhooks::week_tally(conn, campaign_id, week).await?;
            let summary = crate::webhooks::week_closed_summary(week, kills, deaths);
            let data = WeekClosedEvent {
                closed: &closed,
                kills,
                deaths,
            };
            let change = Change::new(EventKind::Week, i64::from(week))
                .audit("week.close", audit)
                .webhook(WebhookEvent::WeekClosed, summary, &data)?;
            let receipt = record.record(conn, change).await?;
            Ok((closed, receipt))
        },
    )
    .await
}

/// A 409 naming the games of `week` still without a debrief, if any: the referee
/// debriefs them or abandons them with the close.
async fn refuse_open_games(
    conn: &mut AsyncPgConnection,
    campaign_id: i64,
    week: i32,
) -> Result<(), ServiceError> {
    let open: Vec<String> = eagles_db::games::list_for_week(conn, campaign_id, week)
        .await?
        .iter()
        .filter(|g| g.open())
        .map(|g| format!("game {} (week {week})", g.id))
        .collect();
    let (games, verb, them) = match open.as_slice() {
        [] => return Ok(()),
        [one] => (one.clone(), "has", "it"),
        [rest @ .., last] => (format!("{} and {last}", rest.join(", ")), "have", "them"),
    };
    Err(ServiceError::Conflict(format!(
        "{games} {verb} no debrief; debrief {them} first, or close the week choosing to abandon open games, to abandon {them} (no awards, no casualties)"
    )))
}

/// What a `week_closed` webhook delivery carries as its `data`: the close's answer
/// and the tally of the week's games that stand.
#[derive(Serialize)]
struct WeekClosedEvent<'a> {
    #[serde(flatten)]
    closed: &'a ClosedWeek,
    kills: i64,
    deaths: i64,
}

/// The aircraft types that enter service in `week` of a campaign begun on
/// `start_date` (R15).
pub async fn entering_service(
    conn: &mut AsyncPgConnection,
    start_date: NaiveDate,
    week: i32,
) -> Result<Vec<AircraftView>, ServiceError> {
    Ok(eagles_db::aircraft::list(conn, None, None)
        .await?
        .into_iter()
        .filter(|t| {
            calendar::entered_service_in_week(t.service_start, start_date, week_number(week))
        })
        .collect())
}

/// A campaign `caller` may read in which `week` has begun; 404 for a week that has not.
pub async fn readable_week(
    conn: &mut AsyncPgConnection,
    campaign_id: i64,
    reader: impl Into<ReadAccess>,
    week: i32,
) -> Result<CampaignScope, ServiceError> {
    let scope = readable_campaign(conn, campaign_id, reader).await?;
    let current = scope.campaign().current_week;
    if !(1..=current).contains(&week) {
        return Err(ServiceError::NotFound(format!(
            "there is no week {week}: the campaign is in week {current}"
        )));
    }
    Ok(scope)
}

/// The week `week` of `scope`'s campaign as its reader may see it (§13.20).
async fn view(
    conn: &mut AsyncPgConnection,
    scope: &CampaignScope,
    week: i32,
) -> Result<WeekView, ServiceError> {
    let campaign = scope.campaign();
    let games = eagles_db::games::list_for_week(conn, campaign.id, week).await?;
    let game_ids: Vec<i64> = games.iter().map(|g| g.id).collect();
    let missions = eagles_db::games::missions_of(conn, &game_ids).await?;
    let rolls = eagles_db::roll_log::list(conn, campaign.id, Some(week)).await?;
    let rolls = crate::sheets::secrecy::for_reader(conn, scope, rolls).await?;
    let date = campaign.week_date(week);
    Ok(WeekView {
        week,
        date,
        era: calendar::era_on(date),
        closed: week < campaign.current_week,
        games: crate::games::game_views(games, missions, scope),
        rolls: rolls.into_iter().map(crate::rolls::roll_view).collect(),
    })
}

#[async_trait::async_trait]
impl Weeks for Service {
    async fn close_week(
        &self,
        user: User,
        campaign_id: i64,
        request: CloseWeekRequest,
    ) -> Result<ClosedWeek, Error> {
        close(&mut *self.conn().await?, user, campaign_id, request).await
    }

    /// One week of a campaign `reader` may read: its games, their assignments as he may
    /// see them (§13.20), and its rolls.
    async fn week(
        &self,
        reader: ReadAccess,
        campaign_id: i64,
        week: i32,
    ) -> Result<WeekView, Error> {
        let mut conn = self.conn().await?;
        let conn = &mut *conn;
        let scope = readable_week(conn, campaign_id, reader, week).await?;
        view(conn, &scope, week).await
    }

    /// A week as its page draws it: [`get`]'s week, the names of its crew and aircraft,
    /// what its debriefs recorded, and what its close brought into service (R15).
    async fn week_page(
        &self,
        reader: ReadAccess,
        campaign_id: i64,
        week: i32,
    ) -> Result<WeekPage, Error> {
        let mut conn = self.conn().await?;
        let conn = &mut *conn;
        let caller = reader.into_caller();
        let scope = readable_week(conn, campaign_id, caller, week).await?;
        let view = view(conn, &scope, week).await?;
        let game_ids: Vec<i64> = view.games.iter().map(|g| g.id).collect();
        let campaign = scope.into_campaign();
        let names = crate::games::names(conn, campaign.id).await?;
        let records = crate::debrief::records(conn, &game_ids).await?;
        let new_aircraft = if view.closed {
            entering_service(conn, campaign.start_date, week).await?
        } else {
            Vec::new()
        };
        Ok(WeekPage {
            campaign,
            week: view,
            names,
            records,
            new_aircraft,
        })
    }
}
