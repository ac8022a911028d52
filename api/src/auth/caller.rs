//! Who is calling: the account behind the bearer token, if any.

use std::future::Future;
use std::pin::Pin;

use actix_web::http::header;
use actix_web::{web, FromRequest, HttpMessage, HttpRequest};
use eagles_office::access::{CheckedRead, ReadAccess};
use eagles_office::credentials;
use eagles_office::prelude::*;

use super::token;
use crate::error::ApiError;

/// The caller, or `None` for a request without a token. A token that does not work
/// is refused outright rather than treated as anonymous.
#[derive(Debug, Clone)]
pub struct Caller(pub Option<User>);

/// Who reads a campaign: its access as the read cache checked it for this request,
/// when it did, else the caller (see the read cache).
#[derive(Debug, Clone)]
pub struct Reading(pub ReadAccess);

/// A caller who must have a working token.
#[derive(Debug, Clone)]
pub struct SignedIn(pub User);

/// The raw bearer token of the request.
pub fn bearer_token(req: &HttpRequest) -> Result<Option<&str>, ApiError> {
    let authorization = req
        .headers()
        .get(header::AUTHORIZATION)
        .map(|value| value.to_str().unwrap_or_default());
    Ok(credentials::bearer_token(authorization)?)
}

async fn resolve(req: HttpRequest) -> Result<Option<User>, ApiError> {
    let Some(token) = bearer_token(&req)? else {
        return Ok(None);
    };
    let digest = token::digest(token);
    let tokens = req
        .app_data::<web::Data<dyn Tokens>>()
        .ok_or_else(|| ApiError(Error::Internal("no tokens port configured".into())))?;
    match tokens.user_by_token(&digest).await? {
        Some(user) => Ok(Some(user)),
        None => Err(ApiError(Error::Unauthorized(
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
                Some(CheckedRead(scope)) => Ok(Reading(scope.into())),
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
                ApiError(Error::Unauthorized(
                    "sign in first: send `Authorization: Bearer <token>` (POST /api/v1/tokens gives one)"
                        .into(),
                ))
            })
        })
    }
}
