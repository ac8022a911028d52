//! Marks written on a sheet at the table (R17, R18, R21). The marks are their own audit
//! trail (who, when, nothing deleted), so they add no audit entry.

use campaign::events::EventKind;
use campaign::missions::Assignment;
use campaign::sheet::marks::Mark;
use campaign::sheet::state::SheetState;
use campaign::sheet::turn;
use eagles_db::diesel_async::AsyncPgConnection;
use eagles_db::games::GameRecord;
use eagles_db::lineup::{LineupSeat, LineupSortie, NewMark};
use eagles_db::users::User;
use eagles_office::access::ReadAccess;
use eagles_office::sheets::{GameRef, IfMatch, MarkAnswer, MarkRequest, SheetView, SortieRef};
use futures_util::future::{try_join, try_join3};

use super::lineup::{game, no_game, still_in_play};
use super::read::{rule_mark, rule_marks, seat_crew, sheet_view, GameSheets};
use super::words::who_marked;
use crate::access::{readable_campaign, CampaignScope};
use crate::envelope::{self, Access, Change};
use crate::error::ServiceError;
use crate::fair_dice::RollReceipt;
use crate::games::secrecy_of;
use crate::Service;
use campaign::secrecy::GameStage;
use eagles_office::prelude::*;
use eagles_office::secrecy::GameSecrecy;

/// 403 unless the caller is a referee or owns a crewman of the sortie.
pub(super) fn require_player(
    scope: &CampaignScope,
    sheets: &GameSheets,
    sortie_id: i64,
    action: &str,
) -> Result<(), ServiceError> {
    if sheets.reads_in_full(&GameSecrecy::at(scope, GameStage::InPlay), sortie_id) {
        return Ok(());
    }
    Err(ServiceError::Forbidden(format!(
        "only the sortie's players and the referees may {action}"
    )))
}

/// The sheets of `game` that `keep` keeps, in full, with one read of their crewmen.
pub(crate) async fn views(
    conn: &mut AsyncPgConnection,
    secrecy: &GameSecrecy,
    game: &GameRecord,
    sheets: &GameSheets,
    keep: impl Fn(&LineupSortie) -> bool,
) -> Result<Vec<SheetView>, ServiceError> {
    let kept: Vec<&LineupSortie> = sheets.sorties.iter().filter(|s| keep(s)).collect();
    let seats: Vec<&LineupSeat> = kept
        .iter()
        .flat_map(|sortie| sheets.seats_of(sortie.id))
        .collect();
    let crew = seat_crew(conn, game.campaign_id, &seats).await?;
    kept.into_iter()
        .map(|sortie| sheet_view(secrecy, sheets, sortie, &crew, game.week))
        .collect()
}

/// Which marks a write reads besides the line-up: those of the sheet written on, or
/// every sheet's of the game (a roll writes on its target's too).
#[derive(Debug, Clone, Copy)]
pub(super) enum Reads {
    Sheet,
    Game,
}

/// A sheet open for a write: the locked campaign as the caller sees it, its game still
/// in play, the game's line-up and marks, the sortie written on.
pub(super) struct OpenSheet {
    pub scope: CampaignScope,
    pub game: GameRecord,
    pub sheets: GameSheets,
    pub sortie_id: i64,
}

impl OpenSheet {
    /// Opens the sheet at `at` for the caller of `scope` to `action` on it
    /// ([`OpenSheet::check`]), reading the game and its sheets.
    pub async fn open(
        conn: &mut AsyncPgConnection,
        scope: CampaignScope,
        at: SortieRef,
        action: &str,
    ) -> Result<OpenSheet, ServiceError> {
        let (game, sheets) = Self::read(conn, at, Reads::Sheet).await?;
        Self::check(scope, game, sheets, at, action)
    }

    /// The game of `at` (when it is one of the campaign's) and its sheets, with the
    /// marks `reads` asks for, read in one round trip.
    async fn read(
        conn: &AsyncPgConnection,
        at: SortieRef,
        reads: Reads,
    ) -> Result<(Option<GameRecord>, GameSheets), ServiceError> {
        let game = async {
            Ok::<_, ServiceError>(eagles_db::games::find(conn, at.campaign_id, at.game_id).await?)
        };
        let sheets = async {
            match reads {
                Reads::Sheet => GameSheets::load_sheet(conn, at.game_id, at.sortie_id).await,
                Reads::Game => GameSheets::load(conn, at.game_id).await,
            }
        };
        try_join(game, sheets).await
    }

    /// The sheet at `at` open for the caller of `scope` to `action` on it: 404 for a
    /// game not of the campaign or a sortie not of the game, 403 for anyone but its
    /// players and the referees, 409 once the game is debriefed or abandoned.
    fn check(
        scope: CampaignScope,
        game: Option<GameRecord>,
        sheets: GameSheets,
        at: SortieRef,
        action: &str,
    ) -> Result<OpenSheet, ServiceError> {
        let game = game.ok_or_else(|| no_game(at.game_id))?;
        sheets.sortie(at.sortie_id)?;
        require_player(&scope, &sheets, at.sortie_id, action)?;
        still_in_play(
            &game,
            "its sheets are the record now and take no more marks",
        )?;
        Ok(OpenSheet {
            scope,
            game,
            sheets,
            sortie_id: at.sortie_id,
        })
    }

    /// The sortie written on.
    pub fn sortie(&self) -> &LineupSortie {
        self.sheets
            .sorties
            .iter()
            .find(|s| s.id == self.sortie_id)
            .expect("found when the sheet was opened")
    }
}

/// Writes on a sortie's sheet as `user`, in the envelope: the game and its sheets (the
/// marks `reads` asks for) are read with the campaign's lock, the sheet opened ([`OpenSheet::check`]), `body` run
/// for its answer and the marks it writes ([`checked_marks`]); then the marks are
/// written, the sheet's crew read, the `sheet` event recorded and the transaction
/// committed, in one round trip. The answer is the body's with the sheet as it then
/// stands, summed once the lock is let go.
pub(super) async fn write_sheet<T>(
    conn: &mut AsyncPgConnection,
    user: &User,
    (at, reads, if_match): (SortieRef, Reads, Option<&IfMatch>),
    action: &str,
    body: impl AsyncFnOnce(
        &mut AsyncPgConnection,
        &OpenSheet,
    ) -> Result<(T, Vec<NewMark>), ServiceError>,
) -> Result<(T, SheetView), ServiceError> {
    let (answer, open, crew) = envelope::write_reading(
        conn,
        at.campaign_id,
        user,
        Access::Reader,
        async |shared| OpenSheet::read(shared, at, reads).await,
        async |conn, scope, (game, sheets), record| {
            let mut open = OpenSheet::check(scope, game, sheets, at, action)?;
            check_version(&open, if_match)?;
            let (answer, rows) = body(conn, &open).await?;
            let quiet = open.sheets.quiet_write(at.sortie_id, &rows)?;
            let change = Change::new(EventKind::Sheet, at.sortie_id).quiet(quiet);
            let shared: &AsyncPgConnection = conn;
            let seats = open.sheets.seats_of(at.sortie_id);
            let by = Some(user.username.as_str());
            let (written, crew, receipt) = try_join3(
                async { Ok(eagles_db::lineup::insert_marks(shared, &rows, by).await?) },
                seat_crew(shared, at.campaign_id, &seats),
                record.record_and_commit(shared, change),
            )
            .await?;
            open.sheets.add_marks(written)?;
            Ok(((answer, open, crew), receipt))
        },
    )
    .await?;
    let view = sheet_view(
        &secrecy_of(&open.scope, &open.game),
        &open.sheets,
        open.sortie(),
        &crew,
        open.game.week,
    )?;
    Ok((answer, view))
}

/// 412 when the caller wrote against a version of the sheet it is no longer at
/// (`If-Match`, RFC 9110), saying who marked what since.
fn check_version(open: &OpenSheet, if_match: Option<&IfMatch>) -> Result<(), ServiceError> {
    let Some(IfMatch(seen)) = if_match else {
        return Ok(());
    };
    let stored = open.sheets.marks_of(open.sortie_id)?;
    let now = stored.iter().map(|(row, _)| row.id).max().unwrap_or(0);
    if seen.contains(&now) {
        return Ok(());
    }
    let since = seen.iter().copied().filter(|&v| v < now).max().unwrap_or(0);
    let seats = open.sheets.seats_of(open.sortie_id);
    let changes: Vec<String> = stored
        .iter()
        .filter(|(row, _)| row.id > since)
        .map(|(row, mark)| who_marked(row, mark, &seats))
        .collect();
    let what = if changes.is_empty() || seen.iter().all(|&v| v > now) {
        "it is not at the version you sent".to_owned()
    } else {
        changes.join("; ")
    };
    Err(ServiceError::PreconditionFailed(format!(
        "{}'s sheet changed since you saw it: {what}; look at it again, then send your mark \
         anew if it still stands",
        open.sortie().key
    )))
}

/// Checks the marks `new` against the sheet of `sortie` and gives them as rows to write
/// after its marks; a mark that does not fit the aircraft or the log is refused whole.
pub(super) fn checked_marks(
    sheets: &GameSheets,
    sortie: &LineupSortie,
    new: &[(MarkRequest, Option<i64>)],
    by: i64,
) -> Result<Vec<NewMark>, ServiceError> {
    let aircraft = sheets.aircraft_of(sortie)?;
    let seats = sheets.seats_of(sortie.id);
    let stored = sheets.marks_of(sortie.id)?;
    let mut marks: Vec<Mark> = rule_marks(&seats, &stored)?;
    for (mark, _) in new {
        marks.push(rule_mark(&seats, &stored, mark)?);
    }
    SheetState::from_marks(aircraft, &marks)?;
    let rows: Vec<NewMark> = new
        .iter()
        .map(|(mark, roll_id)| {
            Ok(NewMark {
                sortie_id: sortie.id,
                mark: serde_json::to_value(mark)
                    .map_err(|e| ServiceError::Internal(format!("a mark to store: {e}")))?,
                roll_id: *roll_id,
                marked_by: Some(by),
            })
        })
        .collect::<Result<_, ServiceError>>()?;
    Ok(rows)
}

/// What a posted mark must be beyond its fit to the sheet: a kind players write, a
/// claim on an enemy sortie of the game by this sortie's crew, the mission's facts on
/// the mission sortie.
fn check_posted(
    sheets: &GameSheets,
    sortie: &LineupSortie,
    mark: &MarkRequest,
) -> Result<(), ServiceError> {
    match mark {
        m if m.written_by_rolls() => Err(ServiceError::invalid(format!(
            "a {} mark is written by the sheet's rolls (POST …/rolls), not posted",
            m.kind()
        ))),
        MarkRequest::Claim {
            victim_sortie,
            shooters,
        } => {
            let victim = sheets.sortie(*victim_sortie).map_err(|_| {
                ServiceError::invalid("the victim claimed is no aircraft of this game")
            })?;
            if victim.side == sortie.side {
                return Err(ServiceError::invalid(format!(
                    "{} is a sortie of your own side; claim an enemy aircraft",
                    victim.key
                )));
            }
            if shooters.is_empty() {
                return Err(ServiceError::invalid(
                    "a claim names its shooters: the crewmen of this sortie who fired",
                ));
            }
            Ok(())
        }
        MarkRequest::Mission(_) if sortie.assignment != Assignment::Mission => {
            Err(ServiceError::invalid(format!(
                "sortie {} flies a sweep; the mission's facts go on the mission sortie's sheet",
                sortie.key
            )))
        }
        MarkRequest::Turn { turn: 0 } => Err(ServiceError::invalid("turns are numbered from 1")),
        MarkRequest::Undo {
            mark: Some(_),
            roll: Some(_),
        }
        | MarkRequest::Undo {
            mark: None,
            roll: None,
        } => Err(ServiceError::invalid(
            "an undo names either a mark of this sheet or a roll made on it, one of them",
        )),
        _ => Ok(()),
    }
}

/// 422 for a posted mark that breaks a rule of the turn on the sheet as it stands
/// (R23): a turn going back, damage, fuel or a wound past what is left, a marker with
/// none of its colour to draw, a gun unjammed in the turn it jammed.
fn check_turn(
    sheets: &GameSheets,
    sortie: &LineupSortie,
    mark: &MarkRequest,
) -> Result<(), ServiceError> {
    if matches!(mark, MarkRequest::Undo { .. }) {
        return Ok(());
    }
    let seats = sheets.seats_of(sortie.id);
    let stored = sheets.marks_of(sortie.id)?;
    let state = SheetState::from_marks(sheets.aircraft_of(sortie)?, &rule_marks(&seats, &stored)?)?;
    let name = |seat| {
        seats
            .iter()
            .find(|s| s.position == seat)
            .map_or_else(|| format!("the {seat}"), |s| s.name.clone())
    };
    Ok(turn::check_mark(
        &state,
        &rule_mark(&seats, &stored, mark)?,
        name,
    )?)
}

#[async_trait::async_trait]
impl SheetMarks for Service {
    /// A sortie's sheet, for its players and the referees; for everyone once the game is
    /// debriefed; 404 for anyone else, as if it were not there (R20).
    async fn sheet(&self, reader: ReadAccess, at: SortieRef) -> Result<SheetView, Error> {
        let mut conn = self.conn().await?;
        let conn = &mut *conn;
        let SortieRef {
            campaign_id,
            game_id,
            sortie_id,
        } = at;
        let scope = readable_campaign(conn, campaign_id, reader).await?;
        let game = game(conn, campaign_id, game_id).await?;
        let sheets = GameSheets::load_sheet(conn, game_id, sortie_id).await?;
        let sortie = sheets.sortie(sortie_id)?;
        let secrecy = secrecy_of(&scope, &game);
        if !sheets.reads_in_full(&secrecy, sortie_id) {
            return Err(ServiceError::NotFound(format!(
                "there is no sheet of sortie {sortie_id} you may read until the game's debrief"
            )));
        }
        let crew = seat_crew(conn, campaign_id, &sheets.seats_of(sortie_id)).await?;
        sheet_view(&secrecy, &sheets, sortie, &crew, game.week)
    }

    /// The sheets of a game `reader` reads in full, from one read of its line-up and marks.
    async fn game_sheets(&self, reader: ReadAccess, at: GameRef) -> Result<Vec<SheetView>, Error> {
        let mut conn = self.conn().await?;
        let conn = &mut *conn;
        let scope = readable_campaign(conn, at.campaign_id, reader).await?;
        let game = game(conn, at.campaign_id, at.game_id).await?;
        let sheets = GameSheets::load(conn, at.game_id).await?;
        let secrecy = secrecy_of(&scope, &game);
        views(conn, &secrecy, &game, &sheets, |sortie| {
            sheets.reads_in_full(&secrecy, sortie.id)
        })
        .await
    }

    /// Writes a mark on a sortie's sheet; its players or a referee, until the debrief. A
    /// `down` rolls the forced landing's tables as it is marked ([`super::down`]).
    async fn mark(
        &self,
        user: User,
        at: SortieRef,
        mark: MarkRequest,
        if_match: Option<IfMatch>,
    ) -> Result<MarkAnswer, Error> {
        let mut conn = self.conn().await?;
        let conn = &mut *conn;
        // A roll's undo writes on every sheet the roll wrote on (R24).
        if let MarkRequest::Undo {
            roll: Some(roll),
            mark: None,
        } = mark
        {
            return super::undo::undo_roll(conn, user, at, roll, if_match.as_ref()).await;
        }
        let write = async |conn: &mut AsyncPgConnection, open: &OpenSheet| {
            check_posted(&open.sheets, open.sortie(), &mark)?;
            if let MarkRequest::Undo {
                mark: Some(undone), ..
            } = mark
            {
                super::undo::check_mark_undo(conn, open, undone).await?;
            }
            // The forced-landing tables are rolled as the aircraft comes down (R8).
            let (mark, rolls) = match &mark {
                MarkRequest::Down(down) => {
                    let (played, rolls) =
                        super::down::at_the_table(conn, open, down, user.id).await?;
                    let receipts = rolls
                        .iter()
                        .map(|r| RollReceipt {
                            roll_id: r.id,
                            receipt: crate::fair_dice::receipt(&r.roll.link),
                        })
                        .collect();
                    (MarkRequest::Down(Box::new(played)), receipts)
                }
                other => (other.clone(), Vec::new()),
            };
            check_turn(&open.sheets, open.sortie(), &mark)?;
            let new = [(mark, None)];
            Ok((
                rolls,
                checked_marks(&open.sheets, open.sortie(), &new, user.id)?,
            ))
        };
        let (receipts, sheet) = write_sheet(
            conn,
            &user,
            (at, Reads::Sheet, if_match.as_ref()),
            "mark this sheet",
            write,
        )
        .await?;
        let receipts: Vec<RollReceipt> = receipts;
        Ok(MarkAnswer {
            sheet,
            rolls: receipts.iter().map(|r| r.roll_id).collect(),
            receipts,
        })
    }
}
