use eagles_office::prelude::*;

use crate::throttle::Attempt;
use crate::Service;

#[async_trait::async_trait]
impl Accounts for Service {
    async fn sign_in(
        &self,
        address: String,
        username: String,
        password: String,
    ) -> Result<User, Error> {
        let attempt = Attempt::new(address, &username);
        Ok(crate::sign_in::sign_in(&self.pool, &attempt, &username, password).await?)
    }
}
