//! Changing one's password and signing out everywhere else (R26): each ends every
//! other session and token of the account, so a password someone else learned, or a
//! device left signed in, stops working.

use eagles_office::passwords::*;
use eagles_office::prelude::*;

use super::{audit, reset, rules};
use crate::envelope::transaction;
use crate::error::{Locus, ServiceError};
use crate::password::{hash_password, verify_password};
use crate::throttle::Attempt;
use crate::Service;

/// The digests of the credential to keep, as `users::end_credentials` takes them.
fn kept(credential: &CredentialInUse) -> (Option<&[u8]>, Option<&[u8]>) {
    match credential {
        CredentialInUse::Token(digest) => (Some(digest), None),
        CredentialInUse::Session(digest) => (None, Some(digest)),
    }
}

#[async_trait::async_trait]
impl Passwords for Service {
    async fn change_password(
        &self,
        address: String,
        user: User,
        keep: CredentialInUse,
        change: PasswordChange,
    ) -> Result<(), Error> {
        let PasswordChange {
            current_password,
            new_password,
        } = change;
        // A wrong current password counts as a failed sign-in: the form must not be a
        // way around the sign-in's limits.
        let attempt = Attempt::new(address, &user.username);
        let account = {
            let mut conn = self.conn().await?;
            attempt.check(&mut conn).await?;
            eagles_db::users::find_by_username(&mut conn, &user.username).await?
        };
        let account = account
            .ok_or_else(|| ServiceError::Unauthorized("this account no longer exists".into()))?;
        let mut problems = Vec::new();
        let right = verify_password(Some(account.password_hash.clone()), current_password).await?;
        if !right {
            problems.push(
                ServiceError::invalid(
                    "the current password is wrong: type the one you sign in with",
                )
                .at(Locus::Field("current_password")),
            );
        }
        problems.extend(rules::password_problems(
            &user.username,
            &new_password,
            "new_password",
        ));
        let mut conn = self.conn().await?;
        if right {
            attempt.succeeded(&mut conn).await?;
        } else {
            attempt.failed(&mut conn).await?;
        }
        rules::refuse(problems)?;
        drop(conn);
        let hash = hash_password(new_password).await?;
        let mut conn = self.conn().await?;
        transaction(&mut conn, async |conn| {
            eagles_db::users::set_password(conn, user.id, &hash).await?;
            let (token, session) = kept(&keep);
            eagles_db::users::end_credentials(conn, user.id, token, session).await?;
            audit(
                conn,
                Some(user.id),
                "account.password_change",
                serde_json::json!({ "username": user.username }),
            )
            .await?;
            Ok(((), false))
        })
        .await
    }

    async fn sign_out_elsewhere(&self, user: User, keep: CredentialInUse) -> Result<(), Error> {
        let mut conn = self.conn().await?;
        transaction(&mut conn, async |conn| {
            let (token, session) = kept(&keep);
            eagles_db::users::end_credentials(conn, user.id, token, session).await?;
            audit(
                conn,
                Some(user.id),
                "account.sign_out_everywhere",
                serde_json::json!({ "username": user.username }),
            )
            .await?;
            Ok(((), false))
        })
        .await
    }

    async fn make_reset_link(&self, admin: User, username: String) -> Result<ResetLink, Error> {
        if !admin.is_admin {
            return Err(ServiceError::Forbidden(
                "only an administrator of this instance may make a password reset link".into(),
            ));
        }
        let mut conn = self.conn().await?;
        reset::make_link(&mut conn, Some(&admin), &username, &self.accounts).await
    }

    async fn reset_preview(&self, address: String, token: String) -> Result<ResetPreview, Error> {
        let mut conn = self.conn().await?;
        let link = reset::working(&mut conn, &address, &token).await?;
        Ok(ResetPreview {
            username: link.user.username,
            expires_at: link.expires_at,
        })
    }

    async fn reset_password(
        &self,
        address: String,
        token: String,
        new_password: String,
    ) -> Result<User, Error> {
        let link = {
            let mut conn = self.conn().await?;
            reset::working(&mut conn, &address, &token).await?
        };
        rules::refuse(rules::password_problems(
            &link.user.username,
            &new_password,
            "new_password",
        ))?;
        let hash = hash_password(new_password).await?;
        let mut conn = self.conn().await?;
        reset::spend(&mut conn, &token, &hash).await
    }
}
