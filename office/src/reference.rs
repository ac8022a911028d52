//! The rulebook's reference data: aircraft types (appendices A and B) and special
//! abilities (appendix D).

use campaign::abilities::Ability;
use campaign::sides::Side;
use chrono::NaiveDate;
use serde::{Deserialize, Serialize};
use std::collections::HashMap;

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

/// An aircraft type of appendix A or B, as stored and as the doors show it.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
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
    /// `YYYY-MM`: a type enters service on the first of its month.
    #[serde(serialize_with = "year_month")]
    #[schema(value_type = String)]
    pub service_start: NaiveDate,
    /// 1 or 2 (R11).
    pub crew: i16,
    /// The rulebook's footnote on this type, if any.
    pub note: Option<String>,
}

fn year_month<S: serde::Serializer>(date: &NaiveDate, s: S) -> Result<S::Ok, S::Error> {
    s.collect_str(&date.format("%Y-%m"))
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

/// The rulebook's reference data (appendices A, B, D).
#[async_trait::async_trait]
pub trait Reference {
    /// The aircraft types, by side and date.
    async fn aircraft(&self, query: AircraftQuery) -> Result<Vec<AircraftView>, crate::Error>;

    /// The special abilities (appendix D).
    async fn abilities(&self) -> Result<Vec<AbilityView>, crate::Error>;

    /// Each ability's effect, in the rulebook's words of the seeds.
    async fn ability_effects(&self) -> Result<HashMap<Ability, String>, crate::Error>;
}
