//! Random session ids and CSRF tokens, and the digest under which an id is stored.

pub use eagles_office::credentials::random_secret as random_token;

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
