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
use crate::password::{hash_password, verify_password};
use crate::unique::is_unique_violation;
use crate::Service;
use eagles_office::credentials::credential_digest;
use eagles_office::sign_up::Membership;

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

/// Stores the account (with the digest of the Idempotency-Key it came with) and its
/// audit entry.
async fn create(
    conn: &mut AsyncPgConnection,
    username: &str,
    hash: &str,
    invited: bool,
    key_hash: Option<&[u8]>,
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
    if let Some(key_hash) = key_hash {
        eagles_db::users::set_sign_up_key(conn, user.id, key_hash).await?;
    }
    audit(
        conn,
        Some(user.id),
        "account.sign_up",
        serde_json::json!({ "username": user.username, "invited": invited }),
    )
    .await?;
    Ok(user)
}

/// What an account signed up with `key` (its digest `key_hash`) within the last day
/// made, when `new` names it with its password: the answer to send again.
async fn made_before(
    service: &Service,
    new: &NewAccount,
    key_hash: &[u8],
) -> Result<Option<SignedUp>, ServiceError> {
    let since = chrono::Utc::now() - chrono::Duration::days(1);
    let account = {
        let mut conn = service.conn().await?;
        eagles_db::users::find_signed_up_with(&mut conn, &new.username, key_hash, since).await?
    };
    let Some(account) = account else {
        return Ok(None);
    };
    if !verify_password(Some(account.password_hash.clone()), new.password.clone()).await? {
        return Ok(None);
    }
    let user = User::from(account);
    let mut conn = service.conn().await?;
    let membership = match &new.invitation {
        None => None,
        Some(code) => {
            let campaign_id = invitations::campaign_of(&mut conn, code).await?;
            let campaign = eagles_db::campaigns::find(&mut conn, campaign_id).await?;
            let member = eagles_db::campaigns::member(&conn, campaign_id, user.id).await?;
            campaign.zip(member).map(|(campaign, member)| Membership {
                campaign_id,
                campaign_name: campaign.name,
                member: member.into(),
            })
        }
    };
    let account = AccountView {
        username: user.username.clone(),
        membership,
    };
    Ok(Some(SignedUp { user, account }))
}

impl Service {
    /// Signs up as [`SignUps::sign_up`] says, keeping the digest of the request's
    /// Idempotency-Key with the account when it came with one.
    async fn make_account(
        &self,
        address: String,
        new: NewAccount,
        key_hash: Option<Vec<u8>>,
    ) -> Result<SignedUp, ServiceError> {
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
        if let Some(code) = &invitation {
            let mut conn = self.conn().await?;
            problems.extend(invitations::side_problem(&mut conn, code, side).await?);
        }
        rules::refuse(problems)?;
        let hash = hash_password(password).await?;
        let mut conn = self.conn().await?;
        let Some(code) = invitation else {
            return envelope::transaction(&mut conn, async |conn| {
                let user = create(conn, &username, &hash, false, key_hash.as_deref()).await?;
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
            let user = create(conn, &username, &hash, true, key_hash.as_deref()).await?;
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
}

#[async_trait::async_trait]
impl SignUps for Service {
    async fn sign_up(&self, address: String, new: NewAccount) -> Result<SignedUp, Error> {
        self.make_account(address, new, None).await
    }

    async fn sign_up_once(
        &self,
        address: String,
        new: NewAccount,
        key: String,
    ) -> Result<(SignedUp, bool), Error> {
        let key_hash = credential_digest(&key);
        if let Some(made) = made_before(self, &new, &key_hash).await? {
            return Ok((made, true));
        }
        let made = self.make_account(address, new, Some(key_hash)).await?;
        Ok((made, false))
    }

    fn sign_up_policy(&self) -> SignUpPolicy {
        self.accounts.sign_up
    }
}
