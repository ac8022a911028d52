//! Reference data: `GET /api/v1/aircraft` (appendices A and B) and
//! `GET /api/v1/abilities` (appendix D).

use std::collections::HashMap;

use crate::error::ServiceError;
use campaign::abilities::Ability;
use campaign::sides::Side;
use chrono::NaiveDate;
use eagles_db::aircraft::AircraftType;
use eagles_db::diesel_async::AsyncPgConnection;
use serde::{Deserialize, Serialize};

/// Filters of the aircraft list.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[serde(deny_unknown_fields)]
#[into_params(parameter_in = Query)]
pub struct AircraftQuery {
    /// Only this side's types.
    pub side: Option<Side>,
    /// Only types in service by this date (a type enters service on the first of its month).
    #[param(value_type = Option<String>, example = "1916-03-01")]
    pub in_service_on: Option<NaiveDate>,
}

/// An aircraft type of appendix A or B.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct AircraftView {
    pub id: i64,
    pub name: String,
    /// `allied` or `central`.
    pub side: Side,
    /// `A`, `B` or `C`.
    pub stability: String,
    pub engine: i16,
    pub wings: i16,
    pub fuselage: i16,
    pub tail: i16,
    pub fuel: i16,
    pub armament: String,
    /// As the rulebook gives it: usually a number, `1/2` for the BE2c/BE2e.
    pub dive: String,
    pub climb: i16,
    pub dual_controls: bool,
    /// As the rulebook gives it (e.g. `8+`); null where the type has none.
    pub early_altitude: Option<String>,
    pub late_altitude: Option<String>,
    /// `YYYY-MM`.
    pub service_start: String,
    /// 1 or 2 (R11).
    pub crew: i16,
    /// The rulebook's footnote on this type, if any.
    pub note: Option<String>,
}

impl From<AircraftType> for AircraftView {
    fn from(t: AircraftType) -> Self {
        Self {
            id: t.id,
            name: t.name,
            side: t.side,
            stability: t.stability,
            engine: t.engine,
            wings: t.wings,
            fuselage: t.fuselage,
            tail: t.tail,
            fuel: t.fuel,
            armament: t.armament,
            dive: t.dive,
            climb: t.climb,
            dual_controls: t.dual_controls,
            early_altitude: t.early_altitude,
            late_altitude: t.late_altitude,
            service_start: t.service_start.format("%Y-%m").to_string(),
            crew: t.crew,
            note: t.note,
        }
    }
}

/// A special ability of appendix D.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct AbilityView {
    pub code: &'static str,
    pub name: &'static str,
    /// `pilot`, `gunnery`, `observer` or `ace`.
    pub kind: &'static str,
    /// The XP a crewman needs to choose it (R6).
    pub min_xp: i32,
    /// What it does at the table, in a sentence or two (appendix D).
    pub effect: String,
}

/// The aircraft types, narrowed by `query`.
pub async fn aircraft(
    conn: &mut AsyncPgConnection,
    query: &AircraftQuery,
) -> Result<Vec<AircraftView>, ServiceError> {
    let types =
        eagles_db::aircraft::list(conn, query.side.map(Side::as_str), query.in_service_on).await?;
    Ok(types.into_iter().map(AircraftView::from).collect())
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
