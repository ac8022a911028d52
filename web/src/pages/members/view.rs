//! The members page's view: the page, a member, a webhook and its deliveries as lines.

use askama::Template;
use campaign::roster::MemberRole;
use campaign::sides::Side;
use eagles_office::campaigns::Member;
use eagles_office::webhooks::WebhookView;

use super::{InvitationLine, InviteForm, LeaveForm, MemberForm};
use crate::form::FieldErrors;
use crate::pages::Nav;

/// A member as the tables show him.
#[derive(serde::Serialize)]
pub struct MemberLine {
    pub username: String,
    pub player: bool,
    pub role: &'static str,
    /// The side as shown; "—" for a neutral referee.
    pub side: &'static str,
    /// The side's code, for the switch form; empty for none.
    pub side_code: &'static str,
}

impl From<Member> for MemberLine {
    fn from(m: Member) -> Self {
        Self {
            username: m.username,
            player: m.role == MemberRole::Player,
            role: m.role.label(),
            side: m.side.map_or("—", Side::label),
            side_code: m.side.map_or("", Side::as_str),
        }
    }
}

/// The members page.
#[derive(Template)]
#[template(path = "members/page.html")]
pub struct MembersPage {
    pub nav: Nav,
    pub id: i64,
    pub name: String,
    pub members: Vec<MemberLine>,
    pub is_referee: bool,
    /// The campaign still runs (§13.203): its side switch and member forms are shown.
    pub running: bool,
    pub form: MemberForm,
    pub errors: FieldErrors,
    /// The signed-in user's name: a player may switch his own side.
    pub me: Option<String>,
    /// A refused side switch: the player's name and the reason.
    pub switch_error: Option<(String, String)>,
    /// The campaign's webhooks and their latest deliveries: referees only.
    pub webhooks: Vec<WebhookLine>,
    /// The base template offers a reload once the campaign moves past it.
    pub revision: i64,
    /// The campaign's invitations, newest first: referees only (R26).
    pub invitations: Vec<InvitationLine>,
    /// The invitation form as typed, and why it was refused.
    pub invite: InviteForm,
    pub invite_errors: FieldErrors,
    /// The members a referee may remove: all but himself.
    pub removable: Vec<String>,
    /// The visitor plays in the campaign: he may leave it.
    pub is_player: bool,
    /// The remove or leave form as sent, and why it was refused.
    pub leave: LeaveForm,
    pub leave_errors: FieldErrors,
}

/// A webhook as the referee's table shows it.
pub struct WebhookLine {
    pub id: i64,
    pub url: String,
    pub events: String,
    pub deliveries: Vec<DeliveryLine>,
}

/// One delivery of a webhook, with its tries.
pub struct DeliveryLine {
    pub delivery_id: String,
    pub content: String,
    pub status: &'static str,
    /// When it was queued, in UTC.
    pub created: String,
    /// When it is tried next, for a delivery still pending.
    pub next: Option<String>,
    /// Each try: its time and what came of it.
    pub attempts: Vec<(String, String)>,
}

impl From<WebhookView> for WebhookLine {
    fn from(w: WebhookView) -> Self {
        let time = crate::words::moment;
        Self {
            id: w.id,
            url: w.url,
            events: w
                .events
                .iter()
                .map(|e| e.label())
                .collect::<Vec<_>>()
                .join(", "),
            deliveries: w
                .deliveries
                .into_iter()
                .map(|d| DeliveryLine {
                    delivery_id: d.delivery_id,
                    content: d.content,
                    status: d.status.label(),
                    created: time(d.created_at),
                    next: d.next_attempt_at.map(time),
                    attempts: d
                        .attempts
                        .into_iter()
                        .map(|a| {
                            let result = match (a.http_status, a.error) {
                                (_, Some(error)) => error,
                                (Some(status), None) => format!("answered {status}"),
                                (None, None) => String::new(),
                            };
                            (time(a.at), result)
                        })
                        .collect(),
                })
                .collect(),
        }
    }
}
