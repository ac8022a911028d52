//! API bearer tokens: random, shown once, stored only as a SHA-256 digest.

/// Every token starts with this, so a leaked one is easy to recognise.
const PREFIX: &str = "eagles_";

/// A new token and the digest to store.
pub fn generate() -> (String, Vec<u8>) {
    let token = format!("{PREFIX}{}", eagles_office::credentials::random_secret());
    let digest = digest(&token);
    (token, digest)
}

/// The digest under which a token is stored.
pub fn digest(token: &str) -> Vec<u8> {
    eagles_office::credentials::credential_digest(token)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_unique_and_their_digest_is_not_the_token() {
        let (a, da) = generate();
        let (b, _) = generate();
        assert_ne!(a, b);
        assert!(a.starts_with(PREFIX));
        assert_eq!(da, digest(&a));
        assert_eq!(da.len(), 32);
    }
}
