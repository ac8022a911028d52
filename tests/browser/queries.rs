//! No page issues a query per row: each page's query count stays the same when the
//! campaign grows from one crewman to five with ledgers and abilities. Queries are
//! counted per database by diesel's instrumentation, so tests running alongside on
//! other databases do not disturb the count.

use std::collections::HashMap;
use std::sync::{Mutex, Once};

use eagles_db::diesel::connection::{
    set_default_instrumentation, Instrumentation, InstrumentationEvent,
};
use reqwest::StatusCode;

use crate::support::{count, give_xp, TestApp, Visitor};

static QUERIES: Mutex<Option<HashMap<String, u64>>> = Mutex::new(None);

/// Counts the queries of one connection under its database's name.
struct Counter {
    database: Option<String>,
    established: bool,
}

impl Instrumentation for Counter {
    fn on_connection_event(&mut self, event: InstrumentationEvent<'_>) {
        match event {
            InstrumentationEvent::StartEstablishConnection { url, .. } => {
                self.database = url
                    .rsplit('/')
                    .next()
                    .map(|db| db.split('?').next().unwrap_or(db).to_owned());
            }
            InstrumentationEvent::FinishEstablishConnection { .. } => self.established = true,
            InstrumentationEvent::StartQuery { .. } if self.established => {
                if let Some(db) = &self.database {
                    let mut map = QUERIES.lock().unwrap();
                    *map.get_or_insert_with(HashMap::new)
                        .entry(db.clone())
                        .or_default() += 1;
                }
            }
            _ => {}
        }
    }
}

pub fn count_queries() {
    static INSTALL: Once = Once::new();
    INSTALL.call_once(|| {
        set_default_instrumentation(|| {
            Some(Box::new(Counter {
                database: None,
                established: false,
            }))
        })
        .unwrap();
    });
}

fn queries_so_far(database: &str) -> u64 {
    QUERIES
        .lock()
        .unwrap()
        .as_ref()
        .and_then(|m| m.get(database).copied())
        .unwrap_or(0)
}

/// The queries one page costs.
pub async fn queries_of(database: &str, visitor: &mut Visitor, path: &str) -> u64 {
    let before = queries_so_far(database);
    let response = visitor.get(path).await;
    assert_eq!(response.status(), StatusCode::OK, "{path}");
    queries_so_far(database) - before
}

async fn add_crewman(
    app: &TestApp,
    visitor: &mut Visitor,
    csrf: &str,
    campaign: i64,
    name: &str,
    owner: &str,
) -> i64 {
    let response = visitor
        .post(
            &format!("/campaigns/{campaign}/crew"),
            &[
                ("csrf", csrf),
                ("name", name),
                ("role", "pilot"),
                ("nationality", "british"),
                ("owner", owner),
            ],
        )
        .await;
    assert_eq!(response.status(), StatusCode::SEE_OTHER);
    count(app, "SELECT max(id) FROM crew").await
}

#[tokio::test]
async fn pages_cost_the_same_queries_whatever_their_rows() {
    count_queries();
    let app = TestApp::spawn().await;
    let database = count_db_name(&app).await;
    for name in ["rita", "paul", "pat", "piet"] {
        app.add_user(name, false).await;
    }
    let (mut rita, csrf) = app.signed_in("rita").await;
    rita.post(
        "/campaigns",
        &[
            ("csrf", &csrf),
            ("name", "Bloody April"),
            ("start_date", "1917-04-02"),
            ("public", "on"),
        ],
    )
    .await;
    let campaign = count(&app, "SELECT max(id) FROM campaigns").await;
    for player in ["paul", "pat", "piet"] {
        rita.post(
            &format!("/campaigns/{campaign}/members"),
            &[
                ("csrf", &csrf),
                ("username", player),
                ("role", "player"),
                ("side", "allied"),
            ],
        )
        .await;
    }
    let first = add_crewman(&app, &mut rita, &csrf, campaign, "Albert Ball", "paul").await;
    give_xp(&app, campaign, first, 50).await;
    let pages = [
        "/".to_owned(),
        format!("/campaigns/{campaign}"),
        format!("/campaigns/{campaign}/members"),
        format!("/campaigns/{campaign}/crew"),
        format!("/campaigns/{campaign}/crew/{first}"),
        "/aircraft?side=allied".to_owned(),
    ];
    let mut small = Vec::new();
    for page in &pages {
        small.push(queries_of(&database, &mut rita, page).await);
    }

    // Four more crewmen, more ledger entries and an ability.
    for (name, owner) in [
        ("Mick Mannock", "paul"),
        ("James McCudden", "pat"),
        ("Billy Bishop", "pat"),
        ("Georges Guynemer", "piet"),
    ] {
        let id = add_crewman(&app, &mut rita, &csrf, campaign, name, owner).await;
        give_xp(&app, campaign, id, 60).await;
    }
    for points in [5, 10, 20] {
        give_xp(&app, campaign, first, points).await;
    }
    rita.post(
        &format!("/campaigns/{campaign}/crew/{first}/abilities"),
        &[("csrf", &csrf), ("ability", "tailing")],
    )
    .await;
    assert_eq!(count(&app, "SELECT count(*) FROM crew").await, 5);

    let mut large = Vec::new();
    for page in &pages {
        large.push(queries_of(&database, &mut rita, page).await);
    }
    assert_eq!(small, large, "queries per page for {pages:?}");
    assert!(
        small.iter().all(|&n| n > 0),
        "the counter saw the queries: {small:?}"
    );
}

/// The name of the app's database.
pub async fn count_db_name(app: &TestApp) -> String {
    use eagles_db::diesel::sql_types::Text;
    use eagles_db::diesel_async::RunQueryDsl;
    let mut conn = app.pool.get().await.unwrap();
    eagles_db::diesel::dsl::sql::<Text>("SELECT current_database()")
        .get_result(&mut conn)
        .await
        .unwrap()
}
