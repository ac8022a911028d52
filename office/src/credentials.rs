//! What a request presents to say who calls, as both doors and the read cache read it:
//! the digest a token or session id is stored under, the session cookie, the client's
//! address.

use std::net::IpAddr;
use std::sync::OnceLock;

/// The pages' session cookie: it names a stored session by the SHA-256 of its value.
/// The event stream reads it too, so a signed-in page follows a private campaign.
pub const SESSION_COOKIE: &str = "eagles_session";

/// A new secret to hand out — a session id, an API token, an invitation code, a reset
/// link: 32 random bytes from the operating system (256 bits), URL-safe base64 without
/// padding (43 characters), so it goes into a link or a cookie as it is.
pub fn random_secret() -> String {
    use base64::Engine;
    use rand::RngCore;
    let mut bytes = [0u8; 32];
    rand::rngs::OsRng.fill_bytes(&mut bytes);
    base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(bytes)
}

/// The digest under which an API token or a session id is stored: a leaked table
/// names no working credential. The API, the pages and the read cache all look up by it.
pub fn credential_digest(secret: &str) -> Vec<u8> {
    use sha2::Digest;
    sha2::Sha256::digest(secret.as_bytes()).to_vec()
}

/// The environment variable that makes the client address come from
/// `X-Forwarded-For`/`Forwarded`: set it only behind a proxy that writes that header
/// itself, since clients can send any value.
pub const TRUST_FORWARDED_ENV: &str = "EAGLES_TRUST_FORWARDED_FOR";

fn trust_forwarded() -> bool {
    static TRUST: OnceLock<bool> = OnceLock::new();
    *TRUST.get_or_init(|| {
        std::env::var(TRUST_FORWARDED_ENV).is_ok_and(|v| matches!(v.trim(), "1" | "true" | "yes"))
    })
}

/// The client's IP address: the peer of the connection, or the forwarded address when
/// [`TRUST_FORWARDED_ENV`] is set.
/// `peer` is the connection's peer, `forwarded` the address the proxy headers name.
pub fn client_address(peer: Option<std::net::SocketAddr>, forwarded: Option<&str>) -> String {
    if trust_forwarded() {
        if let Some(ip) = forwarded.and_then(|a| {
            a.parse::<IpAddr>()
                .ok()
                .or_else(|| a.parse::<std::net::SocketAddr>().ok().map(|s| s.ip()))
        }) {
            return ip.to_string();
        }
    }
    peer.map_or_else(|| "unknown".to_owned(), |a| a.ip().to_string())
}

/// The API token an `Authorization` header's value carries (text that is not
/// visible ASCII counts as empty): `None` without the header, 401 for one that is not
/// `Bearer <token>` (the API refuses it rather than treat the request as anonymous).
pub fn bearer_token(authorization: Option<&str>) -> Result<Option<&str>, crate::Error> {
    let Some(value) = authorization else {
        return Ok(None);
    };
    match value.split_once(' ') {
        Some((scheme, token))
            if scheme.eq_ignore_ascii_case("bearer") && !token.trim().is_empty() =>
        {
            Ok(Some(token.trim()))
        }
        _ => Err(crate::Error::Unauthorized(
            "the Authorization header must be `Bearer <token>`".into(),
        )),
    }
}
