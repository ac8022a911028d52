//! Accounts people make and keep themselves (R26, API v1.3 "Accounts"): signing up,
//! invitations, changing a password, signing out everywhere, reset links. The
//! accounts' writes take no campaign envelope but joining a campaign, which does
//! (`envelope::join`); each records its audit entry in its own transaction.

pub mod invitations;
pub mod limits;
pub mod passwords;
pub mod reset;
pub mod rules;
pub mod sign_up;

use eagles_db::diesel_async::AsyncPgConnection;
use eagles_office::sign_up::SignUpPolicy;

use crate::error::ServiceError;

/// What the instance allows and where people reach it.
#[derive(Debug, Clone, Default)]
pub struct AccountSettings {
    /// `EAGLES_SIGN_UP`.
    pub sign_up: SignUpPolicy,
    /// `EAGLES_PUBLIC_URL`, without a trailing `/`: links handed on start with it.
    pub public_url: String,
}

impl AccountSettings {
    /// The absolute URL of a path of the service (which starts with `/`).
    pub fn link(&self, path: &str) -> String {
        format!("{}{path}", self.public_url.trim_end_matches('/'))
    }
}

/// Records an account's audit entry (no campaign) in the caller's transaction.
pub(crate) async fn audit(
    conn: &mut AsyncPgConnection,
    user_id: Option<i64>,
    action: &str,
    details: serde_json::Value,
) -> Result<(), ServiceError> {
    Ok(eagles_db::audit::record(conn, user_id, None, action, details).await?)
}
