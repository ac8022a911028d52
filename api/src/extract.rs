//! Request parsing: malformed JSON, a wrong type, an unknown field or a bad path or
//! query parameter becomes a 400 problem that names the field and what was wrong.

use eagles_office::Error;
use std::future::Future;
use std::pin::Pin;

use actix_web::dev::Payload;
use actix_web::error::{PathError, PayloadError, QueryPayloadError};
use actix_web::http::header;
use actix_web::{web, FromRequest, HttpRequest};
use serde::de::DeserializeOwned;

use crate::error::ApiError;

/// The largest JSON body accepted.
pub const MAX_JSON_BYTES: usize = 256 * 1024;

/// A JSON body. Unlike `web::Json`, a deserialization error names the field it is in
/// (e.g. "`start_date`: input contains invalid characters").
#[derive(Debug)]
pub struct Json<T>(pub T);

impl<T> Json<T> {
    pub fn into_inner(self) -> T {
        self.0
    }
}

impl<T> std::ops::Deref for Json<T> {
    type Target = T;

    fn deref(&self) -> &T {
        &self.0
    }
}

/// Parses a JSON document, naming the path of the first problem. Text the database
/// cannot keep (a NUL character, which JSON can only carry as `\u0000`) is a 422
/// naming the path of every string that holds it.
pub fn parse_json<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, ApiError> {
    if may_hold_nul(bytes) {
        if let Ok(value) = serde_json::from_slice::<serde_json::Value>(bytes) {
            refuse_unstorable(&value)?;
        }
    }
    let mut deserializer = serde_json::Deserializer::from_slice(bytes);
    serde_path_to_error::deserialize(&mut deserializer).map_err(|e| {
        let path = e.path().to_string();
        let inner = e.into_inner();
        let detail = if inner.is_syntax() || inner.is_eof() {
            format!("the body is not valid JSON: {inner}")
        } else if path == "." {
            format!("the JSON body is not valid: {inner}")
        } else {
            format!("`{path}`: {inner}")
        };
        ApiError(Error::BadRequest(detail))
    })
}

/// Whether the body may hold a NUL character: only the escape `\u0000` can put one
/// in a JSON string, so a body without it needs no second look.
fn may_hold_nul(bytes: &[u8]) -> bool {
    bytes.windows(6).any(|w| w == b"\\u0000")
}

/// A 422 listing the JSON path of every string (or key) in `value` that holds a NUL
/// character, e.g. "`crew[0].name` holds a NUL character …".
pub fn refuse_unstorable(value: &serde_json::Value) -> Result<(), ApiError> {
    let paths = eagles_office::text::unstorable_paths(value);
    if paths.is_empty() {
        return Ok(());
    }
    let named: Vec<String> = paths.iter().map(|p| format!("`{p}`")).collect();
    Err(ApiError(Error::invalid(format!(
        "{} {}",
        named.join(", "),
        eagles_office::text::UNSTORABLE
    ))))
}

impl<T: DeserializeOwned + 'static> FromRequest for Json<T> {
    type Error = ApiError;
    type Future = Pin<Box<dyn Future<Output = Result<Self, ApiError>>>>;

    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
        let is_json = req
            .headers()
            .get(header::CONTENT_TYPE)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.parse::<mime::Mime>().ok())
            .is_some_and(|m| m.subtype() == mime::JSON || m.suffix() == Some(mime::JSON));
        let bytes = web::Bytes::from_request(req, payload);
        Box::pin(async move {
            if !is_json {
                return Err(ApiError(Error::BadRequest(
                    "send the body as JSON with Content-Type: application/json".into(),
                )));
            }
            let bytes = bytes.await.map_err(|e| {
                let limit = MAX_JSON_BYTES / 1024;
                match e.as_error::<PayloadError>() {
                    Some(PayloadError::Overflow) => ApiError(Error::PayloadTooLarge(format!(
                        "the body is too large: at most {limit} KiB of JSON"
                    ))),
                    _ => ApiError(Error::BadRequest(format!(
                        "the body could not be read ({e}); at most {limit} KiB of JSON"
                    ))),
                }
            })?;
            parse_json(&bytes).map(Json)
        })
    }
}

/// Raw bodies (which the JSON extractor reads): at most [`MAX_JSON_BYTES`].
pub fn payload_config() -> web::PayloadConfig {
    web::PayloadConfig::new(MAX_JSON_BYTES)
}

/// Query strings: errors as problems.
pub fn query_config() -> web::QueryConfig {
    web::QueryConfig::default().error_handler(|err, _req| {
        let detail = match &err {
            QueryPayloadError::Deserialize(e) => format!("the query string is not valid: {e}"),
            other => format!("the query string is not valid: {other}"),
        };
        ApiError(Error::BadRequest(detail)).into()
    })
}

/// Path parameters: a non-numeric id is a 404, since no such resource can exist.
pub fn path_config() -> web::PathConfig {
    web::PathConfig::default().error_handler(|err, _req| {
        let detail = match &err {
            PathError::Deserialize(e) => format!("no such resource: {e}"),
            other => format!("no such resource: {other}"),
        };
        ApiError(Error::NotFound(detail)).into()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, serde::Deserialize)]
    #[serde(deny_unknown_fields)]
    #[allow(dead_code)]
    struct Body {
        name: String,
        inner: Inner,
    }

    #[derive(Debug, serde::Deserialize)]
    #[allow(dead_code)]
    struct Inner {
        count: u32,
    }

    fn detail(json: &str) -> String {
        match parse_json::<Body>(json.as_bytes()) {
            Err(ApiError(Error::BadRequest(d))) => d,
            other => panic!("expected a 400, got {other:?}"),
        }
    }

    #[test]
    fn errors_name_the_field() {
        assert!(detail(r#"{"name": 7, "inner": {"count": 1}}"#).starts_with("`name`:"));
        assert!(detail(r#"{"name": "a", "inner": {"count": -1}}"#).starts_with("`inner.count`:"));
        assert!(
            detail(r#"{"name": "a", "inner": {"count": 1}, "x": 1}"#).contains("unknown field `x`")
        );
        assert!(detail(r#"{"name": "#).contains("not valid JSON"));
    }

    #[test]
    fn a_nul_character_is_refused_naming_its_path() {
        let refused = |json: &str| match parse_json::<Body>(json.as_bytes()) {
            Err(ApiError(e @ Error::Unprocessable { .. })) => e.to_string(),
            other => panic!("expected a 422, got {other:?}"),
        };
        let detail = refused(r#"{"name": "a\u0000b", "inner": {"count": 1}}"#);
        assert!(
            detail.starts_with("`name` holds a NUL character"),
            "{detail}"
        );
        // Found before the shape is checked: the unknown field does not hide it.
        let detail = refused(r#"{"name": "\u0000", "inner": {"count": 1}, "x": ["\u0000"]}"#);
        assert!(
            detail.contains("`name`") && detail.contains("`x[0]`"),
            "{detail}"
        );
        // An escaped backslash followed by "u0000" is no NUL.
        assert!(parse_json::<Body>(br#"{"name": "\\u0000", "inner": {"count": 1}}"#).is_ok());
    }
}
