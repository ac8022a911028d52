//! A debrief's own rolls (R25, API v1.3, R8, appendix C): the forced landings it plays
//! out with the server's dice — read for every aircraft before the first is logged —
//! and the fates after them take their places in the week's chain like any roll, each
//! roll line of the answer with its receipt, and the week rechecks once closed.

use serde_json::json;

use super::{check_dice_as, receipt, seqs, week_dice};
use crate::support::aircraft_id;
use crate::support::fixtures_debrief::{debrief_ok, squadron, sweep_game};
use crate::support::TestApp;

#[tokio::test]
async fn a_debriefs_server_dice_take_their_places_and_recheck() {
    let app = TestApp::spawn().await;
    let s = squadron(&app, "rhea").await;
    let (camel, bristol) = (
        aircraft_id(&app, "Sopwith Camel").await,
        aircraft_id(&app, "Bristol F2b").await,
    );
    let g = sweep_game(&s).await;
    // The debrief's webhook delivery carries the week's chain head (API v1.3); an
    // address given as a public IP, so nothing is looked up.
    let hook = json!({ "url": "https://93.184.216.34/eagles", "events": ["debrief"] });
    let subscribed = app.post(&s.api("/webhooks"), Some(&s.referee), &hook).await;
    assert_eq!(subscribed.status(), reqwest::StatusCode::CREATED);
    let (ball, mannock, jones) = (s.id("Ball"), s.id("Mannock"), s.id("Jones"));
    let seat =
        |id: i64, position: &str| json!({ "crew_id": id, "position": position, "wound_boxes": 0 });
    // a1's landing is entered, a2's every roll is the server's: entered and derived
    // rolls interleave in the chain.
    let report = json!({ "turns_played": 20, "sorties": [
        { "key": "a1", "aircraft_id": camel, "assignment": "sweep", "turns_on_board": 10,
          "crew": [seat(ball, "pilot")],
          "down": { "how": "landed", "terrain": "shell_holes", "road": true,
                    "side_of_lines": "own", "hexes_from_friendly_trenches": 2,
                    "dice": { "landing": [3, 4], "evade": { ball.to_string(): [2, 3] } } } },
        { "key": "a2", "aircraft_id": bristol, "assignment": "sweep", "turns_on_board": 10,
          "crew": [seat(mannock, "pilot"), seat(jones, "observer")],
          "down": { "how": "shot_down", "altitude": 2, "terrain": "woods",
                    "side_of_lines": "own", "hexes_from_friendly_trenches": 5 } }
    ] });
    let result = debrief_ok(&app, &s, g, &report).await;
    let lines: Vec<_> = result["crew"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|c| c["rolls"].as_array().unwrap().clone())
        .collect();
    assert!(lines.len() >= 4, "{result}");
    let receipts: Vec<_> = lines.iter().map(receipt).collect();

    let dice = week_dice(&app, s.campaign, 1, Some(&s.referee)).await;
    let n = seqs(&dice).len() as i64;
    assert_eq!(seqs(&dice), (1..=n).collect::<Vec<_>>(), "no gap: {dice}");
    let head = dice["chain_head"].as_str().expect("a chain head");
    let told = crate::support::database::count(
        &app.pool,
        &format!(
            "SELECT count(*) FROM webhook_events WHERE event = 'debrief' \
             AND data->>'chain_head' = '{head}'"
        ),
    )
    .await;
    assert_eq!(told, 1, "the debrief's webhook names the chain head {head}");
    let close = s.api("/weeks/close");
    let closed = app.post(&close, Some(&s.referee), &json!({})).await;
    assert_eq!(closed.status(), reqwest::StatusCode::OK);
    let receipts = serde_json::Value::from(receipts);
    let (agrees, said) =
        check_dice_as(&app, (s.campaign, 1), Some(&receipts), Some(&s.referee)).await;
    assert!(agrees, "{said}");
}
