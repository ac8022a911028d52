use eagles_db::sessions::NewSession;
use eagles_office::prelude::*;
use eagles_office::sessions::{NewPageSession, PageSession};

use crate::Service;

#[async_trait::async_trait]
impl Sessions for Service {
    async fn create_session(&self, new: NewPageSession) -> Result<(), Error> {
        let mut conn = self.conn().await?;
        eagles_db::sessions::create(
            &mut conn,
            &NewSession {
                id_hash: &new.id_hash,
                user_id: new.user_id,
                csrf_token: &new.csrf_token,
                expires_at: new.expires_at,
            },
        )
        .await
        .map_err(crate::ServiceError::from)?;
        Ok(())
    }

    async fn find_session(&self, id_hash: Vec<u8>) -> Result<Option<PageSession>, Error> {
        let mut conn = self.conn().await?;
        let row = eagles_db::sessions::find(&mut conn, &id_hash)
            .await
            .map_err(crate::ServiceError::from)?;
        Ok(row.map(|row| PageSession {
            csrf_token: row.csrf_token,
            user: row.user,
        }))
    }

    async fn delete_session(&self, id_hash: Vec<u8>) -> Result<(), Error> {
        let mut conn = self.conn().await?;
        eagles_db::sessions::delete(&mut conn, &id_hash)
            .await
            .map_err(crate::ServiceError::from)?;
        Ok(())
    }

    async fn session_user(&self, session: &str) -> Result<Option<User>, Error> {
        Ok(crate::sign_in::session_user(&self.pool, session).await?)
    }

    async fn delete_expired_sessions(&self) -> Result<usize, Error> {
        let mut conn = self.conn().await?;
        Ok(eagles_db::sessions::delete_expired(&mut conn)
            .await
            .map_err(crate::ServiceError::from)?)
    }
}
