//! What the crew pages read beside the crewmen themselves.

use std::collections::HashMap;

use campaign::roster::MemberRole;
use eagles_db::crew::CrewFilter;
use eagles_db::diesel_async::AsyncPgConnection;
use eagles_db::users::User;
use eagles_office::crew::{CrewRoster, CrewmanDetail};

use crate::access::{readable_campaign, ReadAccess};
use crate::error::ServiceError;

/// The crew page of a campaign `caller` may read: every crewman, and the players.
pub async fn roster(
    conn: &mut AsyncPgConnection,
    caller: Option<User>,
    campaign_id: i64,
) -> Result<CrewRoster, ServiceError> {
    let scope = readable_campaign(conn, campaign_id, caller).await?;
    let players = eagles_db::campaigns::members(conn, campaign_id)
        .await?
        .into_iter()
        .filter(|m| m.role == MemberRole::Player)
        .map(|m| m.username)
        .collect();
    let week = scope.campaign().current_week;
    let crew = eagles_db::crew::list(conn, campaign_id, &CrewFilter::default())
        .await?
        .into_iter()
        .map(|r| super::crewman_view(r, week))
        .collect::<Result<_, _>>()?;
    Ok(CrewRoster {
        scope,
        crew,
        players,
    })
}

/// The aircraft type each crewman of a campaign `reader` may read flew last.
pub async fn last_flown(
    conn: &mut AsyncPgConnection,
    reader: impl Into<ReadAccess>,
    campaign_id: i64,
) -> Result<HashMap<i64, String>, ServiceError> {
    let scope = readable_campaign(conn, campaign_id, reader).await?;
    Ok(
        eagles_db::aircraft_flown::last_flown(conn, scope.campaign().id)
            .await?
            .into_iter()
            .map(|f| (f.crew_id, f.aircraft))
            .collect(),
    )
}

/// One crewman's page in a campaign `caller` may read: 404 for a crewman not in it.
pub async fn detail(
    conn: &mut AsyncPgConnection,
    caller: Option<User>,
    campaign_id: i64,
    crew_id: i64,
) -> Result<CrewmanDetail, ServiceError> {
    let scope = readable_campaign(conn, campaign_id, caller).await?;
    let record = eagles_db::crew::find(conn, campaign_id, crew_id)
        .await?
        .ok_or_else(|| {
            ServiceError::NotFound(format!("there is no crewman {crew_id} in this campaign"))
        })?;
    let joined_week = record.joined_week;
    let crewman = super::crewman_view(record, scope.campaign().current_week)?;
    let awards = eagles_db::crew::awards(conn, crew_id)
        .await?
        .into_iter()
        .map(super::xp_entry_view)
        .collect();
    let service = crate::record::record_weeks(conn, scope.campaign(), crew_id).await?;
    let ability_effects = crate::reference::ability_effects(conn).await?;
    let may_pick = scope.running()
        && (scope.is_referee()
            || scope
                .caller()
                .is_some_and(|u| u.username.eq_ignore_ascii_case(&crewman.owner)));
    Ok(CrewmanDetail {
        scope,
        crewman,
        joined_week,
        awards,
        record: service,
        ability_effects,
        may_pick,
    })
}
