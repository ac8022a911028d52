//! Signing in with a password, for a bearer token (the API) or a session (the pages):
//! the same limits (`throttle`), the same lookup and the same answer for a wrong
//! password as for an unknown account.

use eagles_db::users::User;
use eagles_db::DbPool;

use crate::error::ServiceError;
use crate::password::verify_password;
use crate::throttle::Attempt;

use crate::Service;
pub use eagles_office::credentials::{credential_digest, SESSION_COOKIE};
use eagles_office::prelude::*;

/// The account signed in to the page session whose cookie value is `id`, if it is live.
pub async fn session_user(pool: &DbPool, id: &str) -> Result<Option<User>, ServiceError> {
    let id_hash = credential_digest(id);
    let mut conn = pool.get().await.map_err(eagles_db::Error::from)?;
    Ok(eagles_db::sessions::find(&mut conn, &id_hash)
        .await?
        .and_then(|row| row.user))
}

#[async_trait::async_trait]
impl Accounts for Service {
    /// The account `username` names when `password` is its password; 429 while the
    /// attempt is over its limits, 401 otherwise, each failure counted. The connection goes back to
    /// the pool while the hash is checked, so sign-ins do not hold the pool's connections.
    async fn sign_in(
        &self,
        address: String,
        username: String,
        password: String,
    ) -> Result<User, Error> {
        let attempt = Attempt::new(address, &username);
        let user = {
            let mut conn = self.conn().await?;
            attempt.check(&mut conn).await?;
            eagles_db::users::find_by_username(&mut conn, &username).await?
        };
        let verified =
            verify_password(user.as_ref().map(|u| u.password_hash.clone()), password).await?;
        let mut conn = self.conn().await?;
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
}
