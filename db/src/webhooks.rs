//! Webhooks and their outbox (migration 000014): the subscriptions a referee keeps,
//! the deliveries queued in the transaction of the event they tell of, and each try
//! of them. Any number of instances' workers share the outbox: a claim skips the rows
//! another worker holds and leases what it takes, so each try is made by one worker.

use campaign::webhooks::{DeliveryStatus, WebhookEvent};
use chrono::{DateTime, Utc};
use diesel::prelude::*;
use diesel::sql_types::{Array, BigInt, Double, Int4, Int8, Jsonb, Nullable, Text, Timestamptz};
use diesel_async::{AsyncConnection, AsyncPgConnection, RunQueryDsl};

use crate::prepared::prepared;
use crate::schema::webhooks;
use crate::QueryResult;

/// A webhook as stored, its secret included: only the worker and the creation answer
/// ever show it.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = webhooks)]
pub struct Webhook {
    pub id: i64,
    pub campaign_id: i64,
    pub url: String,
    pub events: Vec<WebhookEvent>,
    pub secret: String,
    pub created_at: DateTime<Utc>,
}

/// Subscribes `url` to `events` of a campaign.
pub async fn create(
    conn: &mut AsyncPgConnection,
    campaign_id: i64,
    url: &str,
    events: &[WebhookEvent],
    secret: &str,
    created_by: i64,
) -> QueryResult<Webhook> {
    conn.transaction(async |conn| {
        let webhook = diesel::insert_into(webhooks::table)
            .values((
                webhooks::campaign_id.eq(campaign_id),
                webhooks::url.eq(url),
                webhooks::events.eq(events),
                webhooks::secret.eq(secret),
                webhooks::created_by.eq(created_by),
            ))
            .returning(Webhook::as_returning())
            .get_result(conn)
            .await?;
        mark_changed(conn, campaign_id).await?;
        Ok(webhook)
    })
    .await
}

const MARK_CHANGED: &str = "
UPDATE campaigns SET webhooks_revision = webhooks_revision + 1 WHERE id = $1";

/// Raises the campaign's `webhooks_revision`, with a change to its webhooks.
async fn mark_changed(mut conn: &AsyncPgConnection, campaign_id: i64) -> QueryResult<()> {
    prepared(MARK_CHANGED)
        .bind::<Int8, _>(campaign_id)
        .execute(&mut conn)
        .await
        .map(drop)
        .map_err(crate::Error::from)
}

/// The campaign's webhooks, oldest first.
pub async fn list(conn: &mut AsyncPgConnection, campaign_id: i64) -> QueryResult<Vec<Webhook>> {
    webhooks::table
        .filter(webhooks::campaign_id.eq(campaign_id))
        .order(webhooks::id)
        .select(Webhook::as_select())
        .load(conn)
        .await
        .map_err(crate::Error::from)
}

/// Deletes a webhook of the campaign with its queued deliveries; whether there was one.
pub async fn delete(conn: &mut AsyncPgConnection, campaign_id: i64, id: i64) -> QueryResult<bool> {
    conn.transaction(async |conn| {
        let deleted = diesel::delete(
            webhooks::table
                .filter(webhooks::id.eq(id))
                .filter(webhooks::campaign_id.eq(campaign_id)),
        )
        .execute(conn)
        .await?;
        if deleted > 0 {
            mark_changed(conn, campaign_id).await?;
        }
        Ok(deleted > 0)
    })
    .await
}

// One statement: the event row only when some webhook of the campaign wants it, and a
// delivery per such webhook. The event carries the campaign's revision, which the
// write that made the event raised first in its transaction.
const ENQUEUE: &str = "
WITH hooks AS (
    SELECT id FROM webhooks WHERE campaign_id = $1 AND $2 = ANY (events)
), event AS (
    INSERT INTO webhook_events (campaign_id, event, content, data, revision)
    SELECT $1, $2, c.name || ': ' || $3, $4, c.revision FROM campaigns c
    WHERE c.id = $1 AND EXISTS (SELECT 1 FROM hooks)
    RETURNING id
), queued AS (
    INSERT INTO webhook_deliveries (event_id, webhook_id)
    SELECT event.id, hooks.id FROM event, hooks
    RETURNING id
)
SELECT count(*) AS queued FROM queued";

#[derive(QueryableByName)]
struct Queued {
    #[diesel(sql_type = BigInt)]
    queued: i64,
}

/// Queues `event` for every webhook of the campaign subscribed to it, its content the
/// campaign's name, a colon and `summary`; returns how many deliveries it queued. Call
/// it inside the transaction that makes the event, so the deliveries commit with it or
/// not at all.
pub async fn enqueue(
    mut conn: &AsyncPgConnection,
    campaign_id: i64,
    event: WebhookEvent,
    summary: &str,
    data: &serde_json::Value,
) -> QueryResult<usize> {
    let queued: Queued = prepared(ENQUEUE)
        .bind::<Int8, _>(campaign_id)
        .bind::<Text, _>(event)
        .bind::<Text, _>(summary)
        .bind::<Jsonb, _>(data)
        .get_result(&mut conn)
        .await?;
    Ok(queued.queued as usize)
}

/// One delivery of an event, with its tries, as the referee sees it.
#[derive(Debug, Clone, QueryableByName)]
pub struct DeliveryRow {
    #[diesel(sql_type = Int8)]
    pub id: i64,
    #[diesel(sql_type = Int8)]
    pub webhook_id: i64,
    #[diesel(sql_type = Text)]
    pub delivery_id: String,
    #[diesel(sql_type = Text)]
    pub event: WebhookEvent,
    #[diesel(sql_type = Int8)]
    pub revision: i64,
    #[diesel(sql_type = Text)]
    pub content: String,
    #[diesel(sql_type = Text)]
    pub status: DeliveryStatus,
    #[diesel(sql_type = Timestamptz)]
    pub created_at: DateTime<Utc>,
    #[diesel(sql_type = Timestamptz)]
    pub next_attempt_at: DateTime<Utc>,
    #[diesel(sql_type = Nullable<Timestamptz>)]
    pub finished_at: Option<DateTime<Utc>>,
}

// The latest deliveries of each webhook by its own index, however long its history.
const RECENT_DELIVERIES: &str = "
SELECT d.id, d.webhook_id, d.delivery_id, e.event, e.revision, e.content, d.status,
       d.created_at, d.next_attempt_at, d.finished_at
FROM unnest($1::bigint[]) AS w (id)
CROSS JOIN LATERAL (
    SELECT * FROM webhook_deliveries WHERE webhook_id = w.id ORDER BY id DESC LIMIT $2
) d
JOIN webhook_events e ON e.id = d.event_id
ORDER BY d.webhook_id, d.id DESC";

/// The latest `per_webhook` deliveries of each of the webhooks, newest first.
pub async fn recent_deliveries(
    conn: &mut AsyncPgConnection,
    webhook_ids: &[i64],
    per_webhook: i64,
) -> QueryResult<Vec<DeliveryRow>> {
    prepared(RECENT_DELIVERIES)
        .bind::<Array<Int8>, _>(webhook_ids)
        .bind::<Int8, _>(per_webhook)
        .load(conn)
        .await
        .map_err(crate::Error::from)
}

/// One try of a delivery.
#[derive(Debug, Clone, QueryableByName)]
pub struct AttemptRow {
    #[diesel(sql_type = Int8)]
    pub delivery: i64,
    #[diesel(sql_type = Timestamptz)]
    pub at: DateTime<Utc>,
    /// The receiver's status; `None` when it gave none.
    #[diesel(sql_type = Nullable<Int4>)]
    pub http_status: Option<i32>,
    #[diesel(sql_type = Nullable<Text>)]
    pub error: Option<String>,
}

const ATTEMPTS: &str = "
SELECT delivery_id AS delivery, at, http_status, error FROM webhook_attempts
WHERE delivery_id = ANY ($1) ORDER BY delivery_id, id";

/// The tries of the deliveries, oldest first.
pub async fn attempts(
    conn: &mut AsyncPgConnection,
    deliveries: &[i64],
) -> QueryResult<Vec<AttemptRow>> {
    prepared(ATTEMPTS)
        .bind::<Array<Int8>, _>(deliveries)
        .load(conn)
        .await
        .map_err(crate::Error::from)
}

/// A delivery a worker took: everything it needs to send it.
#[derive(Debug, Clone, QueryableByName)]
pub struct Claimed {
    #[diesel(sql_type = Int8)]
    pub id: i64,
    #[diesel(sql_type = Text)]
    pub delivery_id: String,
    /// Tries begun, this one included.
    #[diesel(sql_type = Int4)]
    pub attempts: i32,
    #[diesel(sql_type = Timestamptz)]
    pub created_at: DateTime<Utc>,
    #[diesel(sql_type = Text)]
    pub url: String,
    #[diesel(sql_type = Text)]
    pub secret: String,
    #[diesel(sql_type = Text)]
    pub event: WebhookEvent,
    #[diesel(sql_type = Int8)]
    pub campaign_id: i64,
    #[diesel(sql_type = Int8)]
    pub revision: i64,
    #[diesel(sql_type = Text)]
    pub content: String,
    #[diesel(sql_type = Jsonb)]
    pub data: serde_json::Value,
}

// SKIP LOCKED lets the workers of several instances claim side by side without
// waiting for or doubling each other; the lease moves the row out of everyone's reach
// (its own worker's too) until the try has had its time. The lease shows as the next
// try's time on the members page, so the campaigns' `webhooks_revision` moves too.
const CLAIM: &str = "
WITH claimed AS (
    UPDATE webhook_deliveries d
    SET next_attempt_at = now() + $2 * interval '1 millisecond', attempts = d.attempts + 1
    FROM (
        SELECT id FROM webhook_deliveries
        WHERE status = 'pending' AND next_attempt_at <= now()
        ORDER BY next_attempt_at, id
        LIMIT $1
        FOR UPDATE SKIP LOCKED
    ) due, webhook_events e, webhooks w
    WHERE d.id = due.id AND e.id = d.event_id AND w.id = d.webhook_id
    RETURNING d.id, d.delivery_id, d.attempts, d.created_at, w.url, w.secret, e.event,
              e.campaign_id, e.revision, e.content, e.data
), marked AS (
    UPDATE campaigns c SET webhooks_revision = c.webhooks_revision + 1
    WHERE c.id IN (SELECT campaign_id FROM claimed)
)
SELECT * FROM claimed";

/// Takes up to `limit` due deliveries for one try each, leased for `lease_ms`: no
/// worker takes them again before the lease ends, unless [`record`] says so.
pub async fn claim(
    conn: &mut AsyncPgConnection,
    limit: i64,
    lease_ms: f64,
) -> QueryResult<Vec<Claimed>> {
    prepared(CLAIM)
        .bind::<Int8, _>(limit)
        .bind::<Double, _>(lease_ms)
        .load(conn)
        .await
        .map_err(crate::Error::from)
}

/// What became of a delivery after a try.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Next {
    /// The receiver answered 2xx: done.
    Delivered,
    /// Try again after this many milliseconds.
    RetryIn(f64),
    /// No more tries: it stays failed.
    GiveUp,
}

// One statement, so a delivery deleted (with its webhook) meanwhile records nothing;
// the campaign's `webhooks_revision` moves with the try.
const RECORD: &str = "
WITH d AS (
    UPDATE webhook_deliveries
    SET status = $4,
        next_attempt_at = CASE WHEN $4 = 'pending' THEN now() + $5 * interval '1 millisecond'
                               ELSE next_attempt_at END,
        finished_at = CASE WHEN $4 = 'pending' THEN NULL ELSE now() END
    WHERE id = $1 AND status = 'pending'
    RETURNING id, webhook_id
), marked AS (
    UPDATE campaigns c SET webhooks_revision = c.webhooks_revision + 1
    FROM d JOIN webhooks w ON w.id = d.webhook_id
    WHERE c.id = w.campaign_id
)
INSERT INTO webhook_attempts (delivery_id, http_status, error)
SELECT id, $2, $3 FROM d";

/// Records a try of delivery `id` — the receiver's status, or why none came — and
/// what comes next.
pub async fn record(
    conn: &mut AsyncPgConnection,
    id: i64,
    http_status: Option<i32>,
    error: Option<&str>,
    next: Next,
) -> QueryResult<()> {
    let (status, retry_ms) = match next {
        Next::Delivered => (DeliveryStatus::Delivered, 0.0),
        Next::RetryIn(ms) => (DeliveryStatus::Pending, ms),
        Next::GiveUp => (DeliveryStatus::Failed, 0.0),
    };
    prepared(RECORD)
        .bind::<Int8, _>(id)
        .bind::<Nullable<Int4>, _>(http_status)
        .bind::<Nullable<Text>, _>(error)
        .bind::<Text, _>(status)
        .bind::<Double, _>(retry_ms)
        .execute(conn)
        .await
        .map(drop)
        .map_err(crate::Error::from)
}

#[derive(QueryableByName)]
struct Tally {
    #[diesel(sql_type = BigInt)]
    kills: i64,
    #[diesel(sql_type = BigInt)]
    deaths: i64,
}

const WEEK_TALLY: &str = "
SELECT (SELECT count(*) FROM kills k JOIN games g ON g.id = k.game_id
        WHERE k.campaign_id = $1 AND k.week = $2 AND g.voided_week IS NULL) AS kills,
       (SELECT count(*) FROM casualties ca JOIN crew c ON c.id = ca.crew_id
        LEFT JOIN games g ON g.id = ca.game_id
        WHERE c.campaign_id = $1 AND ca.week = $2 AND ca.kind = 'killed'
          AND g.voided_week IS NULL) AS deaths";

/// The kills and the deaths of a week's games that stand (not voided): what a closed
/// week's summary tells.
pub async fn week_tally(
    conn: &mut AsyncPgConnection,
    campaign_id: i64,
    week: i32,
) -> QueryResult<(i64, i64)> {
    let tally: Tally = prepared(WEEK_TALLY)
        .bind::<Int8, _>(campaign_id)
        .bind::<Int4, _>(week)
        .get_result(conn)
        .await?;
    Ok((tally.kills, tally.deaths))
}
