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
    _cluster: Option<Cluster>,
}

fn server() -> &'static Server {
    static SERVER: OnceLock<Server> = OnceLock::new();
    SERVER.get_or_init(|| match std::env::var("DATABASE_URL") {
        Ok(url) if !url.trim().is_empty() => Server {
            maintenance_url: url,
            _cluster: None,
        },
        _ => {
            let cluster = Cluster::start_temporary().expect("start a throwaway Postgres cluster");
            // Statics are never dropped: stop the cluster when the test binary exits.
            cluster.stop_at_exit();
            Server {
                maintenance_url: cluster.database_url("postgres"),
                _cluster: Some(cluster),
            }
        }
    })
}

/// The URL of database `name` on the test server.
pub fn url_of(name: &str) -> String {
    eagles_db::databases::with_database(&server().maintenance_url, name)
}

async fn template() -> &'static str {
    static TEMPLATE: OnceCell<String> = OnceCell::const_new();
    TEMPLATE
        .get_or_init(|| async {
            let name = format!("eagles_template_{}", std::process::id());
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

/// A fresh, migrated and seeded database of its own; returns its URL.
pub async fn fresh_database() -> String {
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
    url_of(&name)
}
