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

use actix_web::http::StatusCode;
use actix_web::{get, web, HttpResponse};
use askama::Template;
use eagles_office::live::{LiveBoard, LiveNight};
use eagles_office::standings::LeaderboardRow;
use serde::Deserialize;

use super::crew_list::CrewLine;
use super::dice_check::SealLine;
use super::sheets::{shot_summary, SortieLine};
use super::week::{game_lines, GameLine, RollLine};
use super::{render, Nav, WeekLine};
use crate::error::PageError;

/// A roll as the projector shows it: the log's line, what it was for in words, and
/// whose it was.
pub struct LiveRoll {
    pub line: RollLine,
    pub what: String,
    pub crewman: Option<String>,
}

impl From<eagles_office::live::LiveRoll> for LiveRoll {
    fn from(roll: eagles_office::live::LiveRoll) -> Self {
        // A shot is shown as declared at the table, in words (R20).
        let shot = shot_summary(&roll.roll);
        let mut line = RollLine::from(roll.roll);
        if let Some(shot) = shot {
            line.result = shot;
        }
        Self {
            line,
            what: roll.what,
            crewman: roll.crewman,
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
    /// The current week's seal (R25): its commitment, and its seed once the campaign
    /// ended.
    pub seal: SealLine,
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

impl From<LiveNight> for Live {
    fn from(night: LiveNight) -> Self {
        let campaign = night.scope.campaign();
        let lineups = night
            .games
            .iter()
            .map(|g| GameLineup {
                game_id: g.game.id,
                sorties: g.sorties.iter().map(SortieLine::from).collect(),
            })
            .collect();
        let games = night.games.into_iter().map(|g| g.game).collect();
        let mut rolls = night.rolls.into_iter().map(LiveRoll::from);
        Live {
            id: campaign.id,
            revision: campaign.revision,
            week: WeekLine::of(campaign),
            ended_week: campaign.ended_week,
            games: game_lines(games, &night.names),
            lineups,
            newest: rolls.next(),
            earlier: rolls.collect(),
            out: night
                .out
                .into_iter()
                .map(|c| CrewLine::new(campaign.id, c))
                .collect(),
            top_crews: night.top_crews,
            seal: night.seal.into(),
        }
    }
}

#[get("/campaigns/{cid}/live")]
pub async fn show(
    board: web::Data<dyn LiveBoard>,
    (session, path, query): super::form_page::Filtered<LiveQuery>,
) -> Result<HttpResponse, PageError> {
    let night = board
        .live_night(session.reader(), path.into_inner())
        .await?;
    let name = night.scope.campaign().name.clone();
    let live = Live::from(night);
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
