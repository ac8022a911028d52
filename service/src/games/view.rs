//! Games and missions as the API shows them, built from stored records; the week page
//! shows the same views. A view is always built for one reader, so no door can show
//! a mission's assignment to someone §13.20 keeps it from.

use eagles_db::games::{GameRecord, MissionRecord};
use eagles_office::access::CampaignScope;
use eagles_office::fair_dice::Receipt;
pub use eagles_office::games::{GameState, GameView, MissionView, OffensiveView};
use eagles_office::secrecy::GameSecrecy;

/// The offensive of a stored game.
pub fn offensive_of(game: &GameRecord) -> OffensiveView {
    OffensiveView {
        dice: game.offensive_dice.clone(),
        roll: game.offensive_total,
        result: game.ground_offensive,
        roll_id: game.offensive_roll_id,
        receipt: Receipt {
            seq: game.offensive_seq,
            chain: game.offensive_chain.clone(),
        },
    }
}

/// A stored mission of a game as the reader of `secrecy` may see it (§13.20).
pub fn mission_seen_by(m: MissionRecord, secrecy: &GameSecrecy) -> MissionView {
    let shown = secrecy.sees_assignment(m.side);
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
        receipt: Receipt {
            seq: m.seq,
            chain: m.chain,
        },
    }
}

/// Builds the views of games, as the caller of `scope` may see them (§13.20), from
/// the games and all their missions, loaded each in one query; missions are matched to
/// their game here.
pub fn game_views(
    games: Vec<GameRecord>,
    missions: Vec<MissionRecord>,
    scope: &CampaignScope,
) -> Vec<GameView> {
    let secrecy: Vec<(i64, GameSecrecy)> =
        games.iter().map(|g| (g.id, secrecy_of(scope, g))).collect();
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
        let seen = secrecy.iter().find(|(id, _)| *id == mission.game_id);
        let game = views.iter_mut().find(|g| g.id == mission.game_id);
        if let (Some(game), Some((_, secrecy))) = (game, seen) {
            game.missions.push(mission_seen_by(mission, secrecy));
        }
    }
    for game in &mut views {
        game.state = game.settled_state();
    }
    views
}

/// What the caller of `scope` may see of `game` (§13.20, R20): the one decision every
/// view of the game takes.
pub fn secrecy_of(scope: &CampaignScope, game: &GameRecord) -> GameSecrecy {
    GameSecrecy::of(
        scope,
        game.debriefed(),
        game.voided_week.is_some(),
        game.abandoned(),
    )
}
