//! Who flew what and who shot down whom in debriefed games: each sortie's aircraft and
//! crew with each man's fate (R7, R8), and each kill with its shooters (R4), read for
//! many games at once for the game and week pages. After its debrief everything of a
//! game is open to every reader of the campaign (§13.20).

pub use eagles_office::debrief::{Flown, FlownKill, FlownSeat, FlownSortie};
use eagles_office::debrief::{GameAward, GameCasualty, GameRecords};
use std::collections::HashMap;

use eagles_db::diesel_async::AsyncPgConnection;
use futures_util::future::try_join3;

use super::response::seat_fate;
use crate::error::ServiceError;

/// The sorties and kills of the games `game_ids`: three queries, sent together
/// (pipelined), whatever the number of games.
pub async fn flown(conn: &AsyncPgConnection, game_ids: &[i64]) -> Result<Flown, ServiceError> {
    let (sorties, seats, kills) = try_join3(
        eagles_db::game_results::sorties_of_games(conn, game_ids),
        eagles_db::rolls::seats_of_games(conn, game_ids),
        eagles_db::game_results::kills_of_games(conn, game_ids),
    )
    .await?;
    let mut by_id: HashMap<i64, usize> = HashMap::new();
    let mut flown = Flown::default();
    for s in sorties {
        by_id.insert(s.id, flown.sorties.len());
        flown.sorties.push(FlownSortie {
            game_id: s.game_id,
            key: s.key,
            side: s.side,
            aircraft: s.aircraft,
            assignment: s.assignment,
            lost: s.aircraft_lost,
            crew: Vec::new(),
        });
    }
    for seat in seats {
        let fate = seat_fate(&seat)?;
        if let Some(&i) = by_id.get(&seat.sortie_id) {
            flown.sorties[i].crew.push(FlownSeat {
                crew_id: seat.crew_id,
                position: seat.position,
                fate,
            });
        }
    }
    let mut last_kill = None;
    for row in kills {
        if last_kill != Some(row.kill_id) {
            let victim = by_id
                .get(&row.victim_sortie_id)
                .map(|&i| flown.sorties[i].key.clone())
                .unwrap_or_default();
            flown.kills.push(FlownKill {
                game_id: row.game_id,
                victim,
                shooters: Vec::new(),
            });
            last_kill = Some(row.kill_id);
        }
        if let Some(kill) = flown.kills.last_mut() {
            kill.shooters.push(row.shooter);
        }
    }
    Ok(flown)
}

/// What the debriefs of the games `game_ids` recorded: awards, casualties, sorties
/// and kills, read together whatever the number of games. After its debrief
/// everything of a game is open to every reader of the campaign (§13.20).
pub async fn records(
    conn: &AsyncPgConnection,
    game_ids: &[i64],
) -> Result<GameRecords, ServiceError> {
    let (awards, casualties, flown) = try_join3(
        async { Ok(eagles_db::game_results::awards_of_games(conn, game_ids).await?) },
        async { Ok(eagles_db::game_results::casualties_of_games(conn, game_ids).await?) },
        flown(conn, game_ids),
    )
    .await?;
    Ok(GameRecords {
        awards: awards
            .into_iter()
            .filter_map(|(award, reversed_by)| {
                Some(GameAward {
                    game_id: award.game_id?,
                    crew_id: award.crew_id,
                    kind: award.kind,
                    points: award.points,
                    reversed: reversed_by.is_some(),
                })
            })
            .collect(),
        casualties: casualties
            .into_iter()
            .filter_map(|(game_id, c)| {
                Some(GameCasualty {
                    game_id: game_id?,
                    crew_id: c.crew_id,
                    kind: c.kind,
                    weeks_out: c.weeks_out,
                    out_until_week: c.out_until_week,
                    sent_home: c.sent_home,
                    dice: c.dice.unwrap_or_default(),
                })
            })
            .collect(),
        flown,
    })
}
