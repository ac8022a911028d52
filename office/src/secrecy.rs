//! §13.20 for a caller: who he is to a side's mission assignment. The rule itself is
//! `campaign::missions::Reader::sees_assignment`; this says which reader a caller is.

use campaign::missions::Reader;
use campaign::roster::MemberRole;

use crate::access::CampaignScope;

/// The caller as a reader of assignments: a referee (admins too), a player of the side
/// his membership names, or the public. The membership's side, not his crewmen's, is
/// the one that counts: it is the side whose missions he may assign, so whoever may
/// write an assignment may read it back, and nobody else may before the debrief.
pub fn reader_of(scope: &CampaignScope) -> Reader {
    if scope.is_referee() {
        return Reader::Referee;
    }
    match &scope.member {
        Some(m) if m.role == MemberRole::Player => m.side.map_or(Reader::Public, Reader::Player),
        _ => Reader::Public,
    }
}
