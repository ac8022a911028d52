//! The debrief results of several games at once — their awards and casualties — each
//! in one query, for the pages that show a week's or a game's results.

use diesel::prelude::*;
use diesel_async::{AsyncPgConnection, RunQueryDsl};

use crate::debriefs::GameCasualty;
use crate::ledger::Award;
use crate::schema::{casualties, dice_rolls, xp_awards};

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
}
