//! The debrief results of several games at once — their awards, casualties, sorties
//! and kills — each in one query, for the pages that show a week's or a game's
//! results.

use campaign::missions::Assignment;
use campaign::sides::Side;
use diesel::prelude::*;
use diesel_async::{AsyncPgConnection, RunQueryDsl};

use crate::debriefs::GameCasualty;
use crate::ledger::Award;
use crate::schema::{
    aircraft_types, casualties, dice_rolls, kill_shooters, kills, sorties, xp_awards,
};
use crate::QueryResult;

/// The original awards (not the reversals) of the given games, by game then in the
/// order they were given, each with the id of the entry reversing it, if any.
pub async fn awards_of_games(
    mut conn: &AsyncPgConnection,
    game_ids: &[i64],
) -> QueryResult<Vec<(Award, Option<i64>)>> {
    let (original, reversal) = diesel::alias!(xp_awards as original, xp_awards as reversal);
    original
        .left_join(
            reversal.on(reversal
                .field(xp_awards::reverses)
                .eq(original.field(xp_awards::id).nullable())),
        )
        .filter(original.field(xp_awards::game_id).eq_any(game_ids.to_vec()))
        .filter(original.field(xp_awards::reverses).is_null())
        .select((
            original.fields(<Award as Selectable<diesel::pg::Pg>>::construct_selection()),
            reversal.field(xp_awards::id).nullable(),
        ))
        .order((
            original.field(xp_awards::game_id),
            original.field(xp_awards::id),
        ))
        .load(&mut conn)
        .await
        .map_err(crate::Error::from)
}

/// The casualties of the given games with their game's id, by game then in the order
/// they were recorded.
pub async fn casualties_of_games(
    mut conn: &AsyncPgConnection,
    game_ids: &[i64],
) -> QueryResult<Vec<(Option<i64>, GameCasualty)>> {
    casualties::table
        .left_join(dice_rolls::table.on(dice_rolls::id.nullable().eq(casualties::roll_id)))
        .filter(casualties::game_id.eq_any(game_ids.to_vec()))
        .select((
            casualties::game_id,
            (
                casualties::crew_id,
                casualties::kind,
                casualties::weeks_out,
                casualties::out_until_week,
                casualties::sent_home,
                dice_rolls::dice.nullable(),
            ),
        ))
        .order((casualties::game_id, casualties::id))
        .load(&mut conn)
        .await
        .map_err(crate::Error::from)
}

/// A sortie of a debriefed game, with its aircraft type's name.
#[derive(Debug, Clone, Queryable)]
pub struct DebriefedSortieRow {
    pub id: i64,
    pub game_id: i64,
    /// The key the debrief named it by: `a1`, `c2`, …
    pub key: String,
    pub side: Side,
    pub aircraft: String,
    pub assignment: Assignment,
    pub aircraft_lost: bool,
}

/// The sorties of the given games, by game then in the order they were reported.
pub async fn sorties_of_games(
    mut conn: &AsyncPgConnection,
    game_ids: &[i64],
) -> QueryResult<Vec<DebriefedSortieRow>> {
    sorties::table
        .inner_join(aircraft_types::table.on(aircraft_types::id.eq(sorties::aircraft_type_id)))
        .filter(sorties::game_id.eq_any(game_ids.to_vec()))
        .select((
            sorties::id,
            sorties::game_id,
            sorties::key,
            sorties::side,
            aircraft_types::name,
            sorties::assignment,
            sorties::aircraft_lost,
        ))
        .order((sorties::game_id, sorties::id))
        .load(&mut conn)
        .await
        .map_err(crate::Error::from)
}

/// A shooter credited with a kill: one row per kill and shooter.
#[derive(Debug, Clone, Queryable)]
pub struct KillShooterRow {
    pub kill_id: i64,
    pub game_id: i64,
    pub victim_sortie_id: i64,
    pub shooter: i64,
}

/// The kills of the given games with their shooters, by game, kill, then shooter id.
pub async fn kills_of_games(
    mut conn: &AsyncPgConnection,
    game_ids: &[i64],
) -> QueryResult<Vec<KillShooterRow>> {
    kills::table
        .inner_join(kill_shooters::table)
        .filter(kills::game_id.eq_any(game_ids.to_vec()))
        .select((
            kills::id,
            kills::game_id,
            kills::victim_sortie_id,
            kill_shooters::crew_id,
        ))
        .order((kills::game_id, kills::id, kill_shooters::crew_id))
        .load(&mut conn)
        .await
        .map_err(crate::Error::from)
}
