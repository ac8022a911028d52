//! Issue 6, acceptance 3: the service on a Postgres of its own, under load, while
//! that Postgres crashes and comes back. During the outage every request is a 503
//! problem and `/health` says the database is down; after the restart full service
//! returns within 5 seconds without restarting the service; a debrief cut off in the
//! middle of its transaction leaves nothing behind.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use eagles_db::diesel;
use eagles_db::diesel::sql_query;
use eagles_db::diesel::sql_types::{BigInt, Bool};
use eagles_db::diesel::QueryableByName;
use eagles_db::diesel_async::{AsyncConnection, AsyncPgConnection, RunQueryDsl};
use pgcluster::Cluster;
use reqwest::StatusCode;

use crate::concurrency::sweep_game;
use crate::support::fixtures_debrief::{count, squadron};
use crate::support::wait::until;
use crate::support::{body, problem, TestApp};

/// A migrated database on a cluster of its own (not the shared test server, which
/// the other tests need up).
async fn own_cluster(root: &std::path::Path) -> (Cluster, String) {
    let pg = root.join("pg");
    let cluster = tokio::task::spawn_blocking(move || Cluster::start_or_attach(&pg))
        .await
        .unwrap()
        .expect("start a cluster of its own");
    eagles_db::databases::create_database_if_missing(
        &cluster.database_url("postgres"),
        "eagles",
        None,
    )
    .await
    .unwrap();
    let url = cluster.database_url("eagles");
    eagles::database::Database::prepare(url.clone(), None, 2)
        .await
        .expect("migrate")
        .close();
    (cluster, url)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_service_rides_out_a_database_crash() {
    let dir = tempfile::tempdir().unwrap();
    // The cluster runs as the postgres user when we are root: let it in.
    std::fs::set_permissions(
        dir.path(),
        std::os::unix::fs::PermissionsExt::from_mode(0o755),
    )
    .unwrap();
    let (cluster, url) = own_cluster(dir.path()).await;
    let cluster = Arc::new(cluster);
    let app = TestApp::on_database(&url);
    let s = squadron(&app, "ref").await;
    let campaign = format!("/api/v1/campaigns/{}", s.campaign);

    // Load: readers keep asking for the campaign the whole time.
    let running = Arc::new(AtomicBool::new(true));
    let seen: Arc<Vec<Mutex<Vec<StatusCode>>>> =
        Arc::new((0..READERS).map(|_| Mutex::default()).collect());
    let mut load = Vec::new();
    for reader in 0..READERS {
        let (client, url, token, running, seen) = (
            app.client.clone(),
            format!("{}{campaign}", app.address),
            s.referee.clone(),
            running.clone(),
            seen.clone(),
        );
        load.push(tokio::spawn(async move {
            while AtomicBool::load(&running, Ordering::Relaxed) {
                if let Ok(r) = client.get(&url).bearer_auth(&token).send().await {
                    seen[reader].lock().unwrap().push(r.status());
                }
                // Pacing, so the readers load the service without starving the test.
                tokio::time::sleep(Duration::from_millis(20)).await;
            }
        }));
    }
    until(
        "every reader to be answered before the crash",
        Duration::from_secs(30),
        || async { every_reader_last(&seen, StatusCode::OK) },
    )
    .await;

    let crashing = cluster.clone();
    tokio::task::spawn_blocking(move || crashing.crash_server())
        .await
        .unwrap()
        .expect("crash Postgres");
    let response = app.get(&campaign, Some(&s.referee)).await;
    let detail = problem(response, StatusCode::SERVICE_UNAVAILABLE).await;
    assert!(detail.contains("database is unavailable"), "{detail}");
    let health = app.get("/health", None).await;
    assert_eq!(health.status(), StatusCode::SERVICE_UNAVAILABLE);
    assert_eq!(body(health).await["database"], "down");
    until(
        "every reader to be told the database is unavailable",
        Duration::from_secs(30),
        || async { every_reader_last(&seen, StatusCode::SERVICE_UNAVAILABLE) },
    )
    .await;

    let restarting = cluster.clone();
    tokio::task::spawn_blocking(move || restarting.restart_server())
        .await
        .unwrap()
        .expect("restart Postgres");
    // Issue 6: full service within 5 s of Postgres's return, without a restart.
    until(
        "full service after Postgres returned",
        Duration::from_secs(5),
        || async {
            match app.get(&campaign, Some(&s.referee)).await.status() {
                StatusCode::OK => Ok(()),
                StatusCode::SERVICE_UNAVAILABLE => Err("still 503".to_owned()),
                other => panic!("{other} while Postgres came back"),
            }
        },
    )
    .await;
    assert_eq!(app.get("/health", None).await.status(), StatusCode::OK);
    until(
        "every reader to be answered again after the restart",
        Duration::from_secs(30),
        || async { every_reader_last(&seen, StatusCode::OK) },
    )
    .await;
    running.store(false, Ordering::Relaxed);
    for reader in load {
        reader.await.unwrap();
    }
    // Only answers or "unavailable": never a 500 for the outage.
    for statuses in seen.iter() {
        let statuses = statuses.lock().unwrap();
        assert!(
            statuses
                .iter()
                .all(|s| *s == StatusCode::OK || *s == StatusCode::SERVICE_UNAVAILABLE),
            "{statuses:?}"
        );
    }

    // A debrief cut off mid-transaction: its write (the one statement of
    // `eagles_db::debriefs::write`, which also sets the missions' results) waits on a
    // lock held here; then its connection is terminated.
    let (g, report) = sweep_game(&app, &s).await;
    let mut holder = AsyncPgConnection::establish(&url).await.unwrap();
    sql_query("BEGIN").execute(&mut holder).await.unwrap();
    sql_query("SELECT id FROM missions WHERE game_id = $1 FOR UPDATE")
        .bind::<BigInt, _>(g)
        .execute(&mut holder)
        .await
        .unwrap();
    let debrief = {
        let request = app
            .request(
                reqwest::Method::POST,
                &format!("{campaign}/games/{g}/debrief"),
                Some(&s.referee),
            )
            .json(&report);
        tokio::spawn(async move { request.send().await.unwrap() })
    };
    let killer = tokio::sync::Mutex::new(AsyncPgConnection::establish(&url).await.unwrap());
    until(
        "the debrief to reach the missions and be cut off there",
        Duration::from_secs(30),
        || async {
            // The debrief's backend, blocked on the mission row: the game's mark is
            // already written inside its transaction.
            let blocked = count(
                &app,
                "SELECT count(*) AS n FROM sorties WHERE game_id = $1",
                g,
            )
            .await;
            assert_eq!(blocked, 0, "nothing is visible before the commit");
            let terminated: Vec<Terminated> = sql_query(
                "SELECT pg_terminate_backend(pid) AS done FROM pg_stat_activity
                 WHERE datname = current_database() AND wait_event_type = 'Lock'
                   AND query LIKE '%WITH new_sorties AS%'",
            )
            .load(&mut *killer.lock().await)
            .await
            .unwrap();
            match terminated.iter().any(|t| t.done) {
                true => Ok(()),
                false => Err("no debrief waits on the mission row yet".to_owned()),
            }
        },
    )
    .await;
    let cut_off = debrief.await.unwrap();
    let status = cut_off.status();
    assert_eq!(
        status,
        StatusCode::SERVICE_UNAVAILABLE,
        "{}",
        body(cut_off).await
    );
    sql_query("ROLLBACK").execute(&mut holder).await.unwrap();
    for table in ["sorties", "sortie_crew", "kills", "xp_awards", "casualties"] {
        assert_eq!(
            count(
                &app,
                &format!("SELECT count(*) AS n FROM {table} WHERE game_id = $1"),
                g
            )
            .await,
            0,
            "{table}"
        );
    }
    assert_eq!(
        count(
            &app,
            "SELECT count(*) AS n FROM games WHERE id = $1 AND debriefed_at IS NOT NULL",
            g
        )
        .await,
        0
    );
    // Entered again, the debrief goes through whole.
    let again = app
        .post(
            &format!("{campaign}/games/{g}/debrief"),
            Some(&s.referee),
            &report,
        )
        .await;
    assert_eq!(again.status(), StatusCode::CREATED);
    drop(app);
    tokio::task::spawn_blocking(move || cluster.stop())
        .await
        .unwrap()
        .unwrap();
}

const READERS: usize = 4;

/// `Ok` once every reader's latest answer has this status.
fn every_reader_last(seen: &[Mutex<Vec<StatusCode>>], status: StatusCode) -> Result<(), String> {
    let lasts: Vec<Option<StatusCode>> = seen
        .iter()
        .map(|s| s.lock().unwrap().last().copied())
        .collect();
    match lasts.iter().all(|last| *last == Some(status)) {
        true => Ok(()),
        false => Err(format!("the readers' latest answers are {lasts:?}")),
    }
}

#[derive(QueryableByName)]
struct Terminated {
    #[diesel(sql_type = Bool)]
    done: bool,
}
