//! The table a logged roll was made on: one of the campaign's (R14) or one of an
//! aircraft data sheet's (R17–R19). Both kinds share one roll log, so its entries name
//! their table by one set of names; the two sets never overlap (`bomb` is the
//! campaign's bomb run, which the sheet rolls too).

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::sheet::SheetTable;
use crate::tables::Table;
use crate::wire::ParseEnumError;

/// The table of a roll in the log.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "diesel", derive(diesel::AsExpression, diesel::FromSqlRow))]
#[cfg_attr(feature = "diesel", diesel(sql_type = diesel::sql_types::Text))]
pub enum LoggedTable {
    /// A campaign table, rolled on the dice page, the API or a debrief.
    Campaign(Table),
    /// A sheet's table, rolled at the table during a game.
    Sheet(SheetTable),
}

impl LoggedTable {
    /// The snake_case name used on the wire.
    pub const fn as_str(self) -> &'static str {
        match self {
            LoggedTable::Campaign(t) => t.as_str(),
            LoggedTable::Sheet(t) => t.as_str(),
        }
    }

    /// The name as a person writes it.
    pub const fn label(self) -> &'static str {
        match self {
            LoggedTable::Campaign(t) => t.label(),
            LoggedTable::Sheet(t) => t.label(),
        }
    }
}

impl From<Table> for LoggedTable {
    fn from(table: Table) -> Self {
        LoggedTable::Campaign(table)
    }
}

impl From<SheetTable> for LoggedTable {
    fn from(table: SheetTable) -> Self {
        LoggedTable::Sheet(table)
    }
}

impl PartialEq<Table> for LoggedTable {
    fn eq(&self, other: &Table) -> bool {
        *self == LoggedTable::Campaign(*other)
    }
}

impl fmt::Display for LoggedTable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for LoggedTable {
    type Err = ParseEnumError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        s.parse::<Table>()
            .map(LoggedTable::Campaign)
            .or_else(|_| s.parse::<SheetTable>().map(LoggedTable::Sheet))
            .map_err(|_| ParseEnumError {
                kind: "table",
                value: s.to_owned(),
                allowed: &[],
            })
    }
}

impl Serialize for LoggedTable {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

impl<'de> Deserialize<'de> for LoggedTable {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let name = String::deserialize(deserializer)?;
        name.parse().map_err(serde::de::Error::custom)
    }
}

crate::wire::text_column!(LoggedTable);

#[cfg(feature = "openapi")]
impl utoipa::PartialSchema for LoggedTable {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        let names = Table::NAMES.iter().chain(SheetTable::NAMES).copied();
        utoipa::openapi::schema::ObjectBuilder::new()
            .schema_type(utoipa::openapi::schema::Type::String)
            .enum_values(Some(names))
            .into()
    }
}

#[cfg(feature = "openapi")]
impl utoipa::ToSchema for LoggedTable {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_two_sets_of_names_are_apart_and_round_trip() {
        for name in Table::NAMES {
            assert!(name.parse::<SheetTable>().is_err(), "{name} is in both");
        }
        for table in Table::ALL.iter().map(|&t| LoggedTable::from(t)) {
            assert_eq!(table.as_str().parse::<LoggedTable>(), Ok(table));
        }
        for table in SheetTable::ALL.iter().map(|&t| LoggedTable::from(t)) {
            assert_eq!(table.as_str().parse::<LoggedTable>(), Ok(table));
        }
        assert!("nonsense".parse::<LoggedTable>().is_err());
    }
}
