//! The rules of the turn on the sheets (API v1.3, R23, §3.00): a mark or roll that
//! breaks one is refused with 422, its rulebook section and the man by name in words,
//! the design number only in `rule`, and nothing written — neither a mark nor a roll.

use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::sheets::Night;
use crate::support::body;

/// POSTs `request` to the sheet of `sortie` (`marks` or `rolls`) and asserts the R23
/// refusal: 422, the detail starting with `section` and naming `man`, and neither the
/// sheet's marks nor the roll log changed.
async fn refused(
    night: &Night,
    who: &str,
    (sortie, what): (i64, &str),
    request: Value,
    section: &str,
    man: &str,
) {
    let before = body(night.sheet("rita", sortie).await).await["marks"].clone();
    let rolls = night.rolls("rita").await.len();
    let answer = night
        .post(who, &format!("/sorties/{sortie}/{what}"), request.clone())
        .await;
    assert_eq!(
        answer.status(),
        StatusCode::UNPROCESSABLE_ENTITY,
        "{request}"
    );
    let problem = body(answer).await;
    let detail = problem["detail"].as_str().unwrap();
    assert_eq!(problem["rule"], "R23", "{problem}");
    assert!(
        detail.starts_with(&format!("{section}:")),
        "{section}: {detail}"
    );
    assert!(detail.contains(man), "{man}: {detail}");
    assert!(
        !detail.contains("R23"),
        "no design number in words: {detail}"
    );
    let after = body(night.sheet("rita", sortie).await).await["marks"].clone();
    assert_eq!(after, before, "no mark written: {request}");
    assert_eq!(
        night.rolls("rita").await.len(),
        rolls,
        "no roll logged: {request}"
    );
}

fn shot(shooter: i64, target: i64, burst: &str, dice: &[u32]) -> Value {
    json!({ "table": "combat", "shooter": shooter, "target_sortie": target, "range": 1,
            "burst": burst, "weapon": "rigid", "dice": dice })
}

fn unjam(position: &str, die: u32) -> Value {
    json!({ "table": "unjam", "position": position, "dice": [die] })
}

async fn turn(night: &Night, who: &str, sortie: i64, turn: u32) -> Value {
    night
        .mark(who, sortie, json!({ "kind": "turn", "turn": turn }))
        .await
}

// §3.50 one attack a turn; §3.80 a gun jammed this turn unjams from the next; §3.70
// one recovery attempt a turn; §3.701 no fire jammed, nor in the turn unjammed.
#[tokio::test]
async fn r23_fire_jams_and_recovery_follow_the_turn() {
    let night = Night::new().await;
    let [_, _, mccudden, voss, _, _] = night.crew;
    let [_, a2, c1, _] = night.four_sorties().await;
    let rolls = |sortie| (sortie, "rolls");

    // McCudden fires once in turn 1; a second shot waits for turn 2.
    turn(&night, "bea", a2, 1).await;
    night
        .roll("bea", a2, shot(mccudden, c1, "short", &[1]))
        .await;
    let again = shot(mccudden, c1, "short", &[6]);
    refused(
        &night,
        "bea",
        rolls(a2),
        again.clone(),
        "§3.50",
        "James McCudden",
    )
    .await;
    turn(&night, "bea", a2, 2).await;
    night.roll("bea", a2, again).await;

    // Voss's short burst at a2, refused while he is jammed and in the turn he unjams.
    let voss_fires_refused = || {
        let fire = shot(voss, a2, "short", &[6]);
        refused(&night, "kurt", rolls(c1), fire, "§3.701", "Werner Voss")
    };

    // Voss fires a long burst in turn 1 and jams (die 5, §3.801): he is not unjammed
    // before turn 2, nor fires jammed.
    turn(&night, "kurt", c1, 1).await;
    let long = night
        .roll("kurt", c1, shot(voss, a2, "long", &[2, 5]))
        .await;
    assert_eq!(long["sheet"]["state"]["jammed"]["pilot"], true);
    refused(
        &night,
        "kurt",
        rolls(c1),
        unjam("pilot", 6),
        "§3.80",
        "Werner Voss",
    )
    .await;
    let off = json!({ "kind": "effect", "name": "jammed_pilot", "on": false });
    refused(&night, "kurt", (c1, "marks"), off, "§3.80", "Werner Voss").await;
    turn(&night, "kurt", c1, 2).await;
    voss_fires_refused().await;
    // Turn 2: one attempt, and a 3 leaves it jammed (R19); no second this turn.
    let still = night.roll("kurt", c1, unjam("pilot", 3)).await;
    assert_eq!(still["roll"]["result"], "still_jammed");
    refused(
        &night,
        "kurt",
        rolls(c1),
        unjam("pilot", 6),
        "§3.70",
        "Werner Voss",
    )
    .await;
    // Turn 3: unjammed on a 6, but not used before turn 4.
    turn(&night, "kurt", c1, 3).await;
    night.roll("kurt", c1, unjam("pilot", 6)).await;
    voss_fires_refused().await;
    turn(&night, "kurt", c1, 4).await;
    night.roll("kurt", c1, shot(voss, a2, "short", &[1])).await;
}

// §3.70: an observer makes one unjam a turn, as a pilot does.
#[tokio::test]
async fn r23_an_observer_makes_one_unjam_a_turn() {
    let night = Night::new().await;
    let [a1, _, _, _] = night.four_sorties().await;
    let jam = json!({ "kind": "effect", "name": "jammed_observer", "on": true });
    night.mark("ada", a1, jam).await;
    turn(&night, "ada", a1, 1).await;
    night.roll("ada", a1, unjam("observer", 2)).await;
    refused(
        &night,
        "ada",
        (a1, "rolls"),
        unjam("observer", 5),
        "§3.70",
        "Hooper",
    )
    .await;
}

// §3.601, §3.30, §10.01: nothing past what the sheet has left; §3.541: no marker
// cleared with none of its colour to draw; §3.00: turns never go back.
#[tokio::test]
async fn r23_marks_stay_within_the_sheet_and_turns_move_on() {
    let night = Night::new().await;
    let [_, _, _, voss, _, _] = night.crew;
    let [_, _, c1, _] = night.four_sorties().await;
    let marks = (c1, "marks");
    // The Albatros D-III's wings: 22 boxes and two triangles (appendix B, R17).
    let damage = |boxes| json!({ "kind": "damage", "section": "wings", "boxes": boxes });
    refused(&night, "kurt", marks, damage(25), "§3.601", "wings").await;
    night.mark("kurt", c1, damage(20)).await;
    refused(&night, "kurt", marks, damage(5), "§3.601", "4 boxes").await;
    let fuel = night
        .mark("kurt", c1, json!({ "kind": "fuel", "boxes": 1 }))
        .await;
    let left = fuel["fuel"]["boxes"].as_u64().unwrap() - 1;
    let past = json!({ "kind": "fuel", "boxes": left + 1 });
    refused(
        &night,
        "kurt",
        marks,
        past,
        "§3.30",
        &format!("{left} fuel boxes"),
    )
    .await;
    // Three wound boxes kill (R18): with two crossed, a serious wound is one too many.
    let wound = |boxes| json!({ "kind": "wound", "crew_id": voss, "boxes": boxes });
    night.mark("kurt", c1, wound(2)).await;
    refused(&night, "kurt", marks, wound(2), "§10.01", "Werner Voss").await;
    let red = json!({ "kind": "drawn", "marker": "red" });
    refused(&night, "kurt", marks, red, "§3.541", "red").await;
    turn(&night, "kurt", c1, 2).await;
    for back in [1, 2] {
        let mark = json!({ "kind": "turn", "turn": back });
        refused(&night, "kurt", marks, mark, "§3.00", "turn 2").await;
    }
}
