//! Accounts as the doors meet them: signing in with a password. The credentials a
//! request presents afterwards are the infrastructure's (`tokens`, `sessions`).

use crate::User;

#[async_trait::async_trait]
pub trait Accounts {
    /// The account `username` names when `password` is its password, for a client at
    /// `address`: 429 while that account or address has failed too often, 401 otherwise,
    /// each failure counted.
    async fn sign_in(
        &self,
        address: String,
        username: String,
        password: String,
    ) -> Result<User, crate::Error>;
}
