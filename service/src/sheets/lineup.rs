//! A game's line-up (R16): sorties declared before play by their players or a referee,
//! the mission aircraft too. The assignment alone makes no sortie: a declared sortie
//! that matches its side's assignment (R9) is the mission sortie, and an assignment
//! changed later moves the mission to the declared sortie that matches (API v1.3).

use campaign::assignment::check_sortie;
use campaign::crew::Role;
use campaign::events::EventKind;
use campaign::missions::Assignment;
use campaign::sides::Side;
use eagles_db::diesel_async::AsyncPgConnection;
use eagles_db::games::{GameRecord, MissionCrew, MissionRecord};
use eagles_db::lineup::NewSortie;
use eagles_db::users::User;
use eagles_office::access::ReadAccess;
use eagles_office::secrecy::GameSecrecy;
use eagles_office::sheets::{DeclareSortie, GameRef, SortieRef, SortieView};

use super::marks::OpenSheet;
use super::read::{sortie_view, sum, GameSheets};
use crate::access::{readable_campaign, CampaignScope};
use crate::envelope::{self, Access, Change};
use crate::error::{Locus, ServiceError};
use crate::games::assignment::{aircraft_facts, crew_facts};
use crate::games::secrecy_of;
use crate::Service;
use eagles_office::prelude::*;

/// The game `game_id` of the campaign, or 404.
pub(super) async fn game(
    conn: &mut AsyncPgConnection,
    campaign_id: i64,
    game_id: i64,
) -> Result<GameRecord, ServiceError> {
    eagles_db::games::find(conn, campaign_id, game_id)
        .await?
        .ok_or_else(|| no_game(game_id))
}

/// The 404 of a game that is not the campaign's.
pub(super) fn no_game(game_id: i64) -> ServiceError {
    ServiceError::NotFound(format!("there is no game {game_id} in this campaign"))
}

/// 409 once the game is debriefed or abandoned: its sheets are then the record.
pub(super) fn still_in_play(game: &GameRecord, what: &str) -> Result<(), ServiceError> {
    if game.debriefed() {
        return Err(ServiceError::Conflict(format!(
            "game {} is debriefed; {what}",
            game.id
        )));
    }
    if game.abandoned() {
        return Err(ServiceError::Conflict(format!(
            "game {} was abandoned when week {} closed; {what}",
            game.id, game.week
        )));
    }
    Ok(())
}

/// The pilot and observer of a crew list, checked for R16's seats: one pilot, at most
/// one observer.
fn seats(crew: &[(i64, Role)]) -> Result<(i64, Option<i64>), ServiceError> {
    let of = |role| {
        crew.iter()
            .filter(move |(_, r)| *r == role)
            .map(|(id, _)| *id)
    };
    let pilots: Vec<i64> = of(Role::Pilot).collect();
    let observers: Vec<i64> = of(Role::Observer).collect();
    match (pilots.as_slice(), observers.as_slice()) {
        ([pilot], []) => Ok((*pilot, None)),
        ([pilot], [observer]) => Ok((*pilot, Some(*observer))),
        ([], _) => Err(ServiceError::invalid(
            "a sortie always carries a pilot: add one with position \"pilot\"",
        )),
        _ => Err(ServiceError::invalid(
            "a sortie carries one pilot and at most one observer",
        )),
    }
}

/// Checks a crew for an aircraft on the game's week (R9, R11, R16): the aircraft of
/// the side and in service, the crew of the side, available and in their own seats,
/// and none already flying another sortie of the game.
async fn check_crew(
    conn: &mut AsyncPgConnection,
    scope: &CampaignScope,
    game: &GameRecord,
    aircraft_id: i64,
    crew: &[(i64, Role)],
) -> Result<Side, ServiceError> {
    let (pilot_id, observer_id) = seats(crew)?;
    let aircraft = aircraft_facts(conn, aircraft_id).await?;
    let campaign = scope.campaign();
    let pilot = crew_facts(conn, campaign.id, "crew_id", pilot_id, game.week).await?;
    let observer = match observer_id {
        Some(id) => Some(crew_facts(conn, campaign.id, "crew_id", id, game.week).await?),
        None => None,
    };
    let date = campaign.week_date(game.week);
    check_sortie(aircraft.side, date, &aircraft, &pilot, observer.as_ref())?;
    let sheets = GameSheets::load(conn, game.id).await?;
    for &(crew_id, _) in crew {
        if let Some(seat) = sheets.seats.iter().find(|s| s.crew_id == crew_id) {
            let key = sheets.sortie(seat.sortie_id).map_or("", |s| &s.key);
            return Err(ServiceError::invalid(format!(
                "{} already flies sortie {key} of this game; a crewman flies one sortie a game",
                seat.name
            ))
            .at(Locus::Field("crew")));
        }
    }
    Ok(aircraft.side)
}

/// 403 unless every crewman of `crew` is `user`'s: a player declares his own.
async fn require_own_crew(
    conn: &mut AsyncPgConnection,
    campaign_id: i64,
    user: &User,
    crew: &[(i64, Role)],
) -> Result<(), ServiceError> {
    for &(crew_id, _) in crew {
        let man = eagles_db::crew::find(conn, campaign_id, crew_id).await?;
        if let Some(man) = man.filter(|m| m.owner_id != user.id) {
            return Err(ServiceError::Forbidden(format!(
                "{} is not your crewman; a player declares sorties of his own crew, a referee any",
                man.name
            )));
        }
    }
    Ok(())
}

/// Every sortie of a game's `sheets` as `secrecy` lets its reader see it (§13.20, R20).
pub(crate) fn sortie_views(
    secrecy: &GameSecrecy,
    sheets: &GameSheets,
) -> Result<Vec<SortieView>, ServiceError> {
    let mut views = Vec::with_capacity(sheets.sorties.len());
    for sortie in &sheets.sorties {
        let state = sum(sheets, sortie)?.state;
        views.push(sortie_view(secrecy, sheets, sortie, &state));
    }
    Ok(views)
}

/// What `mission` assigns, once its aircraft and pilot are assigned.
pub(crate) fn assigned(mission: &MissionRecord) -> Option<MissionCrew> {
    Some(MissionCrew {
        aircraft_type_id: mission.aircraft_type_id?,
        pilot_id: mission.pilot_id?,
        observer_id: mission.observer_id,
    })
}

/// Whether a sortie of `aircraft_id` flown by `crew` is the one `assigned` names: the
/// same aircraft, pilot and observer (R9, R16).
pub(crate) fn flies_assignment(
    assigned: &MissionCrew,
    aircraft_id: i64,
    crew: &[(i64, Role)],
) -> bool {
    let seat = |role| crew.iter().find(|(_, r)| *r == role).map(|(id, _)| *id);
    assigned.aircraft_type_id == aircraft_id
        && seat(Role::Pilot) == Some(assigned.pilot_id)
        && seat(Role::Observer) == assigned.observer_id
}

/// Moves the mission of `side` to the declared sortie that matches its new assignment
/// (none if none does yet: the mission aircraft is declared like any other), in the
/// assignment's transaction (R16, API v1.3). Refused once a sheet it would take the
/// mission from or give it to has marks: the sheet's marks were made for what it flew.
pub async fn follow_assignment(
    conn: &mut AsyncPgConnection,
    game: &GameRecord,
    side: Side,
    assigned: &MissionCrew,
) -> Result<(), ServiceError> {
    let sheets = GameSheets::load(conn, game.id).await?;
    let of_side = || sheets.sorties.iter().filter(|s| s.side == side);
    let current = of_side().find(|s| s.assignment == Assignment::Mission);
    let next = of_side().find(|s| {
        let seats: Vec<(i64, Role)> = sheets
            .seats_of(s.id)
            .iter()
            .map(|seat| (seat.crew_id, seat.position))
            .collect();
        flies_assignment(assigned, s.aircraft_type_id, &seats)
    });
    if current.map(|s| s.id) == next.map(|s| s.id) {
        return Ok(());
    }
    for sortie in [current, next].into_iter().flatten() {
        if eagles_db::lineup::marked(conn, sortie.id).await? {
            return Err(ServiceError::Conflict(format!(
                "{} ({} flown by {}) has marks on its sheet, so the mission can no longer move to or from it; the assignment stays as it is",
                sortie.key,
                sortie.aircraft_name,
                crew_words(&sheets, sortie.id)
            )));
        }
    }
    eagles_db::lineup::set_mission(conn, game.id, side, next.map(|s| s.id)).await?;
    Ok(())
}

/// The names of a sortie's crew, pilot first: "Hans Weiss and Otto Kissenberth".
fn crew_words(sheets: &GameSheets, sortie_id: i64) -> String {
    sheets
        .seats_of(sortie_id)
        .iter()
        .map(|seat| seat.name.as_str())
        .collect::<Vec<_>>()
        .join(" and ")
}

/// Declares a sortie (R16): a player his own crewmen, a referee any crew.
pub async fn declare(
    conn: &mut AsyncPgConnection,
    user: User,
    at: GameRef,
    request: DeclareSortie,
) -> Result<SortieView, ServiceError> {
    let access = Access::Member("declare a sortie");
    envelope::write(
        conn,
        at.campaign_id,
        &user,
        access,
        async |conn, scope, record| {
            let game = game(conn, at.campaign_id, at.game_id).await?;
            still_in_play(&game, "its line-up can no longer change")?;
            let crew: Vec<(i64, Role)> = request
                .crew
                .iter()
                .map(|s| (s.crew_id, s.position))
                .collect();
            if !scope.is_referee() {
                require_own_crew(conn, at.campaign_id, &user, &crew).await?;
            }
            let side = check_crew(conn, &scope, &game, request.aircraft_id, &crew).await?;
            let missions = eagles_db::games::missions_of(conn, &[game.id]).await?;
            let assignment = if missions
                .iter()
                .filter(|m| m.side == side)
                .filter_map(assigned)
                .any(|a| flies_assignment(&a, request.aircraft_id, &crew))
            {
                Assignment::Mission
            } else {
                Assignment::Sweep
            };
            let sortie = NewSortie {
                game_id: game.id,
                side,
                aircraft_type_id: request.aircraft_id,
                assignment,
                declared_by: Some(user.id),
            };
            let id = eagles_db::lineup::insert(conn, &sortie, &crew).await?;
            let seats: Vec<_> = crew
                .iter()
                .map(|(c, p)| serde_json::json!({ "crew_id": c, "position": p }))
                .collect();
            let details = serde_json::json!({ "game_id": game.id, "sortie_id": id,
                                          "aircraft_id": request.aircraft_id, "crew": seats });
            let change = Change::new(EventKind::Sheet, id).audit("sortie.declare", details);
            let receipt = record.record(conn, change).await?;
            let sheets = GameSheets::load(conn, game.id).await?;
            let sortie = sheets.sortie(id)?;
            let state = sum(&sheets, sortie)?.state;
            let secrecy = secrecy_of(&scope, &game);
            Ok((sortie_view(&secrecy, &sheets, sortie, &state), receipt))
        },
    )
    .await
}

#[async_trait::async_trait]
impl Lineups for Service {
    async fn declare_sortie(
        &self,
        user: User,
        at: GameRef,
        request: DeclareSortie,
    ) -> Result<SortieView, Error> {
        declare(&mut *self.conn().await?, user, at, request).await
    }

    /// Takes back a sortie while its sheet has no mark; its players or a referee.
    async fn withdraw_sortie(&self, user: User, at: SortieRef) -> Result<(), Error> {
        let mut conn = self.conn().await?;
        envelope::write(
            &mut conn,
            at.campaign_id,
            &user,
            Access::Member("take back a sortie"),
            async |conn, scope, record| {
                let open = OpenSheet::open(conn, scope, at, "take back this sortie").await?;
                let sortie = open.sortie();
                if eagles_db::lineup::marked(conn, sortie.id).await? {
                    return Err(ServiceError::Conflict(format!(
                    "sortie {}'s sheet has marks; a sortie is taken back only before its first mark",
                    sortie.key
                )));
                }
                eagles_db::lineup::delete(conn, sortie.id).await?;
                let change = Change::new(EventKind::Sheet, sortie.id).audit(
                    "sortie.withdraw",
                    serde_json::json!({ "game_id": at.game_id, "sortie_id": sortie.id }),
                );
                Ok(((), record.record(conn, change).await?))
            },
        )
        .await
    }

    /// A game's line-up as `reader` may see it (§13.20, R20).
    async fn lineup(&self, reader: ReadAccess, at: GameRef) -> Result<Vec<SortieView>, Error> {
        let mut conn = self.conn().await?;
        let conn = &mut *conn;
        let GameRef {
            campaign_id,
            game_id,
        } = at;
        let scope = readable_campaign(conn, campaign_id, reader).await?;
        let game = game(conn, campaign_id, game_id).await?;
        let sheets = GameSheets::load(conn, game_id).await?;
        Ok(sortie_views(&secrecy_of(&scope, &game), &sheets)?)
    }
}
