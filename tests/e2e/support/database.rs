//! A Postgres server for the whole test run and a fresh database per test, copied from
//! a template that is migrated and seeded once.

use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::OnceLock;
use std::time::Duration;

use pgcluster::Cluster;
use tokio::sync::OnceCell;

use super::wait::until;

/// The server the tests use: `DATABASE_URL`'s when set, else a throwaway cluster.
struct Server {
    /// A URL of the server's maintenance database; test databases replace its name.
    maintenance_url: String,
    /// The throwaway cluster, deleted with its databases when the tests end; none on a
    /// server named by `DATABASE_URL`, whose test databases are dropped one by one.
    cluster: Option<Cluster>,
}

fn server() -> &'static Server {
    static SERVER: OnceLock<Server> = OnceLock::new();
    SERVER.get_or_init(|| match std::env::var("DATABASE_URL") {
        Ok(url) if !url.trim().is_empty() => Server {
            maintenance_url: url,
            cluster: None,
        },
        _ => {
            let cluster = Cluster::start_temporary().expect("start a throwaway Postgres cluster");
            // Statics are never dropped: stop the cluster when the test binary exits.
            cluster.stop_at_exit();
            Server {
                maintenance_url: cluster.database_url("postgres"),
                cluster: Some(cluster),
            }
        }
    })
}

/// The URL of database `name` on the test server.
pub fn url_of(name: &str) -> String {
    eagles_db::databases::with_database(&server().maintenance_url, name)
}

/// The migrated and seeded database every test database is copied from, one per test
/// binary's run.
static TEMPLATE: OnceCell<String> = OnceCell::const_new();

async fn template() -> &'static str {
    TEMPLATE
        .get_or_init(|| async {
            let name = format!("eagles_template_{}", std::process::id());
            if server().cluster.is_none() {
                // SAFETY: the hook is a plain extern "C" fn that catches any panic.
                unsafe { libc::atexit(drop_template_at_exit) };
            }
            eagles_db::databases::create_database_if_missing(
                &server().maintenance_url,
                &name,
                None,
            )
            .await
            .expect("create the template database");
            let db = eagles::database::Database::prepare(url_of(&name), None, 2)
                .await
                .expect("migrate and seed the template database");
            db.close();
            name
        })
        .await
}

/// A test's own database. On a server named by `DATABASE_URL` it is dropped when this
/// is dropped, at the end of its test (a failing one included), so the server does not
/// fill up; a throwaway cluster goes whole when the tests end.
pub struct TestDatabase {
    url: String,
    name: String,
    drop_at_end: bool,
}

impl TestDatabase {
    pub fn url(&self) -> &str {
        &self.url
    }

    /// The database's name on the server.
    #[allow(dead_code)] // Used by the e2e tests only; the browser tests share this module.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Makes this database be dropped at the end whatever the server, as it is on one
    /// named by `DATABASE_URL`.
    #[allow(dead_code)] // Used by the e2e tests only; the browser tests share this module.
    pub fn dropped_at_end(mut self) -> Self {
        self.drop_at_end = true;
        self
    }
}

impl Drop for TestDatabase {
    fn drop(&mut self) {
        if self.drop_at_end {
            drop_database(self.name.clone());
        }
    }
}

/// Drops database `name` of the test server, saying on stderr when it cannot. It runs
/// where no runtime may block (a test's, or none at exit): on a thread of its own with
/// a runtime of its own.
fn drop_database(name: String) {
    let url = server().maintenance_url.clone();
    let dropping = name.clone();
    let dropped = std::thread::spawn(move || {
        tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .map_err(|e| e.to_string())?
            .block_on(eagles_db::databases::drop_database(&url, &dropping))
            .map_err(|e| e.to_string())
    })
    .join();
    match dropped {
        Ok(Ok(())) => {}
        Ok(Err(e)) => eprintln!("could not drop test database {name}: {e}"),
        Err(_) => eprintln!("dropping test database {name} panicked"),
    }
}

extern "C" fn drop_template_at_exit() {
    let _ = std::panic::catch_unwind(|| {
        if let Some(name) = TEMPLATE.get() {
            drop_database(name.clone());
        }
    });
}

/// An empty database of its own (not migrated), for the tests of migrations; dropped
/// at the end as [`fresh_database`]'s are.
#[allow(dead_code)] // Used by the e2e tests only; the browser tests share this module.
pub async fn empty_database(name: &str) -> TestDatabase {
    let name = format!("{name}_{}", std::process::id());
    eagles_db::databases::create_database_if_missing(&server().maintenance_url, &name, None)
        .await
        .expect("create an empty test database");
    TestDatabase {
        url: url_of(&name),
        name,
        drop_at_end: server().cluster.is_none(),
    }
}

/// A fresh, migrated and seeded database of its own.
pub async fn fresh_database() -> TestDatabase {
    static NEXT: AtomicU32 = AtomicU32::new(0);
    let template = template().await;
    let name = format!(
        "eagles_test_{}_{}",
        std::process::id(),
        NEXT.fetch_add(1, Ordering::Relaxed)
    );
    // Copying needs the template to have no other sessions: the pool that migrated it
    // may still be hanging up.
    until(
        &format!("a copy of {template} as {name}"),
        Duration::from_secs(60),
        || async {
            match eagles_db::databases::create_database_if_missing(
                &server().maintenance_url,
                &name,
                Some(template),
            )
            .await
            {
                Ok(_) => Ok(()),
                Err(e) if e.to_string().contains("is being accessed by other users") => {
                    Err(e.to_string())
                }
                Err(e) => panic!("create test database {name}: {e}"),
            }
        },
    )
    .await;
    TestDatabase {
        url: url_of(&name),
        name,
        drop_at_end: server().cluster.is_none(),
    }
}

/// A fresh database holding the demo campaign, seeded by `eagles seed demo` as a club
/// would (three closed weeks, week 4 open), with what the seed printed: "created the
/// demo campaign 1 (…); sign in as demo-referee with the password P".
pub async fn demo_database() -> (TestDatabase, String) {
    let database = fresh_database().await;
    let seeded = std::process::Command::new(env!("CARGO_BIN_EXE_eagles"))
        .args(["seed", "demo"])
        .env("DATABASE_URL", database.url())
        .env("RUST_LOG", "warn")
        .output()
        .unwrap();
    assert!(
        seeded.status.success(),
        "{}",
        String::from_utf8_lossy(&seeded.stderr)
    );
    let out = String::from_utf8_lossy(&seeded.stdout).into_owned();
    (database, out)
}

/// A number read from the test database by `query` (a count, an id), in one statement.
pub async fn count(pool: &eagles_db::DbPool, query: &str) -> i64 {
    use eagles_db::diesel::sql_types::BigInt;
    use eagles_db::diesel_async::RunQueryDsl;
    let mut conn = pool.get().await.unwrap();
    eagles_db::diesel::dsl::sql::<BigInt>(query)
        .get_result(&mut conn)
        .await
        .unwrap_or_else(|e| panic!("{query}: {e}"))
}
