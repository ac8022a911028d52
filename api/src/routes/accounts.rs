//! The HTTP face of accounts people make and keep themselves (R26, API v1.3
//! "Accounts"): signing up, changing the password, signing out everywhere else, and
//! the reset links instance admins hand on.

use actix_web::{delete, post, put, web, HttpRequest, HttpResponse};
use eagles_office::credentials::client_address;
use eagles_office::passwords::{CredentialInUse, PasswordChange, ResetLink};
use eagles_office::prelude::*;
use eagles_office::sign_up::{AccountView, NewAccount};
use serde::Deserialize;
use utoipa::IntoParams;
use utoipa_actix_web::service_config::ServiceConfig;

use crate::auth::{bearer_token, token, SignedIn};
use crate::error::ApiError;
use crate::extract::Json;

/// `/accounts/{username}`.
#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Path)]
pub struct AccountPath {
    /// The account's username, in any letter case
    pub username: String,
}

/// The client's address, as the limits count it (`EAGLES_TRUST_FORWARDED_FOR`).
pub fn address_of(req: &HttpRequest) -> String {
    client_address(req.peer_addr(), req.connection_info().realip_remote_addr())
}

/// The bearer token this request came with, which the account's changes keep.
fn token_in_use(req: &HttpRequest) -> Result<CredentialInUse, ApiError> {
    let token =
        bearer_token(req)?.ok_or_else(|| ApiError(Error::Unauthorized("sign in first".into())))?;
    Ok(CredentialInUse::Token(token::digest(token)))
}

/// Makes an account, as `EAGLES_SIGN_UP` allows: with an invitation (the default;
/// the account joins its campaign in the same step, spending one use), or freely
/// where the instance is open. Usernames: 3 to 32 letters, digits, `-`, `_`, `.`,
/// unique without regard to case. Passwords: at least 10 characters, not the
/// username, not among the 10,000 most common. Sent with an `Idempotency-Key`, the
/// same key, username and password again within a day answer the account first made
/// (`Idempotency-Replayed: true`) rather than "that name is taken".
#[utoipa::path(
    tag = "accounts",
    request_body = NewAccount,
    responses(
        (status = 201, body = AccountView),
        (status = 403, description = "Signing up is closed here, or needs an invitation", body = crate::error::Problem),
        (status = 404, description = "No invitation has this code", body = crate::error::Problem),
        (status = 409, description = "The invitation's campaign has ended", body = crate::error::Problem),
        (status = 410, description = "The invitation expired, was used up or was withdrawn", body = crate::error::Problem),
        (status = 422, description = "Each rule the username or password breaks; the name is taken; a side is needed", body = crate::error::Problem),
        (status = 429, description = "Too many sign-ups from the client address; see Retry-After", body = crate::error::Problem),
    )
)]
#[post("/accounts")]
pub async fn sign_up(
    sign_ups: web::Data<dyn SignUps>,
    req: HttpRequest,
    body: Json<NewAccount>,
) -> Result<HttpResponse, ApiError> {
    let address = address_of(&req);
    let Some(key) = req.headers().get(crate::idempotency::HEADER) else {
        let signed_up = sign_ups.sign_up(address, body.into_inner()).await?;
        return Ok(HttpResponse::Created().json(signed_up.account));
    };
    let key = crate::idempotency::valid_key(key)?;
    let (signed_up, replayed) = sign_ups
        .sign_up_once(address, body.into_inner(), key)
        .await?;
    let mut response = HttpResponse::Created();
    if replayed {
        response.insert_header((crate::idempotency::REPLAYED, "true"));
    }
    Ok(response.json(signed_up.account))
}

/// Changes the caller's password. Every other session and token of the account
/// stops working; the token of this request goes on. A wrong current password counts
/// as a failed sign-in.
#[utoipa::path(
    tag = "accounts",
    security(("bearer" = [])),
    request_body = PasswordChange,
    responses(
        (status = 204, description = "Changed; other sessions and tokens ended"),
        (status = 422, description = "The current password is wrong, or the new one breaks a rule (each listed)", body = crate::error::Problem),
        (status = 429, description = "Too many failed sign-ins; see Retry-After", body = crate::error::Problem),
    )
)]
#[put("/accounts/current/password")]
pub async fn change_password(
    passwords: web::Data<dyn Passwords>,
    SignedIn(user): SignedIn,
    req: HttpRequest,
    body: Json<PasswordChange>,
) -> Result<HttpResponse, ApiError> {
    let kept = token_in_use(&req)?;
    passwords
        .change_password(address_of(&req), user, kept, body.into_inner())
        .await?;
    Ok(HttpResponse::NoContent().finish())
}

/// Signs out everywhere else: every other session and token of the caller's account
/// ends; the token of this request goes on.
#[utoipa::path(
    tag = "accounts",
    security(("bearer" = [])),
    responses((status = 204, description = "Every other session and token ended"))
)]
#[delete("/accounts/current/sessions")]
pub async fn sign_out_elsewhere(
    passwords: web::Data<dyn Passwords>,
    SignedIn(user): SignedIn,
    req: HttpRequest,
) -> Result<HttpResponse, ApiError> {
    let kept = token_in_use(&req)?;
    passwords.sign_out_elsewhere(user, kept).await?;
    Ok(HttpResponse::NoContent().finish())
}

/// A one-time link (`EAGLES_PUBLIC_URL/reset/{token}`) that sets the account's
/// password, valid 24 hours, for an instance admin to hand on; it replaces the
/// account's earlier unused links. The answer is a secret: it takes no
/// `Idempotency-Key` and is not kept; asking again makes a new link.
#[utoipa::path(
    tag = "accounts",
    security(("bearer" = [])),
    params(AccountPath),
    responses(
        (status = 201, body = ResetLink),
        (status = 403, description = "The caller is not an instance admin", body = crate::error::Problem),
        (status = 404, description = "No account has this username", body = crate::error::Problem),
    )
)]
#[post("/accounts/{username}/reset")]
pub async fn make_reset_link(
    passwords: web::Data<dyn Passwords>,
    SignedIn(user): SignedIn,
    path: web::Path<AccountPath>,
) -> Result<HttpResponse, ApiError> {
    let link = passwords
        .make_reset_link(user, path.into_inner().username)
        .await?;
    Ok(HttpResponse::Created().json(link))
}

/// Mounts this module's endpoints inside `/api/v1`.
pub fn configure(cfg: &mut ServiceConfig) {
    cfg.service(sign_up)
        .service(change_password)
        .service(sign_out_elsewhere)
        .service(make_reset_link);
}
