use eagles_office::prelude::*;

use crate::throttle::Attempt;
use crate::Service;

#[async_trait::async_trait]
impl Accounts for Service {
    async fn user_by_token(&self, digest: &[u8]) -> Result<Option<User>, Error> {
        let mut conn = self.conn().await?;
        Ok(eagles_db::users::find_by_token(&mut conn, digest)
            .await
            .map_err(crate::ServiceError::from)?)
    }

    async fn session_user(&self, session: &str) -> Result<Option<User>, Error> {
        Ok(crate::sign_in::session_user(&self.pool, session).await?)
    }

    async fn sign_in(
        &self,
        address: String,
        username: String,
        password: String,
    ) -> Result<User, Error> {
        let attempt = Attempt::new(address, &username);
        Ok(crate::sign_in::sign_in(&self.pool, &attempt, &username, password).await?)
    }

    async fn issue_token(&self, user: &User, digest: &[u8]) -> Result<(), Error> {
        let mut conn = self.conn().await?;
        Ok(eagles_db::users::add_token(&mut conn, user.id, digest)
            .await
            .map_err(crate::ServiceError::from)?)
    }

    async fn revoke_token(&self, digest: &[u8]) -> Result<(), Error> {
        let mut conn = self.conn().await?;
        eagles_db::users::delete_token(&mut conn, digest)
            .await
            .map_err(crate::ServiceError::from)?;
        Ok(())
    }
}
