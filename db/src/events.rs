//! The campaign's revision and its event log (migration 000016).

use campaign::events::EventKind;
use diesel::prelude::*;
use diesel::sql_types::{BigInt, Int8, Nullable, Text};
use diesel_async::{AsyncPgConnection, RunQueryDsl};

use crate::prepared::prepared;
use crate::QueryResult;

/// The channel every instance listens on (named in [`RECORD`] too); the payload is the
/// event's JSON.
pub const CHANNEL: &str = "eagles_campaign_events";

/// Raises the campaign's revision, logs the event under it and notifies the listening
/// instances, in one statement. The notification names the game the write concerns
/// (`game_id`, as [`Event::game_id`] says) when its kind says which one. The row lock of the raise orders the revisions as the
/// writes commit; Postgres delivers the notification only if the transaction commits.
const RECORD: &str = "
WITH raised AS (
    UPDATE campaigns SET revision = revision + 1 WHERE id = $1 RETURNING id, revision
), logged AS (
    INSERT INTO campaign_events (campaign_id, revision, kind, entity_id, quiet)
    SELECT id, revision, $2, $3, $4 FROM raised
    RETURNING campaign_id, revision, kind, entity_id, quiet
)
SELECT l.revision, pg_notify('eagles_campaign_events', json_strip_nulls(json_build_object(
    'campaign_id', l.campaign_id, 'revision', l.revision, 'kind', l.kind, 'id', l.entity_id,
    'quiet', CASE WHEN l.quiet THEN true END,
    'game_id', CASE l.kind
        WHEN 'game' THEN l.entity_id
        WHEN 'debrief' THEN l.entity_id
        WHEN 'roll' THEN (SELECT r.game_id FROM dice_rolls r WHERE r.id = l.entity_id)
        WHEN 'mission' THEN (SELECT m.game_id FROM missions m WHERE m.id = l.entity_id)
        WHEN 'assignment' THEN (SELECT m.game_id FROM missions m WHERE m.id = l.entity_id)
    END
))::text) AS notified
FROM logged l";

#[derive(QueryableByName)]
struct Recorded {
    #[diesel(sql_type = BigInt)]
    revision: i64,
}

/// Records a write of `kind` to `entity_id` in the campaign's transaction, `quiet` when
/// it is a sheet's write that changes no open fact; returns the campaign's new
/// revision.
pub async fn record(
    mut conn: &AsyncPgConnection,
    campaign_id: i64,
    kind: EventKind,
    entity_id: i64,
    quiet: bool,
) -> QueryResult<i64> {
    let recorded: Recorded = prepared(RECORD)
        .bind::<Int8, _>(campaign_id)
        .bind::<Text, _>(kind)
        .bind::<Int8, _>(entity_id)
        .bind::<diesel::sql_types::Bool, _>(quiet)
        .get_result(&mut conn)
        .await?;
    Ok(recorded.revision)
}

/// An event of the log.
#[derive(Debug, Clone, PartialEq, Eq, QueryableByName)]
pub struct Event {
    #[diesel(sql_type = BigInt)]
    pub campaign_id: i64,
    #[diesel(sql_type = BigInt)]
    pub revision: i64,
    #[diesel(sql_type = Text)]
    pub kind: EventKind,
    #[diesel(sql_type = BigInt)]
    pub entity_id: i64,
    /// A sheet's write that changed no open fact (API v1.3).
    #[diesel(sql_type = diesel::sql_types::Bool)]
    pub quiet: bool,
    /// The game the write concerns, when its kind says: the game opened or debriefed,
    /// the game of a mission or an assignment, the game a roll was tagged with (none
    /// for a roll of no game). `None` for the other kinds, a void among them (its id
    /// is a game's or an award's).
    #[diesel(sql_type = Nullable<BigInt>)]
    pub game_id: Option<i64>,
}

/// What [`RECORD`] says of an event's game, read again for the log.
const AFTER: &str = "
SELECT e.campaign_id, e.revision, e.kind, e.entity_id, e.quiet,
    CASE e.kind
        WHEN 'game' THEN e.entity_id
        WHEN 'debrief' THEN e.entity_id
        WHEN 'roll' THEN (SELECT r.game_id FROM dice_rolls r WHERE r.id = e.entity_id)
        WHEN 'mission' THEN (SELECT m.game_id FROM missions m WHERE m.id = e.entity_id)
        WHEN 'assignment' THEN (SELECT m.game_id FROM missions m WHERE m.id = e.entity_id)
    END AS game_id
FROM campaign_events e
WHERE e.campaign_id = $1 AND e.revision > $2
ORDER BY e.revision
LIMIT $3";

/// The campaign's events after `revision`, oldest first (a reconnecting stream's
/// catch-up), at most `limit`.
pub async fn after(
    conn: &mut AsyncPgConnection,
    campaign_id: i64,
    revision: i64,
    limit: i64,
) -> QueryResult<Vec<Event>> {
    prepared(AFTER)
        .bind::<Int8, _>(campaign_id)
        .bind::<Int8, _>(revision)
        .bind::<Int8, _>(limit)
        .load(conn)
        .await
        .map_err(crate::Error::from)
}
