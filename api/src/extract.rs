//! Request-parsing configuration: malformed JSON, a wrong type, an unknown field or a
//! bad path or query parameter becomes a 400 problem that names what was wrong.

use actix_web::error::{JsonPayloadError, PathError, QueryPayloadError};
use actix_web::web;

use crate::error::ApiError;

/// JSON bodies: at most 256 KiB, errors as problems.
pub fn json_config() -> web::JsonConfig {
    web::JsonConfig::default()
        .limit(256 * 1024)
        .error_handler(|err, _req| {
            let detail = match &err {
                JsonPayloadError::Deserialize(e) => format!("the JSON body is not valid: {e}"),
                JsonPayloadError::ContentType => {
                    "send the body as JSON with Content-Type: application/json".to_owned()
                }
                JsonPayloadError::OverflowKnownLength { .. }
                | JsonPayloadError::Overflow { .. } => {
                    "the body is too large (at most 256 KiB)".to_owned()
                }
                other => format!("the body could not be read: {other}"),
            };
            ApiError::BadRequest(detail).into()
        })
}

/// Query strings: errors as problems.
pub fn query_config() -> web::QueryConfig {
    web::QueryConfig::default().error_handler(|err, _req| {
        let detail = match &err {
            QueryPayloadError::Deserialize(e) => format!("the query string is not valid: {e}"),
            other => format!("the query string is not valid: {other}"),
        };
        ApiError::BadRequest(detail).into()
    })
}

/// Path parameters: a non-numeric id is a 404, since no such resource can exist.
pub fn path_config() -> web::PathConfig {
    web::PathConfig::default().error_handler(|err, _req| {
        let detail = match &err {
            PathError::Deserialize(e) => format!("no such resource: {e}"),
            other => format!("no such resource: {other}"),
        };
        ApiError::NotFound(detail).into()
    })
}
