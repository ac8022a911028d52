//! Recognising the database's unique-constraint refusals, which become 409s.

use eagles_db::diesel::result::{DatabaseErrorKind, Error};

/// Whether a write failed on a unique constraint (a duplicate).
pub fn is_unique_violation(e: &eagles_db::Error) -> bool {
    matches!(
        e.query(),
        Some(Error::DatabaseError(DatabaseErrorKind::UniqueViolation, _))
    )
}
