//! The debrief drafted from a game's sheets (API v1.2, R22): the request the debrief
//! accepts as it is, and what the referee must decide before he confirms it.

use serde::Serialize;

use crate::debrief::DebriefRequest;

/// A game's debrief as its sheets tell it.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct DebriefDraft {
    /// A body `POST …/debrief` accepts unchanged.
    pub request: DebriefRequest,
    /// What the sheets leave for the referee to decide, each beside its sortie.
    pub conflicts: Vec<Conflict>,
}

/// One thing the sheets leave undecided.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct Conflict {
    pub code: ConflictCode,
    /// The sortie it concerns: the victim's for a claim.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sortie_id: Option<i64>,
    /// The crewman it concerns, if one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub crew_id: Option<i64>,
    /// What to decide, in the sheets' words.
    pub detail: String,
}

/// The kinds of [`Conflict`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum ConflictCode {
    /// One victim claimed from several sheets: the draft shares the kill among every
    /// claimant (R4's shares).
    DisputedClaim,
    /// A claim on an aircraft whose sheet says neither destroyed nor down: left out
    /// of the kills.
    ClaimNotDown,
    /// A sortie neither destroyed, down nor escaped, whose last turn is before the
    /// game's.
    NoEnd,
    /// A mark about a crewman after the mark that killed him.
    MarksAfterDeath,
    /// Markers still to draw.
    UndrawnDamage,
}
