//! A page's form is written once (API v1.3 "A write happens once", R25's last
//! sentence): the same form sent again — after a lost answer, or twice at once — waits
//! for the first, answers its outcome (the same redirect, the same rolls) and writes
//! nothing; a form without its one-time key is refused; a refused form comes back with
//! fresh keys.

use std::future::Future;

use eagles_db::diesel_async::SimpleAsyncConnection;
use reqwest::redirect::Policy;
use reqwest::{Response, StatusCode};
use serde_json::json;

use crate::sheets::Night;
use crate::support::form_client::{hidden_value, Visitor};
use crate::support::page_form::PageForm;
use crate::support::{claims, database};

/// A player's or the referee's browser: signed in through the sign-in page.
struct Browser {
    client: reqwest::Client,
    cookie: String,
    address: String,
}

impl Browser {
    async fn of(night: &Night, username: &str) -> Browser {
        Browser {
            client: reqwest::Client::builder()
                .redirect(Policy::none())
                .build()
                .unwrap(),
            cookie: Visitor::session_of(&night.app, username).await,
            address: night.app.address.clone(),
        }
    }

    async fn page(&self, path: &str) -> String {
        let response = self
            .client
            .get(format!("{}{path}", self.address))
            .header("cookie", &self.cookie)
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), StatusCode::OK, "GET {path}");
        response.text().await.unwrap()
    }

    fn send(&self, form: &PageForm) -> impl Future<Output = Response> + Send + 'static {
        let request = self
            .client
            .post(format!("{}{}", self.address, form.action))
            .header("cookie", &self.cookie)
            .form(&form.fields);
        async move { request.send().await.expect("POST") }
    }
}

fn replayed(response: &Response) -> bool {
    response
        .headers()
        .get("idempotency-replayed")
        .is_some_and(|v| v == "true")
}

fn location(response: &Response) -> String {
    assert_eq!(response.status(), StatusCode::SEE_OTHER, "{response:?}");
    response.headers()["location"].to_str().unwrap().to_owned()
}

async fn count(night: &Night, query: &str) -> i64 {
    database::count(&night.app.pool, query).await
}

/// Sends `form` twice at once, the second while the first is held inside its handler
/// (every write appends the campaign's event, which a share lock on the table holds
/// up): the second is sent once the first has claimed the key, and the first let go
/// once the second has tried to claim it too and found it taken.
async fn twice_at_once(night: &Night, browser: &Browser, form: &PageForm) -> [Response; 2] {
    let pool = &night.app.pool;
    claims::count_tries(pool).await;
    let mut lock = pool.get().await.unwrap();
    lock.batch_execute("BEGIN; LOCK TABLE campaign_events IN SHARE MODE")
        .await
        .unwrap();
    let first = tokio::spawn(browser.send(form));
    claims::until_tried(pool, 1, "the first form to claim its key").await;
    let second = tokio::spawn(browser.send(form));
    claims::until_tried(pool, 2, "the second form to find the key taken").await;
    assert!(!second.is_finished(), "the repeat waits for the first");
    lock.batch_execute("COMMIT").await.unwrap();
    claims::stop_counting(pool).await;
    [first.await.unwrap(), second.await.unwrap()]
}

/// The sheets page of the night's game.
fn sheets_path(night: &Night) -> String {
    format!(
        "/campaigns/{}/games/{}/sheets",
        night.world.campaign, night.game
    )
}

// The wing that went from 2 to 4 crossed boxes: the mark's answer lost, the phone sends
// the form again; then a double tap sends it twice at once. One mark each time.
#[tokio::test]
async fn a_sheet_mark_sent_again_or_twice_at_once_is_marked_once() {
    let night = Night::new().await;
    let sortie = night.mccuddens_spad().await["id"].as_i64().unwrap();
    let bea = Browser::of(&night, "bea").await;
    let html = bea.page(&sheets_path(&night)).await;
    let wing = PageForm::read(&html, &format!("boxes-{sortie}"))
        .with("section", "wings")
        .with("boxes", "2");
    assert!(
        !wing.value("form_key").is_empty(),
        "the form carries its key"
    );

    let first = bea.send(&wing).await;
    assert!(!replayed(&first));
    let first = location(&first);
    let marks = count(&night, "SELECT count(*) FROM sheet_marks").await;
    assert_eq!(marks, 1);
    let again = bea.send(&wing).await;
    assert!(replayed(&again), "the first answer, given again");
    assert_eq!(location(&again), first);
    assert_eq!(count(&night, "SELECT count(*) FROM sheet_marks").await, 1);
    let sheet = crate::support::body(night.sheet("bea", sortie).await).await;
    assert_eq!(
        sheet["sections"]["wings"]["crossed"], 2,
        "2, not 4: {sheet}"
    );

    // A new page, a new key: the same mark made again on purpose is a second mark.
    let html = bea.page(&sheets_path(&night)).await;
    let wing = PageForm::read(&html, &format!("boxes-{sortie}"))
        .with("section", "wings")
        .with("boxes", "2");
    let [a, b] = twice_at_once(&night, &bea, &wing).await;
    assert_eq!(location(&a), location(&b), "both answer the same outcome");
    assert!(
        replayed(&a) != replayed(&b),
        "one wrote, one was given its answer"
    );
    assert_eq!(count(&night, "SELECT count(*) FROM sheet_marks").await, 2);
    // 2 boxes, then 2 more on purpose: 4 crossed, not 8.
    let sheet = crate::support::body(night.sheet("bea", sortie).await).await;
    assert_eq!(sheet["sections"]["wings"]["crossed"], 4, "{sheet}");
}

// A server roll sent again is not rolled again (R25): the same rolls shown, no second
// roll to fish a better result with.
#[tokio::test]
async fn a_server_roll_sent_again_or_twice_at_once_is_rolled_once() {
    let night = Night::new().await;
    let [_, _, mccudden, voss, ..] = night.crew;
    // Two sheets, one roll each: a spin test that fails leaves its aircraft spinning,
    // when a second is refused (§7).
    let mut sorties = Vec::new();
    for (who, aircraft, pilot) in [
        ("bea", "SPAD XIII", mccudden),
        ("kurt", "Albatros D-III", voss),
    ] {
        let declared = night.declare(who, aircraft, &[(pilot, "pilot")]).await;
        sorties.push(declared["id"].as_i64().unwrap());
    }
    // The referee rolls on every sheet until the debrief.
    let rita = Browser::of(&night, "rita").await;
    let spin = |html: &str, sortie: i64| {
        PageForm::read(html, &format!("tables-{sortie}"))
            .with("dice", "")
            .with("table", "spin")
    };
    let form = spin(&rita.page(&sheets_path(&night)).await, sorties[0]);
    let before = count(&night, "SELECT count(*) FROM dice_rolls").await;
    let first = location(&rita.send(&form).await);
    assert!(first.contains("roll"), "the rolls made are shown: {first}");
    let rolls = count(&night, "SELECT count(*) FROM dice_rolls").await;
    let again = rita.send(&form).await;
    assert!(replayed(&again));
    assert_eq!(location(&again), first, "the same rolls shown");
    assert_eq!(
        count(&night, "SELECT count(*) FROM dice_rolls").await,
        rolls
    );

    let form = spin(&rita.page(&sheets_path(&night)).await, sorties[1]);
    let [a, b] = twice_at_once(&night, &rita, &form).await;
    assert_eq!(location(&a), location(&b), "the same rolls shown");
    assert_ne!(location(&a), first, "a new form rolls anew");
    assert_eq!(
        count(&night, "SELECT count(*) FROM dice_rolls").await,
        rolls + (rolls - before),
        "the rolls of one spin test more, not two"
    );
}

// "Submit the debrief" tapped twice: the referee lands on the game as debriefed, not on
// a refusal inviting him to void a good debrief.
#[tokio::test]
async fn the_debrief_submitted_twice_at_once_is_debriefed_once() {
    let night = Night::new().await;
    night.mccuddens_spad().await;
    for side in ["allied", "central"] {
        night
            .made("rita", "/missions", json!({ "side": side, "dice": [9] }))
            .await;
    }
    let rita = Browser::of(&night, "rita").await;
    let game = format!("/campaigns/{}/games/{}", night.world.campaign, night.game);
    let html = rita.page(&game).await;
    let debrief = PageForm::read(&html, "debrief-form").with("turns_played", "3");

    let [a, b] = twice_at_once(&night, &rita, &debrief).await;
    assert_eq!(location(&a), game);
    assert_eq!(location(&b), game);
    let writes =
        "SELECT (SELECT count(*) FROM campaign_events) + (SELECT count(*) FROM dice_rolls) \
                  + (SELECT count(*) FROM xp_awards) + (SELECT count(*) FROM audit_log)";
    let written = count(&night, writes).await;
    let again = rita.send(&debrief).await;
    assert!(replayed(&again));
    assert_eq!(location(&again), game);
    assert_eq!(
        count(&night, writes).await,
        written,
        "nothing written again"
    );
    assert_eq!(
        count(
            &night,
            "SELECT count(*) FROM games WHERE debriefed_at IS NOT NULL"
        )
        .await,
        1
    );
}

// No form writes without its key; a refused form comes back with fresh keys, and its
// key, not spent, still sends the corrected form; a spent key with other entries is
// refused.
#[tokio::test]
async fn a_form_without_its_key_is_refused_and_a_refused_form_keeps_its_key() {
    let night = Night::new().await;
    let sortie = night.mccuddens_spad().await["id"].as_i64().unwrap();
    let bea = Browser::of(&night, "bea").await;
    let html = bea.page(&sheets_path(&night)).await;
    let wing = PageForm::read(&html, &format!("boxes-{sortie}")).with("section", "wings");

    let keyless = PageForm {
        fields: wing
            .fields
            .iter()
            .filter(|(name, _)| name != "form_key")
            .cloned()
            .collect(),
        ..wing.clone()
    }
    .with("boxes", "2");
    let refused = bea.send(&keyless).await;
    assert_eq!(refused.status(), StatusCode::BAD_REQUEST);
    assert!(refused.text().await.unwrap().contains("reload the page"));

    let nothing = bea.send(&wing.clone().with("boxes", "")).await;
    assert_eq!(nothing.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let page = nothing.text().await.unwrap();
    let fresh = hidden_value(&page, "form_key").expect("a key in the refused page");
    assert_ne!(
        fresh,
        wing.value("form_key"),
        "the page comes back with fresh keys"
    );

    let marked = bea.send(&wing.clone().with("boxes", "2")).await;
    assert_eq!(marked.status(), StatusCode::SEE_OTHER);
    assert!(!replayed(&marked));
    assert_eq!(count(&night, "SELECT count(*) FROM sheet_marks").await, 1);

    // The spent key with other entries (a page kept open and changed): refused in
    // words, nothing written.
    let other = bea.send(&wing.with("boxes", "3")).await;
    assert_eq!(other.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let page = other.text().await.unwrap();
    assert!(page.contains("sent already, with other entries"), "{page}");
    assert_eq!(count(&night, "SELECT count(*) FROM sheet_marks").await, 1);
}
