//! `/campaigns/{cid}/live`: the club night on the projector — this week's games with
//! their ground offensive and missions (the assignments only as §13.20 lets the
//! reader see them: the projector is usually anonymous, so none before the debrief),
//! the latest rolls with the newest one big, the line-ups' open facts as they happen
//! (destroyed, spinning, smoke, fire, down, escaped: never a sheet's secrets, R20),
//! who is out, and the top of the leaderboard. Anyone who may read the campaign sees
//! it.
//!
//! `/static/live.js` keeps it up to date: it follows the campaign's event stream and
//! on each event fetches `?fragment=1`, the page's content alone, to swap it in.
//! Without JavaScript the page refreshes itself every half minute.

use std::collections::HashMap;

use actix_web::http::StatusCode;
use actix_web::{get, web, HttpResponse};
use askama::Template;
use eagles_office::games::LoggedRoll;
use eagles_office::prelude::*;
use eagles_office::sheets::GameRef;
use eagles_office::standings::LeaderboardRow;
use serde::Deserialize;

use super::crew_list::CrewLine;
use super::sheets::{shot_summary, SortieLine};
use super::week::{tonight, GameLine, RollLine};
use super::{render, Nav, WeekLine};
use crate::error::PageError;
use crate::session::Session;

/// How many crews the page ranks.
const TOP_CREWS: usize = 5;
/// How many rolls the page shows after the newest, smaller.
const EARLIER_ROLLS: usize = 7;

/// A roll as the projector shows it: the log's line, what it was for in words, and
/// whose it was.
pub struct LiveRoll {
    pub line: RollLine,
    /// "Game 3: Allied mission" for a game's own offensive or mission roll; else the
    /// table, its side, and for a roll tagged with a game "for game 3" — a roll on the
    /// dice page is never shown as a game's mission.
    pub what: String,
    /// The crewman the roll was for (an injury, a landing…), by name.
    pub crewman: Option<String>,
}

impl LiveRoll {
    fn new(logged: LoggedRoll, own: &HashMap<i64, String>, crew: &HashMap<i64, String>) -> Self {
        let crewman = logged.crew_id.and_then(|c| crew.get(&c).cloned());
        // A shot is shown as declared at the table, in words (R20).
        let shot = shot_summary(&logged.roll);
        let mut line = RollLine::from(logged.roll);
        if let Some(shot) = shot {
            line.result = shot;
        }
        let what = match own.get(&line.id) {
            Some(own) => own.clone(),
            None => {
                let mut chars = line.table.chars();
                let mut what: String = chars
                    .next()
                    .map(|c| c.to_uppercase().chain(chars).collect())
                    .unwrap_or_default();
                if !line.side.is_empty() {
                    what.push_str(&format!(" · {}", line.side));
                }
                if let Some(g) = line.game_id {
                    what.push_str(&format!(" · for game {g}"));
                }
                what
            }
        };
        Self {
            line,
            what,
            crewman,
        }
    }
}

/// What the page shows, and what its fragment holds.
pub struct Live {
    pub id: i64,
    /// The revision the content was read at: the script swaps in only newer content.
    pub revision: i64,
    pub week: WeekLine,
    pub ended_week: Option<i32>,
    pub games: Vec<GameLine>,
    /// Each game's line-up with its open facts, as the reader may see it (R20).
    pub lineups: Vec<GameLineup>,
    /// The latest roll of the week, shown big.
    pub newest: Option<LiveRoll>,
    /// The rolls before it, newest first.
    pub earlier: Vec<LiveRoll>,
    pub out: Vec<CrewLine>,
    pub top_crews: Vec<LeaderboardRow>,
}

/// A game's line-up on the projector.
pub struct GameLineup {
    pub game_id: i64,
    pub sorties: Vec<SortieLine>,
}

/// The live page.
#[derive(Template)]
#[template(path = "live/page.html")]
pub struct LivePage {
    pub nav: Nav,
    pub id: i64,
    pub name: String,
    /// Read by the base template, which then loads the page's script.
    pub revision: i64,
    pub live: Live,
}

/// The live page full-screen for the projector: no site navigation, no sign-in bar.
#[derive(Template)]
#[template(path = "live/projector.html")]
pub struct LiveProjector {
    pub id: i64,
    pub name: String,
    pub revision: i64,
    pub live: Live,
}

/// The page's content alone, for the script to swap in.
#[derive(Template)]
#[template(path = "live/fragment.html")]
pub struct LiveFragment {
    pub live: Live,
}

/// `?fragment=1` asks for the content alone; `?projector` for the projector's view.
#[derive(Debug, Default, Deserialize)]
pub struct LiveQuery {
    pub fragment: Option<String>,
    pub projector: Option<String>,
}

impl Live {
    /// The campaign with the caller's membership, this week's games and their
    /// missions, the crew (twice: once named in the games, once with the status the
    /// rules derive), the aircraft types, the week's rolls and the ranking.
    async fn load(
        games: &dyn Games,
        sheets: &dyn Sheets,
        session: &Session,
        campaign_id: i64,
    ) -> Result<(Self, String), PageError> {
        let board = games.live_board(session.reader(), campaign_id).await?;
        let night = board.tonight;
        let scope = night.scope.clone();
        let campaign = scope.campaign();
        // The rolls that are a game's own: its ground offensive and its missions.
        let mut own: HashMap<i64, String> = HashMap::new();
        for g in &night.games {
            own.insert(
                g.ground_offensive.roll_id,
                format!("Game {}: ground offensive", g.id),
            );
            for m in &g.missions {
                own.insert(
                    m.roll_id,
                    format!("Game {}: {} mission", m.game_id, m.side.label()),
                );
            }
        }
        let mut lineups = Vec::with_capacity(night.games.len());
        for game in &night.games {
            let sorties = sheets
                .lineup(
                    scope.reader(),
                    GameRef {
                        campaign_id: campaign.id,
                        game_id: game.id,
                    },
                )
                .await?;
            lineups.push(GameLineup {
                game_id: game.id,
                sorties: sorties.iter().map(SortieLine::from).collect(),
            });
        }
        let games = tonight(night);
        let crew: Vec<CrewLine> = board
            .crew
            .into_iter()
            .map(|c| CrewLine::new(campaign.id, c))
            .collect();
        let names: HashMap<i64, String> = crew.iter().map(|c| (c.id, c.name.clone())).collect();
        // The log comes oldest first; a club night's week holds a few dozen rolls.
        let mut rolls: Vec<LiveRoll> = board
            .rolls
            .into_iter()
            .rev()
            .take(EARLIER_ROLLS + 1)
            .map(|r| LiveRoll::new(r, &own, &names))
            .collect();
        let newest = (!rolls.is_empty()).then(|| rolls.remove(0));
        let out = crew.into_iter().filter(|c| c.status != "active").collect();
        let mut top_crews = board.top_crews;
        top_crews.truncate(TOP_CREWS);
        let live = Live {
            id: campaign.id,
            revision: campaign.revision,
            week: WeekLine::of(campaign),
            ended_week: campaign.ended_week,
            games,
            lineups,
            newest,
            earlier: rolls,
            out,
            top_crews,
        };
        Ok((live, campaign.name.clone()))
    }
}

#[get("/campaigns/{cid}/live")]
pub async fn show(
    games: web::Data<dyn Games>,
    sheets: web::Data<dyn Sheets>,
    session: Session,
    path: web::Path<i64>,
    query: web::Query<LiveQuery>,
) -> Result<HttpResponse, PageError> {
    let (live, name) = Live::load(&**games, &**sheets, &session, path.into_inner()).await?;
    if query.fragment.is_some() {
        return Ok(render(&LiveFragment { live }, StatusCode::OK));
    }
    if query.projector.is_some() {
        let page = LiveProjector {
            id: live.id,
            name,
            revision: live.revision,
            live,
        };
        return Ok(render(&page, StatusCode::OK));
    }
    let page = LivePage {
        nav: session.nav(),
        id: live.id,
        name,
        revision: live.revision,
        live,
    };
    Ok(render(&page, StatusCode::OK))
}
