//! Signing in with a password, for a bearer token (the API) or a session (the pages):
//! the same limits (`throttle`), the same lookup and the same answer for a wrong
//! password as for an unknown account.

mod port;
use eagles_db::users::User;
use eagles_db::DbPool;

use crate::error::ServiceError;
use crate::password::verify_password;
use crate::throttle::Attempt;

pub use eagles_office::credentials::{credential_digest, SESSION_COOKIE};

/// The account signed in to the page session whose cookie value is `id`, if it is live.
pub async fn session_user(pool: &DbPool, id: &str) -> Result<Option<User>, ServiceError> {
    let id_hash = credential_digest(id);
    let mut conn = pool.get().await.map_err(eagles_db::Error::from)?;
    Ok(eagles_db::sessions::find(&mut conn, &id_hash)
        .await?
        .and_then(|row| row.user))
}

/// The account `username` names when `password` is its password; 429 while `attempt`
/// is over its limits, 401 otherwise, each failure counted. The connection goes back to
/// the pool while the hash is checked, so sign-ins do not hold the pool's connections.
pub async fn sign_in(
    pool: &DbPool,
    attempt: &Attempt,
    username: &str,
    password: String,
) -> Result<User, ServiceError> {
    let user = {
        let mut conn = pool.get().await.map_err(eagles_db::Error::from)?;
        attempt.check(&mut conn).await?;
        eagles_db::users::find_by_username(&mut conn, username).await?
    };
    let verified =
        verify_password(user.as_ref().map(|u| u.password_hash.clone()), password).await?;
    let mut conn = pool.get().await.map_err(eagles_db::Error::from)?;
    match user {
        Some(user) if verified => {
            attempt.succeeded(&mut conn).await?;
            Ok(user.into())
        }
        _ => {
            attempt.failed(&mut conn).await?;
            Err(ServiceError::Unauthorized(
                "wrong username or password".into(),
            ))
        }
    }
}
