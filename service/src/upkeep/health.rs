use eagles_db::diesel_async::RunQueryDsl;
use eagles_office::prelude::*;

use crate::Service;

#[async_trait::async_trait]
impl Health for Service {
    async fn database_up(&self) -> bool {
        match self.pool.get().await {
            Ok(mut conn) => eagles_db::prepared::prepared("SELECT 1")
                .execute(&mut conn)
                .await
                .is_ok(),
            Err(_) => false,
        }
    }
}
