//! Issue #39 (R25, API v1.3 "Dice anyone can check"), at the table: paul rolls on the
//! dice page of his phone (the server's dice, with a fresh nonce from the phone, and
//! dice he entered), rita the referee rolls through the API (no nonce); each answer
//! shows its receipt and the phone keeps it. Once the week is closed:
//! - the check page, which works every die and link out again in the browser, says
//!   "Every roll agrees";
//! - a roll altered in the database with every later link recomputed to match (a chain
//!   consistent in itself) is named by the receipts handed out — those the phone kept,
//!   and the same pasted into another browser that kept none.

use std::time::Duration;

use eagles_db::diesel_async::SimpleAsyncConnection;
use reqwest::Method;
use serde_json::{json, Value};

use crate::support::api::Api;
use crate::support::browser::Browser;
use crate::support::{count, TestApp};
use crate::wait::until;

const ARRIVAL: Duration = Duration::from_secs(30);
/// A phone's width in CSS pixels.
const PHONE: u32 = 412;

/// Rita's public campaign with paul an Allied player; its id.
async fn bloody_april_with_paul(app: &TestApp) -> (Api, i64) {
    app.add_users(&["rita", "paul"]).await;
    let rita = Api::as_user(app, "rita").await;
    let campaign = rita.bloody_april().await;
    rita.write(
        Method::POST,
        &format!("/api/v1/campaigns/{campaign}/members"),
        json!({ "username": "paul", "role": "player", "side": "allied" }),
    )
    .await;
    (rita, campaign)
}

/// Paul rolls the dice page's table `table`, with `dice` entered (empty: the server
/// rolls); the receipt the answer shows, `[seq, chain]` as the phone kept it.
async fn paul_rolls(phone: &Browser, campaign: i64, table: &str, dice: &str) -> (i64, String) {
    phone.open(&format!("/campaigns/{campaign}/dice")).await;
    phone.select("table", table).await;
    phone.fill("dice", dice).await;
    phone.submit("dice").await;
    let shown = phone
        .client
        .execute(
            "const r = document.querySelector('#last-roll [data-receipt]');
             return r && [Number(r.dataset.seq), r.dataset.chain, r.textContent];",
            vec![],
        )
        .await
        .unwrap();
    let (seq, chain) = (shown[0].as_i64().unwrap(), shown[1].as_str().unwrap());
    let words = shown[2].as_str().unwrap();
    assert!(
        words.contains(&format!("roll {seq}")) && words.contains(&chain[..12]),
        "the receipt shows its roll and chain: {words}"
    );
    (seq, chain.to_owned())
}

/// Asserts that the page shown does not scroll sideways on the phone.
async fn assert_fits(phone: &Browser, what: &str) {
    let (width, window) = phone.widths().await;
    assert_eq!(window, i64::from(PHONE), "the window is a phone's");
    assert!(
        width <= window,
        "{what} is {width} px wide on a {window} px phone"
    );
}

/// The receipts the phone keeps for the campaign's week 1, `{seq: chain}`.
async fn kept(phone: &Browser, campaign: i64) -> Value {
    phone
        .client
        .execute(
            "return JSON.parse(localStorage.getItem(arguments[0]) || '{}');",
            vec![json!(format!("eagles-receipts:{campaign}:1"))],
        )
        .await
        .unwrap()
}

/// The week's four rolls: paul's server 2d6 and entered 2d6 (3 4) on his phone,
/// rita's server d100 through the API, paul's server d6; then rita closes the week.
/// The receipts handed out, in order.
async fn a_week_of_rolls(app: &TestApp, phone: &Browser) -> (Api, i64, Vec<(i64, String)>) {
    let (rita, campaign) = bloody_april_with_paul(app).await;
    phone.sign_in_as("paul").await;
    phone.client.set_window_size(PHONE, 915).await.unwrap();
    let mut receipts = vec![paul_rolls(phone, campaign, "2d6", "").await];
    assert_fits(phone, "the dice page with a roll's receipt").await;
    phone
        .assert_well_formed("the dice page with a roll's receipt")
        .await;
    phone
        .whole_page_screenshot("dice-pages-receipt-phone")
        .await;
    receipts.push(paul_rolls(phone, campaign, "2d6", "3 4").await);
    let referees = rita
        .write(
            Method::POST,
            &format!("/api/v1/campaigns/{campaign}/rolls"),
            json!({ "table": "d100" }),
        )
        .await;
    let seq = referees["seq"]
        .as_i64()
        .expect("a rolling answer's receipt");
    receipts.push((seq, referees["chain"].as_str().unwrap().to_owned()));
    receipts.push(paul_rolls(phone, campaign, "d6", "").await);
    assert_eq!(
        receipts.iter().map(|r| r.0).collect::<Vec<_>>(),
        [1, 2, 3, 4],
        "every roll of the week takes the next place"
    );
    // The phone sent a fresh nonce with each of paul's rolls; rita's took none.
    let nonces = format!(
        "SELECT count(DISTINCT nonce) FROM dice_rolls WHERE campaign_id = {campaign}
         AND nonce ~ '^[A-Za-z0-9_-]{{22}}$' AND rolled_by = (SELECT id FROM users WHERE username = 'paul')"
    );
    assert_eq!(count(app, &nonces).await, 3);
    let referees =
        format!("SELECT count(*) FROM dice_rolls WHERE campaign_id = {campaign} AND nonce IS NULL");
    assert_eq!(count(app, &referees).await, 1);
    // A referee's roll takes no nonce: his dice page has no field for one (R25).
    let (mut referee, _) = app.signed_in("rita").await;
    let page = referee.get(&format!("/campaigns/{campaign}/dice")).await;
    let html = page.text().await.unwrap();
    assert!(html.contains("id=\"roll\"") && !html.contains("name=\"nonce\""));
    let kept = kept(phone, campaign).await;
    for (seq, chain) in [&receipts[0], &receipts[1], &receipts[3]] {
        assert_eq!(
            kept[seq.to_string()],
            json!(chain),
            "the phone kept roll {seq}"
        );
    }
    // Before the close the seed is not published: the page says so and checks the
    // chain of receipts alone.
    let said = verdict(phone, campaign, None).await;
    assert_eq!(
        said,
        "Every roll agrees. 4 rolls checked, against 3 receipts."
    );
    let note = phone.text("seed-note").await.unwrap_or_default();
    assert!(
        note.starts_with("The seed is not published until week 1 closes"),
        "{note}"
    );
    rita.write(
        Method::POST,
        &format!("/api/v1/campaigns/{campaign}/weeks/close"),
        json!({}),
    )
    .await;
    (rita, campaign, receipts)
}

/// Opens the week's check page, optionally pastes receipts and checks again; the
/// verdict once the page has one.
async fn verdict(browser: &Browser, campaign: i64, pasted: Option<&str>) -> String {
    browser
        .open(&format!("/campaigns/{campaign}/weeks/1/dice-check"))
        .await;
    if let Some(pasted) = pasted {
        until_checked(browser).await;
        browser.fill("receipts", pasted).await;
        browser.click("check").await;
    }
    until_checked(browser).await
}

/// Waits until the check page says its verdict (it says "Checking…" while it works).
async fn until_checked(browser: &Browser) -> String {
    until("the check page's verdict", ARRIVAL, || async {
        let script = "const v = document.getElementById('verdict');
                      return /agrees|disagrees/.test(v.className) ? v.textContent : null;";
        match browser.client.execute(script, vec![]).await {
            Ok(Value::String(said)) => Ok(said),
            other => Err(format!("{other:?}")),
        }
    })
    .await
}

#[tokio::test]
async fn a_closed_week_of_server_and_entered_rolls_agrees_on_the_check_page() {
    let app = TestApp::spawn().await;
    let phone = Browser::start(&app.address).await;
    let (rita, campaign, receipts) = a_week_of_rolls(&app, &phone).await;
    let said = verdict(&phone, campaign, None).await;
    assert_eq!(
        said,
        "Every roll agrees. 4 rolls checked, against 3 receipts."
    );
    assert_eq!(
        phone.text("seed-note").await.as_deref(),
        Some(""),
        "the seed is published"
    );
    assert_fits(&phone, "the check page").await;
    phone.assert_well_formed("the check page").await;
    // The seal the week opened with is the seed's SHA-256, shown beside the seed.
    let seed = phone.text("seed-1").await.expect("the seed, once closed");
    assert_eq!(seed.len(), 64, "{seed}");
    // The feed's entry of the week's close hands on the week's last receipt, its seed
    // and the seal of week 2, the week the close opened.
    let week_2 = rita
        .read(&format!("/api/v1/campaigns/{campaign}/weeks/2/dice"))
        .await;
    let atom = reqwest::get(format!("{}/campaigns/{campaign}/feed.atom", app.address))
        .await
        .unwrap()
        .bytes()
        .await
        .unwrap();
    let feed = atom_syndication::Feed::read_from(&atom[..]).expect("an Atom feed");
    let entry = feed
        .entries()
        .iter()
        .find(|e| e.id().ends_with("/week-1"))
        .expect("the entry of week 1's close");
    let summary = entry.summary().expect("a summary").as_str();
    let said = [
        format!("The last receipt of week 1's dice: {}.", receipts[3].1),
        format!(
            "Week 2's dice are sealed with {}.",
            week_2["commitment"].as_str().unwrap()
        ),
    ];
    for words in said {
        assert!(summary.contains(&words), "{words} in {summary}");
    }
    // For a person to look at: the whole page on a phone.
    phone.whole_page_screenshot("dice-pages-check-phone").await;
    phone.close().await;
}

/// Alters roll `seq` of the campaign's week 1 to `dice` and recomputes every link from
/// it on, as API v1.3 defines them: the chain is consistent in itself, only receipts
/// handed out before can tell.
async fn tamper(app: &TestApp, campaign: i64, seq: i64, dice: &str) {
    let mut conn = app.pool.get().await.unwrap();
    conn.batch_execute(&format!(
        "DO $$
         DECLARE r RECORD; prev TEXT;
         BEGIN
           UPDATE dice_rolls SET dice = '{dice}'
             WHERE campaign_id = {campaign} AND dice_week = 1 AND seq = {seq};
           SELECT chain INTO prev FROM dice_rolls
             WHERE campaign_id = {campaign} AND dice_week = 1 AND seq = {seq} - 1;
           FOR r IN SELECT id, seq, table_name, entered, dice, nonce FROM dice_rolls
               WHERE campaign_id = {campaign} AND dice_week = 1 AND seq >= {seq} ORDER BY seq
           LOOP
             prev := encode(sha256(convert_to(prev || '|' || r.seq || '|' || r.table_name
               || '|' || CASE WHEN r.entered THEN 'entered' ELSE 'server' END
               || '|' || array_to_string(r.dice, ',') || '|' || coalesce(r.nonce, ''),
               'UTF8')), 'hex');
             UPDATE dice_rolls SET chain = prev WHERE id = r.id;
           END LOOP;
         END $$;"
    ))
    .await
    .unwrap();
}

#[tokio::test]
async fn a_roll_altered_after_the_close_is_named_by_the_receipts_handed_out() {
    let app = TestApp::spawn().await;
    let phone = Browser::start(&app.address).await;
    let (_, campaign, receipts) = a_week_of_rolls(&app, &phone).await;
    // Paul's entered 3 4, roll 2, becomes 6 6: entered dice follow from no seed, so
    // only the receipts can tell.
    tamper(&app, campaign, 2, "{6,6}").await;
    let said = verdict(&phone, campaign, None).await;
    assert_eq!(
        said,
        "Roll 2 (2d6, rolled 6 6) does not agree with the receipt handed out."
    );

    // Another browser, which kept nothing, with the receipts pasted as the answers
    // showed them (the chains cut short).
    let other = Browser::start(&app.address).await;
    let pasted: Vec<String> = receipts
        .iter()
        .map(|(seq, chain)| format!("{seq} {}", &chain[..12]))
        .collect();
    let said = verdict(&other, campaign, Some(&pasted.join("\n"))).await;
    assert_eq!(
        said,
        "Roll 2 (2d6, rolled 6 6) does not agree with the receipt handed out."
    );
    // Without receipts the altered chain agrees with itself: roll 2 passes, and only a
    // later server die, derived from the altered links, may give it away.
    let said = verdict(&other, campaign, None).await;
    assert!(
        !said.contains("Roll 2") && !said.contains("roll before it"),
        "{said}"
    );
    other.close().await;
    phone.close().await;
}

#[tokio::test]
async fn a_players_sheet_roll_sends_a_nonce_and_shows_its_receipt() {
    // Paul's spin test on the sheet of his phone (R19): the server's dice, with a fresh
    // nonce from the phone; the answer shows the roll's receipt and the phone keeps it.
    let app = TestApp::spawn().await;
    let (sheets, sortie) = crate::resent_mark::paul_in_the_air(&app).await;
    let phone = Browser::start(&app.address).await;
    phone.sign_in_as("paul").await;
    phone.client.set_window_size(PHONE, 915).await.unwrap();
    phone.open(&sheets).await;
    phone.press(&format!("roll-spin-{sortie}")).await;
    let receipt = phone
        .client
        .execute(
            "const r = document.querySelector('.sheet-roll [data-receipt]');
             return r && [r.dataset.campaign, Number(r.dataset.seq), r.dataset.chain, r.textContent];",
            vec![],
        )
        .await
        .unwrap();
    // The game's ground offensive, rolled as it opened, took the week's first place.
    assert_eq!(receipt[1], 2, "the week's second roll: {receipt}");
    let words = receipt[3].as_str().unwrap();
    assert!(words.starts_with("Receipt: roll 2 of week 1, "), "{words}");
    let campaign = receipt[0].as_str().unwrap().parse::<i64>().unwrap();
    assert_eq!(kept(&phone, campaign).await, json!({ "2": receipt[2] }));
    let nonces = "SELECT count(*) FROM dice_rolls WHERE nonce ~ '^[A-Za-z0-9_-]{22}$'";
    assert_eq!(count(&app, nonces).await, 1);
    assert_fits(&phone, "the sheets page with a roll's receipt").await;
    phone
        .assert_well_formed("the sheets page with a roll's receipt")
        .await;
    phone
        .whole_page_screenshot("dice-pages-sheet-receipt-phone")
        .await;
    phone.close().await;
}
