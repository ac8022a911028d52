//! `/campaigns/{cid}`: where a campaign stands — week, date, era — this week's ground
//! situation and missions, who is winning the air war (R12), the top crews, the recent
//! kills, who is out and until when (R7, R8), the aircraft entering service this week,
//! its members, and its crew by side; once it has ended, the week it ended in, its
//! winner (R13) and the side that won the air war (R12) first. A fixed number of queries after the session's,
//! whatever the campaign holds: the campaign with the caller's membership, the
//! members, the crew, the week's games, their missions, the side totals, the
//! leaderboard, the recent kills and the aircraft catalogue.

mod view;

use std::collections::HashMap;

use actix_web::http::StatusCode;
use actix_web::{get, web, HttpResponse};
use campaign::sides::Side;
use eagles_office::campaigns::HomeLimits;
use eagles_office::prelude::*;

use super::crew_list::CrewLine;
use super::members::MemberLine;
use super::{render, WeekLine};
use crate::error::PageError;
use crate::session::Session;
pub use view::{HomeGame, HomeMission, HomePage, NewAircraft, SideCrew};

/// How many crews the home page names as the top ones.
const TOP_CREWS: usize = 5;

/// How many of the latest kills the home page lists.
const RECENT_KILLS: i64 = 10;

/// How many of this week's games the home page shows; the week page lists them all.
const WEEK_GAMES: usize = 12;

/// What the address of a new member's landing says (`/join/{code}`).
#[derive(Debug, Default, serde::Deserialize)]
pub struct Landing {
    #[serde(default)]
    pub joined: String,
}

#[get("/campaigns/{cid}")]
pub async fn show(
    campaigns: web::Data<dyn Campaigns>,
    session: Session,
    path: web::Path<i64>,
    landing: web::Query<Landing>,
) -> Result<HttpResponse, PageError> {
    let mut page = HomePage::read(&**campaigns, &session, path.into_inner()).await?;
    page.joined = match landing.joined.as_str() {
        "yes" if page.is_member => Some(if page.is_referee {
            "Welcome: you referee this campaign now."
        } else {
            "Welcome to the campaign. Your crew comes next: two experienced pilots and one experienced observer (§13.02)."
        }),
        "already" if page.is_member => {
            Some("You are a member of this campaign already: the invitation was not used.")
        }
        _ => None,
    };
    Ok(render(&page, StatusCode::OK))
}

/// `/campaigns/{cid}/home.json`: what the home page shows, read by the same queries,
/// as JSON. The benchmark compares the page with it, so the difference between the
/// two is the price of rendering the template.
#[get("/campaigns/{cid}/home.json")]
pub async fn show_json(
    campaigns: web::Data<dyn Campaigns>,
    session: Session,
    path: web::Path<i64>,
) -> Result<HttpResponse, PageError> {
    let page = HomePage::read(&**campaigns, &session, path.into_inner()).await?;
    Ok(HttpResponse::Ok().json(&page))
}

impl HomePage {
    /// The page and its JSON twin read the same way, on one pooled connection.
    async fn read(
        campaigns: &dyn Campaigns,
        session: &Session,
        campaign_id: i64,
    ) -> Result<Self, PageError> {
        // One game past the page's share tells whether the week holds more.
        let home = campaigns
            .campaign_home(
                session.reader(),
                campaign_id,
                HomeLimits {
                    games: WEEK_GAMES as i64 + 1,
                    kills: RECENT_KILLS,
                },
            )
            .await?;
        let scope = home.scope;
        let campaign = scope.campaign();
        let week = WeekLine::of(campaign);
        let members = home.members;
        let crew: Vec<CrewLine> = home
            .crew
            .into_iter()
            .map(|c| CrewLine::new(campaign.id, c))
            .collect();
        let mut games = home.games;
        let more_games = games.len() > WEEK_GAMES;
        games.truncate(WEEK_GAMES);
        let air_war = home.air_war;
        let mut top_crews = home.top_crews;
        top_crews.truncate(TOP_CREWS);
        let kills = home.kills;
        let aircraft = home.aircraft;
        let end = home.end;

        let names: HashMap<i64, &str> = crew.iter().map(|c| (c.id, c.name.as_str())).collect();
        let name_of = |id: Option<i64>| id.and_then(|id| names.get(&id)).map(|n| n.to_string());
        let winner_crewman = name_of(
            end.as_ref()
                .and_then(|e| e.winner.as_ref())
                .map(|w| w.best_crew_id),
        );
        let aircraft_names: HashMap<i64, &str> =
            aircraft.iter().map(|a| (a.id, a.name.as_str())).collect();
        let games = games
            .into_iter()
            .map(|g| HomeGame {
                id: g.id,
                ground_offensive: crate::words::rolls::offensive(g.ground_offensive.result),
                offensive_dice: g
                    .ground_offensive
                    .dice
                    .iter()
                    .map(i32::to_string)
                    .collect::<Vec<_>>()
                    .join(" "),
                debriefed: g.debriefed,
                voided: g.voided,
                missions: g
                    .missions
                    .iter()
                    .map(|m| HomeMission {
                        side: m.side.label(),
                        mission_type: m.mission_type.label(),
                        aircraft: m
                            .aircraft_id
                            .and_then(|id| aircraft_names.get(&id))
                            .map(|n| n.to_string()),
                        pilot: name_of(m.pilot_id),
                        observer: name_of(m.observer_id),
                        hidden: m.assignment_hidden,
                        success: m.success,
                    })
                    .collect(),
            })
            .collect();
        // The week runs seven days from its date (R1).
        let week_start = campaign.week_date(campaign.current_week);
        let week_end = campaign.week_date(campaign.current_week + 1);
        let new_aircraft = aircraft
            .iter()
            .filter(|a| a.service_start >= week_start && a.service_start < week_end)
            .map(|a| NewAircraft {
                name: a.name.clone(),
                side: a.side.label(),
                service_start: crate::words::month(a.service_start),
            })
            .collect();
        let out = crew
            .iter()
            .filter(|c| c.status != "active")
            .cloned()
            .collect();
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
        Ok(HomePage {
            nav: session.nav(),
            id: campaign.id,
            name: campaign.name.clone(),
            public: campaign.public,
            week,
            games,
            more_games,
            air_war,
            top_crews,
            kills,
            out,
            new_aircraft,
            members: members.into_iter().map(MemberLine::from).collect(),
            sides,
            is_referee: scope.is_referee(),
            is_member: scope.is_member(),
            end,
            winner_crewman,
            revision: campaign.revision,
            joined: None,
        })
    }
}
