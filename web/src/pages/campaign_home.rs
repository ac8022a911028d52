//! `/campaigns/{cid}`: where a campaign stands — week, date, era — its members, and
//! its crew by side with XP, kills and status, each linking to his page. Four queries
//! after the session's: the campaign, the caller's membership, the members, the crew.

use actix_web::http::StatusCode;
use actix_web::{get, web, HttpResponse};
use askama::Template;
use campaign::sides::Side;
use eagles_api::access::{readable_campaign, CampaignScope};
use eagles_db::DbPool;

use super::crew_list::{crew_lines, CrewLine};
use super::members::MemberLine;
use super::{render, Nav, WeekLine};
use crate::error::PageError;
use crate::session::Session;

/// One side's crew.
pub struct SideCrew {
    pub side: &'static str,
    pub crew: Vec<CrewLine>,
}

/// The campaign home page.
#[derive(Template)]
#[template(path = "campaigns/home.html")]
pub struct HomePage {
    pub nav: Nav,
    pub id: i64,
    pub name: String,
    pub public: bool,
    pub week: WeekLine,
    pub members: Vec<MemberLine>,
    pub sides: Vec<SideCrew>,
    pub is_referee: bool,
    pub is_member: bool,
}

/// The caller's standing in a campaign, as pages show it.
pub fn is_member(scope: &CampaignScope) -> bool {
    scope.member.is_some() || scope.caller.as_ref().is_some_and(|u| u.is_admin)
}

#[get("/campaigns/{cid}")]
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
    let sides = Side::ALL
        .iter()
        .map(|&side| SideCrew {
            side: match side {
                Side::Allied => "Allied",
                Side::Central => "Central",
            },
            crew: crew.iter().filter(|c| c.side == side).cloned().collect(),
        })
        .collect();
    let page = HomePage {
        nav: session.nav(),
        id: campaign.id,
        name: campaign.name.clone(),
        public: campaign.public,
        week: WeekLine::of(campaign),
        members: members.into_iter().map(MemberLine::from).collect(),
        sides,
        is_referee: scope.is_referee(),
        is_member: is_member(&scope),
    };
    Ok(render(&page, StatusCode::OK))
}
