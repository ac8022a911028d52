//! The weeks open when fair dice shipped (R25, API v1.3: "for weeks open when this
//! ships, at once"): the server's start gives each its seed, once, and a week still
//! without one gets it by its first roll, under the campaign's lock.

use eagles_db::diesel_async::SimpleAsyncConnection;
use serde_json::{json, Value};

use super::{receipt, seqs, week_dice};
use crate::support::fixtures_games::Loop;
use crate::support::{body, TestApp};

/// Takes the campaign's seeds away, as if its week had opened before fair dice.
async fn unseed(app: &TestApp, campaign: i64) {
    let mut conn = app.pool.get().await.unwrap();
    conn.batch_execute(&format!(
        "DELETE FROM dice_weeks WHERE campaign_id = {campaign}"
    ))
    .await
    .unwrap();
}

#[tokio::test]
async fn an_open_week_without_a_seed_gets_one_at_start_or_by_its_first_roll() {
    let lp = Loop::start_campaign("1917-04-23", true).await;
    unseed(&lp.app, lp.campaign).await;
    let bare = week_dice(&lp.app, lp.campaign, 1, None).await;
    assert_eq!(
        (&bare["commitment"], &bare["seed"]),
        (&Value::Null, &Value::Null)
    );

    // What `eagles serve` runs at start: every running campaign's open week, once.
    let mut conn = lp.app.pool.get().await.unwrap();
    let given = eagles_service::fair_dice::give_open_weeks(&mut conn)
        .await
        .unwrap();
    assert_eq!(given, 1, "the one campaign's open week");
    let again = eagles_service::fair_dice::give_open_weeks(&mut conn)
        .await
        .unwrap();
    assert_eq!(again, 0, "a week keeps the seed it was given");
    drop(conn);
    let sealed = week_dice(&lp.app, lp.campaign, 1, None).await;
    assert!(super::is_sha256(&sealed["commitment"]), "{sealed}");
    assert_eq!(sealed["seed"], Value::Null);

    // A week still without one gets it with its first roll, which is its seq 1.
    unseed(&lp.app, lp.campaign).await;
    let rolled = body(
        lp.post("/rolls", Some(&lp.ada), &json!({ "table": "d6" }))
            .await,
    )
    .await;
    assert_eq!(receipt(&rolled)["seq"], 1);
    let dice = week_dice(&lp.app, lp.campaign, 1, None).await;
    assert!(super::is_sha256(&dice["commitment"]), "{dice}");
    assert_ne!(dice["commitment"], sealed["commitment"]);
    assert_eq!(seqs(&dice), [1]);
}
