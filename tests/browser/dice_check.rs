//! Issue #39 (R25, API v1.3 "Dice anyone can check"): the check page recomputes a
//! week's dice in the browser with its own SHA-256 and HMAC (`/static/dice-check.js`),
//! for a club's network on plain HTTP where WebCrypto is missing.
//! - its functions give the worked example of API v1.3 (campaign/src/fair_dice.rs),
//!   and SHA-256 and HMAC-SHA256 their standards' test vectors;
//! - a closed week with server and entered rolls: "Every roll agrees";
//! - a roll altered in the database with every later link recomputed (a chain that is
//!   consistent in itself): the page names the first roll whose chain disagrees with the
//!   receipts handed out at the table.

use std::time::Duration;

use serde_json::{json, Value};

use crate::support::browser::Browser;
use crate::support::TestApp;
use crate::wait::until;

const ARRIVAL: Duration = Duration::from_secs(30);

// The worked example of API v1.3: the seed is the bytes 00, 01, … 1f.
const SEED: &str = "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f";
const COMMITMENT: &str = "630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd";
const CHAIN_1: &str = "2e98adbadc52ebc478345297c2ab03167e81ae417e75e14429e083d43f5081d2";
const CHAIN_2: &str = "bd4061a4f4d2fe720a0cd6cb5311c84f7667bdbd869f9db7ccc0b492687c6c1e";
const CHAIN_3: &str = "0d40b78bcc1d767ad09cd95ef23ea5d897a276b75df8c2239a8c93a675e35e50";
const CHAIN_4: &str = "8079a13a0ce1497121b41699449aeefd711cd75691c5273ef9da1c31b7e3f036";

/// Loads the check page's script into whatever page is shown (the pages' own policy
/// lets a script of the site in) and waits until its functions are there.
pub async fn load_the_check_script(browser: &Browser) {
    browser
        .client
        .execute(
            "if (!window.EaglesDice) { const s = document.createElement('script'); \
             s.src = '/static/dice-check.js'; document.head.appendChild(s); }",
            vec![],
        )
        .await
        .unwrap();
    until("the check script to load", ARRIVAL, || async {
        match browser
            .client
            .execute("return typeof window.EaglesDice === 'object';", vec![])
            .await
        {
            Ok(Value::Bool(true)) => Ok(()),
            other => Err(format!("{other:?}")),
        }
    })
    .await;
}

/// Runs `body` (a function body of `D`, the namespace, and `args`) in the browser.
async fn in_the_browser(browser: &Browser, body: &str, args: Value) -> Value {
    let script = format!("const D = window.EaglesDice; const args = arguments[0];\n{body}");
    browser.client.execute(&script, vec![args]).await.unwrap()
}

/// The worked example's week, as `GET …/weeks/1/dice` gives it once closed.
fn worked_week() -> Value {
    json!({
        "week": 1, "commitment": COMMITMENT, "seed": SEED, "chain_head": CHAIN_4,
        "rolls": [
            { "seq": 1, "roll_id": 11, "table": "2d6", "sides": [6, 6], "dice": [2, 3],
              "entered": false, "nonce": "abc", "chain": CHAIN_1 },
            { "seq": 2, "roll_id": 12, "table": "d100", "sides": [100], "dice": [1],
              "entered": false, "nonce": null, "chain": CHAIN_2 },
            { "seq": 3, "roll_id": 13, "table": "2d6", "sides": [6, 6], "dice": [3, 4],
              "entered": true, "nonce": null, "chain": CHAIN_3 },
            { "seq": 4, "roll_id": 14, "table": "d6", "sides": [6], "dice": [1],
              "entered": false, "nonce": "n364", "chain": CHAIN_4 },
        ],
    })
}

#[tokio::test]
async fn the_check_script_gives_the_worked_example_of_api_v1_3() {
    let app = TestApp::spawn().await;
    let browser = Browser::start(&app.address).await;
    browser.open("/aircraft").await;
    load_the_check_script(&browser).await;

    // FIPS 180-4's examples (one block, two blocks, none) and RFC 4231's test case 2.
    let standards = in_the_browser(
        &browser,
        "const h = t => D.hex(D.sha256(D.utf8(t)));
         return [h('abc'), h('abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq'), h(''),
                 D.hex(D.hmacSha256(D.utf8('Jefe'), D.utf8('what do ya want for nothing?')))];",
        json!(null),
    )
    .await;
    assert_eq!(
        standards,
        json!([
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1",
            "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
            "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843",
        ])
    );

    let example = in_the_browser(
        &browser,
        "const [seed, c, c1, c2, c3] = args;
         const seq4 = D.hmacSha256(D.fromHex(seed), D.utf8('eagles-dice-v1|4|' + c3 + '|n364'));
         return {
           commitment: D.commitment(seed),
           roll1: [D.serverDice(seed, 1, c, 'abc', [6, 6]), D.link(c, 1, '2d6', false, [2, 3], 'abc')],
           roll2: [D.serverDice(seed, 2, c1, '', [100]), D.link(c1, 2, 'd100', false, [1], null)],
           roll3: D.link(c2, 3, '2d6', true, [3, 4], ''),
           roll3_as_server: D.link(c2, 3, '2d6', false, [3, 4], ''),
           seq4_first_byte: seq4[0],
           roll4: [D.serverDice(seed, 4, c3, 'n364', [6]), D.link(c3, 4, 'd6', false, [1], 'n364')],
           forty_d100: D.serverDice(seed, 1, c, 'abc', new Array(40).fill(100)),
         };",
        json!([SEED, COMMITMENT, CHAIN_1, CHAIN_2, CHAIN_3]),
    )
    .await;
    assert_eq!(example["commitment"], COMMITMENT);
    assert_eq!(example["roll1"], json!([[2, 3], CHAIN_1]));
    assert_eq!(example["roll2"], json!([[1], CHAIN_2]));
    assert_eq!(example["roll3"], CHAIN_3);
    assert_ne!(
        example["roll3_as_server"], CHAIN_3,
        "the source is in the link"
    );
    // Seq 4's stream starts with 255, which is 252 or more: a d6 skips it.
    assert_eq!(example["seq4_first_byte"], 255);
    assert_eq!(example["roll4"], json!([[1], CHAIN_4]));
    // 40 d100 read past the stream's first 32 bytes, every die on its faces; the
    // first two bytes of that stream read as d6 give the example's 2 and 3.
    let forty = example["forty_d100"].as_array().unwrap();
    assert_eq!(forty.len(), 40);
    assert!(forty
        .iter()
        .all(|d| (1..=100).contains(&d.as_i64().unwrap())));

    // The week as a whole: every roll agrees with the receipts handed out; a die
    // changed, a receipt that differs, a roll removed are each named at their roll.
    let verdicts = in_the_browser(
        &browser,
        "const week = args[0];
         const copy = () => JSON.parse(JSON.stringify(week));
         const altered = copy(); altered.rolls[1].dice = [57];
         const removed = copy(); removed.rolls.splice(2, 1);
         const pasted = D.parseReceipts('roll 2: ' + week.rolls[1].chain.slice(0, 12) + '\\n' + week.chain_head);
         return {
           agrees: D.checkWeek(week, pasted.receipts, pasted.heads).problem,
           checked: D.checkWeek(week, [], []).checked,
           pasted: pasted,
           altered: D.checkWeek(altered, [], []).problem,
           receipt: D.checkWeek(week, [{ seq: 1, chain: '0'.repeat(64) }], []).problem,
           removed: D.checkWeek(removed, [], []).problem,
           unknown_head: D.checkWeek(week, [], ['0123456789abcdef']).problem,
           before_close: D.checkWeek(Object.assign(copy(), { seed: null }), [], []),
         };",
        json!([worked_week()]),
    )
    .await;
    assert_eq!(verdicts["agrees"], Value::Null, "{verdicts}");
    assert_eq!(verdicts["checked"], 4);
    assert_eq!(
        verdicts["pasted"],
        json!({ "receipts": [{ "seq": 2, "chain": &CHAIN_2[..12] }], "heads": [CHAIN_4], "unread": [] })
    );
    assert_eq!(verdicts["altered"]["seq"], 2);
    assert_eq!(verdicts["altered"]["why"], json!(["dice", "link"]));
    assert_eq!(verdicts["receipt"]["seq"], 1);
    assert_eq!(verdicts["receipt"]["why"], json!(["receipt"]));
    assert_eq!(verdicts["removed"]["seq"], 3);
    assert_eq!(verdicts["removed"]["why"], json!(["missing"]));
    assert_eq!(verdicts["unknown_head"]["why"], json!(["unknown-head"]));
    assert_eq!(verdicts["before_close"]["closed"], false);
    assert_eq!(verdicts["before_close"]["problem"], Value::Null);
    browser.close().await;
}
