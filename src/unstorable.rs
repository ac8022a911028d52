//! Text the database cannot keep, refused at the door (contract v1.2, "Corrections"):
//! a NUL character (U+0000, which Postgres `text` refuses) in a path parameter, a
//! query parameter or a page's form field is refused here, naming the parameter or
//! the field, before any handler sees it. JSON bodies are checked where they are
//! parsed (`eagles_api::extract`, `eagles_service::backup::parse`), naming the JSON
//! path.
//!
//! The API answers a problem document (400 for the address, as for any other bad
//! parameter); the pages answer their error page (400 for the address, 422 for a
//! form, whose field it names by the label the page shows beside it). A page that
//! places the refusal beside its field itself (`eagles_web::places_unstorable_text`:
//! the sign-in page) gets its form.

use actix_web::body::{BoxBody, MessageBody};
use actix_web::dev::{Payload, ServiceRequest, ServiceResponse};
use actix_web::error::PayloadError;
use actix_web::http::{header, Method, StatusCode};
use actix_web::middleware::Next;
use actix_web::web::{Bytes, BytesMut};
use actix_web::{HttpMessage, ResponseError};
use eagles_office::Error as ServiceError;
use eagles_service::text::{storable, UNSTORABLE};
use futures_util::StreamExt;

/// A form body larger than this is passed on unread: the pages refuse it as too large.
const LARGEST_READ_FORM: usize = 64 * 1024;

/// The middleware; mount it outside the read cache, so a refused read is not probed.
pub async fn middleware(
    mut req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<BoxBody>, actix_web::Error> {
    let api = is_api(req.path());
    if let Some(segment) = nul_path_segment(&req) {
        let detail = if api {
            format!("the path parameter `{segment}` {UNSTORABLE}")
        } else {
            "there is no page here: its address holds a NUL character (%00)".to_owned()
        };
        return Ok(refuse(req, api, StatusCode::BAD_REQUEST, detail));
    }
    if let Some(name) = nul_query_parameter(req.query_string()) {
        let detail = if api {
            format!("the query parameter `{name}` {UNSTORABLE}")
        } else {
            format!(
                "“{}” in the page's address holds a NUL character (%00), which cannot be \
                 used: remove it",
                eagles_web::field_label(&name)
            )
        };
        return Ok(refuse(req, api, StatusCode::BAD_REQUEST, detail));
    }
    if !api && is_form(&req) && !eagles_web::places_unstorable_text(req.path()) {
        let (body, whole) = read_form(&mut req).await?;
        if whole {
            if let Some(name) = nul_query_parameter_bytes(&body) {
                let label = eagles_web::field_label(&name);
                let detail = format!(
                    "the form was not saved: “{label}” holds a NUL character (U+0000), \
                     which cannot be stored; go back, remove it and send the form again"
                );
                return Ok(refuse(req, api, StatusCode::UNPROCESSABLE_ENTITY, detail));
            }
        }
    }
    Ok(next.call(req).await?.map_into_boxed_body())
}

fn is_api(path: &str) -> bool {
    path.starts_with("/api/") || path == "/health"
}

fn refuse(
    req: ServiceRequest,
    api: bool,
    status: StatusCode,
    detail: String,
) -> ServiceResponse<BoxBody> {
    let response = if api {
        let error = if status == StatusCode::BAD_REQUEST {
            ServiceError::BadRequest(detail)
        } else {
            ServiceError::invalid(detail)
        };
        eagles_api::ApiError(error).error_response()
    } else {
        eagles_web::PageError::new(status, detail).error_response()
    };
    req.into_response(response)
}

/// The name of the path parameter (or, on no route, the segment) whose text holds a
/// NUL character, which an address can only carry as `%00`.
fn nul_path_segment(req: &ServiceRequest) -> Option<String> {
    let path = req.path();
    if !path.contains("%00") {
        return None;
    }
    let pattern = req.match_pattern().unwrap_or_default();
    let patterns: Vec<&str> = pattern.split('/').collect();
    let (index, segment) = path
        .split('/')
        .enumerate()
        .find(|(_, segment)| segment.contains("%00"))?;
    Some(match patterns.get(index) {
        Some(p) if p.starts_with('{') && p.ends_with('}') => p[1..p.len() - 1].to_owned(),
        _ => decoded(segment),
    })
}

/// The first query parameter whose name or value holds a NUL character.
fn nul_query_parameter(query: &str) -> Option<String> {
    if !query.contains("%00") {
        return None;
    }
    nul_query_parameter_bytes(query.as_bytes())
}

/// The first field of an `application/x-www-form-urlencoded` text whose name or value
/// holds a NUL character, its name shown with `\u0000` for the character.
fn nul_query_parameter_bytes(pairs: &[u8]) -> Option<String> {
    url::form_urlencoded::parse(pairs)
        .find(|(name, value)| !storable(name) || !storable(value))
        .map(|(name, _)| name.replace('\0', "\\u0000"))
}

fn decoded(segment: &str) -> String {
    url::form_urlencoded::parse(format!("s={segment}").as_bytes())
        .next()
        .map(|(_, v)| v.replace('\0', "\\u0000"))
        .unwrap_or_default()
}

fn is_form(req: &ServiceRequest) -> bool {
    req.method() != Method::GET
        && req
            .headers()
            .get(header::CONTENT_TYPE)
            .and_then(|v| v.to_str().ok())
            .is_some_and(|v| {
                v.trim_start()
                    .to_ascii_lowercase()
                    .starts_with("application/x-www-form-urlencoded")
            })
}

/// Reads the request's form body and puts it back for the handler; `true` with the
/// whole body, `false` when it was larger than [`LARGEST_READ_FORM`] (then what was
/// read is put back in front of the rest).
async fn read_form(req: &mut ServiceRequest) -> Result<(Bytes, bool), actix_web::Error> {
    let mut payload = req.take_payload();
    let mut body = BytesMut::new();
    let mut whole = true;
    while let Some(chunk) = payload.next().await {
        body.extend_from_slice(&chunk?);
        if body.len() > LARGEST_READ_FORM {
            whole = false;
            break;
        }
    }
    let body = body.freeze();
    if whole {
        req.set_payload(Payload::from(body.clone()));
    } else {
        let read =
            futures_util::stream::once(std::future::ready(Ok::<_, PayloadError>(body.clone())));
        req.set_payload(Payload::Stream {
            payload: Box::pin(read.chain(payload)),
        });
    }
    Ok((body, whole))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_field_holding_a_nul_is_named() {
        assert_eq!(nul_query_parameter("a=1&b=x%00y"), Some("b".into()));
        assert_eq!(nul_query_parameter("a%00=1"), Some("a\\u0000".into()));
        assert_eq!(nul_query_parameter("a=%2500"), None);
        assert_eq!(nul_query_parameter("a=1"), None);
        assert_eq!(decoded("x%00y"), "x\\u0000y");
    }
}
