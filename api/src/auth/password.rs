//! Password hashing with argon2id. Hashing is deliberately slow, so it runs on the
//! blocking pool, never on the executor.

use std::sync::OnceLock;

use argon2::password_hash::rand_core::OsRng;
use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use argon2::{Algorithm, Argon2, Params, Version};

use crate::error::ApiError;

/// The shortest password an account may have.
pub const MIN_PASSWORD_LENGTH: usize = 8;

// OWASP's argon2id baseline: 19 MiB, 2 passes, 1 lane.
fn hasher() -> Argon2<'static> {
    let params = Params::new(19 * 1024, 2, 1, None).expect("valid argon2 parameters");
    Argon2::new(Algorithm::Argon2id, Version::V0x13, params)
}

/// Hashes a password (blocking: call through [`hash_password`] from async code).
pub fn hash_password_blocking(password: &str) -> Result<String, argon2::password_hash::Error> {
    let salt = SaltString::generate(&mut OsRng);
    Ok(hasher()
        .hash_password(password.as_bytes(), &salt)?
        .to_string())
}

/// Hashes a password on the blocking pool.
pub async fn hash_password(password: String) -> Result<String, ApiError> {
    tokio::task::spawn_blocking(move || hash_password_blocking(&password))
        .await
        .map_err(|e| ApiError::Internal(e.to_string()))?
        .map_err(|e| ApiError::Internal(e.to_string()))
}

/// Checks a password against a stored hash, or against a dummy hash when there is no
/// account, so the answer takes as long either way and timing does not reveal which
/// usernames exist.
pub async fn verify_password(
    stored_hash: Option<String>,
    password: String,
) -> Result<bool, ApiError> {
    tokio::task::spawn_blocking(move || {
        let hash = stored_hash.unwrap_or_else(|| dummy_hash().to_owned());
        let Ok(parsed) = PasswordHash::new(&hash) else {
            return false;
        };
        hasher()
            .verify_password(password.as_bytes(), &parsed)
            .is_ok()
    })
    .await
    .map_err(|e| ApiError::Internal(e.to_string()))
}

fn dummy_hash() -> &'static str {
    static DUMMY: OnceLock<String> = OnceLock::new();
    DUMMY.get_or_init(|| {
        hash_password_blocking("not a password of anyone").expect("hashing a constant works")
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_hash_is_argon2id_and_verifies_only_its_password() {
        let hash = hash_password_blocking("correct horse").unwrap();
        assert!(hash.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"));
        let parsed = PasswordHash::new(&hash).unwrap();
        assert!(hasher().verify_password(b"correct horse", &parsed).is_ok());
        assert!(hasher().verify_password(b"wrong horse", &parsed).is_err());
    }
}
