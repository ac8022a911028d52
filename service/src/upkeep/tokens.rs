use eagles_office::prelude::*;

use crate::Service;

#[async_trait::async_trait]
impl Tokens for Service {
    async fn user_by_token(&self, digest: &[u8]) -> Result<Option<User>, Error> {
        let mut conn = self.conn().await?;
        Ok(eagles_db::users::find_by_token(&mut conn, digest)
            .await
            .map_err(crate::ServiceError::from)?)
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
