//! `/campaigns/{cid}/home.json`: what the campaign home page shows, as JSON, read by
//! the same queries (the session's, the campaign, the caller's membership, the
//! members, the crew). The benchmark compares the page with it, so the difference is
//! the price of rendering the template.

use actix_web::{get, web, HttpResponse};
use eagles_api::access::readable_campaign;
use eagles_db::DbPool;
use serde_json::json;

use super::campaign_home::is_member;
use super::crew_list::crew_lines;
use super::WeekLine;
use crate::error::PageError;
use crate::session::Session;

#[get("/campaigns/{cid}/home.json")]
pub async fn show(
    pool: web::Data<DbPool>,
    session: Session,
    path: web::Path<i64>,
) -> Result<HttpResponse, PageError> {
    let mut conn = pool.get().await?;
    let scope = readable_campaign(&mut conn, path.into_inner(), session.user.clone()).await?;
    let campaign = &scope.campaign;
    let members = eagles_db::campaigns::members(&mut conn, campaign.id).await?;
    let crew = crew_lines(&mut conn, campaign).await?;
    let week = WeekLine::of(campaign);
    Ok(HttpResponse::Ok().json(json!({
        "id": campaign.id,
        "name": campaign.name,
        "public": campaign.public,
        "week": week.week,
        "date": week.date,
        "iso_date": week.iso_date,
        "era": week.era,
        "members": members.iter().map(|m| json!({
            "username": m.username, "role": m.role, "side": m.side,
        })).collect::<Vec<_>>(),
        "crew": crew.iter().map(|c| json!({
            "id": c.id, "name": c.name, "role": c.role, "nationality": c.nationality,
            "side": c.side.as_str(), "owner": c.owner, "xp": c.xp, "kills": c.kills,
            "status": c.status, "novice": c.novice, "ace": c.ace,
        })).collect::<Vec<_>>(),
        "is_referee": scope.is_referee(),
        "is_member": is_member(&scope),
    })))
}
