//! The debrief drafted from a game's sheets (API v1.2, R22): what the players marked
//! at the table, read as the debrief's request, with what the referee must decide.
//!
//! The request is one `POST …/debrief` accepts as it is: each sortie of the line-up
//! with its last turn, its crew's red hits and wound boxes, and how it came down as
//! its `down` mark says (dice and all); the kills from the claims; the missions from
//! the mission sorties' marks and bomb runs (R10). Where the sheets disagree or fall
//! short, the draft still holds a request the debrief takes, and a conflict says what
//! was assumed.

use std::collections::{BTreeMap, BTreeSet};

use campaign::crew::Role;
use campaign::down::How;
use campaign::injuries::Outcome;
use campaign::logged_table::LoggedTable;
use campaign::missions::Assignment;
use campaign::secrecy::GameStage;
use campaign::sheet::marks::Effect;
use campaign::sides::Side;
use campaign::tables::bombing::BombResult;
use campaign::tables::Table;
use eagles_db::diesel_async::AsyncPgConnection;
use eagles_db::games::MissionRecord;
use eagles_office::access::ReadAccess;
use eagles_office::debrief::{
    CrewReport, DebriefRequest, DownReport, KillReport, LeftBoard, MissionFacts, SortieReport,
};
use eagles_office::draft::{Conflict, ConflictCode, DebriefDraft};
use eagles_office::secrecy::GameSecrecy;
use eagles_office::sheets::{GameRef, MarkRequest, SheetView};

use super::lineup::game;
use super::marks::views;
use super::read::GameSheets;
use crate::access::readable_campaign;
use crate::error::ServiceError;

/// The draft of the game `at`'s debrief: whole for a referee; a player gets the part
/// of his own sorties (their reports, the kills they claim, their side's mission when
/// he flies it, their conflicts); anyone else 403. A debriefed game has its debrief
/// instead (409).
pub async fn draft(
    conn: &mut AsyncPgConnection,
    reader: impl Into<ReadAccess>,
    at: GameRef,
) -> Result<DebriefDraft, ServiceError> {
    let scope = readable_campaign(conn, at.campaign_id, reader).await?;
    scope.user()?;
    let game = game(conn, at.campaign_id, at.game_id).await?;
    let sheets = GameSheets::load(conn, at.game_id).await?;
    let own: BTreeSet<i64> = sheets
        .sorties
        .iter()
        .filter(|s| sheets.reads_in_full(&GameSecrecy::at(&scope, GameStage::InPlay), s.id))
        .map(|s| s.id)
        .collect();
    if own.is_empty() && !scope.is_referee() {
        return Err(ServiceError::Forbidden(
            "only the referees and the game's players read the draft of its debrief".into(),
        ));
    }
    if game.debriefed() {
        return Err(ServiceError::Conflict(format!(
            "game {} is debriefed: read its debrief, not a draft",
            game.id
        )));
    }
    // The whole draft is reckoned from every sheet, then cut to the reader's part.
    let views = views(conn, &GameSecrecy::whole(), &game, &sheets, |_| true).await?;
    let missions = eagles_db::games::missions_of(conn, &[game.id]).await?;
    let bombed = eagles_db::rolls::sheet_results(
        conn,
        game.id,
        LoggedTable::Campaign(Table::Bomb),
        BombResult::Hit.as_str(),
    )
    .await?;
    let whole = drafted(&views, &missions, &bombed);
    Ok(if scope.is_referee() {
        whole
    } else {
        part_of(whole, &views, &missions, &own)
    })
}

/// The draft of a game whose sheets (in full, in the line-up's order) are `sheets`,
/// whose missions are `missions` and whose mission sorties hit with the bomb runs
/// of `bombed`.
fn drafted(sheets: &[SheetView], missions: &[MissionRecord], bombed: &[i64]) -> DebriefDraft {
    let turns_played = sheets.iter().map(|s| s.turn).max().unwrap_or(0);
    let mut conflicts = Vec::new();
    let mut sorties = Vec::with_capacity(sheets.len());
    for sheet in sheets {
        sorties.push(sortie_report(sheet));
        conflicts.extend(sortie_conflicts(sheet, turns_played));
    }
    let kills = kills(sheets, &mut conflicts);
    let missions = missions
        .iter()
        .filter_map(|m| mission_facts(m, sheets, bombed))
        .collect();
    DebriefDraft {
        request: DebriefRequest {
            turns_played,
            enemy_left_board_on_turn: LeftBoard {
                allied: left_board(sheets, Side::Allied),
                central: left_board(sheets, Side::Central),
            },
            sorties,
            kills,
            missions,
        },
        conflicts,
    }
}

/// A sortie as the debrief takes it. Its `down` is its last `down` mark's; an
/// aircraft destroyed or blown apart without one came down shot down (or exploded),
/// as its sheet stands. A crewman killed by a marker (not by three wound boxes) of an
/// aircraft that did not come down is reported killed; every other outcome the
/// debrief derives.
pub(super) fn sortie_report(sheet: &SheetView) -> SortieReport {
    let down = last_down(sheet).cloned().or_else(|| {
        let exploded = effect_on(sheet, Effect::Exploded);
        (sheet.destroyed || exploded).then(|| DownReport {
            how: if exploded {
                How::Exploded
            } else {
                How::ShotDown
            },
            terrain: None,
            road: false,
            smoking: sheet.state.smoke,
            on_fire: sheet.state.fire,
            gliding: sheet.state.gliding,
            critical_damage: critical(sheet),
            pusher: false,
            altitude: 0,
            aircraft_destroyed: sheet.destroyed,
            side_of_lines: None,
            hexes_from_friendly_trenches: None,
            dice: Default::default(),
            nonce: None,
        })
    });
    let crew = sheet
        .crew
        .iter()
        .map(|man| CrewReport {
            crew_id: man.crew_id,
            position: man.position,
            red_hits: sheet
                .red_hits
                .get(&man.crew_id.to_string())
                .copied()
                .unwrap_or(0),
            wound_boxes: man.wound_boxes.min(3),
            outcome: (down.is_none() && man.state == "killed" && man.wound_boxes < 3)
                .then_some(Outcome::Killed),
            dice: None,
        })
        .collect();
    SortieReport {
        sortie_id: Some(sheet.sortie.id),
        key: sheet.sortie.key.clone(),
        aircraft_id: Some(sheet.sortie.aircraft.id),
        assignment: sheet.sortie.assignment,
        turns_on_board: sheet.turn,
        aircraft_lost: None,
        crew,
        down,
    }
}

fn last_down(sheet: &SheetView) -> Option<&DownReport> {
    sheet
        .marks
        .iter()
        .rev()
        .filter(|m| !m.undone)
        .find_map(|m| match &m.mark {
            MarkRequest::Down(report) => Some(report.as_ref()),
            _ => None,
        })
}

/// Whether the effect `name` stands on at the end of the sheet.
fn effect_on(sheet: &SheetView, name: Effect) -> bool {
    sheet
        .marks
        .iter()
        .rev()
        .filter(|m| !m.undone)
        .find_map(|m| match m.mark {
            MarkRequest::Effect { name: n, on } if n == name => Some(on),
            _ => None,
        })
        .unwrap_or(false)
}

fn critical(sheet: &SheetView) -> bool {
    let s = &sheet.sections;
    [s.engine, s.wings, s.fuselage, s.tail]
        .iter()
        .any(|section| section.critical)
}

fn ended(sheet: &SheetView) -> bool {
    sheet.destroyed || sheet.down || sheet.escaped
}

/// What one sheet leaves undecided: no end, markers never drawn, marks after a death.
fn sortie_conflicts(sheet: &SheetView, turns_played: u32) -> Vec<Conflict> {
    let key = &sheet.sortie.key;
    let mut found = Vec::new();
    let conflict = |code, crew_id, detail: String| Conflict {
        code,
        sortie_id: Some(sheet.sortie.id),
        crew_id,
        detail,
    };
    if !ended(sheet) && sheet.turn < turns_played {
        found.push(conflict(
            ConflictCode::NoEnd,
            None,
            format!(
                "{key} was neither destroyed, down nor escaped, and its last turn is {} of {turns_played}: \
                 say how it left the game",
                sheet.turn
            ),
        ));
    }
    let hits = sheet.to_draw;
    if hits.blue + hits.red > 0 {
        found.push(conflict(
            ConflictCode::UndrawnDamage,
            None,
            format!(
                "{key} still has {} blue and {} red markers to draw: draw them, or debrief without them",
                hits.blue, hits.red
            ),
        ));
    }
    for (crew_id, name) in marked_after_death(sheet) {
        found.push(conflict(
            ConflictCode::MarksAfterDeath,
            Some(crew_id),
            format!(
                "{name} of {key} has marks after the mark that killed him: undo one or the other"
            ),
        ));
    }
    found
}

/// The crewmen with a wound, red hits or a jam marked after they were killed (three
/// wound boxes, R18, or killed by a marker), in their seats' order.
fn marked_after_death(sheet: &SheetView) -> Vec<(i64, String)> {
    let crew_in = |seat: Role| sheet.crew.iter().find(|c| c.position == seat);
    let mut wounds: BTreeMap<i64, u32> = BTreeMap::new();
    let mut dead: BTreeSet<i64> = BTreeSet::new();
    let mut after: BTreeSet<i64> = BTreeSet::new();
    for m in sheet.marks.iter().filter(|m| !m.undone) {
        let about = match m.mark {
            MarkRequest::Wound { crew_id, .. } | MarkRequest::RedHits { crew_id, .. } => {
                Some(crew_id)
            }
            MarkRequest::Effect {
                name: Effect::JammedPilot,
                on: true,
            } => crew_in(Role::Pilot).map(|c| c.crew_id),
            MarkRequest::Effect {
                name: Effect::JammedObserver,
                on: true,
            } => crew_in(Role::Observer).map(|c| c.crew_id),
            _ => None,
        };
        if let Some(crew_id) = about.filter(|id| dead.contains(id)) {
            after.insert(crew_id);
        }
        match m.mark {
            MarkRequest::Wound { crew_id, boxes } => {
                let total = wounds.entry(crew_id).or_default();
                *total += boxes;
                if *total >= 3 {
                    dead.insert(crew_id);
                }
            }
            MarkRequest::Effect { name, on: true } => {
                let seat = match name {
                    Effect::PilotKilled => Some(Role::Pilot),
                    Effect::ObserverKilled => Some(Role::Observer),
                    _ => None,
                };
                if let Some(man) = seat.and_then(crew_in) {
                    dead.insert(man.crew_id);
                }
            }
            _ => {}
        }
    }
    sheet
        .crew
        .iter()
        .filter(|c| after.contains(&c.crew_id))
        .map(|c| (c.crew_id, c.name.clone()))
        .collect()
}

/// The kills the claims make (R22): a victim destroyed or down is one kill, shared by
/// every shooter of every sheet that claims it (a disputed claim when there are
/// several); a claim on an aircraft that did not come down is left out.
fn kills(sheets: &[SheetView], conflicts: &mut Vec<Conflict>) -> Vec<KillReport> {
    // Victims in the order first claimed; each with its claiming sheets and shooters.
    let mut claimed: Vec<(i64, Vec<&str>, Vec<i64>)> = Vec::new();
    for sheet in sheets {
        for claim in &sheet.claims {
            let at = match claimed.iter().position(|(v, ..)| *v == claim.victim_sortie) {
                Some(at) => at,
                None => {
                    claimed.push((claim.victim_sortie, Vec::new(), Vec::new()));
                    claimed.len() - 1
                }
            };
            let (_, by, shooters) = &mut claimed[at];
            if !by.contains(&sheet.sortie.key.as_str()) {
                by.push(&sheet.sortie.key);
            }
            for shooter in &claim.shooters {
                if !shooters.contains(shooter) {
                    shooters.push(*shooter);
                }
            }
        }
    }
    let mut kills = Vec::new();
    for (victim_id, by, shooters) in claimed {
        let Some(victim) = sheets.iter().find(|s| s.sortie.id == victim_id) else {
            continue;
        };
        let key = &victim.sortie.key;
        let claimants = by.join(" and ");
        let conflict = |code, detail| Conflict {
            code,
            sortie_id: Some(victim_id),
            crew_id: None,
            detail,
        };
        if !(victim.destroyed || victim.down) {
            conflicts.push(conflict(
                ConflictCode::ClaimNotDown,
                format!(
                    "{claimants} claimed {key}, whose sheet says it was neither destroyed nor down: \
                     left out of the kills"
                ),
            ));
            continue;
        }
        if by.len() > 1 {
            conflicts.push(conflict(
                ConflictCode::DisputedClaim,
                format!(
                    "{key} is claimed by {claimants}: drafted as one kill shared by {}",
                    match shooters.len() {
                        2 => "both shooters".to_owned(),
                        n => format!("all {n} shooters"),
                    }
                ),
            ));
        }
        kills.push(KillReport {
            victim: key.clone(),
            shooters,
        });
    }
    kills
}

/// The facts of the mission `mission` from its sortie's sheet (R10): the marked facts,
/// the target destroyed when a bomb run hit, landed safely when it escaped with
/// someone at the controls. None while the side has no mission sortie.
fn mission_facts(
    mission: &MissionRecord,
    sheets: &[SheetView],
    bombed: &[i64],
) -> Option<MissionFacts> {
    let sheet = sheets.iter().find(|s| {
        s.sortie.side == mission.side && s.sortie.assignment == Some(Assignment::Mission)
    })?;
    let marked = sheet.mission;
    Some(MissionFacts {
        mission_id: mission.id,
        landed_safely: sheet.escaped
            && !sheet.destroyed
            && !sheet.down
            && sheet.state.at_controls.is_some(),
        target_observed: marked.target_observed.unwrap_or(false),
        hexes_observed: marked.hexes_observed.unwrap_or(0),
        target_destroyed: bombed.contains(&sheet.sortie.id),
        trips: marked.trips.unwrap_or(0),
        hexes_strafed: marked.hexes_strafed.unwrap_or(0),
        balloon_destroyed: marked.balloon_destroyed.unwrap_or(false),
    })
}

/// The turn `side` left the board: when every one of its sorties has ended and one
/// of them escaped, the last of their turns (R5).
fn left_board(sheets: &[SheetView], side: Side) -> Option<u32> {
    let of_side: Vec<&SheetView> = sheets.iter().filter(|s| s.sortie.side == side).collect();
    let all_ended = !of_side.is_empty() && of_side.iter().all(|s| ended(s));
    let one_escaped = of_side.iter().any(|s| s.escaped);
    (all_ended && one_escaped)
        .then(|| of_side.iter().map(|s| s.turn).max())
        .flatten()
}

/// The part of `whole` a player reads: his sorties (`own`), the kills his crewmen
/// claim, his side's mission when he flies it, and his sorties' conflicts. (The
/// sheets were read as he sees them: the other side's mission sortie hides its
/// aircraft, but it is none of his.)
fn part_of(
    whole: DebriefDraft,
    sheets: &[SheetView],
    missions: &[MissionRecord],
    own: &BTreeSet<i64>,
) -> DebriefDraft {
    let mine: Vec<&SheetView> = sheets
        .iter()
        .filter(|s| own.contains(&s.sortie.id))
        .collect();
    let keys: BTreeSet<&str> = mine.iter().map(|s| s.sortie.key.as_str()).collect();
    let crew: BTreeSet<i64> = mine
        .iter()
        .flat_map(|s| s.crew.iter().map(|c| c.crew_id))
        .collect();
    let DebriefDraft {
        mut request,
        conflicts,
    } = whole;
    request.sorties.retain(|s| keys.contains(s.key.as_str()));
    request
        .kills
        .retain(|k| k.shooters.iter().any(|s| crew.contains(s)));
    let flown: Vec<Side> = mine
        .iter()
        .filter(|s| s.sortie.assignment == Some(Assignment::Mission))
        .map(|s| s.sortie.side)
        .collect();
    request.missions.retain(|facts| {
        missions
            .iter()
            .any(|m| m.id == facts.mission_id && flown.contains(&m.side))
    });
    DebriefDraft {
        request,
        conflicts: conflicts
            .into_iter()
            .filter(|c| c.sortie_id.is_some_and(|id| own.contains(&id)))
            .collect(),
    }
}
