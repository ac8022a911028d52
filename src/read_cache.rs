//! Exact caching of a campaign's reads (contract v1.1, "Live club night, caching,
//! several instances"): one middleware in front of the API and the pages.
//!
//! Every write to a campaign raises `campaigns.revision` in its own transaction, so a
//! read's answer is fixed by the campaign's revision and the variant asked for: the
//! door (JSON API or pages), the path and query (which name the representation, e.g.
//! `leaderboard.csv`), and the reader — the API's caller, or the page's session, whose
//! body carries its user's name and CSRF token. Secret missions (§13.20), forms for
//! referees and everything else a reader may or may not see follow from him.
//!
//! Each request reads the revision from the database first, in one statement that
//! also resolves the token or session and checks the caller may read the campaign
//! ([`eagles_service::access::probe`]); memory is never trusted for it, so a write
//! committed by any instance before the request began is seen. Then:
//! - `If-None-Match` holding the variant's ETag → 304, nothing else run;
//! - a body rendered for the same key → that body, unless the request says
//!   `Cache-Control: no-cache`;
//! - otherwise the handler runs, and a 2xx answer of known length that sets no cookie
//!   is kept and sent with its ETag. Everything else passes through untouched and
//!   without an ETag: errors, redirects, streams, and requests the probe cannot vouch
//!   for (no such campaign, no access, a token or session that is not live), which
//!   the handlers answer exactly as they would without a cache.
//!
//! A request to the API that says `Cache-Control: no-cache` runs its handler whatever
//! the probe finds. Its probe is then the handler's own access check, which reads the
//! campaign and its revision ([`eagles_service::access::readable_by_token`]), made
//! here and handed to the handler in the request: such a read costs what it would
//! without a cache.
//!
//! The handler reads after the probe, so a body kept under revision *r* reflects at
//! least *r*; a write that commits meanwhile may show in it too, and is then also
//! in every read that still finds *r*, all of which began before that write
//! committed. No later request finds *r* again, since revisions only rise.
//!
//! ETags are weak (`W/"…"`): the compression middleware outside this one sends the
//! same representation gzip-encoded or not under one tag, and a weak tag promises
//! the same content, not the same bytes; If-None-Match compares weakly anyway, and no
//! range request or If-Match depends on these reads.
//!
//! A `HEAD` reaches this layer as the `GET` it is answered by (`crate::head`, mounted
//! outside): it finds the same ETag and 304, and a body it leaves to be kept is the
//! `GET`'s whole body; the body is dropped only outside, on the way out.
//!
//! The cache is per instance (`web::Data<ReadCache>`, made once per server and
//! shared by its workers), bounded in bytes; entries of past revisions are never
//! asked for again and age out.

use std::fmt::Write as _;
use std::sync::Arc;
use std::time::Duration;

use actix_web::body::{self, BodySize, BoxBody, MessageBody};
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::header::{self, HeaderMap, HeaderName, HeaderValue};
use actix_web::http::{Method, StatusCode};
use actix_web::middleware::Next;
use actix_web::web::{self, Bytes};
use actix_web::{HttpMessage, HttpResponse};
use eagles_db::DbPool;
use eagles_office::credentials;
use eagles_service::access::{self, CheckedRead, Credential, ReadProbe, Reader};
use sha2::{Digest, Sha256};

/// What one instance keeps at most, in bytes of bodies, headers and keys.
pub const DEFAULT_CAPACITY_BYTES: u64 = 64 * 1024 * 1024;
/// A body larger than this is served but not kept: it would crowd out many others.
const LARGEST_KEPT: usize = 4 * 1024 * 1024;
/// Entries of a revision nobody asks for any more leave after this long.
const IDLE_FOR: Duration = Duration::from_secs(15 * 60);

/// Rendered reads of campaigns, by campaign, revision and variant.
#[derive(Clone)]
pub struct ReadCache {
    entries: moka::sync::Cache<Key, Arc<Kept>>,
}

impl Default for ReadCache {
    fn default() -> Self {
        Self::with_capacity(DEFAULT_CAPACITY_BYTES)
    }
}

impl ReadCache {
    /// A cache holding at most about `bytes`.
    pub fn with_capacity(bytes: u64) -> Self {
        let entries = moka::sync::Cache::builder()
            .max_capacity(bytes)
            .weigher(|key: &Key, kept: &Arc<Kept>| {
                u32::try_from(key.variant.len() + kept.weight()).unwrap_or(u32::MAX)
            })
            .time_to_idle(IDLE_FOR)
            .build();
        Self { entries }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Hash)]
struct Key {
    campaign_id: i64,
    revision: i64,
    /// The whole variant rather than its hash: two readers never share an entry by a
    /// collision.
    variant: Box<str>,
}

/// A response as the handler gave it.
struct Kept {
    status: StatusCode,
    headers: Vec<(HeaderName, HeaderValue)>,
    body: Bytes,
}

impl Kept {
    fn weight(&self) -> usize {
        let headers: usize = self
            .headers
            .iter()
            .map(|(name, value)| name.as_str().len() + value.len())
            .sum();
        self.body.len() + headers + 64
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Door {
    Api,
    Pages,
}

/// The campaign reads this layer answers: those of the contract on the API, and every
/// page under `/campaigns/{cid}` but its event stream.
fn campaign_read(path: &str) -> Option<(Door, i64)> {
    let (door, rest) = if let Some(rest) = path.strip_prefix("/api/v1/campaigns/") {
        (Door::Api, rest)
    } else if let Some(rest) = path.strip_prefix("/campaigns/") {
        (Door::Pages, rest)
    } else {
        return None;
    };
    let (id, sub) = rest.split_once('/').unwrap_or((rest, ""));
    if id.is_empty() || !id.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let campaign_id = id.parse().ok()?;
    let numbered = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    let cached = match door {
        Door::Api => match sub.split_once('/') {
            None => matches!(
                sub,
                "" | "leaderboard" | "leaderboard.csv" | "sides" | "players" | "crew"
            ),
            Some(("weeks" | "crew", n)) => numbered(n),
            Some(_) => false,
        },
        Door::Pages => !sub.ends_with("events"),
    };
    cached.then_some((door, campaign_id))
}

/// The middleware; mount it on the `App` inside the compression, so it keeps bodies
/// as the handlers wrote them.
pub async fn middleware(
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<BoxBody>, actix_web::Error> {
    let read = match campaign_read(req.path()) {
        Some(read) if req.method() == Method::GET => read,
        _ => return Ok(next.call(req).await?.map_into_boxed_body()),
    };
    let (Some(cache), Some(pool)) = (
        req.app_data::<web::Data<ReadCache>>().cloned(),
        req.app_data::<web::Data<DbPool>>().cloned(),
    ) else {
        return Ok(next.call(req).await?.map_into_boxed_body());
    };
    let Some((variant, revision)) = variant(&req, read, &pool).await else {
        return Ok(next.call(req).await?.map_into_boxed_body());
    };
    let etag = etag(revision, &variant);
    if none_match(req.headers(), &etag) {
        let response = HttpResponse::NotModified()
            .insert_header((header::ETAG, etag))
            .finish();
        return Ok(req.into_response(response));
    }
    let key = Key {
        campaign_id: read.1,
        revision,
        variant: variant.into_boxed_str(),
    };
    // `Cache-Control: no-cache` (a browser's hard reload) asks for the handler's
    // answer; a body kept already for the key stays, being of the same revision.
    let reload = no_cache(req.headers());
    if !reload {
        if let Some(kept) = cache.entries.get(&key) {
            return Ok(req.into_response(kept.response(etag)));
        }
    }
    let response = next.call(req).await?;
    if !response.status().is_success()
        || response.headers().contains_key(header::SET_COOKIE)
        || matches!(response.response().body().size(), BodySize::Stream)
    {
        return Ok(response.map_into_boxed_body());
    }
    let (request, response) = response.into_parts();
    let (mut head, body) = response.into_parts();
    let bytes = body::to_bytes(body)
        .await
        .map_err(|e| actix_web::error::ErrorInternalServerError(e.into().to_string()))?;
    if bytes.len() <= LARGEST_KEPT && !(reload && cache.entries.contains_key(&key)) {
        let kept = Kept {
            status: head.status(),
            headers: kept_headers(head.headers()),
            body: bytes.clone(),
        };
        cache.entries.insert(key, Arc::new(kept));
    }
    head.headers_mut().insert(header::ETAG, etag);
    Ok(ServiceResponse::new(
        request,
        head.set_body(BoxBody::new(bytes)),
    ))
}

/// The request's variant and the campaign's revision, after the probe; `None` when
/// the handler must answer.
async fn variant(
    req: &ServiceRequest,
    (door, campaign_id): (Door, i64),
    pool: &DbPool,
) -> Option<(String, i64)> {
    let digest = match door {
        Door::Api => {
            let authorization = req
                .headers()
                .get(header::AUTHORIZATION)
                .map(|value| value.to_str().unwrap_or_default());
            match credentials::bearer_token(authorization) {
                Ok(token) => token.map(credentials::credential_digest),
                Err(_) => return None,
            }
        }
        Door::Pages => req
            .cookie(credentials::SESSION_COOKIE)
            .map(|cookie| credentials::credential_digest(cookie.value())),
    };
    let credential = match (&digest, door) {
        (None, _) => Credential::None,
        (Some(digest), Door::Api) => Credential::Token(digest),
        (Some(digest), Door::Pages) => Credential::Session(digest),
    };
    // The connection goes back to the pool before the handler asks for its own.
    let ReadProbe {
        revision,
        webhooks_revision,
        reader,
    } = if door == Door::Api && no_cache(req.headers()) {
        // The handler runs whatever the revision: its access check, which reads the
        // campaign's revision too, is made here once for both and handed over.
        let (reader, scope) = {
            let mut conn = pool.get().await.ok()?;
            access::readable_by_token(&mut conn, campaign_id, digest.as_deref())
                .await
                .ok()??
        };
        let revision = scope.campaign().revision;
        req.extensions_mut().insert(CheckedRead(scope));
        ReadProbe {
            revision,
            // The API's reads show no webhook.
            webhooks_revision: None,
            reader,
        }
    } else {
        let mut conn = pool.get().await.ok()?;
        access::probe(&mut conn, campaign_id, credential)
            .await
            .ok()??
    };
    let mut variant = String::with_capacity(160);
    let reader = match reader {
        Reader::Anonymous => "anonymous".to_owned(),
        Reader::Visitor => "visitor".to_owned(),
        Reader::User { id, is_admin } => format!("user {id} admin {is_admin}"),
    };
    let door_name = match door {
        Door::Api => "api",
        Door::Pages => "pages",
    };
    let _ = write!(variant, "{door_name}\n{reader}\n");
    // A page's session is part of it: the page carries the session's CSRF token.
    if let (Door::Pages, Some(digest)) = (door, &digest) {
        hex(&mut variant, digest);
    }
    let _ = write!(variant, "\n{}?{}", req.path(), req.query_string());
    // The members page lists the webhooks to referees, whose deliveries change with
    // no write to the campaign.
    if let (Door::Pages, Some(webhooks)) = (door, webhooks_revision) {
        if req.path().ends_with("/members") {
            let _ = write!(variant, "\nwebhooks {webhooks}");
        }
    }
    Some((variant, revision))
}

/// `W/"<revision>-<digest of the variant>"`: the digest keeps the session out of it.
fn etag(revision: i64, variant: &str) -> HeaderValue {
    let mut tag = format!("W/\"{revision}-");
    hex(&mut tag, &Sha256::digest(variant.as_bytes())[..16]);
    tag.push('"');
    HeaderValue::from_str(&tag).expect("digits, hex and quotes make a header value")
}

fn hex(out: &mut String, bytes: &[u8]) {
    for byte in bytes {
        let _ = write!(out, "{byte:02x}");
    }
}

/// Whether `If-None-Match` names `etag`, compared weakly (RFC 9110 §13.1.2). `*` is
/// left to the handler: only a tag this layer gave out vouches that the read exists.
fn none_match(headers: &HeaderMap, etag: &HeaderValue) -> bool {
    let opaque = |tag: &str| tag.trim().trim_start_matches("W/").to_owned();
    let ours = opaque(etag.to_str().unwrap_or_default());
    headers
        .get_all(header::IF_NONE_MATCH)
        .filter_map(|value| value.to_str().ok())
        .flat_map(|value| value.split(','))
        .any(|tag| opaque(tag) == ours)
}

fn no_cache(headers: &HeaderMap) -> bool {
    headers
        .get_all(header::CACHE_CONTROL)
        .filter_map(|value| value.to_str().ok())
        .flat_map(|value| value.split(','))
        .any(|directive| directive.trim().eq_ignore_ascii_case("no-cache"))
}

/// The headers to send again with a kept body; the length follows from the body.
fn kept_headers(headers: &HeaderMap) -> Vec<(HeaderName, HeaderValue)> {
    headers
        .iter()
        .filter(|(name, _)| **name != header::CONTENT_LENGTH && **name != header::ETAG)
        .map(|(name, value)| (name.clone(), value.clone()))
        .collect()
}

impl Kept {
    fn response(&self, etag: HeaderValue) -> HttpResponse {
        let mut response = HttpResponse::build(self.status);
        for (name, value) in &self.headers {
            response.append_header((name.clone(), value.clone()));
        }
        response
            .insert_header((header::ETAG, etag))
            .body(self.body.clone())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_contracts_reads_and_the_campaign_pages_are_cached() {
        for path in [
            "/api/v1/campaigns/7",
            "/api/v1/campaigns/7/leaderboard",
            "/api/v1/campaigns/7/leaderboard.csv",
            "/api/v1/campaigns/7/sides",
            "/api/v1/campaigns/7/players",
            "/api/v1/campaigns/7/weeks/2",
            "/api/v1/campaigns/7/crew",
            "/api/v1/campaigns/7/crew/12",
        ] {
            assert_eq!(campaign_read(path), Some((Door::Api, 7)), "{path}");
        }
        for path in [
            "/campaigns/7",
            "/campaigns/7/leaderboard",
            "/campaigns/7/games/3",
            "/campaigns/7/members",
        ] {
            assert_eq!(campaign_read(path), Some((Door::Pages, 7)), "{path}");
        }
        for path in [
            "/api/v1/campaigns",
            "/api/v1/campaigns/7/events",
            "/api/v1/campaigns/7/export",
            "/api/v1/campaigns/7/weeks/close",
            "/api/v1/campaigns/7/webhooks",
            "/api/v1/campaigns/x/crew",
            "/campaigns",
            "/campaigns/7/events",
            "/campaigns/-7",
        ] {
            assert_eq!(campaign_read(path), None, "{path}");
        }
    }

    #[test]
    fn if_none_match_compares_weakly_and_in_lists() {
        let etag = etag(3, "api\nanonymous\n/api/v1/campaigns/7?");
        let tag = etag.to_str().unwrap().to_owned();
        // The revision, then 128 bits of the variant's digest in hex, quoted and weak.
        assert!(tag.starts_with("W/\"3-") && tag.len() == "W/\"3-".len() + 32 + 1);
        let matches = |value: &str| {
            let mut headers = HeaderMap::new();
            headers.insert(header::IF_NONE_MATCH, HeaderValue::from_str(value).unwrap());
            none_match(&headers, &etag)
        };
        assert!(matches(&tag));
        assert!(matches(tag.trim_start_matches("W/")));
        assert!(matches(&format!("\"other\", {tag}")));
        assert!(!matches("*"));
        assert!(!matches("W/\"4-00\""));
    }
}
