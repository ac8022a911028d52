//! Who is calling: the account behind the bearer token, if any.

use eagles_office::Error as ServiceError;
use eagles_service::access::{CheckedRead, ReadAccess};
use std::future::Future;
use std::pin::Pin;

use actix_web::http::header;
use actix_web::{web, FromRequest, HttpMessage, HttpRequest};
use eagles_db::users::User;
use eagles_db::DbPool;

use super::token;
use crate::error::ApiError;

/// The caller, or `None` for a request without a token. A token that does not work
/// is refused outright rather than treated as anonymous.
#[derive(Debug, Clone)]
pub struct Caller(pub Option<User>);

/// Who reads a campaign: its access as the read cache checked it for this request,
/// when it did, else the caller (see [`eagles_service::access::readable_by_token`]).
#[derive(Debug, Clone)]
pub struct Reading(pub ReadAccess);

/// A caller who must have a working token.
#[derive(Debug, Clone)]
pub struct SignedIn(pub User);

/// The raw bearer token of the request.
pub fn bearer_token(req: &HttpRequest) -> Result<Option<&str>, ApiError> {
    let Some(value) = req.headers().get(header::AUTHORIZATION) else {
        return Ok(None);
    };
    let value = value.to_str().unwrap_or_default();
    match value.split_once(' ') {
        Some((scheme, token))
            if scheme.eq_ignore_ascii_case("bearer") && !token.trim().is_empty() =>
        {
            Ok(Some(token.trim()))
        }
        _ => Err(ApiError(ServiceError::Unauthorized(
            "the Authorization header must be `Bearer <token>`".into(),
        ))),
    }
}

async fn resolve(req: HttpRequest) -> Result<Option<User>, ApiError> {
    let Some(token) = bearer_token(&req)? else {
        return Ok(None);
    };
    let digest = token::digest(token);
    let pool = req
        .app_data::<web::Data<DbPool>>()
        .ok_or_else(|| ApiError(ServiceError::Internal("no database pool configured".into())))?;
    let mut conn = pool.get().await?;
    match eagles_db::users::find_by_token(&mut conn, &digest).await? {
        Some(user) => Ok(Some(user)),
        None => Err(ApiError(ServiceError::Unauthorized(
            "this token does not work (signed out, or never issued): get a new one with POST /api/v1/tokens".into(),
        ))),
    }
}

impl FromRequest for Caller {
    type Error = ApiError;
    type Future = Pin<Box<dyn Future<Output = Result<Self, ApiError>>>>;

    fn from_request(req: &HttpRequest, _: &mut actix_web::dev::Payload) -> Self::Future {
        let req = req.clone();
        Box::pin(async move { resolve(req).await.map(Caller) })
    }
}

impl FromRequest for Reading {
    type Error = ApiError;
    type Future = Pin<Box<dyn Future<Output = Result<Self, ApiError>>>>;

    fn from_request(req: &HttpRequest, _: &mut actix_web::dev::Payload) -> Self::Future {
        let checked = req.extensions_mut().remove::<CheckedRead>();
        let req = req.clone();
        Box::pin(async move {
            match checked {
                Some(CheckedRead(scope)) => Ok(Reading(ReadAccess::Checked(scope))),
                None => resolve(req).await.map(|caller| Reading(caller.into())),
            }
        })
    }
}

impl FromRequest for SignedIn {
    type Error = ApiError;
    type Future = Pin<Box<dyn Future<Output = Result<Self, ApiError>>>>;

    fn from_request(req: &HttpRequest, _: &mut actix_web::dev::Payload) -> Self::Future {
        let req = req.clone();
        Box::pin(async move {
            resolve(req).await?.map(SignedIn).ok_or_else(|| {
                ApiError(ServiceError::Unauthorized(
                    "sign in first: send `Authorization: Bearer <token>` (POST /api/v1/tokens gives one)"
                        .into(),
                ))
            })
        })
    }
}
