//! Counting the claims of idempotency keys tried, taken or not, so that a test can wait
//! until a repeat has found its key in use (a BEFORE INSERT trigger fires before ON
//! CONFLICT decides).

use std::time::Duration;

use eagles_db::diesel_async::SimpleAsyncConnection;
use eagles_db::DbPool;

use super::wait::until;

/// Starts counting the claims tried in the test's database.
pub async fn count_tries(pool: &DbPool) {
    let mut conn = pool.get().await.unwrap();
    conn.batch_execute(
        "CREATE TABLE IF NOT EXISTS claims_tried (at timestamptz NOT NULL DEFAULT now());
         TRUNCATE claims_tried;
         CREATE OR REPLACE FUNCTION count_claim() RETURNS trigger LANGUAGE plpgsql AS
           $$ BEGIN INSERT INTO claims_tried DEFAULT VALUES; RETURN NEW; END $$;
         CREATE OR REPLACE TRIGGER count_claims BEFORE INSERT ON idempotency_keys
           FOR EACH ROW EXECUTE FUNCTION count_claim();",
    )
    .await
    .unwrap();
}

/// Waits until `n` claims were tried since [`count_tries`].
pub async fn until_tried(pool: &DbPool, n: i64, what: &str) {
    until(what, Duration::from_secs(30), || async {
        match super::database::count(pool, "SELECT count(*) FROM claims_tried").await {
            tries if tries >= n => Ok(()),
            tries => Err(format!("{tries} claims tried")),
        }
    })
    .await;
}

/// Stops counting.
pub async fn stop_counting(pool: &DbPool) {
    let mut conn = pool.get().await.unwrap();
    conn.batch_execute("DROP TRIGGER count_claims ON idempotency_keys")
        .await
        .unwrap();
}
