use campaign::sides::Side;
use eagles_office::access::ReadAccess;
use eagles_office::members::*;
use eagles_office::prelude::*;

use crate::Service;

#[async_trait::async_trait]
impl Members for Service {
    async fn add_member(
        &self,
        user: User,
        campaign_id: i64,
        new: NewMember,
    ) -> Result<MemberView, Error> {
        let mut conn = self.conn().await?;
        Ok(crate::members::add(&mut conn, user, campaign_id, new).await?)
    }

    async fn switch_side(
        &self,
        user: User,
        MemberRef {
            campaign_id,
            username,
        }: MemberRef,
        side: Side,
    ) -> Result<MemberView, Error> {
        let mut conn = self.conn().await?;
        Ok(crate::members::switch_side(&mut conn, user, campaign_id, username, side).await?)
    }

    async fn members(
        &self,
        reader: ReadAccess,
        campaign_id: i64,
    ) -> Result<Vec<MemberView>, Error> {
        let mut conn = self.conn().await?;
        Ok(crate::members::list(&mut conn, reader.into_caller(), campaign_id).await?)
    }

    async fn member_roster(
        &self,
        reader: ReadAccess,
        campaign_id: i64,
    ) -> Result<MemberRoster, Error> {
        let mut conn = self.conn().await?;
        Ok(crate::members::roster(&mut conn, reader.into_caller(), campaign_id).await?)
    }
}
