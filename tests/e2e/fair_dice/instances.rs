//! Rolls at once on two instances over one database (R25, API v1.3): every roll of the
//! week takes the next `seq` with no gap, across instances, and the chain they leave
//! rechecks once the week is closed.

use reqwest::StatusCode;
use serde_json::json;

use super::{check_dice, seqs, week_dice};
use crate::support::fixtures_games::Loop;
use crate::support::TestApp;

const ROLLS: usize = 24;

#[tokio::test]
async fn two_instances_rolling_at_once_leave_seq_one_to_n() {
    // Public: the script reads it without a token, as any club member may.
    let lp = Loop::start_campaign("1917-04-23", true).await;
    let other = TestApp::on_database(lp.app._database.as_ref().unwrap().url());
    let rolls: Vec<_> = (0..ROLLS)
        .map(|i| {
            let app = if i % 2 == 0 { &lp.app } else { &other };
            let (token, request) = match i % 3 {
                0 => (
                    &lp.ada,
                    json!({ "table": "2d6", "nonce": format!("ada-{i}") }),
                ),
                1 => (&lp.karl, json!({ "table": "d100", "dice": [i as u32 + 1] })),
                _ => (&lp.referee, json!({ "table": "d10" })),
            };
            let sent = app
                .request(reqwest::Method::POST, &lp.path("/rolls"), Some(token))
                .json(&request)
                .send();
            tokio::spawn(sent)
        })
        .collect();
    for sent in rolls {
        let response = sent.await.expect("the request task").expect("a response");
        assert_eq!(response.status(), StatusCode::CREATED);
    }
    let dice = week_dice(&lp.app, lp.campaign, 1, Some(&lp.referee)).await;
    assert_eq!(
        seqs(&dice),
        (1..=ROLLS as i64).collect::<Vec<_>>(),
        "{dice}"
    );
    let closed = lp.post("/weeks/close", Some(&lp.referee), &json!({})).await;
    assert_eq!(closed.status(), StatusCode::OK);
    let (agrees, said) = check_dice(&lp.app, lp.campaign, 1, None).await;
    assert!(agrees, "{said}");
}
