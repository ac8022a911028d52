//! Campaigns: create, list, read.

use actix_web::{get, post, web, HttpRequest, HttpResponse};
use campaign::calendar::{self, Era};
use chrono::NaiveDate;
use eagles_db::campaigns::{Campaign, Reader};
use eagles_db::diesel_async::{AsyncConnection, AsyncPgConnection};
use eagles_db::users::User;
use eagles_db::DbPool;
use serde::{Deserialize, Serialize};

use crate::access::readable_campaign;
use crate::auth::{Caller, SignedIn};
use crate::error::ApiError;
use crate::extract::Json;
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

/// Creates a campaign; the caller becomes its referee.
#[utoipa::path(
    tag = "campaigns",
    security(("bearer" = [])),
    request_body = NewCampaign,
    responses(
        (status = 201, body = CampaignView),
        (status = 400, body = crate::error::Problem),
        (status = 401, body = crate::error::Problem),
        (status = 422, description = "Start date outside 1915-06-01…1918-11-30 (R1), or an empty name", body = crate::error::Problem),
    )
)]
#[post("/campaigns")]
pub async fn create_campaign(
    pool: web::Data<DbPool>,
    SignedIn(user): SignedIn,
    body: Json<NewCampaign>,
) -> Result<HttpResponse, ApiError> {
    let mut conn = pool.get().await?;
    let created = create(&mut conn, &user, body.into_inner()).await?;
    Ok(HttpResponse::Created().json(created))
}

/// Creates a campaign refereed by `user` (R1), recording it in the audit log. The API
/// and the pages both create campaigns through here.
pub async fn create(
    conn: &mut AsyncPgConnection,
    user: &User,
    new: NewCampaign,
) -> Result<CampaignView, ApiError> {
    let NewCampaign {
        name,
        start_date,
        public,
    } = new;
    let name = clean_name("name", &name, 200)?;
    calendar::check_start_date(start_date)?;
    let user_id = user.id;
    let created = conn
        .transaction::<_, ApiError, _>(async move |conn| {
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

/// Lists the campaigns the caller may read, newest first.
#[utoipa::path(
    tag = "campaigns",
    params(CampaignListQuery),
    responses(
        (status = 200, body = Vec<CampaignView>),
        (status = 400, body = crate::error::Problem),
        (status = 401, body = crate::error::Problem),
    )
)]
#[get("/campaigns")]
pub async fn list_campaigns(
    pool: web::Data<DbPool>,
    Caller(caller): Caller,
    query: web::Query<CampaignListQuery>,
    req: HttpRequest,
) -> Result<HttpResponse, ApiError> {
    let window = crate::paging::window(query.limit, query.offset)?;
    let reader = match &caller {
        None => Reader::Anonymous,
        Some(u) if u.is_admin => Reader::Admin,
        Some(u) => Reader::Member(u.id),
    };
    let mut conn = pool.get().await?;
    let campaigns = eagles_db::campaigns::list_readable_window(&mut conn, reader, window).await?;
    let views: Vec<CampaignView> = campaigns.into_iter().map(CampaignView::from).collect();
    Ok(crate::paging::respond(&req, views, window))
}

/// One campaign, up to date.
#[utoipa::path(
    tag = "campaigns",
    params(("cid" = i64, Path, description = "Campaign id")),
    responses((status = 200, body = CampaignView), (status = 404, body = crate::error::Problem))
)]
#[get("/campaigns/{cid}")]
pub async fn get_campaign(
    pool: web::Data<DbPool>,
    Caller(caller): Caller,
    path: web::Path<i64>,
) -> Result<HttpResponse, ApiError> {
    let mut conn = pool.get().await?;
    let scope = readable_campaign(&mut conn, path.into_inner(), caller).await?;
    Ok(HttpResponse::Ok().json(CampaignView::from(scope.campaign)))
}
