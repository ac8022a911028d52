//! Dice anyone can check (R25, API v1.3): every roll of a week takes the next `seq`
//! and extends the week's hash chain; each rolling answer hands out its receipt; the
//! week's seed, committed to by its SHA-256 from the start, is public once the week is
//! closed, and `scripts/check-dice` rechecks the week against it.

mod instances;
mod refusals;
mod week;

use std::path::PathBuf;
use std::process::Command;

use serde_json::Value;

use crate::support::TestApp;

/// Whether `text` is a hex SHA-256 (64 lowercase hex digits).
fn is_sha256(text: &Value) -> bool {
    text.as_str().is_some_and(|t| {
        t.len() == 64
            && t.bytes()
                .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
    })
}

/// The receipt a rolling answer (or a roll of it) carries: `{seq, chain}`; asserts it
/// is one (API v1.3: "each rolling answer carries its seq and chain").
fn receipt(answer: &Value) -> Value {
    assert!(
        answer["seq"].as_i64().is_some_and(|s| s >= 1),
        "no seq: {answer}"
    );
    assert!(is_sha256(&answer["chain"]), "no chain: {answer}");
    serde_json::json!({ "seq": answer["seq"], "chain": answer["chain"] })
}

/// Week `week`'s dice as `token` reads them.
async fn week_dice(app: &TestApp, campaign: i64, week: i32, token: Option<&str>) -> Value {
    let path = format!("/api/v1/campaigns/{campaign}/weeks/{week}/dice");
    let response = app.get(&path, token).await;
    assert_eq!(response.status(), reqwest::StatusCode::OK);
    response.json().await.expect("a JSON body")
}

/// The seqs of a week's dice, in order.
fn seqs(dice: &Value) -> Vec<i64> {
    dice["rolls"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["seq"].as_i64().unwrap())
        .collect()
}

/// Runs `scripts/check-dice` against the running server for a week, with `receipts`
/// written to a file when given; its exit status and what it printed. The script runs
/// off the test's runtime, which serves the requests it makes.
async fn check_dice(
    app: &TestApp,
    campaign: i64,
    week: i32,
    receipts: Option<&Value>,
) -> (bool, String) {
    let (address, receipts) = (app.address.clone(), receipts.cloned());
    tokio::task::spawn_blocking(move || run_check_dice(&address, campaign, week, receipts.as_ref()))
        .await
        .expect("scripts/check-dice ran")
}

fn run_check_dice(
    address: &str,
    campaign: i64,
    week: i32,
    receipts: Option<&Value>,
) -> (bool, String) {
    let script = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("scripts/check-dice");
    let mut command = Command::new("python3");
    command
        .arg(&script)
        .arg(address)
        .arg(campaign.to_string())
        .arg(week.to_string());
    let file = receipts.map(|r| {
        let path = std::env::temp_dir().join(format!(
            "eagles-receipts-{}-{campaign}-{}.json",
            std::process::id(),
            rand_suffix()
        ));
        std::fs::write(&path, r.to_string()).expect("write the receipts");
        path
    });
    if let Some(path) = &file {
        command.arg("--receipts").arg(path);
    }
    let output = command.output().expect("python3 runs scripts/check-dice");
    if let Some(path) = file {
        let _ = std::fs::remove_file(path);
    }
    let said = format!(
        "{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    (output.status.success(), said)
}

fn rand_suffix() -> u64 {
    use std::time::{SystemTime, UNIX_EPOCH};
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64)
}
