//! Games and missions as the API shows them, built from stored records; the week page
//! shows the same views. A view is always built for one reader, so no door can show
//! a mission's assignment to someone §13.20 keeps it from.

use campaign::missions::Reader;
use eagles_db::games::{GameRecord, MissionRecord};
pub use eagles_office::games::{GameState, GameView, MissionView, OffensiveView};

/// The offensive of a stored game.
pub fn offensive_of(game: &GameRecord) -> OffensiveView {
    OffensiveView {
        dice: game.offensive_dice.clone(),
        roll: game.offensive_total,
        result: game.ground_offensive,
        roll_id: game.offensive_roll_id,
    }
}

/// A stored mission of a game as `reader` may see it (§13.20); `over` says whether
/// its game is over: debriefed, or abandoned when its week closed.
pub fn mission_seen_by(m: MissionRecord, over: bool, reader: Reader) -> MissionView {
    let shown = reader.sees_assignment(m.side, over);
    let shown_or_none = |v: Option<i64>| v.filter(|_| shown);
    MissionView {
        side: m.side,
        mission_type: m.mission_type,
        roll: m.dice.first().copied().unwrap_or_default(),
        id: m.id,
        game_id: m.game_id,
        dice: m.dice,
        trips_needed: m.trips_needed,
        aircraft_id: shown_or_none(m.aircraft_type_id),
        pilot_id: shown_or_none(m.pilot_id),
        observer_id: shown_or_none(m.observer_id),
        assignment_hidden: !shown,
        success: m.success,
        roll_id: m.roll_id,
    }
}

/// Builds the views of games, as `reader` may see them (§13.20), from the games and
/// all their missions, loaded each in one query; missions are matched to their game
/// here.
pub fn game_views(
    games: Vec<GameRecord>,
    missions: Vec<MissionRecord>,
    reader: Reader,
) -> Vec<GameView> {
    let mut views: Vec<GameView> = games
        .into_iter()
        .map(|game| GameView {
            id: game.id,
            week: game.week,
            ground_offensive: offensive_of(&game),
            missions: Vec::new(),
            debriefed: game.debriefed(),
            voided: game.voided_week.is_some(),
            abandoned: game.abandoned(),
            // Settled below, once its missions are counted.
            state: GameState::AwaitingMissions,
        })
        .collect();
    for mission in missions {
        if let Some(game) = views.iter_mut().find(|g| g.id == mission.game_id) {
            // An abandoned game is over without a debrief: nothing is kept secret.
            let over = game.debriefed || game.abandoned;
            game.missions.push(mission_seen_by(mission, over, reader));
        }
    }
    for game in &mut views {
        game.state = game.settled_state();
    }
    views
}
