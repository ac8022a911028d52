//! §13.20, R20 for a caller: who he is to a game's secrets, and what he may see of one
//! game. The rules are `campaign::secrecy::Secrecy`'s; this says which reader a caller
//! is and carries who he is to the sheets, so every view asks the same question.

use campaign::missions::Reader;
use campaign::roster::MemberRole;
use campaign::secrecy::{GameStage, RollSight, Secrecy};
use campaign::sides::Side;

use crate::access::CampaignScope;

/// The caller as a reader of assignments: a referee (admins too), a player of the side
/// his membership names, or the public. The membership's side, not his crewmen's, is
/// the one that counts: it is the side whose missions he may assign, so whoever may
/// write an assignment may read it back, and nobody else may before the debrief.
pub fn reader_of(scope: &CampaignScope) -> Reader {
    if scope.is_referee() {
        return Reader::Referee;
    }
    match &scope.member() {
        Some(m) if m.role == MemberRole::Player => m.side.map_or(Reader::Public, Reader::Player),
        _ => Reader::Public,
    }
}

/// What the caller of a scope may see of one game: built once per read from the
/// caller, the game's state and whether its campaign ended; every view (API, pages,
/// events, briefing, feed, export) asks it rather than deciding again.
#[derive(Debug, Clone, Copy)]
pub struct GameSecrecy {
    rules: Secrecy,
    caller: Option<i64>,
}

impl GameSecrecy {
    /// For the caller of `scope`, of a game `debriefed` (voided or not) or `abandoned`.
    pub fn of(scope: &CampaignScope, debriefed: bool, voided: bool, abandoned: bool) -> Self {
        let ended = scope.campaign().ended_week.is_some();
        Self::at(scope, GameStage::of(debriefed, voided, abandoned, ended))
    }

    /// For the caller of `scope`, of a game at `stage`.
    pub fn at(scope: &CampaignScope, stage: GameStage) -> Self {
        GameSecrecy {
            rules: Secrecy::new(reader_of(scope), stage),
            caller: scope.caller().map(|u| u.id),
        }
    }

    /// Everything, as a referee sees it: for the service's own reckoning (the whole
    /// debrief draft before it is cut to a reader's part), never for a reader.
    pub fn whole() -> Self {
        GameSecrecy {
            rules: Secrecy::new(Reader::Referee, GameStage::InPlay),
            caller: None,
        }
    }

    /// For the public (the feed): nobody signed in.
    pub fn public(stage: GameStage) -> Self {
        GameSecrecy {
            rules: Secrecy::new(Reader::Public, stage),
            caller: None,
        }
    }

    /// Whether nothing of the game is secret any more.
    pub fn over(&self) -> bool {
        self.rules.over()
    }

    /// Whether the caller sees `side`'s assignment: its aircraft and crew, and which
    /// sortie of the line-up flies it (§13.20).
    pub fn sees_assignment(&self, side: Side) -> bool {
        self.rules.sees_assignment(side)
    }

    /// Whether the caller is one of a sheet's players: he owns one of `owners`' crew.
    fn plays(&self, owners: impl IntoIterator<Item = i64>) -> bool {
        self.caller
            .is_some_and(|me| owners.into_iter().any(|owner| owner == me))
    }

    /// Whether the caller reads in full the sheet whose crew `owners` own (R20).
    pub fn reads_sheet(&self, owners: impl IntoIterator<Item = i64>) -> bool {
        self.rules.reads_sheet(self.plays(owners))
    }

    /// How a roll on the sheet whose crew `owners` own shows to the caller (R20).
    pub fn sees_roll(
        &self,
        owners: impl IntoIterator<Item = i64>,
        declared_at_table: bool,
        open_result: bool,
    ) -> RollSight {
        self.rules
            .sees_roll(self.plays(owners), declared_at_table, open_result)
    }

    /// Whether an event of the sheet whose crew `owners` own names its sortie to the
    /// caller: a write that changed an open fact does, a quiet one only to the sheet's
    /// readers (API v1.3).
    pub fn sees_sheet_event(
        &self,
        owners: impl IntoIterator<Item = i64>,
        open_fact_changed: bool,
    ) -> bool {
        self.rules
            .sees_sheet_event(self.plays(owners), open_fact_changed)
    }
}
