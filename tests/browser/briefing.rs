//! The weekly briefing of the demo campaign in headless Chromium: reached from the
//! club-night and week pages, well formed and without an axe-core violation, saved
//! with the other screenshots, no wider than a phone's screen, and printed through
//! WebDriver to a PDF of exactly one A4 page.

use fantoccini::wd::{PrintConfiguration, PrintSize};

use crate::builders::Referee;
use crate::reports::{fly_alone, pilot, ALLIED, NIEUPORT};
use crate::support::browser::Browser;
use crate::support::{add_crewman, add_player, count, new_campaign, TestApp, ALBERT_BALL};

/// The pages of a PDF: its page objects (`/Type /Page`, not `/Type /Pages`).
fn page_count(pdf: &[u8]) -> usize {
    let marker = b"/Type /Page";
    pdf.windows(marker.len() + 1)
        .filter(|w| w.starts_with(marker) && !w[marker.len()].is_ascii_alphabetic())
        .count()
}

/// The width and height of each `/MediaBox [x0 y0 x1 y1]` of a PDF, in points.
fn media_boxes(pdf: &[u8]) -> Vec<(f64, f64)> {
    let text = String::from_utf8_lossy(pdf);
    text.match_indices("/MediaBox")
        .filter_map(|(at, _)| {
            let rest = &text[at..];
            let open = rest.find('[')?;
            let close = rest.find(']')?;
            let numbers: Vec<f64> = rest[open + 1..close]
                .split_whitespace()
                .filter_map(|n| n.parse().ok())
                .collect();
            match numbers[..] {
                [x0, y0, x1, y1] => Some((x1 - x0, y1 - y0)),
                _ => None,
            }
        })
        .collect()
}

#[tokio::test]
async fn the_demo_briefing_prints_on_one_a4_page_and_fits_a_phone() {
    let (app, _) = TestApp::demo().await;
    let campaign = count(&app, "SELECT max(id) FROM campaigns").await;
    let browser = Browser::start(&app.address).await;
    let path = format!("/campaigns/{campaign}/weeks/4/briefing");

    // From the club-night page and the week page, as a referee or a player gets there.
    browser
        .open(&format!("/campaigns/{campaign}/club-night"))
        .await;
    browser.follow("Briefing for week 4").await;
    browser.assert_path(&path).await;
    browser
        .open(&format!("/campaigns/{campaign}/weeks/4"))
        .await;
    browser.follow("Briefing for week 4").await;
    browser.assert_path(&path).await;
    browser.assert_well_formed("the briefing").await;
    assert!(browser.text("briefing-h").await.unwrap().contains("week 4"));
    browser.screenshot("briefing").await;

    let pdf = browser
        .client
        .print(
            PrintConfiguration::builder()
                .size(PrintSize::A4)
                .build()
                .unwrap(),
        )
        .await
        .expect("print the briefing");
    assert!(pdf.starts_with(b"%PDF-"), "a PDF");
    // Kept for a look at the printed sheet (`pdftoppm -png`).
    std::fs::write(
        std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("briefing.pdf"),
        &pdf,
    )
    .unwrap();
    assert_eq!(page_count(&pdf), 1, "the briefing prints on one page");
    let boxes = media_boxes(&pdf);
    assert!(!boxes.is_empty(), "the PDF gives its page size");
    for (width, height) in boxes {
        // A4 is 210 × 297 mm: 595.3 × 841.9 pt, which Chromium rounds to its pixels.
        assert!(
            (width - 595.3).abs() < 1.5 && (height - 841.9).abs() < 1.5,
            "an A4 page, not {width} × {height} pt"
        );
    }

    // On a phone the page scrolls down, not sideways: only the standings table may
    // scroll within its own box.
    browser.client.set_window_size(390, 844).await.unwrap();
    browser.open(&path).await;
    let overflow = browser
        .client
        .execute(
            "return document.documentElement.scrollWidth - document.documentElement.clientWidth;",
            vec![],
        )
        .await
        .unwrap();
    assert_eq!(
        overflow.as_i64(),
        Some(0),
        "no sideways scrolling on a phone"
    );
    browser.screenshot("briefing-phone").await;
    browser.close().await;
}

/// Issue #23: the briefing no longer drops a player whose crew cannot fly. Paul's
/// only crewman, Albert Ball, is injured in week 1's game, out until week 3; once
/// week 1 closes, the briefing of week 2 names paul among the grounded players,
/// with why ("is injured, out until week 3, back in week 4") and what R3 lets him do: create a
/// replacement pilot.
#[tokio::test]
async fn the_briefing_names_a_player_whose_crew_cannot_fly() {
    let app = TestApp::spawn().await;
    app.add_users(&["rita", "paul", "carl"]).await;
    let (mut rita, csrf) = app.signed_in("rita").await;
    let campaign = new_campaign(&app, &mut rita, &csrf, "Grounded", true).await;
    add_player(&mut rita, &csrf, campaign, "paul", "allied").await;
    add_player(&mut rita, &csrf, campaign, "carl", "central").await;
    let ball = add_crewman(&app, &mut rita, &csrf, campaign, ALBERT_BALL).await;
    add_crewman(
        &app,
        &mut rita,
        &csrf,
        campaign,
        ("Hans Weiss", "pilot", "german", "carl"),
    )
    .await;
    // Ball flies week 1's game alone and comes home with a minor injury, 1d6 3 − 1 =
    // 2 weeks out (R7); week 1 closes: the briefing of week 2 is the first he misses.
    let referee = Referee::of(&app.pool, "rita", campaign).await;
    let sortie = ALLIED.sweep("a1", NIEUPORT, 10, pilot(ball, 0).minor_injury(2));
    fly_alone(&referee, sortie).await;
    referee.close_week().await;
    let browser = Browser::start(&app.address).await;
    browser
        .open(&format!("/campaigns/{campaign}/weeks/2/briefing"))
        .await;
    let grounded = browser
        .text("grounded")
        .await
        .expect("the grounded players");
    assert!(
        grounded.contains("paul (Allied) has nobody fit to fly"),
        "{grounded}"
    );
    assert!(
        grounded.contains("Albert Ball (pilot) is injured, out until week 3, back in week 4"),
        "{grounded}"
    );
    assert!(
        grounded.contains("He may create a replacement pilot on the crew page (§13.02)"),
        "{grounded}"
    );
    assert!(!grounded.contains("carl"), "carl's pilot flies: {grounded}");
    let flying = browser.text("flying").await.unwrap();
    assert!(flying.contains("Hans Weiss"), "{flying}");
    browser
        .assert_well_formed("the briefing with a grounded player")
        .await;
    browser.close().await;
}
