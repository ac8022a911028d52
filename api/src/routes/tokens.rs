//! `POST /api/v1/tokens` and `DELETE /api/v1/tokens/current`: API bearer tokens.

use actix_web::{delete, post, web, HttpRequest, HttpResponse};
use eagles_office::credentials::client_address;
use eagles_office::prelude::*;
use serde::{Deserialize, Serialize};

use crate::auth::{bearer_token, token, SignedIn};
use crate::error::ApiError;
use crate::extract::Json;

/// Credentials for a new token.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct TokenRequest {
    pub username: String,
    pub password: String,
}

/// A new token; it is shown only this once.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct TokenResponse {
    pub token: String,
}

/// Exchanges a username and password for a bearer token.
#[utoipa::path(
    tag = "accounts",
    request_body = TokenRequest,
    responses(
        (status = 201, body = TokenResponse),
        (status = 401, description = "Wrong username or password", body = crate::error::Problem),
        (status = 429, description = "Too many failed sign-ins for the account or the client address; see Retry-After", body = crate::error::Problem),
    )
)]
#[post("/tokens")]
pub async fn create_token(
    accounts: web::Data<dyn Accounts>,
    tokens: web::Data<dyn Tokens>,
    req: HttpRequest,
    body: Json<TokenRequest>,
) -> Result<HttpResponse, ApiError> {
    let TokenRequest { username, password } = body.into_inner();
    let address = client_address(req.peer_addr(), req.connection_info().realip_remote_addr());
    let user = accounts.sign_in(address, username, password).await?;
    let (token, digest) = token::generate();
    tokens.issue_token(&user, &digest).await?;
    Ok(HttpResponse::Created().json(TokenResponse { token }))
}

/// Signs out: the token of this request stops working.
#[utoipa::path(
    tag = "accounts",
    security(("bearer" = [])),
    responses(
        (status = 204, description = "The token no longer works"),
    )
)]
#[delete("/tokens/current")]
pub async fn delete_current_token(
    tokens: web::Data<dyn Tokens>,
    _user: SignedIn,
    req: HttpRequest,
) -> Result<HttpResponse, ApiError> {
    let token = bearer_token(&req)?
        .ok_or_else(|| ApiError(Error::Unauthorized("no token to revoke".into())))?;
    tokens.revoke_token(&token::digest(token)).await?;
    Ok(HttpResponse::NoContent().finish())
}
