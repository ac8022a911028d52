//! What the projector calls a roll: a game's own ground offensive and missions by the
//! game, any other by its table and side.

use std::collections::HashMap;

use eagles_office::games::GameView;
use eagles_office::rolls::RollView;

/// The rolls that are a game's own, by roll id: its ground offensive and its missions,
/// "Game 3: Allied mission".
pub(super) fn own_rolls(games: &[GameView]) -> HashMap<i64, String> {
    let mut own = HashMap::new();
    for g in games {
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
    own
}

/// Any other roll: its table, its side, and "for game 3" when tagged with a game — a
/// roll of the dice page is never shown as a game's mission.
pub(super) fn what(roll: &RollView) -> String {
    let mut chars = roll.table.label().chars();
    let mut what: String = chars
        .next()
        .map(|c| c.to_uppercase().chain(chars).collect())
        .unwrap_or_default();
    if let Some(side) = roll.side {
        what.push_str(&format!(" · {}", side.label()));
    }
    if let Some(g) = roll.game_id {
        what.push_str(&format!(" · for game {g}"));
    }
    what
}
