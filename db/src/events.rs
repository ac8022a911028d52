//! The campaign's revision and its event log (migration 000016).

use campaign::events::EventKind;
use diesel::prelude::*;
use diesel::sql_types::{BigInt, Int8, Text};
use diesel_async::{AsyncPgConnection, RunQueryDsl};

use crate::prepared::prepared;

/// The channel every instance listens on (named in [`RECORD`] too); the payload is the
/// event's JSON.
pub const CHANNEL: &str = "eagles_campaign_events";

/// Raises the campaign's revision, logs the event under it and notifies the listening
/// instances, in one statement. The row lock of the raise orders the revisions as the
/// writes commit; Postgres delivers the notification only if the transaction commits.
const RECORD: &str = "
WITH raised AS (
    UPDATE campaigns SET revision = revision + 1 WHERE id = $1 RETURNING id, revision
), logged AS (
    INSERT INTO campaign_events (campaign_id, revision, kind, entity_id)
    SELECT id, revision, $2, $3 FROM raised
    RETURNING campaign_id, revision, kind, entity_id
)
SELECT l.revision, pg_notify('eagles_campaign_events', json_build_object(
    'campaign_id', l.campaign_id, 'revision', l.revision, 'kind', l.kind, 'id', l.entity_id
)::text) AS notified
FROM logged l";

#[derive(QueryableByName)]
struct Recorded {
    #[diesel(sql_type = BigInt)]
    revision: i64,
}

/// Records a write of `kind` to `entity_id` in the campaign's transaction; returns the
/// campaign's new revision.
pub async fn record(
    mut conn: &AsyncPgConnection,
    campaign_id: i64,
    kind: EventKind,
    entity_id: i64,
) -> QueryResult<i64> {
    let recorded: Recorded = prepared(RECORD)
        .bind::<Int8, _>(campaign_id)
        .bind::<Text, _>(kind)
        .bind::<Int8, _>(entity_id)
        .get_result(&mut conn)
        .await?;
    Ok(recorded.revision)
}

/// An event of the log.
#[derive(Debug, Clone, PartialEq, Eq, Queryable, Selectable)]
#[diesel(table_name = crate::schema::campaign_events)]
pub struct Event {
    pub campaign_id: i64,
    pub revision: i64,
    pub kind: EventKind,
    pub entity_id: i64,
}

/// The campaign's events after `revision`, oldest first (a reconnecting stream's
/// catch-up), at most `limit`.
pub async fn after(
    conn: &mut AsyncPgConnection,
    campaign_id: i64,
    revision: i64,
    limit: i64,
) -> QueryResult<Vec<Event>> {
    use crate::schema::campaign_events::dsl as e;
    e::campaign_events
        .filter(e::campaign_id.eq(campaign_id))
        .filter(e::revision.gt(revision))
        .order(e::revision)
        .limit(limit)
        .select(Event::as_select())
        .load(conn)
        .await
}
