//! Random session ids and CSRF tokens, and the digest under which an id is stored.

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use rand::RngCore;

/// 32 random bytes from the operating system, base64url-encoded.
pub fn random_token() -> String {
    let mut bytes = [0u8; 32];
    rand::rngs::OsRng.fill_bytes(&mut bytes);
    URL_SAFE_NO_PAD.encode(bytes)
}

/// The digest under which a session id is stored.
pub fn digest(id: &str) -> Vec<u8> {
    eagles_office::credentials::credential_digest(id)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_random_and_the_digest_is_not_the_id() {
        let (a, b) = (random_token(), random_token());
        assert_ne!(a, b);
        assert_eq!(a.len(), 43);
        assert_eq!(digest(&a).len(), 32);
        assert_ne!(digest(&a), a.as_bytes());
    }
}
