use campaign::abilities::Ability;
use eagles_office::access::ReadAccess;
use eagles_office::crew::*;
use eagles_office::prelude::*;

use crate::Service;

#[async_trait::async_trait]
impl Crew for Service {
    async fn create_crewman(
        &self,
        user: User,
        campaign_id: i64,
        new: NewCrew,
    ) -> Result<CrewmanView, Error> {
        let mut conn = self.conn().await?;
        Ok(crate::crew::create(&mut conn, user, campaign_id, new).await?)
    }

    async fn pick_ability(
        &self,
        user: User,
        CrewRef {
            campaign_id,
            crew_id,
        }: CrewRef,
        pick: Ability,
    ) -> Result<CrewmanView, Error> {
        let mut conn = self.conn().await?;
        Ok(crate::crew::pick(&mut conn, user, campaign_id, crew_id, pick).await?)
    }

    async fn crew(
        &self,
        reader: ReadAccess,
        campaign_id: i64,
        query: CrewQuery,
    ) -> Result<Vec<CrewmanView>, Error> {
        let mut conn = self.conn().await?;
        Ok(crate::crew::list(&mut conn, reader, campaign_id, &query).await?)
    }

    async fn crewman(
        &self,
        reader: ReadAccess,
        CrewRef {
            campaign_id,
            crew_id,
        }: CrewRef,
    ) -> Result<CrewmanView, Error> {
        let mut conn = self.conn().await?;
        Ok(crate::crew::get(&mut conn, reader, campaign_id, crew_id).await?)
    }

    async fn crew_roster(&self, reader: ReadAccess, campaign_id: i64) -> Result<CrewRoster, Error> {
        let mut conn = self.conn().await?;
        Ok(crate::crew::roster(&mut conn, reader.into_caller(), campaign_id).await?)
    }

    async fn last_flown(
        &self,
        reader: ReadAccess,
        campaign_id: i64,
    ) -> Result<std::collections::HashMap<i64, String>, Error> {
        let mut conn = self.conn().await?;
        Ok(crate::crew::last_flown(&mut conn, reader, campaign_id).await?)
    }

    async fn crewman_detail(
        &self,
        reader: ReadAccess,
        CrewRef {
            campaign_id,
            crew_id,
        }: CrewRef,
    ) -> Result<CrewmanDetail, Error> {
        let mut conn = self.conn().await?;
        Ok(crate::crew::detail(&mut conn, reader.into_caller(), campaign_id, crew_id).await?)
    }
}
