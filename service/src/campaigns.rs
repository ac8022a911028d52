//! Campaigns: create, list, read, end (§13.203).

use crate::access::{readable_campaign, ReadAccess};
use crate::envelope::{self, Access, Audit, Change};
use campaign::calendar::{self};
use campaign::events::EventKind;
use campaign::webhooks::WebhookEvent;
use eagles_db::campaigns::Campaign;
use eagles_db::campaigns::ListedFor;
use eagles_db::diesel_async::AsyncPgConnection;
use eagles_db::users::User;
use eagles_db::window::Window;
pub use eagles_office::campaigns::{
    CampaignEnd, CampaignHome, CampaignListQuery, CampaignView, HomeLimits, NewCampaign,
};

use crate::error::ServiceError;
use crate::standings::{air_war_totals, player_ranking, PlayerRow};
use crate::text::clean_name;

use crate::Service;
use eagles_office::access::CampaignScope;
pub use eagles_office::campaigns::week_number;
use eagles_office::campaigns::*;
use eagles_office::prelude::*;

/// Creates a campaign refereed by `user` (R1), recording it in the audit log. The API
/// and the pages both create campaigns through here.
pub async fn create(
    conn: &mut AsyncPgConnection,
    user: &User,
    new: NewCampaign,
) -> Result<CampaignView, ServiceError> {
    let NewCampaign {
        name,
        start_date,
        public,
    } = new;
    let name = clean_name("name", &name, 200)?;
    calendar::check_start_date(start_date)?;
    let created = envelope::create(conn, Some(user), async |conn| {
        let campaign =
            eagles_db::campaigns::create(conn, &name, start_date, public, user.id).await?;
        // Week 1's dice seed, committed to from the start (R25).
        crate::fair_dice::seeds::give(conn, campaign.id, 1).await?;
        let audit = Audit::new(
            "campaign.create",
            serde_json::json!({ "name": campaign.name, "start_date": start_date, "public": public }),
        );
        let id = campaign.id;
        Ok((campaign, id, audit))
    })
    .await?;
    Ok(CampaignView::from(created))
}

/// Ends a campaign as `user`, who must referee it (§13.203): the campaign keeps its
/// current week as the week it ended in and is read-only from then on. Ending it a
/// second time is a 409 like any other write to an ended campaign, so a retry cannot
/// move the end. The API and the club-night page both end campaigns here.
pub async fn end(
    conn: &mut AsyncPgConnection,
    user: User,
    campaign_id: i64,
) -> Result<CampaignEnd, ServiceError> {
    envelope::write(
        conn,
        campaign_id,
        &user,
        Access::Referee("end the campaign"),
        async |conn, scope, record| {
            // Under the lock nothing changes the standings between reading them and
            // writing the end.
            let outcome = outcome(conn, scope.campaign()).await?;
            eagles_db::campaigns::end(conn, campaign_id).await?;
            let summary = crate::webhooks::ended_summary(
                outcome.ended_week,
                outcome.winner.as_ref().map(|w| (w.username.as_str(), w.best_xp)),
            );
            let change = Change::new(EventKind::End, i64::from(outcome.ended_week))
                .audit(
                    "campaign.end",
                    serde_json::json!({
                        "ended_week": outcome.ended_week,
                        "winner": outcome.winner.as_ref().map(|w| &w.username),
                        "shared_first_place": outcome.shared_first_place.iter().map(|p| &p.username).collect::<Vec<_>>(),
                        "side_leader": outcome.side_leader,
                    }),
                )
                .webhook(WebhookEvent::CampaignEnded, summary, &outcome)?;
            let receipt = record.record(conn, change).await?;
            Ok((outcome, receipt))
        },
    )
    .await
}

/// How `campaign` ends, or would end now: the R13 winner and the R12 side leader as
/// of its current week (for an ended campaign, the week it ended in).
pub async fn outcome(
    conn: &mut AsyncPgConnection,
    campaign: &Campaign,
) -> Result<CampaignEnd, ServiceError> {
    let week = campaign.ended_week.unwrap_or(campaign.current_week);
    let players = player_ranking(conn, campaign, Some(week)).await?;
    let sides = air_war_totals(conn, campaign, Some(week)).await?;
    let mut first: Vec<PlayerRow> = players.into_iter().take_while(|p| p.rank == 1).collect();
    let winner = if first.len() == 1 { first.pop() } else { None };
    Ok(CampaignEnd {
        campaign_id: campaign.id,
        ended_week: week,
        winner,
        shared_first_place: first,
        side_leader: sides.leader,
        sides,
    })
}

/// Who reads the campaigns list: an admin reads every campaign, a member his own and the
/// public ones, anyone else the public ones.
fn list_reader(caller: Option<&User>) -> ListedFor {
    match caller {
        None => ListedFor::Anonymous,
        Some(u) if u.is_admin => ListedFor::Admin,
        Some(u) => ListedFor::Member(u.id),
    }
}

#[async_trait::async_trait]
impl Campaigns for Service {
    async fn create_campaign(&self, user: User, new: NewCampaign) -> Result<CampaignView, Error> {
        create(&mut *self.conn().await?, &user, new).await
    }

    /// The campaigns `caller` may read, by id, in `window`.
    async fn campaigns(
        &self,
        reader: ReadAccess,
        window: Window,
    ) -> Result<Vec<CampaignView>, Error> {
        let mut conn = self.conn().await?;
        let conn = &mut *conn;
        let caller = reader.into_caller();
        let caller = caller.as_ref();
        let campaigns =
            eagles_db::campaigns::list_readable_window(conn, list_reader(caller), window).await?;
        Ok(campaigns.into_iter().map(CampaignView::from).collect())
    }

    /// One campaign `reader` may read.
    async fn campaign(&self, reader: ReadAccess, campaign_id: i64) -> Result<CampaignView, Error> {
        let mut conn = self.conn().await?;
        let conn = &mut *conn;
        let scope = readable_campaign(conn, campaign_id, reader).await?;
        Ok(CampaignView::from(scope.into_campaign()))
    }

    async fn campaign_scope(
        &self,
        reader: ReadAccess,
        campaign_id: i64,
    ) -> Result<CampaignScope, Error> {
        crate::access::readable_campaign(&mut *self.conn().await?, campaign_id, reader).await
    }

    async fn end_campaign(&self, user: User, campaign_id: i64) -> Result<CampaignEnd, Error> {
        end(&mut *self.conn().await?, user, campaign_id).await
    }

    async fn campaign_outcome(
        &self,
        reader: ReadAccess,
        campaign_id: i64,
    ) -> Result<CampaignEnd, Error> {
        let mut conn = self.conn().await?;
        let scope = readable_campaign(&mut conn, campaign_id, reader).await?;
        outcome(&mut conn, scope.campaign()).await
    }

    /// Every campaign `caller` may read, by id: the pages' list, which has no window.
    async fn readable_campaigns(&self, reader: ReadAccess) -> Result<Vec<Campaign>, Error> {
        let mut conn = self.conn().await?;
        let conn = &mut *conn;
        let caller = reader.into_caller();
        let caller = caller.as_ref();
        Ok(eagles_db::campaigns::list_readable(conn, list_reader(caller)).await?)
    }

    /// A campaign's home for `reader`, read once: see [`CampaignHome`].
    async fn campaign_home(
        &self,
        reader: ReadAccess,
        campaign_id: i64,
        limits: HomeLimits,
    ) -> Result<CampaignHome, Error> {
        let mut conn = self.conn().await?;
        let conn = &mut *conn;
        let caller = reader.into_caller();
        let HomeLimits { games, kills } = limits;
        let scope = readable_campaign(conn, campaign_id, caller).await?;
        let campaign = scope.campaign().clone();
        let members = eagles_db::campaigns::members(conn, campaign.id).await?;
        let crew = crate::games::crew_now(conn, &campaign).await?;
        let games = crate::games::first_of_week(conn, &scope, games).await?;
        let air_war = air_war_totals(conn, &campaign, None).await?;
        let top_crews =
            crate::standings::crew_ranking(conn, &campaign, &Default::default()).await?;
        let kills = eagles_db::recent_kills::recent(conn, campaign.id, kills)
            .await?
            .into_iter()
            .map(Into::into)
            .collect();
        let aircraft = crate::games::aircraft_choices(conn).await?;
        let end = match campaign.ended_week {
            Some(_) => Some(outcome(conn, &campaign).await?),
            None => None,
        };
        Ok(CampaignHome {
            scope,
            members,
            crew,
            games,
            air_war,
            top_crews,
            kills,
            aircraft,
            end,
        })
    }
}
