//! `/`: the public campaigns and where the API lives.

use actix_web::http::StatusCode;
use actix_web::{get, web, HttpResponse};
use askama::Template;
use campaign::calendar;
use eagles_db::campaigns::{Campaign, Reader};
use eagles_db::DbPool;

use super::render;

/// A campaign line on the home page.
pub struct CampaignLine {
    pub name: String,
    pub week: i32,
    pub week_date: String,
    pub era: &'static str,
}

impl From<Campaign> for CampaignLine {
    fn from(c: Campaign) -> Self {
        let date = calendar::week_date(c.start_date, u32::try_from(c.current_week).unwrap_or(1));
        Self {
            name: c.name,
            week: c.current_week,
            week_date: date.format("%-d %B %Y").to_string(),
            era: calendar::era_on(date).as_str(),
        }
    }
}

#[derive(Template)]
#[template(path = "home.html")]
pub struct HomePage {
    pub campaigns: Vec<CampaignLine>,
    pub database_up: bool,
}

#[get("/")]
pub async fn home(pool: web::Data<DbPool>) -> HttpResponse {
    let campaigns = match pool.get().await {
        Ok(mut conn) => eagles_db::campaigns::list_readable(&mut conn, Reader::Anonymous)
            .await
            .ok(),
        Err(_) => None,
    };
    let page = HomePage {
        database_up: campaigns.is_some(),
        campaigns: campaigns
            .unwrap_or_default()
            .into_iter()
            .map(CampaignLine::from)
            .collect(),
    };
    let status = if page.database_up {
        StatusCode::OK
    } else {
        StatusCode::SERVICE_UNAVAILABLE
    };
    render(&page, status)
}
