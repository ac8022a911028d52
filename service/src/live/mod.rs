//! The live page's night, read whole (issue 36): the week's games, their missions and
//! line-ups, the latest rolls and who they were for, who is out, the top crews and the
//! week's seal of its dice, in
//! the same statements however many games the night holds — the line-ups of every
//! game are read together (`= ANY($1)` over the games' ids), not one game at a time.
//! Each game's secrecy (§13.20, R16, R20) decides what the reader sees of it, as on
//! the game's own pages.

mod words;

use campaign::crew::CrewStatus;
use eagles_office::access::ReadAccess;
use eagles_office::games::Names;
use eagles_office::live::{LiveBoard, LiveGame, LiveNight, LiveRoll, LATEST_ROLLS, TOP_CREWS};
use eagles_office::Error;

use crate::access::readable_campaign;
use crate::error::ServiceError;
use crate::games::{game_views, secrecy_of};
use crate::sheets::lineup::sortie_views;
use crate::sheets::read::GameSheets;
use crate::Service;

#[async_trait::async_trait]
impl LiveBoard for Service {
    async fn live_night(&self, reader: ReadAccess, campaign_id: i64) -> Result<LiveNight, Error> {
        let mut conn = self.conn().await?;
        let conn = &mut *conn;
        let scope = readable_campaign(conn, campaign_id, reader).await?;
        let campaign = scope.campaign().clone();
        let games =
            eagles_db::games::list_for_week(conn, campaign.id, campaign.current_week).await?;
        let ids: Vec<i64> = games.iter().map(|g| g.id).collect();
        let secrecy: Vec<_> = games.iter().map(|g| secrecy_of(&scope, g)).collect();
        let missions = eagles_db::games::missions_of(conn, &ids).await?;
        let sheets = GameSheets::load_games(conn, &ids).await?;
        let games = game_views(games, missions, &scope);
        let crew = eagles_db::crew::list(conn, campaign.id, &Default::default()).await?;
        let aircraft = eagles_db::aircraft::list(conn, None, None).await?;
        let names = Names {
            crew: crew.iter().map(|c| (c.id, c.name.clone())).collect(),
            aircraft: aircraft.into_iter().map(|a| (a.id, a.name)).collect(),
        };
        let log = eagles_db::roll_log::list(conn, campaign.id, Some(campaign.current_week))
            .await
            .map_err(ServiceError::from)?;
        // The log comes oldest first; a club night's week holds a few dozen rolls.
        let latest: Vec<_> = crate::sheets::secrecy::for_reader(conn, &scope, log)
            .await?
            .into_iter()
            .rev()
            .take(LATEST_ROLLS)
            .collect();
        let mut top_crews =
            crate::standings::crew_ranking(conn, &campaign, &Default::default()).await?;
        top_crews.truncate(TOP_CREWS);
        let seal = crate::fair_dice::week_seal(conn, &scope, campaign.current_week).await?;

        let own = words::own_rolls(&games);
        let rolls = latest
            .into_iter()
            .map(|entry| {
                let crewman = entry
                    .roll
                    .roll
                    .crew_id
                    .and_then(|c| names.crew.get(&c).cloned());
                let roll = crate::rolls::roll_view(entry);
                let what = own
                    .get(&roll.id)
                    .cloned()
                    .unwrap_or_else(|| words::what(&roll));
                LiveRoll {
                    roll,
                    what,
                    crewman,
                }
            })
            .collect();
        let out = crew
            .into_iter()
            .map(|r| crate::crew::crewman_view(r, campaign.current_week))
            .filter(|c| !matches!(c, Ok(c) if c.status == CrewStatus::Active))
            .collect::<Result<Vec<_>, _>>()?;
        let games = games
            .into_iter()
            .zip(secrecy.iter().zip(&sheets))
            .map(|(game, (secrecy, (_, sheets)))| {
                Ok(LiveGame {
                    sorties: sortie_views(secrecy, sheets)?,
                    game,
                })
            })
            .collect::<Result<_, ServiceError>>()?;
        Ok(LiveNight {
            scope,
            games,
            names,
            rolls,
            out,
            top_crews,
            seal,
        })
    }
}
