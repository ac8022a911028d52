use campaign::abilities::Ability;
use eagles_office::prelude::*;
use eagles_office::reference::*;
use std::collections::HashMap;

use crate::Service;

#[async_trait::async_trait]
impl Reference for Service {
    async fn aircraft(&self, query: AircraftQuery) -> Result<Vec<AircraftView>, Error> {
        let mut conn = self.conn().await?;
        Ok(crate::reference::aircraft(&mut conn, &query).await?)
    }

    async fn abilities(&self) -> Result<Vec<AbilityView>, Error> {
        let mut conn = self.conn().await?;
        Ok(crate::reference::abilities(&mut conn).await?)
    }

    async fn ability_effects(&self) -> Result<HashMap<Ability, String>, Error> {
        let mut conn = self.conn().await?;
        Ok(crate::reference::ability_effects(&mut conn).await?)
    }
}
