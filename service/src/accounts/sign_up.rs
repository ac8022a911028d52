//! Signing up (R26): an account made by the person who will use it, as
//! `EAGLES_SIGN_UP` allows, with an invitation joining its campaign in the same
//! transaction.

use eagles_db::diesel_async::AsyncPgConnection;
use eagles_office::prelude::*;
use eagles_office::sign_up::{AccountView, NewAccount, SignUpPolicy, SignUps, SignedUp};

use super::limits::SIGN_UPS;
use super::{audit, invitations, rules};
use crate::envelope;
use crate::error::{Locus, ServiceError};
use crate::password::hash_password;
use crate::unique::is_unique_violation;
use crate::Service;

/// 403 unless the instance lets this request make an account.
fn allowed(policy: SignUpPolicy, new: &NewAccount) -> Result<(), ServiceError> {
    match (policy, &new.invitation) {
        (SignUpPolicy::Closed, _) => Err(ServiceError::Forbidden(
            "this club makes accounts itself: signing up is closed here, so ask its administrator for an account"
                .into(),
        )),
        (SignUpPolicy::Invitation, None) => Err(ServiceError::Forbidden(
            "signing up here needs an invitation: open the link a campaign's referee gave you"
                .into(),
        )),
        _ => Ok(()),
    }
}

/// Stores the account and its audit entry.
async fn create(
    conn: &mut AsyncPgConnection,
    username: &str,
    hash: &str,
    invited: bool,
) -> Result<User, ServiceError> {
    let user = eagles_db::users::create(conn, username, hash, false)
        .await
        .map_err(|e| {
            if is_unique_violation(&e) {
                // The one answer that tells an account exists.
                ServiceError::invalid("that name is taken: choose another username")
                    .at(Locus::Field("username"))
            } else {
                e.into()
            }
        })?;
    audit(
        conn,
        Some(user.id),
        "account.sign_up",
        serde_json::json!({ "username": user.username, "invited": invited }),
    )
    .await?;
    Ok(user)
}

#[async_trait::async_trait]
impl SignUps for Service {
    async fn sign_up(&self, address: String, new: NewAccount) -> Result<SignedUp, Error> {
        allowed(self.accounts.sign_up, &new)?;
        {
            let mut conn = self.conn().await?;
            SIGN_UPS.check(&mut conn, &address).await?;
            SIGN_UPS.count(&mut conn, &address).await?;
        }
        let NewAccount {
            username,
            password,
            invitation,
            side,
        } = new;
        let mut problems = rules::username_problems(&username);
        problems.extend(rules::password_problems(&username, &password, "password"));
        rules::refuse(problems)?;
        let hash = hash_password(password).await?;
        let mut conn = self.conn().await?;
        let Some(code) = invitation else {
            return envelope::transaction(&mut conn, async |conn| {
                let user = create(conn, &username, &hash, false).await?;
                let account = AccountView {
                    username: user.username.clone(),
                    membership: None,
                };
                Ok((SignedUp { user, account }, false))
            })
            .await;
        };
        let campaign_id = invitations::campaign_of(&mut conn, &code).await?;
        envelope::join(&mut conn, campaign_id, async |conn, campaign| {
            let user = create(conn, &username, &hash, true).await?;
            let (membership, change) =
                invitations::join_with(conn, campaign, &code, &user, side).await?;
            let account = AccountView {
                username: user.username.clone(),
                membership: Some(membership),
            };
            let id = user.id;
            Ok((SignedUp { user, account }, id, change))
        })
        .await
    }

    fn sign_up_policy(&self) -> SignUpPolicy {
        self.accounts.sign_up
    }
}
