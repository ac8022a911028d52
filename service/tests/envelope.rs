//! The envelope's decisions on a real Postgres (a throwaway cluster of this test's
//! own): a write it refuses — the campaign ended (§13.203), the caller may not make
//! it — writes nothing, and a write that fails half way leaves nothing; one it lets
//! through raises the revision once, with one event and one audit entry.

use std::sync::OnceLock;

use campaign::events::EventKind;
use campaign::roster::MemberRole;
use campaign::sides::Side;
use chrono::NaiveDate;
use eagles_db::diesel;
use eagles_db::diesel::sql_types::{BigInt, Int4, Int8};
use eagles_db::diesel::QueryableByName;
use eagles_db::diesel_async::{
    AnsiTransactionManager, AsyncConnection, AsyncPgConnection, RunQueryDsl, TransactionManager,
};
use eagles_db::users::User;
use eagles_service::envelope::{self, Access, Change};
use eagles_service::ServiceError;
use futures_util::future::try_join;
use pgcluster::Cluster;

/// The URL of a migrated database on a cluster started once for this test binary.
fn database_url() -> &'static str {
    static URL: OnceLock<String> = OnceLock::new();
    URL.get_or_init(|| {
        let cluster = Cluster::start_temporary().expect("start a throwaway Postgres cluster");
        cluster.stop_at_exit();
        let url = cluster.database_url("postgres");
        // Each test has its own runtime: migrate on a thread with one of its own.
        let migrate = url.clone();
        std::thread::spawn(move || {
            tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()
                .unwrap()
                .block_on(eagles_db::migrations::run_pending(&migrate))
                .expect("migrate the test database");
        })
        .join()
        .unwrap();
        // Stopped at exit (above); dropping the handle now would stop it at once.
        std::mem::forget(cluster);
        url
    })
}

/// A connection, a campaign of its own named `name`, and its trace before the test
/// writes anything.
async fn set_up(name: &str, public: bool) -> (AsyncPgConnection, World, Trace) {
    let mut conn = AsyncPgConnection::establish(database_url()).await.unwrap();
    let w = world(&mut conn, name, public).await;
    let before = trace(&mut conn, w.campaign).await;
    (conn, w, before)
}

/// A campaign of its own: its referee, a player of the Allied side, an account that
/// is no member, and one more account to add.
struct World {
    campaign: i64,
    referee: User,
    player: User,
    stranger: User,
    recruit: User,
}

async fn world(conn: &mut AsyncPgConnection, name: &str, public: bool) -> World {
    let mut user = async |role: &str| {
        eagles_db::users::create(conn, &format!("{name}-{role}"), "not a hash", false)
            .await
            .unwrap()
    };
    let (referee, player, stranger, recruit) = (
        user("referee").await,
        user("player").await,
        user("stranger").await,
        user("recruit").await,
    );
    let start = NaiveDate::from_ymd_opt(1917, 4, 2).unwrap();
    let campaign = eagles_db::campaigns::create(conn, name, start, public, referee.id)
        .await
        .unwrap()
        .id;
    eagles_db::campaigns::add_member(
        conn,
        campaign,
        player.id,
        MemberRole::Player,
        Some(Side::Allied),
    )
    .await
    .unwrap();
    World {
        campaign,
        referee,
        player,
        stranger,
        recruit,
    }
}

#[derive(QueryableByName)]
struct Count {
    #[diesel(sql_type = BigInt)]
    n: i64,
}

/// What a write leaves of a campaign: its revision, its events, its audit entries and
/// its members (what the test's write adds).
#[derive(Debug, PartialEq, Eq)]
struct Trace {
    revision: i64,
    events: usize,
    audit: i64,
    members: usize,
}

async fn trace(conn: &mut AsyncPgConnection, campaign: i64) -> Trace {
    let revision = eagles_db::campaigns::find(conn, campaign)
        .await
        .unwrap()
        .unwrap()
        .revision;
    let events = eagles_db::events::after(conn, campaign, 0, 1000)
        .await
        .unwrap()
        .len();
    let audit =
        eagles_db::diesel::sql_query("SELECT count(*) AS n FROM audit_log WHERE campaign_id = $1")
            .bind::<Int8, _>(campaign)
            .get_result::<Count>(conn)
            .await
            .unwrap()
            .n;
    let members = eagles_db::campaigns::members(conn, campaign)
        .await
        .unwrap()
        .len();
    Trace {
        revision,
        events,
        audit,
        members,
    }
}

/// Writes the recruit in as a Central player of the campaign; gives his id.
async fn enlist_recruit(conn: &mut AsyncPgConnection, w: &World) -> Result<i64, ServiceError> {
    let id = w.recruit.id;
    eagles_db::campaigns::add_member(
        conn,
        w.campaign,
        id,
        MemberRole::Player,
        Some(Side::Central),
    )
    .await?;
    Ok(id)
}

/// Adds the recruit to the campaign as a Central player and records it, as
/// `members::add` does, as `as_user` asking for `access`; with `fail_after` it fails
/// once it has written and recorded. Says whether the body ran.
async fn add_recruit(
    conn: &mut AsyncPgConnection,
    w: &World,
    as_user: &User,
    access: Access<'_>,
    fail_after: bool,
) -> (Result<i64, ServiceError>, bool) {
    let mut ran = false;
    let result = envelope::write(
        conn,
        w.campaign,
        as_user,
        access,
        async |conn, _, record| {
            ran = true;
            let id = enlist_recruit(conn, w).await?;
            let change = Change::new(EventKind::Member, id).audit(
                "member.add",
                serde_json::json!({ "username": w.recruit.username }),
            );
            let receipt = record.record(conn, change).await?;
            if fail_after {
                return Err(ServiceError::Internal("a failure after the write".into()));
            }
            Ok((receipt.revision.expect("a recorded change"), receipt))
        },
    )
    .await;
    (result, ran)
}

/// The referee adds the recruit: a write every check lets through.
async fn referee_adds_recruit(
    conn: &mut AsyncPgConnection,
    w: &World,
    fail_after: bool,
) -> (Result<i64, ServiceError>, bool) {
    add_recruit(
        conn,
        w,
        &w.referee,
        Access::Referee("add members"),
        fail_after,
    )
    .await
}

#[tokio::test]
async fn a_write_let_through_raises_the_revision_once_with_one_event_and_one_audit_entry() {
    let (mut conn, w, before) = set_up("through", false).await;
    let (result, ran) = referee_adds_recruit(&mut conn, &w, false).await;
    assert!(ran);
    assert_eq!(result.unwrap(), before.revision + 1);
    assert_eq!(
        trace(&mut conn, w.campaign).await,
        Trace {
            revision: before.revision + 1,
            events: before.events + 1,
            audit: before.audit + 1,
            members: before.members + 1,
        }
    );
    let events = eagles_db::events::after(&mut conn, w.campaign, before.revision, 10)
        .await
        .unwrap();
    assert_eq!(events.len(), 1);
    assert_eq!(
        (events[0].kind, events[0].entity_id),
        (EventKind::Member, w.recruit.id)
    );
}

// §13.203: an ended campaign is read-only, whoever asks; the write is not even run.
#[tokio::test]
async fn a_write_to_an_ended_campaign_is_refused_and_writes_nothing() {
    let (mut conn, w, _) = set_up("ended", true).await;
    eagles_db::campaigns::end(&mut conn, w.campaign)
        .await
        .unwrap();
    let before = trace(&mut conn, w.campaign).await;
    let (result, ran) = referee_adds_recruit(&mut conn, &w, false).await;
    match result {
        Err(ServiceError::Conflict(detail)) => {
            assert!(detail.contains("ended in week 1"), "{detail}")
        }
        other => panic!("expected a 409, got {other:?}"),
    }
    assert!(!ran, "the write ran on an ended campaign");
    assert_eq!(trace(&mut conn, w.campaign).await, before);
}

#[tokio::test]
async fn a_write_without_access_is_refused_and_writes_nothing() {
    let (mut conn, w, before) = set_up("access", true).await;
    let refusals = [
        // A player is no referee.
        (&w.player, Access::Referee("add members")),
        // Someone who reads the public campaign is no member.
        (&w.stranger, Access::Member("roll dice")),
        // R9: an Allied player does not roll the Central side's mission.
        (&w.player, Access::Side(Side::Central, "roll its mission")),
    ];
    for (user, access) in refusals {
        let (result, ran) = add_recruit(&mut conn, &w, user, access, false).await;
        assert!(
            matches!(result, Err(ServiceError::Forbidden(_))),
            "{access:?} as {}: {result:?}",
            user.username
        );
        assert!(!ran, "{access:?} as {}: the write ran", user.username);
    }
    assert_eq!(trace(&mut conn, w.campaign).await, before);
}

// A private campaign does not exist to a stranger: 404, and nothing is written.
#[tokio::test]
async fn a_write_to_a_private_campaign_by_a_stranger_is_not_found_and_writes_nothing() {
    let (mut conn, w, before) = set_up("private", false).await;
    let (result, ran) = add_recruit(&mut conn, &w, &w.stranger, Access::Reader, false).await;
    assert!(
        matches!(result, Err(ServiceError::NotFound(_))),
        "{result:?}"
    );
    assert!(!ran);
    assert_eq!(trace(&mut conn, w.campaign).await, before);
}

#[tokio::test]
async fn a_write_that_fails_half_way_leaves_nothing() {
    let (mut conn, w, before) = set_up("halfway", true).await;
    let (result, ran) = referee_adds_recruit(&mut conn, &w, true).await;
    assert!(ran);
    assert!(
        matches!(result, Err(ServiceError::Internal(_))),
        "{result:?}"
    );
    // Neither the member nor the raised revision, its event or its audit entry.
    assert_eq!(trace(&mut conn, w.campaign).await, before);
    // The transaction was rolled back, not left open: the same write goes through now.
    let (result, _) = referee_adds_recruit(&mut conn, &w, false).await;
    assert_eq!(result.unwrap(), before.revision + 1);
}

#[tokio::test]
async fn a_write_that_changes_nothing_raises_nothing() {
    let (mut conn, w, before) = set_up("unchanged", true).await;
    let answer = envelope::write(
        &mut conn,
        w.campaign,
        &w.player,
        Access::Member("switch sides"),
        async |_, _, record| Ok(("on that side already", record.unchanged())),
    )
    .await
    .unwrap();
    assert_eq!(answer, "on that side already");
    assert_eq!(trace(&mut conn, w.campaign).await, before);
}

/// The referee adds the recruit with the COMMIT sent behind the record; with
/// `failing` a statement the connection has not prepared yet (a division by zero)
/// goes out ahead of them in the same round trip, and fails there.
async fn referee_adds_recruit_committing(
    conn: &mut AsyncPgConnection,
    w: &World,
    failing: bool,
) -> Result<i64, ServiceError> {
    envelope::write(
        conn,
        w.campaign,
        &w.referee,
        Access::Referee("add members"),
        async |conn, _, record| {
            let id = enlist_recruit(conn, w).await?;
            let shared: &AsyncPgConnection = conn;
            let divide = async {
                if failing {
                    let mut conn = shared;
                    eagles_db::prepared::prepared("SELECT 1 / $1")
                        .bind::<Int4, _>(0)
                        .execute(&mut conn)
                        .await
                        .map_err(eagles_db::Error::from)?;
                }
                Ok::<_, ServiceError>(())
            };
            let change = Change::new(EventKind::Member, id);
            let ((), receipt) = try_join(divide, record.record_and_commit(shared, change)).await?;
            Ok((receipt.revision.expect("a recorded change"), receipt))
        },
    )
    .await
}

#[tokio::test]
async fn a_write_committed_with_its_record_keeps_all_of_it_once() {
    let (mut conn, w, before) = set_up("committing", true).await;
    let revision = referee_adds_recruit_committing(&mut conn, &w, false)
        .await
        .unwrap();
    assert_eq!(revision, before.revision + 1);
    assert_eq!(
        trace(&mut conn, w.campaign).await,
        Trace {
            revision: before.revision + 1,
            events: before.events + 1,
            audit: before.audit,
            members: before.members + 1,
        }
    );
    // The transaction manager knows the transaction is over: the connection takes
    // the next write, and the pool would not count it broken.
    assert!(!AnsiTransactionManager::is_broken_transaction_manager(
        &mut conn
    ));
    let next = envelope::write(
        &mut conn,
        w.campaign,
        &w.player,
        Access::Member("switch sides"),
        async |_, _, record| Ok(("on that side already", record.unchanged())),
    )
    .await;
    assert_eq!(next.unwrap(), "on that side already");
}

// The COMMIT goes out behind the statements joined before it, even one that must be
// prepared first (a round trip of its own): it fails, so the COMMIT runs as a
// ROLLBACK and the member added before it is not kept either.
#[tokio::test]
async fn a_statement_failing_ahead_of_the_commit_leaves_nothing() {
    let (mut conn, w, before) = set_up("ahead", true).await;
    let result = referee_adds_recruit_committing(&mut conn, &w, true).await;
    assert!(
        matches!(&result, Err(ServiceError::Internal(_))),
        "{result:?}"
    );
    assert_eq!(trace(&mut conn, w.campaign).await, before);
    let revision = referee_adds_recruit_committing(&mut conn, &w, false)
        .await
        .unwrap();
    assert_eq!(revision, before.revision + 1);
}

// A write inside a caller's transaction leaves the COMMIT to the caller: sent with
// the record, it would have committed the caller's transaction too, which the caller
// then could not roll back.
#[tokio::test]
async fn inside_a_callers_transaction_a_write_leaves_the_commit_to_it() {
    let (mut conn, w, before) = set_up("nested", true).await;
    AnsiTransactionManager::begin_transaction(&mut conn)
        .await
        .unwrap();
    let revision = referee_adds_recruit_committing(&mut conn, &w, false)
        .await
        .unwrap();
    assert_eq!(revision, before.revision + 1);
    AnsiTransactionManager::rollback_transaction(&mut conn)
        .await
        .unwrap();
    assert_eq!(trace(&mut conn, w.campaign).await, before);
}
