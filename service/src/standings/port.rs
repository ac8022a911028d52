use eagles_office::access::ReadAccess;
use eagles_office::prelude::*;
use eagles_office::standings::*;

use crate::Service;

#[async_trait::async_trait]
impl Standings for Service {
    async fn leaderboard(
        &self,
        reader: ReadAccess,
        campaign_id: i64,
        query: LeaderboardQuery,
    ) -> Result<Vec<LeaderboardRow>, Error> {
        let mut conn = self.conn().await?;
        Ok(crate::standings::leaderboard(&mut conn, reader, campaign_id, &query).await?)
    }

    async fn players(
        &self,
        reader: ReadAccess,
        campaign_id: i64,
        query: PlayersQuery,
    ) -> Result<Vec<PlayerRow>, Error> {
        let mut conn = self.conn().await?;
        Ok(crate::standings::players(&mut conn, reader, campaign_id, &query).await?)
    }

    async fn sides(
        &self,
        reader: ReadAccess,
        campaign_id: i64,
        query: SidesQuery,
    ) -> Result<SidesView, Error> {
        let mut conn = self.conn().await?;
        Ok(crate::standings::sides(&mut conn, reader, campaign_id, &query).await?)
    }
}
