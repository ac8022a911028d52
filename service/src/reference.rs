//! Reference data: `GET /api/v1/aircraft` (appendices A and B) and
//! `GET /api/v1/abilities` (appendix D).

pub use eagles_office::reference::{AbilityView, AircraftQuery, AircraftView};
use std::collections::HashMap;

use crate::error::ServiceError;
use crate::Service;
use campaign::abilities::Ability;
use campaign::sides::Side;
use eagles_db::diesel_async::AsyncPgConnection;
use eagles_office::prelude::*;

/// The aircraft types, narrowed by `query`.
pub async fn aircraft(
    conn: &mut AsyncPgConnection,
    query: &AircraftQuery,
) -> Result<Vec<AircraftView>, ServiceError> {
    Ok(eagles_db::aircraft::list(conn, query.side.map(Side::as_str), query.in_service_on).await?)
}

/// The special abilities of R6 with their effects, in the rules crate's order.
pub async fn abilities(conn: &mut AsyncPgConnection) -> Result<Vec<AbilityView>, ServiceError> {
    let mut effects = ability_effects(conn).await?;
    Ok(Ability::ALL
        .iter()
        .map(|a| AbilityView {
            code: a.code(),
            name: a.name(),
            kind: a.kind().as_str(),
            min_xp: a.min_xp().0,
            effect: effects.remove(a).unwrap_or_default(),
        })
        .collect())
}

/// What each ability does (appendix D), from the reference data loaded at start.
pub async fn ability_effects(
    conn: &mut AsyncPgConnection,
) -> Result<HashMap<Ability, String>, ServiceError> {
    let rows = eagles_db::reference::abilities(conn).await?;
    Ok(rows
        .into_iter()
        .filter_map(|r| {
            let ability = Ability::ALL.iter().find(|a| a.code() == r.code)?;
            Some((*ability, r.effect))
        })
        .collect())
}

#[async_trait::async_trait]
impl Reference for Service {
    async fn aircraft(&self, query: AircraftQuery) -> Result<Vec<AircraftView>, Error> {
        aircraft(&mut *self.conn().await?, &query).await
    }

    async fn abilities(&self) -> Result<Vec<AbilityView>, Error> {
        abilities(&mut *self.conn().await?).await
    }

    async fn ability_effects(&self) -> Result<HashMap<Ability, String>, Error> {
        ability_effects(&mut *self.conn().await?).await
    }
}
