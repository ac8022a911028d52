//! Pages that carry a form, to write or to filter: shown with the form as it starts
//! out or as the address gives it, and again with the input as typed and the reasons
//! next to their fields when it is refused. A page's data comes from the office's ports it names.

use actix_web::{web, HttpResponse};

use super::render;
use crate::error::PageError;
use crate::form::FieldErrors;
use crate::session::Session;

/// What a form page is loaded around: who asks, what its address names, the form as
/// typed and the reasons it was refused.
pub struct Asked<'a, P: FormPage> {
    pub session: &'a Session,
    pub key: P::Key,
    pub form: P::Form,
    pub errors: FieldErrors,
}

pub trait FormPage: askama::Template + Sized {
    /// The office's ports the page reads: a tuple of `web::Data<dyn Port>`, which its
    /// handlers take as they are.
    type Ports;
    /// What the page's address names: the campaign's id, and on some pages more.
    type Key;
    /// The form as typed.
    type Form;

    /// The page around the form as `asked` holds it and the reasons it was refused.
    async fn load(ports: &Self::Ports, asked: Asked<'_, Self>) -> Result<Self, PageError>;

    fn errors(&self) -> &FieldErrors;
}

/// The page with `form` as it starts out, or as a filter form's address gives it.
pub async fn show<P: FormPage>(
    ports: &P::Ports,
    session: &Session,
    key: P::Key,
    form: P::Form,
) -> Result<HttpResponse, PageError> {
    again::<P>(ports, session, key, form, FieldErrors::default()).await
}

/// What a campaign's page filtered by a GET form (`/campaigns/{cid}/…?side=…`, so that a
/// filtered page is a link) is asked with: the session, the campaign, the filters.
pub type Filtered<F> = (Session, web::Path<i64>, web::Query<F>);

/// What a form posted to a campaign's page (`POST /campaigns/{cid}/…`) is answered
/// with: the session, the campaign, the form as sent.
pub type Sent<F> = (Session, web::Path<i64>, web::Form<F>);

/// The filter page `P` as its address asks.
pub async fn filtered<P: FormPage<Key = i64>>(
    ports: &P::Ports,
    (session, campaign, filters): Filtered<P::Form>,
) -> Result<HttpResponse, PageError> {
    show::<P>(ports, &session, campaign.into_inner(), filters.into_inner()).await
}

/// The page again with what was sent: 422 when a field was refused.
pub async fn again<P: FormPage>(
    ports: &P::Ports,
    session: &Session,
    key: P::Key,
    form: P::Form,
    errors: FieldErrors,
) -> Result<HttpResponse, PageError> {
    let asked = Asked {
        session,
        key,
        form,
        errors,
    };
    let page = P::load(ports, asked).await?;
    Ok(render(&page, page.errors().status()))
}

/// An office refusal of a form, as a page shows it.
pub enum Refusal {
    /// The state of what the form writes to forbids it (409): said above the page.
    Conflict(String),
    /// The form's values break a rule (422): each problem goes beside its field.
    Fields(eagles_office::Error),
}

/// Sorts a refusal for the page; anything else (403, 404, …) is the error page.
pub fn refusal(error: eagles_office::Error) -> Result<Refusal, PageError> {
    use eagles_office::Error;
    match error {
        Error::Conflict(detail) => Ok(Refusal::Conflict(detail)),
        e @ (Error::Unprocessable { .. } | Error::Problems(_)) => Ok(Refusal::Fields(e)),
        other => Err(other.into()),
    }
}
