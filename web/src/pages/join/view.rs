//! The join page's view: what the invitation offers, in a sentence, and the form.

use askama::Template;
use campaign::roster::MemberRole;
use campaign::sides::Side;

use super::JoinForm;
use crate::form::FieldErrors;
use crate::pages::Nav;

/// An invitation as the page says it.
pub struct Offer {
    pub campaign: String,
    /// "You are invited to play Bloody April as a player for the Allied side."
    pub offer: String,
    /// A player's invitation that leaves the side to him (R2).
    pub side_open: bool,
}

impl Offer {
    pub fn new(campaign: String, role: MemberRole, side: Option<Side>) -> Self {
        let part = match (role, side) {
            (MemberRole::Referee, _) => "as a referee: you will run its games and weeks".to_owned(),
            (MemberRole::Player, Some(side)) => {
                format!("as a player on the {} side", side.label())
            }
            (MemberRole::Player, None) => "as a player: you choose your side".to_owned(),
        };
        Self {
            offer: format!("You are invited to join {campaign} {part}."),
            side_open: role == MemberRole::Player && side.is_none(),
            campaign,
        }
    }
}

/// `/join/{code}`.
#[derive(Template)]
#[template(path = "join/page.html")]
pub struct JoinPage {
    pub nav: Nav,
    pub code: String,
    pub invitation: Offer,
    /// Why the invitation no longer works: expired, used up or revoked.
    pub gone: Option<String>,
    /// Said above the form: a refusal no field is to blame for.
    pub note: Option<String>,
    /// Whether this site lets people make their own accounts.
    pub sign_up_open: bool,
    pub form: JoinForm,
    pub errors: FieldErrors,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_offer_says_role_and_side() {
        let offer = |role, side| Offer::new("Bloody April".into(), role, side);
        assert_eq!(
            offer(MemberRole::Player, Some(Side::Allied)).offer,
            "You are invited to join Bloody April as a player on the Allied side."
        );
        let open = offer(MemberRole::Player, None);
        assert!(open.side_open);
        assert!(open.offer.ends_with("you choose your side."));
        assert!(!offer(MemberRole::Referee, None).side_open);
    }

    // R26: where the site makes no accounts (EAGLES_SIGN_UP=closed), the page says so
    // and offers only to sign in.
    #[test]
    fn a_closed_site_says_so() {
        let page = |sign_up_open| JoinPage {
            nav: Nav {
                shown: true,
                username: None,
                csrf: "token".into(),
            },
            code: "abc".into(),
            invitation: Offer::new("Bloody April".into(), MemberRole::Player, None),
            gone: None,
            note: None,
            sign_up_open,
            form: JoinForm::default(),
            errors: FieldErrors::default(),
        };
        let closed = page(false).render().unwrap();
        assert!(closed.contains("New accounts cannot be made on this site"));
        assert!(!closed.contains(r#"id="create""#));
        assert!(closed.contains(r#"id="sign-in-and-join""#));
        let open = page(true).render().unwrap();
        assert!(open.contains(r#"id="create""#));
        assert!(!open.contains("New accounts cannot be made"));
    }
}
