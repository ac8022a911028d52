//! Campaigns: create, list, read.

use crate::access::readable_campaign;
use campaign::calendar::{self, Era};
use chrono::NaiveDate;
use eagles_db::campaigns::Campaign;
use eagles_db::campaigns::Reader;
use eagles_db::diesel_async::{AsyncConnection, AsyncPgConnection};
use eagles_db::users::User;
use eagles_db::window::Window;
use serde::{Deserialize, Serialize};

use crate::error::ServiceError;
use crate::text::clean_name;

/// A new campaign.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct NewCampaign {
    pub name: String,
    /// From 1915-06-01 to 1918-11-30 (R1).
    #[schema(value_type = String, format = Date, example = "1917-04-02")]
    pub start_date: NaiveDate,
    /// Readable without an account.
    #[serde(default)]
    pub public: bool,
}

/// A campaign and where it stands.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct CampaignView {
    pub id: i64,
    pub name: String,
    #[schema(value_type = String, format = Date)]
    pub start_date: NaiveDate,
    pub public: bool,
    pub current_week: i32,
    /// The current week's date (R1: start + 7(n−1) days).
    #[schema(value_type = String, format = Date)]
    pub week_date: NaiveDate,
    /// `early` before 1917-01-01, else `late` (R1).
    pub era: Era,
}

impl From<Campaign> for CampaignView {
    fn from(c: Campaign) -> Self {
        let week_date = calendar::week_date(c.start_date, week_number(c.current_week));
        Self {
            id: c.id,
            name: c.name,
            start_date: c.start_date,
            public: c.public,
            current_week: c.current_week,
            week_date,
            era: calendar::era_on(week_date),
        }
    }
}

/// A stored week number as the rules crate counts weeks.
pub fn week_number(week: i32) -> u32 {
    u32::try_from(week).unwrap_or(1)
}

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
    let user_id = user.id;
    let created = conn
        .transaction::<_, ServiceError, _>(async move |conn| {
                let campaign =
                    eagles_db::campaigns::create(conn, &name, start_date, public, user_id).await?;
                eagles_db::audit::record(
                    conn,
                    Some(user_id),
                    Some(campaign.id),
                    "campaign.create",
                    serde_json::json!({ "name": campaign.name, "start_date": start_date, "public": public }),
                )
                .await?;
                Ok(campaign)
        })
        .await?;
    Ok(CampaignView::from(created))
}

/// Paging of the campaign list.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[serde(deny_unknown_fields)]
#[into_params(parameter_in = Query)]
pub struct CampaignListQuery {
    /// At most this many campaigns (1 to 1000, default 1000); a `Link` header with
    /// `rel="next"` points to the rest.
    pub limit: Option<u32>,
    /// Skip this many campaigns first.
    pub offset: Option<u32>,
}

/// The campaigns `caller` may read, by id, in `window`.
pub async fn list(
    conn: &mut AsyncPgConnection,
    caller: Option<&User>,
    window: Window,
) -> Result<Vec<CampaignView>, ServiceError> {
    let reader = match caller {
        None => Reader::Anonymous,
        Some(u) if u.is_admin => Reader::Admin,
        Some(u) => Reader::Member(u.id),
    };
    let campaigns = eagles_db::campaigns::list_readable_window(conn, reader, window).await?;
    Ok(campaigns.into_iter().map(CampaignView::from).collect())
}

/// One campaign `caller` may read.
pub async fn get(
    conn: &mut AsyncPgConnection,
    caller: Option<User>,
    campaign_id: i64,
) -> Result<CampaignView, ServiceError> {
    let scope = readable_campaign(conn, campaign_id, caller).await?;
    Ok(CampaignView::from(scope.campaign))
}
