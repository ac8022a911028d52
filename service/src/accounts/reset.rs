//! One-time password reset links (R26): an instance admin makes one for an account
//! and hands it on; it sets the password once, within 24 hours, and ends every session
//! and token of the account. Only the SHA-256 of its token is stored.

use chrono::{Duration, Utc};
use eagles_db::diesel_async::AsyncPgConnection;
use eagles_db::password_resets::Reset;
use eagles_office::credentials::credential_digest;
use eagles_office::passwords::ResetLink;
use eagles_office::User;

use super::limits::RESET_FAILURES;
use super::{audit, AccountSettings};
use crate::envelope::transaction;
use crate::error::ServiceError;
use eagles_office::credentials::random_secret;

/// How long a reset link works.
pub const VALID_FOR: Duration = Duration::hours(24);

/// Makes a reset link for the account `username`, by `admin` (none: the operator at
/// the command line); 404 for no such account. The account's earlier unused links
/// stop working: the newest one handed on is the one that counts.
pub async fn make_link(
    conn: &mut AsyncPgConnection,
    admin: Option<&User>,
    username: &str,
    settings: &AccountSettings,
) -> Result<ResetLink, ServiceError> {
    let account = eagles_db::users::find_by_username(conn, username)
        .await?
        .ok_or_else(|| {
            // The name is not echoed: it comes from a path, in any script, and a client
            // that guesses the answer's encoding could misread it (`scripts/fuzz`).
            ServiceError::NotFound("there is no account with this username".into())
        })?;
    let token = random_secret();
    let expires_at = Utc::now() + VALID_FOR;
    transaction(conn, async |conn| {
        eagles_db::password_resets::create(
            conn,
            account.id,
            &credential_digest(&token),
            expires_at,
        )
        .await?;
        audit(
            conn,
            admin.map(|a| a.id),
            "account.reset_link",
            serde_json::json!({
                "username": account.username,
                "by": admin.map_or("the command line", |a| a.username.as_str()),
                "expires_at": expires_at,
            }),
        )
        .await?;
        Ok(((), false))
    })
    .await?;
    Ok(ResetLink {
        url: settings.link(&format!("/reset/{token}")),
        expires_at,
    })
}

/// Why a stored link (or none) does not work, in words; `None` when it does.
fn refusal(link: Option<&Reset>) -> Option<String> {
    let ask = "ask an administrator for a new one";
    match link {
        None => Some(format!(
            "this reset link does not work: it was never made, was replaced by a newer one, or is mistyped; {ask}"
        )),
        Some(link) if link.used_at.is_some() => {
            Some(format!("this reset link has already been used: {ask}"))
        }
        Some(link) if link.expires_at <= Utc::now() => Some(format!(
            "this reset link expired on {} (a link lasts 24 hours): {ask}",
            link.expires_at.format("%-d %B %Y, %H:%M UTC")
        )),
        Some(_) => None,
    }
}

/// The link `token` names while it works: 410 otherwise, counted against `address`
/// (429 past the limit, checked first).
pub async fn working(
    conn: &mut AsyncPgConnection,
    address: &str,
    token: &str,
) -> Result<Reset, ServiceError> {
    RESET_FAILURES.check(conn, address).await?;
    let link = eagles_db::password_resets::find(conn, &credential_digest(token), false).await?;
    if let Some(why) = refusal(link.as_ref()) {
        RESET_FAILURES.count(conn, address).await?;
        return Err(ServiceError::Gone(why));
    }
    link.ok_or_else(|| ServiceError::Internal("a working reset link vanished".into()))
}

/// Spends the link `token`: the account's password becomes `hash` and every session
/// and token of it ends, in one transaction. 410 when it stopped working meanwhile.
pub async fn spend(
    conn: &mut AsyncPgConnection,
    token: &str,
    hash: &str,
) -> Result<User, ServiceError> {
    let digest = credential_digest(token);
    transaction(conn, async |conn| {
        let link = eagles_db::password_resets::find(conn, &digest, true).await?;
        if let Some(why) = refusal(link.as_ref()) {
            return Err(ServiceError::Gone(why));
        }
        let Some(link) = link else {
            return Err(ServiceError::Internal(
                "a working reset link vanished".into(),
            ));
        };
        eagles_db::users::set_password(conn, link.user.id, hash).await?;
        eagles_db::password_resets::spend(conn, &digest).await?;
        eagles_db::users::end_credentials(conn, link.user.id, None, None).await?;
        audit(
            conn,
            Some(link.user.id),
            "account.reset_used",
            serde_json::json!({ "username": link.user.username }),
        )
        .await?;
        Ok((link.user, false))
    })
    .await
}
