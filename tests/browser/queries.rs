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

use crate::support::{
    add_crewman, add_player, count, give_xp, new_campaign, TestApp, Visitor, ALBERT_BALL,
};

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

pub(crate) fn count_queries() {
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
pub(crate) async fn queries_of(database: &str, visitor: &mut Visitor, path: &str) -> u64 {
    let before = queries_so_far(database);
    let response = visitor.get(path).await;
    assert_eq!(response.status(), StatusCode::OK, "{path}");
    queries_so_far(database) - before
}

#[tokio::test]
async fn pages_cost_the_same_queries_whatever_their_rows() {
    count_queries();
    let app = TestApp::spawn().await;
    let database = count_db_name(&app).await;
    app.add_users(&["rita", "paul", "pat", "piet"]).await;
    let (mut rita, csrf) = app.signed_in("rita").await;
    let campaign = new_campaign(&app, &mut rita, &csrf, "Bloody April", true).await;
    for player in ["paul", "pat", "piet"] {
        add_player(&mut rita, &csrf, campaign, player, "allied").await;
    }
    let first = add_crewman(&app, &mut rita, &csrf, campaign, ALBERT_BALL).await;
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
        let pilot = (name, "pilot", "british", owner);
        let id = add_crewman(&app, &mut rita, &csrf, campaign, pilot).await;
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
pub(crate) async fn count_db_name(app: &TestApp) -> String {
    use eagles_db::diesel::sql_types::Text;
    use eagles_db::diesel_async::RunQueryDsl;
    let mut conn = app.pool.get().await.unwrap();
    eagles_db::diesel::dsl::sql::<Text>("SELECT current_database()")
        .get_result(&mut conn)
        .await
        .unwrap()
}
