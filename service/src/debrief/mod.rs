//! Debriefs: the referee's report of a game, checked whole and written in one
//! transaction (R4, R5, R7–R10, R14) or previewed without writing, read back for the
//! week and game pages with each crewman's rolls, and corrected by voiding a debrief
//! or a single award with reversing ledger entries.

pub(crate) mod down;
mod flown;
mod lineup;
mod request;
mod response;
mod validate;
mod void;
mod write;

use campaign::events::EventKind;
use campaign::sides::Side;
use eagles_db::campaigns::Campaign;
use eagles_db::debriefs::{DebriefGame, GameMission};
use eagles_db::diesel_async::AsyncPgConnection;
use eagles_db::users::User;
use futures_util::future::{try_join, try_join3, try_join4};

use lineup::Lineup;
use serde_json::json;

pub use flown::{flown, records, Flown, FlownKill, FlownSeat, FlownSortie};
pub use request::{
    CrewDice, CrewReport, DebriefRequest, DownDice, DownReport, KillReport, LeftBoard,
    MissionFacts, SortieReport, VoidRequest,
};
pub use response::{
    AwardView, CaptureView, CrewRollsView, DebriefResult, InjuryView, MissionResultView, RollLine,
};
pub use void::{LedgerEntryView, VoidedDebrief};
pub use write::CheckedDebrief;

use crate::access::{readable_campaign, CampaignScope};
use crate::envelope::{self, Access, Change};
use crate::error::ServiceError;
use crate::fair_dice::DiceChain;
use crate::text::clean_name;
use crate::Service;
use eagles_office::access::ReadAccess;
use eagles_office::debrief::*;
use eagles_office::prelude::*;

/// Enters a game's debrief as `user`, who must referee the campaign: the whole report
/// checked, then written all or nothing. The API and the pages both debrief here.
pub async fn create(
    conn: &mut AsyncPgConnection,
    user: User,
    campaign_id: i64,
    game_id: i64,
    request: DebriefRequest,
) -> Result<DebriefResult, ServiceError> {
    let counts = json!({
        "game_id": game_id,
        "sorties": request.sorties.len(),
        "kills": request.kills.len(),
    });
    let aircraft_ids = named_aircraft(&request);
    envelope::write_reading(
        conn,
        campaign_id,
        &user,
        Access::Referee("enter a debrief"),
        async |conn| facts(conn, campaign_id, game_id, &aircraft_ids).await,
        async |conn, scope, mut facts, record| {
            // Only a game with sheets has rolls made at the table to refer to.
            let sheets = !facts.lineup.sorties.is_empty();
            // The debrief is a referee's: a nonce in it is refused (R25).
            let nonce = request
                .sorties
                .iter()
                .find_map(|s| s.down.as_ref()?.nonce.clone());
            let tail = facts.chain_tail.take();
            let chain = DiceChain::after(conn, &scope, nonce.as_deref(), tail).await?;
            let plan = checked(scope, game_id, facts, request, Some(&chain))?;
            let rolled = (plan, sheets, chain);
            write::write(conn, campaign_id, user.id, rolled, counts, record).await
        },
    )
    .await
}

/// The aircraft types the report names (a sortie named by `sortie_id` may leave its
/// own out: the line-up's are read anyway).
fn named_aircraft(request: &DebriefRequest) -> Vec<i64> {
    request
        .sorties
        .iter()
        .filter_map(|s| s.aircraft_id)
        .collect()
}

/// What the checks of a debrief of `game_id` read, sent with the campaign's lock (the
/// envelope pipelines them): the game, its missions, the campaign's crew, the aircraft
/// the report names, the missions were assigned or the line-up declared, the
/// line-up, and the week's chain tail (R25), whose own round trip the bench's debrief
/// measured. The lock serialises a debrief with a week close, with a second debrief of
/// the same game and with the line-up's changes.
async fn facts(
    conn: &AsyncPgConnection,
    campaign_id: i64,
    game_id: i64,
    aircraft_ids: &[i64],
) -> Result<LoadedFacts, ServiceError> {
    let ((game, missions, crew, aircraft), (sorties, seats, chain_tail)) = try_join(
        try_join4(
            eagles_db::debriefs::game(conn, campaign_id, game_id),
            eagles_db::debriefs::missions(conn, game_id),
            eagles_db::crew::list(conn, campaign_id, &Default::default()),
            eagles_db::aircraft::named_or_assigned(conn, aircraft_ids, game_id),
        ),
        try_join3(
            eagles_db::lineup::sorties(conn, &[game_id]),
            eagles_db::lineup::seats(conn, &[game_id]),
            eagles_db::fair_dice::current_chain_tail(conn, campaign_id),
        ),
    )
    .await?;
    Ok(LoadedFacts {
        game,
        missions,
        crew,
        aircraft,
        lineup: Lineup { sorties, seats },
        chain_tail,
    })
}

/// What [`facts`] read, the game not yet known to exist.
struct LoadedFacts {
    game: Option<DebriefGame>,
    missions: Vec<GameMission>,
    crew: Vec<eagles_db::crew::CrewRecord>,
    aircraft: Vec<eagles_db::aircraft::AircraftType>,
    lineup: Lineup,
    chain_tail: Option<eagles_db::fair_dice::ChainTail>,
}

/// Checks `request` against `facts` of the campaign `scope` holds locked, and plans it
/// (for a `preview`, rolling no die).
fn checked(
    scope: CampaignScope,
    game_id: i64,
    facts: LoadedFacts,
    request: DebriefRequest,
    chain: Option<&DiceChain>,
) -> Result<validate::Plan, ServiceError> {
    let LoadedFacts {
        game,
        missions,
        crew,
        aircraft,
        lineup,
        ..
    } = facts;
    let campaign = scope.campaign();
    let game = game.ok_or_else(|| game_not_found(game_id))?;
    open_for_debrief(&game, campaign)?;
    missions_rolled(&game, &missions)?;
    lineup.mission_declared(&missions, &crew, &aircraft)?;
    let mut request = request;
    lineup.resolve(&mut request.sorties)?;
    let facts = validate::Facts {
        game,
        missions,
        crew,
        aircraft,
    };
    validate::plan(campaign, facts, request, chain)
}

/// A game is debriefed once both sides' missions are rolled (R9: each side rolls its
/// mission at each game; API v1.2): before that the debrief would leave the game
/// "debriefed" with a mission missing for good. A 409 saying which is missing.
fn missions_rolled(game: &DebriefGame, missions: &[GameMission]) -> Result<(), ServiceError> {
    let missing: Vec<&str> = Side::ALL
        .iter()
        .filter(|side| !missions.iter().any(|m| m.side == **side))
        .map(|side| side.label())
        .collect();
    let which = match missing.as_slice() {
        [] => return Ok(()),
        [side] => format!("the {side} side's mission is not rolled"),
        _ => "neither side's mission is rolled".to_owned(),
    };
    Err(ServiceError::Conflict(format!(
        "game {} cannot be debriefed yet: {which}; roll both sides' missions first",
        game.id
    )))
}

/// Each crewman of the game `game_id`'s sorties with his outcome and the rolls made
/// for him (R8, R14), as the debrief's answer lists them. The caller has checked that
/// the reader may see the game and that it is debriefed (§13.20: before the debrief
/// the crew of a mission is kept from the other side).
pub async fn crew_rolls(
    conn: &AsyncPgConnection,
    game_id: i64,
) -> Result<Vec<CrewRollsView>, ServiceError> {
    let (seats, rolls) = try_join(
        eagles_db::rolls::seats_of_games(conn, &[game_id]),
        eagles_db::rolls::crew_rolls_of_games(conn, &[game_id]),
    )
    .await?;
    response::crew_rolls(seats, rolls)
}

/// Voids a game's debrief as `user`, who must referee the campaign, for `reason`
/// (required). The API and the pages both void debriefs here.
pub async fn void(
    conn: &mut AsyncPgConnection,
    user: User,
    campaign_id: i64,
    game_id: i64,
    reason: &str,
) -> Result<VoidedDebrief, ServiceError> {
    let reason = clean_name("reason", reason, 500)?;
    envelope::write(
        conn,
        campaign_id,
        &user,
        Access::Referee("void a debrief"),
        async |conn, scope, record| {
            let game = find_game(conn, campaign_id, game_id).await?;
            let voided =
                void::void_debrief(conn, &game, scope.campaign().current_week, user.id, &reason)
                    .await?;
            let change = Change::new(EventKind::Void, game_id).audit(
                "debrief.void",
                json!({ "game_id": game_id, "reason": reason, "reversed_awards": voided.reversed_awards }),
            );
            let receipt = record.record(conn, change).await?;
            Ok((voided, receipt))
        },
    )
    .await
}

async fn find_game(
    conn: &mut AsyncPgConnection,
    campaign_id: i64,
    game_id: i64,
) -> Result<DebriefGame, ServiceError> {
    eagles_db::debriefs::game(conn, campaign_id, game_id)
        .await?
        .ok_or_else(|| game_not_found(game_id))
}

fn game_not_found(game_id: i64) -> ServiceError {
    ServiceError::NotFound(format!("there is no game {game_id} in this campaign"))
}

/// A game takes one debrief, in its own week: not voided, not debriefed, not abandoned,
/// and its week still the campaign's current one.
fn open_for_debrief(game: &DebriefGame, campaign: &Campaign) -> Result<(), ServiceError> {
    if let Some(week) = game.voided_week {
        return Err(ServiceError::Conflict(format!(
            "the debrief of game {} was voided in week {week}; a voided game is not debriefed again, open a new game for a replay",
            game.id
        )));
    }
    if game.debriefed_at.is_some() {
        return Err(ServiceError::Conflict(format!(
            "game {} is already debriefed; correct it by voiding the debrief or single awards",
            game.id
        )));
    }
    if game.abandoned() {
        return Err(ServiceError::Conflict(format!(
            "game {} was abandoned without a debrief when week {} closed; an abandoned game is not debriefed, open a new game for a replay",
            game.id, game.week
        )));
    }
    if game.week != campaign.current_week {
        return Err(ServiceError::Conflict(format!(
            "week {} is closed; the campaign is in week {}, and a debrief is entered in its game's week",
            game.week, campaign.current_week
        )));
    }
    Ok(())
}

#[async_trait::async_trait]
impl Debriefs for Service {
    async fn debrief(
        &self,
        user: User,
        game: GameRef,
        request: DebriefRequest,
    ) -> Result<DebriefResult, Error> {
        let conn = &mut *self.conn().await?;
        create(conn, user, game.campaign_id, game.game_id, request).await
    }

    /// What a debrief would give each crewman — his outcome and the rolls that decided it
    /// (R7, R8, R14) — checked as [`create`] checks it, with nothing written and nothing
    /// logged: the debrief page's "Preview the rolls". No die is rolled: a roll whose dice
    /// were not entered is listed with its table and modifiers and no dice (what follows
    /// it is not known yet), and the submit rolls it once (R14). It runs in the envelope
    /// like the debrief it previews (the same lock, the same refusals) and records no
    /// change.
    async fn preview_debrief(
        &self,
        user: User,
        game: GameRef,
        request: DebriefRequest,
    ) -> Result<Vec<CrewRollsView>, Error> {
        let (campaign_id, game_id) = (game.campaign_id, game.game_id);
        let mut conn = self.conn().await?;
        let aircraft_ids = named_aircraft(&request);
        envelope::write_reading(
            &mut conn,
            campaign_id,
            &user,
            Access::Referee("preview a debrief"),
            async |conn| facts(conn, campaign_id, game_id, &aircraft_ids).await,
            async |_conn, scope, facts, record| {
                let plan = checked(scope, game_id, facts, request, None)?;
                Ok((
                    write::preview(campaign_id, user.id, plan)?,
                    record.unchanged(),
                ))
            },
        )
        .await
    }

    async fn debrief_draft(
        &self,
        reader: eagles_office::access::ReadAccess,
        game: GameRef,
    ) -> Result<eagles_office::draft::DebriefDraft, Error> {
        Ok(crate::sheets::draft::draft(&mut *self.conn().await?, reader, game).await?)
    }

    async fn void_debrief(
        &self,
        user: User,
        game: GameRef,
        reason: String,
    ) -> Result<VoidedDebrief, Error> {
        let conn = &mut *self.conn().await?;
        void(conn, user, game.campaign_id, game.game_id, &reason).await
    }

    /// The stored result of a debriefed game of a campaign `reader` may read.
    async fn debrief_result(
        &self,
        reader: ReadAccess,
        game: GameRef,
    ) -> Result<DebriefResult, Error> {
        let (campaign_id, game_id) = (game.campaign_id, game.game_id);
        let mut conn = self.conn().await?;
        let conn = &mut *conn;
        let caller = reader.into_caller();
        readable_campaign(conn, campaign_id, caller).await?;
        let (game, result) = response::load(conn, campaign_id, game_id)
            .await?
            .ok_or_else(|| game_not_found(game_id))?;
        if game.debriefed_at.is_none() {
            return Err(ServiceError::NotFound(format!(
                "game {game_id} has not been debriefed yet"
            )));
        }
        Ok(result)
    }

    /// Voids one award with a reversing entry in the current week, as `user`, who must
    /// referee the campaign.
    async fn void_award(
        &self,
        user: User,
        award: AwardRef,
        reason: String,
    ) -> Result<LedgerEntryView, Error> {
        let (campaign_id, award_id) = (award.campaign_id, award.award_id);
        let mut conn = self.conn().await?;
        let reason = &reason;
        let reason = clean_name("reason", reason, 500)?;
        envelope::write(
            &mut conn,
            campaign_id,
            &user,
            Access::Referee("void an award"),
            async |conn, scope, record| {
                let award = eagles_db::ledger::find(conn, campaign_id, award_id)
                    .await?
                    .ok_or_else(|| {
                        ServiceError::NotFound(format!(
                            "there is no award {award_id} in this campaign"
                        ))
                    })?;
                let reversal =
                    void::reverse_award(conn, &award, scope.campaign().current_week, &reason)
                        .await?;
                let change = Change::new(EventKind::Void, award_id).audit(
                    "award.void",
                    json!({ "award_id": award_id, "reversal_id": reversal.id, "reason": reason }),
                );
                let receipt = record.record(conn, change).await?;
                Ok((void::ledger_entry_view(reversal), receipt))
            },
        )
        .await
    }
}
