//! `POST /api/v1/tokens` and `DELETE /api/v1/tokens/current`: API bearer tokens.

use actix_web::{delete, post, web, HttpRequest, HttpResponse};
use eagles_db::DbPool;
use eagles_office::Error as ServiceError;
use serde::{Deserialize, Serialize};

use crate::auth::{bearer_token, token, SignedIn};
use crate::error::ApiError;
use crate::extract::Json;
use eagles_service::sign_in::sign_in;
use eagles_service::throttle::{client_address, Attempt};

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
    pool: web::Data<DbPool>,
    req: HttpRequest,
    body: Json<TokenRequest>,
) -> Result<HttpResponse, ApiError> {
    let TokenRequest { username, password } = body.into_inner();
    let attempt = Attempt::new(
        client_address(req.peer_addr(), req.connection_info().realip_remote_addr()),
        &username,
    );
    let user = sign_in(&pool, &attempt, &username, password).await?;
    let mut conn = pool.get().await?;
    let (token, digest) = token::generate();
    eagles_db::users::add_token(&mut conn, user.id, &digest).await?;
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
    pool: web::Data<DbPool>,
    _user: SignedIn,
    req: HttpRequest,
) -> Result<HttpResponse, ApiError> {
    let token = bearer_token(&req)?
        .ok_or_else(|| ApiError(ServiceError::Unauthorized("no token to revoke".into())))?;
    let mut conn = pool.get().await?;
    eagles_db::users::delete_token(&mut conn, &token::digest(token)).await?;
    Ok(HttpResponse::NoContent().finish())
}
