//! The harness itself: issue 16 asks that a test database made on a server named by
//! `DATABASE_URL` is dropped when its test ends, so such a server does not fill up.

use eagles_db::diesel::dsl::sql;
use eagles_db::diesel::sql_types::BigInt;
use eagles_db::diesel_async::RunQueryDsl;

use crate::support::database::fresh_database;
use crate::support::TestApp;

async fn databases_named(app: &TestApp, name: &str) -> i64 {
    let mut conn = app.pool.get().await.unwrap();
    sql::<BigInt>(&format!(
        "SELECT count(*) FROM pg_database WHERE datname = '{name}'"
    ))
    .get_result(&mut conn)
    .await
    .unwrap()
}

#[tokio::test]
async fn a_test_database_dropped_at_the_end_is_gone_after_it() {
    let app = TestApp::spawn().await;
    // The drop a DATABASE_URL server gets, asked for on whatever server runs the tests.
    let database = fresh_database().await.dropped_at_end();
    let name = database.name().to_owned();
    assert_eq!(databases_named(&app, &name).await, 1);
    drop(database);
    assert_eq!(databases_named(&app, &name).await, 0);
}
