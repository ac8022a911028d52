//! `/join/{code}`: an invitation to a campaign (R26), on one phone screen. A visitor
//! makes his account (where the site allows it) or signs in with the one he has, picks
//! his side when the invitation leaves it open (R2), and joins in the same step; a
//! signed-in visitor picks his side and joins. Either way he lands on the campaign's
//! page, where he creates his crew. An invitation that no longer works says why (410);
//! a member already is sent to the campaign with a note.

mod view;

use actix_web::http::StatusCode;
use actix_web::{get, post, web, HttpRequest, HttpResponse};
use campaign::sides::Side;
use eagles_office::invitations::{Acceptance, InvitationPreview};
use eagles_office::prelude::*;
use eagles_office::sign_up::{NewAccount, SignUpPolicy};
use eagles_office::Locus;
use serde::Deserialize;

use super::{render, see_other};
use crate::error::PageError;
use crate::form::FieldErrors;
use crate::session::{self, with_cookie, Session};
pub use view::{JoinPage, Offer};

/// What the join form sends; `action` is the button pressed.
#[derive(Debug, Default, Deserialize)]
pub struct JoinForm {
    #[serde(default)]
    pub csrf: String,
    #[serde(default)]
    pub action: String,
    #[serde(default)]
    pub username: String,
    #[serde(default)]
    pub password: String,
    #[serde(default)]
    pub side: String,
    /// The form's one-time key (`fields::csrf`): a new account sent twice (a double
    /// tap, an answer lost) is made once, and the second answer signs in the same one.
    #[serde(default)]
    pub form_key: String,
}

/// The ports the page's form uses, taken as one extractor.
type Ports = (
    web::Data<dyn Invitations>,
    web::Data<dyn SignUps>,
    web::Data<dyn Accounts>,
    web::Data<dyn Sessions>,
);

/// Where a new member lands: the campaign's page, which says he joined.
fn landing(campaign_id: i64, note: &str) -> HttpResponse {
    see_other(&format!("/campaigns/{campaign_id}?joined={note}"))
}

#[get("/join/{code}")]
pub async fn show(
    (invitations, sign_ups, _, sessions): Ports,
    session: Session,
    path: web::Path<String>,
) -> Result<HttpResponse, PageError> {
    let code = path.into_inner();
    let preview = invitations.invitation(code.clone()).await?;
    let (session, cookie) = session::visiting(&**sessions, session).await?;
    let page = page(&session, code, preview, sign_ups.sign_up_policy());
    let status = if page.gone.is_some() {
        StatusCode::GONE
    } else {
        StatusCode::OK
    };
    let response = render(&page, status);
    session::answer(response, cookie)
}

/// The page of the invitation, its form as it starts out.
fn page(
    session: &Session,
    code: String,
    preview: InvitationPreview,
    policy: SignUpPolicy,
) -> JoinPage {
    JoinPage {
        nav: session.nav(),
        code,
        gone: gone(&preview),
        invitation: Offer::new(preview.campaign_name, preview.role, preview.side),
        note: None,
        sign_up_open: policy != SignUpPolicy::Closed,
        form: JoinForm::default(),
        errors: FieldErrors::default(),
    }
}

/// Why the invitation no longer works, in the office's words as a sentence; none while
/// it works.
fn gone(preview: &InvitationPreview) -> Option<String> {
    preview.refusal.as_deref().map(crate::words::sentence)
}

#[post("/join/{code}")]
pub async fn join(
    ports: Ports,
    session: Session,
    req: HttpRequest,
    path: web::Path<String>,
    form: web::Form<JoinForm>,
) -> Result<HttpResponse, PageError> {
    session.check_csrf(&form.csrf)?;
    let code = path.into_inner();
    let form = form.into_inner();
    let preview = ports.0.invitation(code.clone()).await?;
    let campaign_id = preview.campaign_id;
    let mut page = page(&session, code.clone(), preview, ports.1.sign_up_policy());
    if page.gone.is_some() {
        page.form = form;
        return Ok(render(&page, StatusCode::GONE));
    }
    let mut errors = FieldErrors::default();
    let side = errors.optional::<Side>("side", &form.side, "choose allied or central");
    if page.invitation.side_open && form.side.is_empty() {
        errors.add("side", "choose your side: allied or central (§13.01)");
    }
    let address = crate::session::client_address(&req);
    let sent = |address, code| Sent {
        ports: &ports,
        address,
        form: &form,
        code,
        side,
        session: &session,
    };
    let outcome = match (form.action.as_str(), &session.user) {
        ("join", Some(user)) if errors.is_empty() => {
            accept(&ports, user.clone(), code, side, campaign_id).await
        }
        ("create", _) => create(sent(address, code), &mut errors).await,
        ("sign-in", _) => sign_in_and_join(sent(address, code), &mut errors).await,
        ("join", None) => Err(Refused::Note(
            "You are signed out: sign in below, or make an account, to join.".to_owned(),
        )),
        _ => Ok(None),
    };
    let mut status = StatusCode::UNPROCESSABLE_ENTITY;
    match outcome {
        Ok(Some(response)) => return Ok(response),
        Ok(None) => {}
        Err(Refused::Gone(why)) => {
            // It stopped working meanwhile: the invitation says why in the page's words.
            let now = ports.0.invitation(page.code.clone()).await?;
            page.gone = gone(&now).or_else(|| Some(crate::words::sentence(&why)));
        }
        Err(Refused::Note(why)) => page.note = Some(crate::words::sentence(&why)),
        Err(Refused::Throttled(why)) => {
            page.note = Some(crate::words::sentence(&why));
            status = StatusCode::TOO_MANY_REQUESTS;
        }
        Err(Refused::Page(e)) => return Err(e),
    }
    if page.gone.is_some() {
        status = StatusCode::GONE;
    }
    page.nav = session.nav();
    page.form = JoinForm {
        password: String::new(),
        ..form
    };
    page.errors = errors;
    Ok(render(&page, status))
}

/// Why the join form comes back: its invitation stopped working, a refusal no field
/// is to blame for, too many tries from this address, or an error page.
enum Refused {
    Gone(String),
    Note(String),
    Throttled(String),
    Page(PageError),
}

impl From<Error> for Refused {
    fn from(e: Error) -> Self {
        match e {
            Error::Gone(why) => Self::Gone(why),
            Error::TooManyRequests { detail, .. } => Self::Throttled(detail),
            other => Self::Page(other.into()),
        }
    }
}

impl From<PageError> for Refused {
    fn from(e: PageError) -> Self {
        Self::Page(e)
    }
}

/// What an answer of the join form is: a response, or none with the reasons placed.
type Outcome = Result<Option<HttpResponse>, Refused>;

/// The signed-in visitor joins.
async fn accept(
    (invitations, ..): &Ports,
    user: User,
    code: String,
    side: Option<Side>,
    campaign_id: i64,
) -> Outcome {
    match invitations
        .accept_invitation(user, code, Acceptance { side })
        .await
    {
        Ok(joined) => Ok(Some(landing(joined.campaign_id, "yes"))),
        Err(Error::Conflict(_)) => Ok(Some(landing(campaign_id, "already"))),
        Err(e) => Err(e.into()),
    }
}

/// What the join form sent, with the ports and session it is answered with.
struct Sent<'a> {
    ports: &'a Ports,
    address: String,
    form: &'a JoinForm,
    code: String,
    side: Option<Side>,
    session: &'a Session,
}

/// A new account that joins in the same step, signed in on a new session.
async fn create(sent: Sent<'_>, errors: &mut FieldErrors) -> Outcome {
    let (_, sign_ups, _, sessions) = sent.ports;
    let (form, session) = (sent.form, sent.session);
    // Sent even when the side was refused, so the office's reasons for the name and
    // password show with it, every problem at once; without a side it makes nothing.
    let new = NewAccount {
        username: form.username.trim().to_owned(),
        password: form.password.clone(),
        invitation: Some(sent.code),
        side: sent.side,
    };
    let made = if form.form_key.is_empty() {
        sign_ups.sign_up(sent.address, new).await
    } else {
        let key = format!("page {}", form.form_key);
        sign_ups
            .sign_up_once(sent.address, new, key)
            .await
            .map(|(made, _)| made)
    };
    match made {
        Ok(made) => {
            let cookie = session::renew(&***sessions, session, made.user.id).await?;
            let campaign_id = made.account.membership.map(|m| m.campaign_id);
            let to = match campaign_id {
                Some(id) => landing(id, "yes"),
                None => see_other("/"),
            };
            Ok(Some(with_cookie(to, &cookie)?))
        }
        Err(e @ (Error::Unprocessable { .. } | Error::Problems(_))) => {
            place(&e, errors);
            Ok(None)
        }
        Err(Error::Forbidden(why)) => Err(Refused::Note(why)),
        Err(e) => Err(e.into()),
    }
}

/// An existing account signs in and joins.
async fn sign_in_and_join(sent: Sent<'_>, errors: &mut FieldErrors) -> Outcome {
    let (form, code) = (sent.form, sent.code);
    let (_, _, accounts, sessions) = sent.ports;
    if form.username.trim().is_empty() {
        errors.add("username", "give your username");
    }
    if form.password.is_empty() {
        errors.add("password", "give your password");
    }
    if !errors.is_empty() {
        return Ok(None);
    }
    let user = match accounts
        .sign_in(
            sent.address,
            form.username.trim().to_owned(),
            form.password.clone(),
        )
        .await
    {
        Ok(user) => user,
        Err(Error::Unauthorized(why)) => {
            errors.add("password", why);
            return Ok(None);
        }
        Err(e) => return Err(e.into()),
    };
    let cookie = session::renew(&***sessions, sent.session, user.id).await?;
    let campaign_id = sent.ports.0.invitation(code.clone()).await?.campaign_id;
    // Signed in whatever comes of joining: the page he lands on says it.
    let landed = accept(sent.ports, user, code.clone(), sent.side, campaign_id).await;
    let response = match landed {
        Ok(Some(response)) => response,
        Err(Refused::Gone(_) | Refused::Note(_) | Refused::Throttled(_)) | Ok(None) => {
            see_other(&format!("/join/{code}"))
        }
        Err(Refused::Page(e)) => return Err(Refused::Page(e)),
    };
    Ok(Some(with_cookie(response, &cookie)?))
}

/// The office's reasons, each beside its field.
fn place(e: &Error, errors: &mut FieldErrors) {
    for problem in e.problems() {
        let field = match problem.locus() {
            Some(Locus::Field("password")) => "password",
            Some(Locus::Field("side")) => "side",
            _ => "username",
        };
        errors.add(field, crate::pages::words::plain(problem));
    }
}
