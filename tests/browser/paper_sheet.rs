//! Issue #37, acceptance 1: the phone's sheet plays like the paper one. On a 412 px
//! phone Paul's sheet carries the Nieuport 17's own data (appendix A: stability B,
//! armament 1R, dive 2, climb 2); two wing boxes crossed off from a red marker take
//! at most three taps from the sheet's first screen; a shot repeating the last one's
//! flags takes at most three; a long burst asks for the combat die and the jam die
//! (§3.801) and a refusal is shown where the eye is; the referee's sheets stand side
//! by side on a laptop. Every tap the test makes is counted.
//!
//! The table of `sheets`: Hans Weiss (carl) in an Albatros D-III as c1, and here
//! Albert Ball (paul) in a Nieuport 17 as a1, both declared by rita.

use serde_json::{json, Value};

use crate::sheets::{assert_fits_and_passes, balls_tailing_shot, Table};
use crate::support::browser::Browser;
use crate::support::count;
use crate::support::follow::{text, until_text, ARRIVAL};
use crate::wait::until;

const PHONE: u32 = 412;
/// A Pixel 7's screen in CSS pixels, less the browser's own bars.
const SCREEN: u32 = 915;

/// Counts the taps a test makes, to hold the page to the paper sheet's few.
struct Taps<'a> {
    phone: &'a Browser,
    made: u32,
}

impl Taps<'_> {
    /// A tap on something that stays on the page (a radio, a link in the page).
    async fn tap(&mut self, id: &str) {
        self.made += 1;
        self.phone.click(id).await;
    }

    /// A tap on a button that sends its form.
    async fn press(&mut self, id: &str) {
        self.made += 1;
        self.phone.press(id).await;
    }
}

/// Whether the element with this id lies wholly on the screen as scrolled now.
async fn on_screen(phone: &Browser, id: &str) -> bool {
    let answer = phone
        .client
        .execute(
            "const r = document.getElementById(arguments[0]).getBoundingClientRect();
             return [r.top >= 0 && r.bottom <= window.innerHeight && r.width > 0,
                     Math.round(r.bottom), window.innerHeight];",
            vec![json!(id)],
        )
        .await
        .unwrap();
    eprintln!("#{id}: on screen, bottom, screen: {answer}");
    answer[0] == Value::Bool(true)
}

/// The page as a reader first sees it: loaded, at its top.
async fn first_screen(phone: &Browser, page: &str) {
    phone.open(page).await;
    phone
        .client
        .execute("window.scrollTo(0, 0);", vec![])
        .await
        .unwrap();
}

/// The whole page at the phone's width, saved under /tmp for a look.
async fn whole_page(phone: &Browser, name: &str) {
    let height = phone
        .client
        .execute("return document.documentElement.scrollHeight;", vec![])
        .await
        .unwrap()
        .as_u64()
        .unwrap() as u32;
    phone.client.set_window_size(PHONE, height).await.unwrap();
    phone
        .client
        .execute("window.scrollTo(0, 0);", vec![])
        .await
        .unwrap();
    let png = phone.client.screenshot().await.unwrap();
    std::fs::write(format!("/tmp/{name}.png"), png).unwrap();
    phone.client.set_window_size(PHONE, SCREEN).await.unwrap();
}

#[tokio::test]
async fn the_phones_sheet_plays_like_the_paper_one() {
    let table = Table::start().await;
    let c1 = table.sortie("c1").await;
    let ball = count(&table.app, "SELECT id FROM crew WHERE name = 'Albert Ball'").await;
    table.declare("Nieuport 17", ball).await;
    let a1 = table.sortie("a1").await;
    let sheets = table.page(&format!("/games/{}/sheets", table.game));

    let phone = Browser::start(&table.app.address).await;
    phone.client.set_window_size(PHONE, SCREEN).await.unwrap();
    phone.sign_in_as("paul").await;
    first_screen(&phone, &sheets).await;
    assert_fits_and_passes(&phone, "sheets, a1's sheet").await;

    // Appendix A, the Nieuport 17: stability B, armament 1R, dive 2, climb 2, early
    // altitude 9, late altitude 7 — at the sheet's head, on its first screen.
    let data = text(&phone, &format!("data-{a1}")).await.unwrap();
    for datum in [
        "Stability B",
        "Armament 1R",
        "Dive 2",
        "Climb 2",
        "Early altitude 9",
        "Late altitude 7",
    ] {
        assert!(
            data.replace('\n', " ").contains(datum),
            "{datum} in {data:?}"
        );
    }
    assert!(on_screen(&phone, &format!("data-{a1}")).await);

    // Weiss fires at a1 (range 1, medium burst, stability B: combat value 8; die 6 on
    // line 8 reads 2R): two red markers for a1 to draw.
    let weiss = count(&table.app, "SELECT id FROM crew WHERE name = 'Hans Weiss'").await;
    table.weiss_fires_two_red(weiss, c1, a1).await;
    until_text(&phone, &format!("to-draw-{a1}"), "2 red").await;

    // A red marker drawn crosses off two wing boxes: from the first screen, the jump to
    // the drawn sheet, the red marker, the second wing box.
    first_screen(&phone, &sheets).await;
    let mut taps = Taps {
        phone: &phone,
        made: 0,
    };
    assert!(on_screen(&phone, &format!("jump-drawn-{a1}")).await);
    taps.tap(&format!("jump-drawn-{a1}")).await;
    taps.tap(&format!("marker-{a1}-red")).await;
    taps.press(&format!("box-{a1}-wings-2")).await;
    phone
        .assert_text(&format!("section-{a1}-wings"), "2 of 16 boxes")
        .await;
    assert_eq!(
        text(&phone, &format!("to-draw-{a1}")).await.as_deref(),
        Some("Markers to draw: 1 red"),
        "the red marker drawn is off the markers to draw"
    );
    assert!(taps.made <= 3, "{} taps to cross off two boxes", taps.made);
    assert_fits_and_passes(&phone, "sheets, two wing boxes crossed").await;

    // Ball's first shot, set up by hand: at c1, medium burst, tailed it last turn, the
    // target lower, die 5 entered.
    balls_tailing_shot(&phone, a1, c1).await;
    let first = text(&phone, &format!("roll-{a1}")).await.unwrap();
    assert!(first.contains("tailed"), "{first}");

    // The next turn's shot, the same as the last: the form remembers it, so from the
    // first screen it is one tap on Fire, the server rolling the die.
    phone.press(&format!("turn-next-{a1}")).await;
    first_screen(&phone, &sheets).await;
    assert_eq!(phone.value(&format!("target-{a1}")).await, c1.to_string());
    assert_eq!(phone.value(&format!("burst-{a1}")).await, "medium");
    assert_eq!(phone.value(&format!("altitude-{a1}")).await, "lower");
    assert!(phone.checked(&format!("tailed_last_turn-{a1}")).await);
    assert!(
        on_screen(&phone, &format!("fire-{a1}")).await,
        "Fire on the first screen"
    );
    let screen = phone.client.screenshot().await.unwrap();
    std::fs::write("/tmp/paper-sheet-first-screen.png", screen).unwrap();
    let mut taps = Taps {
        phone: &phone,
        made: 0,
    };
    taps.press(&format!("fire-{a1}")).await;
    let Some(again) = text(&phone, &format!("roll-{a1}")).await else {
        panic!("no shot: {}", phone.body().await);
    };
    assert!(again.contains("fired at c1"), "{again}");
    assert!(again.contains("tailed"), "the last shot's flags: {again}");
    assert!(taps.made <= 3, "{} taps to fire again", taps.made);
    whole_page(&phone, "paper-sheet-phone").await;

    // Half-filled forms survive a reload: range 2 and a die typed, c1 chosen for a
    // claim, then reloaded.
    first_screen(&phone, &sheets).await;
    phone.select(&format!("range-{a1}"), "2").await;
    phone.fill(&format!("combat-dice-{a1}"), "3").await;
    let victim = phone
        .client
        .execute(
            "const s = document.getElementById(arguments[0]); \
             return s.options[s.options.length - 1].value;",
            vec![json!(format!("claim-victim-{a1}"))],
        )
        .await
        .unwrap()
        .as_str()
        .unwrap()
        .to_owned();
    phone.select(&format!("claim-victim-{a1}"), &victim).await;
    phone.client.refresh().await.unwrap();
    until(
        "the reloaded forms to hold what was typed",
        ARRIVAL,
        || async {
            let typed = (
                phone.value(&format!("range-{a1}")).await,
                phone.value(&format!("combat-dice-{a1}")).await,
                phone.value(&format!("claim-victim-{a1}")).await,
            );
            if typed == ("2".to_owned(), "3".to_owned(), victim.clone()) {
                Ok(())
            } else {
                Err(format!("range, die and claimed aircraft {typed:?}"))
            }
        },
    )
    .await;

    // An aircraft declared after the page loaded joins the target and claim lists.
    let stream = phone
        .client
        .execute("return document.body.dataset.revision;", vec![])
        .await
        .unwrap();
    assert!(stream.is_string(), "the page follows the campaign");
    let franz = table.pilot("Franz Lang", "german", "carl").await;
    table.declare("Albatros D-III", franz).await;
    let c2 = table.sortie("c2").await.to_string();
    for list in ["target", "claim-victim"] {
        let id = format!("{list}-{a1}");
        until(&format!("c2 among #{id}"), ARRIVAL, || async {
            // Read at once: the page swaps the options in while it is asked.
            let options = phone
                .client
                .execute(
                    "return Array.from(document.getElementById(arguments[0]).options)
                         .map(o => o.value);",
                    vec![json!(id)],
                )
                .await
                .map_err(|e| e.to_string())?;
            if options.as_array().is_some_and(|o| o.contains(&json!(c2))) {
                Ok(())
            } else {
                Err(format!("{options:?}"))
            }
        })
        .await;
    }
    assert_eq!(
        phone.value(&format!("combat-dice-{a1}")).await,
        "3",
        "what was typed stays"
    );

    // A long burst with the combat die alone: refused, and the refusal is where the
    // eye is — on the screen, focused, announced.
    phone.select(&format!("burst-{a1}"), "long").await;
    phone.fill(&format!("combat-dice-{a1}"), "4").await;
    phone.press(&format!("fire-{a1}")).await;
    let refusal = text(&phone, &format!("combat-dice-{a1}-error"))
        .await
        .unwrap();
    assert!(refusal.contains("jam die"), "{refusal}");
    assert!(on_screen(&phone, &format!("combat-dice-{a1}-error")).await);
    let focused = phone
        .client
        .execute("return document.activeElement.id;", vec![])
        .await
        .unwrap();
    assert_eq!(focused, json!(format!("combat-dice-{a1}")));
    assert_fits_and_passes(&phone, "sheets, a long burst refused").await;
    phone.close().await;

    // The referee's sheets side by side on a laptop.
    let laptop = Browser::start(&table.app.address).await;
    laptop.client.set_window_size(1440, 900).await.unwrap();
    laptop.sign_in_as("rita").await;
    laptop.open(&sheets).await;
    let tops = laptop
        .client
        .execute(
            "return [arguments[0], arguments[1]].map(id =>
                 Math.round(document.getElementById('sheet-' + id).getBoundingClientRect().top));",
            vec![json!(c1), json!(a1)],
        )
        .await
        .unwrap();
    assert_eq!(tops[0], tops[1], "the two sheets side by side: {tops}");
    laptop
        .assert_well_formed("sheets, the referee's on a laptop")
        .await;
    laptop.close().await;
}
