//! Undoing at the table (R24): a mark of a sheet is undone by a reversing mark on that
//! sheet; a roll's marks are the roll's, reversed together on every sheet by undoing
//! the roll on the sheet it was made on, the roll kept in the log as undone.

use campaign::sheet::marks::drawn_from;
use eagles_db::diesel_async::AsyncPgConnection;
use eagles_db::lineup::NewMark;
use eagles_db::roll_log::RollEntry;
use eagles_db::users::User;
use eagles_office::sheets::{IfMatch, MarkAnswer, MarkRequest, SortieRef};

use super::marks::{checked_marks, write_sheet, OpenSheet, Reads};
use super::read::{rule_marks, sum};
use super::words::{mark_words, marked_by, roll_words};
use crate::error::ServiceError;

/// The roll `roll_id` of the game of `open`, as the log has it.
async fn roll_of_game(
    conn: &mut AsyncPgConnection,
    open: &OpenSheet,
    roll_id: i64,
) -> Result<Option<RollEntry>, ServiceError> {
    let entry = eagles_db::rolls::find_entry(conn, open.game.campaign_id, roll_id).await?;
    Ok(entry.filter(|e| e.roll.roll.game_id == Some(open.game.id)))
}

/// The sheet key of the sortie a roll was made on, for a refusal.
fn sheet_key(open: &OpenSheet, entry: &RollEntry) -> String {
    entry
        .roll
        .roll
        .sortie_id
        .and_then(|id| open.sheets.sorties.iter().find(|s| s.id == id))
        .map_or_else(|| "another".to_owned(), |s| s.key.clone())
}

/// 409 unless the mark `mark_id` of the sheet of `open` may be undone on its own: a
/// mark a roll made on another sheet (a combat result's markers on its target) is
/// the roll's, and the marks of a roll undone stay as they are (R24).
pub(super) async fn check_mark_undo(
    conn: &mut AsyncPgConnection,
    open: &OpenSheet,
    mark_id: i64,
) -> Result<(), ServiceError> {
    let stored = open.sheets.marks_of(open.sortie_id)?;
    // A mark that is none of this sheet's is refused as such when it is read.
    let Some((row, mark)) = stored.iter().find(|(row, _)| row.id == mark_id) else {
        return Ok(());
    };
    let Some(roll_id) = row.roll_id else {
        return Ok(());
    };
    let Some(entry) = roll_of_game(conn, open, roll_id).await? else {
        return Ok(());
    };
    let what = mark_words(mark, &open.sheets.seats_of(open.sortie_id));
    let roll = roll_words(&open.sheets, &entry);
    if entry.roll.undone {
        return Err(ServiceError::Conflict(format!(
            "\"{what}\" belongs to {roll}, which was undone; a roll's marks stay as its undo left them"
        )));
    }
    // Undoing one mark of a roll and keeping the rest would let a player drop a
    // server die's effect without the referee (R24): the roll is undone whole or not.
    if entry.roll.roll.sortie_id != Some(open.sortie_id) {
        return Err(ServiceError::Conflict(format!(
            "\"{what}\" came from {roll}: a roll's marks are the roll's, so only undoing that \
             roll on {}'s sheet takes them back, on both sheets at once",
            sheet_key(open, &entry)
        )));
    }
    Err(ServiceError::Conflict(format!(
        "\"{what}\" came from {roll}: a roll's marks are the roll's, so undo the roll itself \
         to take them back, with every mark it made"
    )))
}

/// Undoes the roll `roll_id` made on the sheet at `at`, with the rolls of its answer (a
/// long burst's jam test): every mark they made on every sheet is reversed, and the
/// log keeps them as undone (R24). Entered dice (a typo) by the sheet's players or a
/// referee; the server's dice by a referee only, so nobody rolls again for a better
/// die; not while damage drawn from the roll's markers stands.
pub async fn undo_roll(
    conn: &mut AsyncPgConnection,
    user: User,
    at: SortieRef,
    roll_id: i64,
    if_match: Option<&IfMatch>,
) -> Result<MarkAnswer, ServiceError> {
    let write = async |conn: &mut AsyncPgConnection, open: &OpenSheet| {
        Ok((
            Vec::new(),
            reversing_marks(conn, open, roll_id, user.id).await?,
        ))
    };
    let (rolls, sheet) = write_sheet(
        conn,
        &user,
        (at, Reads::Game, if_match),
        "undo a roll of this sheet",
        write,
    )
    .await?;
    Ok(MarkAnswer {
        sheet,
        rolls,
        receipts: Vec::new(),
    })
}

/// The undo marks that reverse the roll `roll_id` on every sheet of `open`'s game,
/// once the roll is set undone in the log.
async fn reversing_marks(
    conn: &mut AsyncPgConnection,
    open: &OpenSheet,
    roll_id: i64,
    by: i64,
) -> Result<Vec<NewMark>, ServiceError> {
    let entry = roll_of_game(conn, open, roll_id).await?.ok_or_else(|| {
        ServiceError::invalid(
            "the roll to undo is none of this game's rolls; undo a roll made on this sheet",
        )
    })?;
    let roll = roll_words(&open.sheets, &entry);
    if entry.roll.roll.sortie_id != Some(open.sortie_id) {
        return Err(ServiceError::Conflict(format!(
            "{roll} was made on {}'s sheet: a roll is undone on the sheet it was made on",
            sheet_key(open, &entry)
        )));
    }
    if entry.roll.undone {
        return Err(ServiceError::Conflict(format!("{roll} is undone already")));
    }
    if !entry.roll.roll.entered && !open.scope.is_referee() {
        return Err(ServiceError::Forbidden(format!(
            "{roll} rolled the server's dice: only a referee undoes such a roll, so that \
             nobody rolls again for a better die; entered dice (a typo) the sheet's players \
             may undo"
        )));
    }
    let answer = eagles_db::rolls::same_answer(conn, &entry.roll).await?;
    let ids: Vec<i64> = answer.iter().map(|r| r.id).collect();
    let mut rows = Vec::new();
    let mut drawn = Vec::new();
    for sortie in &open.sheets.sorties {
        let summed = sum(&open.sheets, sortie)?;
        let seats = open.sheets.seats_of(sortie.id);
        let marks = rule_marks(&seats, &summed.stored)?;
        let mut undo = Vec::new();
        for (place, ((row, mark), undone)) in summed.stored.iter().zip(&summed.undone).enumerate() {
            if *undone || !row.roll_id.is_some_and(|r| ids.contains(&r)) {
                continue;
            }
            if let MarkRequest::Hit { .. } = mark {
                for d in drawn_from(&marks, place)? {
                    let (row, mark) = &summed.stored[d];
                    drawn.push(format!("{}: {}", sortie.key, marked_by(row, mark, &seats)));
                }
            }
            let reverse = MarkRequest::Undo {
                mark: Some(row.id),
                roll: None,
            };
            undo.push((reverse, Some(entry.roll.id)));
        }
        if !undo.is_empty() {
            rows.extend(checked_marks(&open.sheets, sortie, &undo, by)?);
        }
    }
    if !drawn.is_empty() {
        return Err(ServiceError::Conflict(format!(
            "{roll} is not undone while the damage drawn from its markers stands ({}); \
             undo those marks first",
            drawn.join("; ")
        )));
    }
    if rows.is_empty() {
        return Err(ServiceError::Conflict(format!(
            "{roll} wrote nothing on the sheets to undo"
        )));
    }
    eagles_db::rolls::set_undone(conn, &ids).await?;
    Ok(rows)
}
