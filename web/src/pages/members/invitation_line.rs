//! An invitation as the referee's list shows it: what it offers, whether it still
//! works and why not, its link and the link's QR code (R26).

use campaign::roster::MemberRole;
use eagles_office::invitations::{InvitationState, InvitationView};

use crate::words;

/// One invitation of the campaign.
pub struct InvitationLine {
    pub id: i64,
    /// "A player on the Allied side", "A player who chooses his side", "A referee".
    pub what: String,
    /// "2 uses left, valid until …", "expired on …", "used up", "revoked".
    pub state: String,
    /// Still works: its link, QR code and revoke button are shown.
    pub usable: bool,
    pub url: String,
    /// The link as a QR code, inline SVG with its accessible name.
    pub qr: Option<String>,
}

impl From<InvitationView> for InvitationLine {
    fn from(i: InvitationView) -> Self {
        let what = match (i.role, i.side) {
            (MemberRole::Referee, _) => "A referee".to_owned(),
            (MemberRole::Player, Some(side)) => format!("A player on the {} side", side.label()),
            (MemberRole::Player, None) => "A player who chooses his side".to_owned(),
        };
        let state = match i.state {
            InvitationState::Revoked => "revoked".to_owned(),
            InvitationState::Expired => format!("expired on {}", words::moment(i.expires_at)),
            InvitationState::UsedUp => format!("used up ({})", words::counted(i.uses, "use")),
            InvitationState::Valid => format!(
                "{} left, valid until {}",
                words::count(i.uses_left, "use", "uses"),
                words::moment(i.expires_at)
            ),
        };
        let usable = i.state == InvitationState::Valid;
        let qr = usable
            .then(|| {
                let name = format!("QR code for the invitation link {}", i.url);
                crate::qr::svg_of(&i.url, &name)
            })
            .flatten();
        Self {
            id: i.id,
            what,
            state,
            usable,
            url: i.url,
            qr,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::{TimeZone, Utc};

    fn invitation(state: InvitationState, uses_left: i32) -> InvitationView {
        let at = Utc.with_ymd_and_hms(2026, 12, 12, 14, 5, 0).unwrap();
        InvitationView {
            id: 7,
            code: "abc".into(),
            url: "http://club.example/join/abc".into(),
            role: MemberRole::Player,
            side: None,
            uses: 2,
            uses_left,
            expires_at: at,
            state,
            revoked: state == InvitationState::Revoked,
            expired: state == InvitationState::Expired,
            used_up: state == InvitationState::UsedUp,
            created_at: at,
        }
    }

    // R26: each invitation says whether it still works, in the one date style.
    #[test]
    fn an_invitation_says_whether_it_works() {
        let live = InvitationLine::from(invitation(InvitationState::Valid, 1));
        assert_eq!(
            live.state,
            "1 use left, valid until 12 December 2026, 14:05 UTC"
        );
        assert_eq!(live.what, "A player who chooses his side");
        assert!(live.usable);
        assert!(live.qr.unwrap().contains(
            r#"aria-label="QR code for the invitation link http://club.example/join/abc""#
        ));
        let line = |state| InvitationLine::from(invitation(state, 0));
        assert_eq!(line(InvitationState::UsedUp).state, "used up (2 uses)");
        assert_eq!(line(InvitationState::Revoked).state, "revoked");
        let expired = line(InvitationState::Expired);
        assert_eq!(expired.state, "expired on 12 December 2026, 14:05 UTC");
        assert!(!expired.usable && expired.qr.is_none());
    }
}
