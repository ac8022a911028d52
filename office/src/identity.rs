//! Who is calling.

use serde::Serialize;

/// A signed-in account, as the use cases take their caller. Its password hash stays
/// in the service.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct User {
    pub id: i64,
    pub username: String,
    pub is_admin: bool,
}
