//! The envelope of every write to a campaign: the one place that takes the campaign's
//! lock, refuses a campaign that has ended (§13.203), checks who may write, and records
//! what the write did — the raised revision with its event (the live stream and every
//! cache follow it), the audit entry and the webhook deliveries — in the write's own
//! transaction, so all of it commits or none of it does.
//!
//! A use case hands [`write`] its body; the body gets the locked campaign as its caller
//! sees it and a [`Recorder`], and must give back the [`Receipt`] the recorder issues.
//! The recorder is spent by recording, so a write that returns at all has recorded its
//! change exactly once, or said it changed nothing ([`Recorder::unchanged`]). The body
//! chooses when to record: after its rows (the usual way), or sent in the same round
//! trip as them (the debrief, which pipelines its writes); a body whose record goes
//! out with its last writes may send the COMMIT behind them too
//! ([`Recorder::record_and_commit`]), letting the lock go a round trip sooner.
//!
//! Creating a campaign ([`create`]) is the one write outside the lock: there is no
//! campaign to lock, to have ended or to check membership of before it exists, so any
//! signed-in caller may create one (or the operator import one). It raises no revision
//! and emits no event, since nobody can follow a campaign that did not exist (it starts
//! at revision 0); its audit entry is recorded here like every other.
//!
//! The webhooks' own settings (adding or deleting a subscription) and the accounts'
//! writes (users, tokens, sessions) are not a campaign's records and take no envelope.

use campaign::events::EventKind;
use campaign::sides::Side;
use campaign::webhooks::WebhookEvent;
use eagles_db::diesel::connection::TransactionDepthChange;
use eagles_db::diesel_async::{AnsiTransactionManager, AsyncPgConnection, TransactionManager};
use eagles_db::users::User;
use futures_util::future::{try_join, try_join3};
use serde::Serialize;

use crate::access::{still_running, visible, CampaignScope};
use crate::error::ServiceError;
use eagles_office::campaigns::Campaign;

/// Who may make a write, checked on the locked campaign. A write whose access depends
/// on what it touches (a crewman's owner, the member himself) asks for [`Access::Reader`]
/// and checks the rest in its body.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Access<'a> {
    /// A referee of the campaign (or an admin); the words say what he does.
    Referee(&'a str),
    /// A member, player or referee (or an admin).
    Member(&'a str),
    /// A referee, or a player of this side (R9: a side rolls and crews its mission).
    Side(Side, &'a str),
    /// Anyone who may read the campaign and is signed in.
    Reader,
}

impl Access<'_> {
    /// 403 (401 without a caller) unless `scope`'s caller may write as asked.
    pub fn check(self, scope: &CampaignScope) -> Result<(), ServiceError> {
        match self {
            Access::Referee(action) => scope.require_referee(action).map(drop),
            Access::Member(action) => scope.require_member(action).map(drop),
            Access::Side(side, action) => scope.require_side(side, action),
            Access::Reader => scope.user().map(drop),
        }
    }
}

/// Runs `body` as a write of `user` to the campaign `campaign_id`, in one transaction:
/// locks the campaign (404 when `user` may not read it), refuses it once ended (409),
/// checks `access` (403), then runs the body and commits what it wrote with what it
/// recorded. Any error rolls all of it back.
pub async fn write<T>(
    conn: &mut AsyncPgConnection,
    campaign_id: i64,
    user: &User,
    access: Access<'_>,
    body: impl AsyncFnOnce(&mut AsyncPgConnection, CampaignScope, Recorder) -> Written<T>,
) -> Result<T, ServiceError> {
    write_reading(
        conn,
        campaign_id,
        user,
        access,
        async |_| Ok(()),
        async |conn, scope, (), recorder| body(conn, scope, recorder).await,
    )
    .await
}

/// [`write`] whose body needs `reads` first: they are sent with the lock, in the same
/// round trip, and run after it is taken (the server runs a pipeline in order), so they
/// see the campaign as the lock holds it.
pub async fn write_reading<R, T>(
    conn: &mut AsyncPgConnection,
    campaign_id: i64,
    user: &User,
    access: Access<'_>,
    reads: impl AsyncFnOnce(&AsyncPgConnection) -> Result<R, ServiceError>,
    body: impl AsyncFnOnce(&mut AsyncPgConnection, CampaignScope, R, Recorder) -> Written<T>,
) -> Result<T, ServiceError> {
    transaction(conn, async |conn| {
        // A write inside a caller's transaction is a savepoint of it: its COMMIT would
        // commit the caller's too, so only a transaction of its own may send one.
        let own_transaction = AnsiTransactionManager::transaction_manager_status_mut(conn)
            .transaction_depth()
            .map_err(db)?
            .is_some_and(|depth| depth.get() == 1);
        let shared: &AsyncPgConnection = conn;
        let (scope, read) = try_join(lock(shared, campaign_id, user), reads(shared)).await?;
        still_running(scope.campaign())?;
        access.check(&scope)?;
        let recorder = Recorder {
            campaign_id,
            user_id: Some(user.id),
            own_transaction,
        };
        let (answer, receipt) = body(conn, scope, read, recorder).await?;
        Ok((answer, receipt.committed))
    })
    .await
}

/// Creates a campaign through `body`, in one transaction, for `creator` (none when the
/// operator imports one from the command line): the body writes it and returns its id
/// with the audit entry, recorded beside it. See the module's words on why a new
/// campaign takes no lock and raises no revision.
pub async fn create<T>(
    conn: &mut AsyncPgConnection,
    creator: Option<&User>,
    body: impl AsyncFnOnce(&mut AsyncPgConnection) -> Result<(T, i64, Audit), ServiceError>,
) -> Result<T, ServiceError> {
    transaction(conn, async |conn| {
        let (answer, campaign_id, audit) = body(conn).await?;
        audit
            .record(conn, creator.map(|u| u.id), campaign_id)
            .await?;
        Ok((answer, false))
    })
    .await
}

/// Joins the campaign `campaign_id` by an invitation (R26), in one transaction: the
/// invitation's code is the access, so the campaign is locked without asking whether
/// the joiner may read it yet (he may not, before he joins a private one); 404 for no
/// such campaign, 409 once it has ended. The body writes the membership (and, signing
/// up, the account first) and answers the joiner's id and the change to record as his.
pub async fn join<T>(
    conn: &mut AsyncPgConnection,
    campaign_id: i64,
    body: impl AsyncFnOnce(&mut AsyncPgConnection, &Campaign) -> Result<(T, i64, Change), ServiceError>,
) -> Result<T, ServiceError> {
    transaction(conn, async |conn| {
        let campaign = eagles_db::campaigns::find_for_update(conn, campaign_id)
            .await?
            .ok_or_else(|| ServiceError::NotFound(format!("there is no campaign {campaign_id}")))?;
        still_running(&campaign)?;
        let (answer, joiner, change) = body(conn, &campaign).await?;
        let recorder = Recorder {
            campaign_id,
            user_id: Some(joiner),
            own_transaction: false,
        };
        let _receipt = recorder.record(conn, change).await?;
        Ok((answer, false))
    })
    .await
}

/// The campaign `campaign_id` locked until the transaction ends, as `user` sees it:
/// the writes of a campaign take turns on this lock. The lock and the caller's
/// membership go out together.
async fn lock(
    conn: &AsyncPgConnection,
    campaign_id: i64,
    user: &User,
) -> Result<CampaignScope, ServiceError> {
    let (campaign, member) = try_join(
        eagles_db::campaigns::find_for_update(conn, campaign_id),
        eagles_db::campaigns::member(conn, campaign_id, user.id),
    )
    .await?;
    visible(campaign_id, campaign, member, Some(user.clone()))
}

/// Runs `body` in a transaction: committed when it succeeds (by the body itself when it
/// says so, with its last writes), rolled back when it fails. Written out rather than
/// `AsyncConnection::transaction`, which wants a body whose future is `Send` by its
/// bound, and a generic body cannot promise that in its type.
pub(crate) async fn transaction<T>(
    conn: &mut AsyncPgConnection,
    body: impl AsyncFnOnce(&mut AsyncPgConnection) -> Result<(T, bool), ServiceError>,
) -> Result<T, ServiceError> {
    AnsiTransactionManager::begin_transaction(conn)
        .await
        .map_err(db)?;
    match body(conn).await {
        Ok((answer, true)) => {
            // The COMMIT went out with the body's last writes, past the transaction
            // manager, which must learn that its transaction is over.
            AnsiTransactionManager::transaction_manager_status_mut(conn)
                .transaction_state()
                .map_err(db)?
                .change_transaction_depth(TransactionDepthChange::DecreaseDepth)
                .map_err(db)?;
            Ok(answer)
        }
        Ok((answer, false)) => match AnsiTransactionManager::commit_transaction(conn).await {
            Ok(()) => Ok(answer),
            Err(e) => {
                // A failed COMMIT may leave the transaction open; the rollback's own
                // failure says nothing more than `e`.
                let _ = AnsiTransactionManager::rollback_transaction(conn).await;
                Err(db(e))
            }
        },
        Err(e) => {
            // After a COMMIT the body sent, a failed statement before it made the server
            // run it as a ROLLBACK; this one then only draws a warning.
            AnsiTransactionManager::rollback_transaction(conn)
                .await
                .map_err(db)?;
            Err(e)
        }
    }
}

/// What a write changed, as the campaign's followers are told: the event (its kind and
/// the id of what it wrote), the audit entry, and the webhook delivery when the event is
/// one that webhooks subscribe to.
#[derive(Debug)]
pub struct Change {
    kind: EventKind,
    entity_id: i64,
    /// A sheet's write that changes no open fact (API v1.3, R20).
    quiet: bool,
    audit: Option<Audit>,
    webhook: Option<Delivery>,
}

impl Change {
    /// A write of `kind` to `entity_id`.
    pub fn new(kind: EventKind, entity_id: i64) -> Self {
        Self {
            kind,
            entity_id,
            quiet: false,
            audit: None,
            webhook: None,
        }
    }

    /// Marked quiet when it changes no fact the whole table sees: its event names the
    /// sortie only to those who may read its sheet (API v1.3, §13.20, R20).
    pub fn quiet(self, quiet: bool) -> Self {
        Self { quiet, ..self }
    }

    /// With the audit entry `action` and its `details`.
    pub fn audit(self, action: &'static str, details: serde_json::Value) -> Self {
        Self {
            audit: Some(Audit { action, details }),
            ..self
        }
    }

    /// With the webhook delivery of `event`: its one-line `summary` (the deliveries'
    /// `content` is the campaign's name, a colon and it: "Bloody April: week 3 closed —
    /// 4 kills, 1 death") and its `data` (the use case's answer, as JSON).
    pub fn webhook(
        self,
        event: WebhookEvent,
        summary: String,
        data: &impl Serialize,
    ) -> Result<Self, ServiceError> {
        let data = serde_json::to_value(data)
            .map_err(|e| ServiceError::Internal(format!("the {event:?} delivery's data: {e}")))?;
        Ok(Self {
            webhook: Some(Delivery {
                event,
                summary,
                data,
            }),
            ..self
        })
    }
}

/// An audit entry: who did what, when.
#[derive(Debug)]
pub struct Audit {
    action: &'static str,
    details: serde_json::Value,
}

impl Audit {
    /// The entry `action` with its `details`.
    pub fn new(action: &'static str, details: serde_json::Value) -> Self {
        Self { action, details }
    }

    async fn record(
        &self,
        conn: &AsyncPgConnection,
        user_id: Option<i64>,
        campaign_id: i64,
    ) -> Result<(), ServiceError> {
        let details = self.details.clone();
        eagles_db::audit::record(conn, user_id, Some(campaign_id), self.action, details).await?;
        Ok(())
    }
}

/// A webhook delivery of an event.
#[derive(Debug)]
struct Delivery {
    event: WebhookEvent,
    summary: String,
    data: serde_json::Value,
}

/// Records one write's [`Change`] in the write's transaction; spent by recording.
#[derive(Debug)]
pub struct Recorder {
    campaign_id: i64,
    user_id: Option<i64>,
    /// The write's transaction is its own, not a savepoint of a caller's.
    own_transaction: bool,
}

/// What a write's body answers: its answer, with the receipt of what it recorded.
pub type Written<T> = Result<(T, Receipt), ServiceError>;

/// Proof that a write recorded its change, or said it made none; only a [`Recorder`]
/// issues one.
#[derive(Debug)]
#[must_use]
pub struct Receipt {
    /// The campaign's revision the change raised it to; `None` when nothing changed.
    pub revision: Option<i64>,
    /// Whether the COMMIT went out with the record.
    committed: bool,
}

impl Recorder {
    /// Raises the campaign's revision and records `change`'s event, its audit entry and
    /// its webhook deliveries, sent together (one round trip); the server runs them in
    /// this order, so the deliveries carry the raised revision.
    pub async fn record(
        self,
        conn: &AsyncPgConnection,
        change: Change,
    ) -> Result<Receipt, ServiceError> {
        let Change {
            kind,
            entity_id,
            quiet,
            audit,
            webhook,
        } = change;
        let campaign_id = self.campaign_id;
        let event = async {
            Ok::<_, ServiceError>(
                eagles_db::events::record(conn, campaign_id, kind, entity_id, quiet).await?,
            )
        };
        let audit = async {
            match &audit {
                Some(audit) => audit.record(conn, self.user_id, campaign_id).await,
                None => Ok(()),
            }
        };
        let webhook = async {
            if let Some(d) = &webhook {
                eagles_db::webhooks::enqueue(conn, campaign_id, d.event, &d.summary, &d.data)
                    .await?;
            }
            Ok(())
        };
        let (revision, (), ()) = try_join3(event, audit, webhook).await?;
        Ok(Receipt {
            revision: Some(revision),
            committed: false,
        })
    }

    /// [`Recorder::record`] with the transaction's COMMIT sent behind it, in the same
    /// round trip: for a body whose last writes (and reads) are joined before this,
    /// so they go out ahead of it. If any statement before the COMMIT fails, none of
    /// the write is kept; the body must not fail after it, which could not undo the
    /// write, and whatever it sends afterwards runs outside the transaction. Inside a
    /// caller's transaction it only records: the caller commits.
    pub async fn record_and_commit(
        self,
        conn: &AsyncPgConnection,
        change: Change,
    ) -> Result<Receipt, ServiceError> {
        if !self.own_transaction {
            return self.record(conn, change).await;
        }
        let commit = async { Ok(eagles_db::commit::commit(conn).await?) };
        let (receipt, ()) = try_join(self.record(conn, change), commit).await?;
        Ok(Receipt {
            committed: true,
            ..receipt
        })
    }

    /// The receipt of a write that, having checked its request, found nothing to
    /// change (a player moved to the side he is on): no revision, no event.
    pub fn unchanged(self) -> Receipt {
        Receipt {
            revision: None,
            committed: false,
        }
    }
}

/// A failure of the transaction manager, as the office reports a database's.
fn db(e: eagles_db::diesel::result::Error) -> ServiceError {
    eagles_db::Error::from(e).into()
}
