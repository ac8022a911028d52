//! Backup: a campaign exported as one JSON document and imported as a new campaign.
//!
//! Who may: a campaign's referees (and admins) export it — the document names every
//! member and every roll, so it is the referee's record to hand out. Any signed-in
//! user may import; he becomes a referee of the new campaign. The members it names
//! must already have accounts here (matched by username), or the import is refused
//! naming them. The `eagles export` / `eagles import` commands call the same code.

mod check;
pub mod document;
mod export;
mod import;

use crate::access::readable_campaign;
use crate::campaigns::CampaignView;
use eagles_db::diesel_async::AsyncPgConnection;
use eagles_db::users::User;

pub use document::CampaignExport;
pub use eagles_office::backup::{parse, MAX_IMPORT_BYTES};
pub use import::import;

use crate::error::ServiceError;
use crate::Service;
use eagles_office::backup::*;
use eagles_office::prelude::*;

/// What the export's read-only transaction fails with: the transaction's own
/// statements, or what it reads.
enum Failed {
    Transaction(eagles_db::diesel::result::Error),
    Read(ServiceError),
}

impl From<eagles_db::diesel::result::Error> for Failed {
    fn from(e: eagles_db::diesel::result::Error) -> Self {
        Self::Transaction(e)
    }
}

impl From<ServiceError> for Failed {
    fn from(e: ServiceError) -> Self {
        Self::Read(e)
    }
}

impl From<eagles_db::Error> for Failed {
    fn from(e: eagles_db::Error) -> Self {
        Self::Read(e.into())
    }
}

impl From<Failed> for ServiceError {
    fn from(e: Failed) -> Self {
        match e {
            Failed::Transaction(e) => eagles_db::Error::from(e).into(),
            Failed::Read(e) => e,
        }
    }
}

/// The document of campaign `campaign_id`, read as one consistent picture; `None`
/// when there is no such campaign.
pub async fn export(
    conn: &mut AsyncPgConnection,
    campaign_id: i64,
) -> Result<Option<CampaignExport>, ServiceError> {
    let rows = conn
        .build_transaction()
        .repeatable_read()
        .read_only()
        .run::<_, Failed, _>(async move |conn| {
            let Some(rows) = eagles_db::backup::load(conn, campaign_id).await? else {
                return Ok(None);
            };
            let outcome = match rows.campaign.campaign.ended_week {
                Some(_) => Some(crate::campaigns::outcome(conn, &rows.campaign.campaign).await?),
                None => None,
            };
            Ok(Some((rows, outcome)))
        })
        .await
        .map_err(ServiceError::from)?;
    rows.map(|(rows, outcome)| {
        let mut document = export::document(rows)?;
        if let (Some(end), Some(outcome)) = (document.campaign.ended.as_mut(), outcome) {
            end.final_standings = Some(document::FinalStandings {
                winner: outcome.winner.map(|w| w.username),
                shared_first_place: outcome
                    .shared_first_place
                    .into_iter()
                    .map(|p| p.username)
                    .collect(),
                side_leader: outcome.side_leader,
                allied_total: outcome.sides.allied.total,
                central_total: outcome.sides.central.total,
            });
        }
        Ok(document)
    })
    .transpose()
}

#[async_trait::async_trait]
impl Backups for Service {
    /// The export document of a campaign `user` referees.
    async fn export(&self, user: User, campaign_id: i64) -> Result<CampaignExport, Error> {
        let mut conn = self.conn().await?;
        let conn = &mut *conn;
        let scope = readable_campaign(conn, campaign_id, Some(user)).await?;
        scope.require_referee("export the campaign")?;
        let cid = scope.campaign().id;
        export(conn, cid)
            .await?
            .ok_or_else(|| ServiceError::NotFound(format!("there is no campaign {cid}")))
    }

    /// Imports `document` as a new campaign refereed by `user`.
    async fn import(&self, user: User, document: CampaignExport) -> Result<CampaignView, Error> {
        let mut conn = self.conn().await?;
        let conn = &mut *conn;
        let cid = import(conn, Some(&user), document).await?;
        let campaign = eagles_db::campaigns::find(conn, cid)
            .await?
            .ok_or_else(|| ServiceError::Internal(format!("imported campaign {cid} vanished")))?;
        Ok(CampaignView::from(campaign))
    }
}
