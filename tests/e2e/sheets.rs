//! A game's line-up and its aircraft data sheets over the API (API.md v1.2, R16–R21):
//! four sorties declared, damage past a section's boxes, wounds that kill, who flies
//! then, undo, a retried mark, the debrief closing the sheets, and who reads what
//! before and after it (§4.00, R20).

use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::support::world::{CampaignBuilder, World};
use crate::support::{aircraft_id, body, problem, TestApp};

/// A public campaign of August 1917 (the Bristol F2b is in service from July, appendix
/// A): ada and bea fly for the Allies, karl and kurt for the Central Powers.
pub(crate) struct Night {
    pub(crate) app: TestApp,
    pub(crate) world: World,
    pub(crate) game: i64,
    /// Ball (ada's pilot), Hooper (ada's observer), McCudden (bea's pilot), Werner
    /// (kurt's pilot), Voss (karl's pilot), Weber (karl's observer).
    pub(crate) crew: [i64; 6],
}

impl Night {
    pub(crate) async fn new() -> Night {
        let app = TestApp::spawn().await;
        let world = CampaignBuilder::new("rita", "1917-08-06")
            .public(true)
            .player("ada", "allied")
            .player("bea", "allied")
            .player("karl", "central")
            .player("kurt", "central")
            .crewman("Albert Ball", "pilot", "british", "ada")
            .crewman("Hooper", "observer", "british", "ada")
            .crewman("James McCudden", "pilot", "british", "bea")
            .crewman("Werner Voss", "pilot", "german", "kurt")
            .crewman("Kurt Wolff", "pilot", "german", "karl")
            .crewman("Weber", "observer", "german", "karl")
            .build(&app)
            .await;
        let crew = world.crew();
        let path = format!("/api/v1/campaigns/{}/games", world.campaign);
        let game = app
            .post(&path, Some(&world.referee), &json!({ "dice": [3, 4] }))
            .await;
        assert_eq!(game.status(), StatusCode::CREATED);
        let game = body(game).await["id"].as_i64().unwrap();
        Night {
            app,
            world,
            game,
            crew,
        }
    }

    pub(crate) fn token(&self, who: &str) -> Option<&str> {
        match who {
            "rita" => Some(&self.world.referee),
            "anonymous" => None,
            player => Some(&self.world.tokens[player]),
        }
    }

    pub(crate) fn path(&self, rest: &str) -> String {
        format!(
            "/api/v1/campaigns/{}/games/{}{rest}",
            self.world.campaign, self.game
        )
    }

    /// A request to the game's `rest` as `who`, to finish and send.
    pub(crate) fn request(
        &self,
        method: reqwest::Method,
        who: &str,
        rest: &str,
    ) -> reqwest::RequestBuilder {
        self.app.request(method, &self.path(rest), self.token(who))
    }

    pub(crate) async fn post(&self, who: &str, rest: &str, body: Value) -> reqwest::Response {
        self.app
            .post(&self.path(rest), self.token(who), &body)
            .await
    }

    /// POSTs and expects a 201; its body.
    pub(crate) async fn made(&self, who: &str, rest: &str, request: Value) -> Value {
        let response = self.post(who, rest, request).await;
        let status = response.status();
        let answer = body(response).await;
        assert_eq!(status, StatusCode::CREATED, "POST …{rest}: {answer}");
        answer
    }

    pub(crate) async fn declare(&self, who: &str, aircraft: &str, crew: &[(i64, &str)]) -> Value {
        let aircraft_id = aircraft_id(&self.app, aircraft).await;
        let crew: Vec<Value> = crew
            .iter()
            .map(|(id, position)| json!({ "crew_id": id, "position": position }))
            .collect();
        self.made(
            who,
            "/sorties",
            json!({ "aircraft_id": aircraft_id, "crew": crew }),
        )
        .await
    }

    /// ada's Bristol F2b (dual controls): Ball the pilot, Hooper the observer; the
    /// declared sortie.
    pub(crate) async fn balls_bristol(&self) -> Value {
        let [ball, hooper, ..] = self.crew;
        let crew = [(ball, "pilot"), (hooper, "observer")];
        self.declare("ada", "Bristol F2b", &crew).await
    }

    /// bea's SPAD XIII: McCudden the pilot; the declared sortie.
    pub(crate) async fn mccuddens_spad(&self) -> Value {
        let mccudden = self.crew[2];
        self.declare("bea", "SPAD XIII", &[(mccudden, "pilot")])
            .await
    }

    /// kurt's Albatros D-III: Voss the pilot; the declared sortie.
    pub(crate) async fn voss_albatros(&self) -> Value {
        let voss = self.crew[3];
        self.declare("kurt", "Albatros D-III", &[(voss, "pilot")])
            .await
    }

    pub(crate) async fn mark(&self, who: &str, sortie: i64, mark: Value) -> Value {
        self.made(who, &format!("/sorties/{sortie}/marks"), mark)
            .await
    }

    /// Rolls on `sortie`'s sheet and expects a 201; the answer.
    pub(crate) async fn roll(&self, who: &str, sortie: i64, roll: Value) -> Value {
        self.made(who, &format!("/sorties/{sortie}/rolls"), roll)
            .await
    }

    /// POSTs a mark that is refused with `status`; the refusal's words.
    pub(crate) async fn refusal(
        &self,
        who: &str,
        sortie: i64,
        mark: Value,
        status: StatusCode,
    ) -> String {
        let response = self
            .post(who, &format!("/sorties/{sortie}/marks"), mark)
            .await;
        problem(response, status).await
    }

    pub(crate) async fn sheet(&self, who: &str, sortie: i64) -> reqwest::Response {
        self.app
            .get(
                &self.path(&format!("/sorties/{sortie}/sheet")),
                self.token(who),
            )
            .await
    }

    pub(crate) async fn lineup(&self, who: &str) -> Value {
        body(self.app.get(&self.path("/sorties"), self.token(who)).await).await
    }

    /// The rolls made on sheets, of the campaign's roll log as `who` reads it (the
    /// game's ground offensive is the log's too).
    pub(crate) async fn rolls(&self, who: &str) -> Vec<Value> {
        let path = format!("/api/v1/campaigns/{}/rolls", self.world.campaign);
        let log = body(self.app.get(&path, self.token(who)).await).await;
        let on_sheets = log
            .as_array()
            .unwrap()
            .iter()
            .filter(|r| r["sortie_id"].is_i64());
        on_sheets.cloned().collect()
    }

    /// Rolls both sides' missions (a debrief needs them, API v1.2) and debriefs the
    /// game as the referee, each sortie of its line-up named by its id (three turns
    /// each): its sheets are then the record.
    pub(crate) async fn debrief(&self) {
        let missions = format!(
            "/api/v1/campaigns/{}/games/{}/missions",
            self.world.campaign, self.game
        );
        for side in ["allied", "central"] {
            let body = json!({ "side": side, "dice": [9] });
            let rolled = self.app.post(&missions, self.token("rita"), &body).await;
            assert_eq!(rolled.status(), StatusCode::CREATED);
        }
        let lineup = self.lineup("rita").await;
        let sorties: Vec<Value> = lineup
            .as_array()
            .unwrap()
            .iter()
            .map(|s| json!({ "sortie_id": s["id"], "turns_on_board": 3 }))
            .collect();
        let debrief = json!({ "turns_played": 3, "sorties": sorties, "kills": [], "missions": [] });
        self.made("rita", "/debrief", debrief).await;
    }

    /// Assigns `mission` to an aircraft of the type `aircraft` and its crew, as the
    /// referee (R9).
    pub(crate) async fn assign(
        &self,
        mission: i64,
        aircraft: &str,
        pilot: i64,
        observer: Option<i64>,
    ) {
        let aircraft_id = aircraft_id(&self.app, aircraft).await;
        let assignment =
            json!({ "aircraft_id": aircraft_id, "pilot_id": pilot, "observer_id": observer });
        let path = format!("/missions/{mission}/assignment");
        let assigned = self
            .request(reqwest::Method::PUT, "rita", &path)
            .json(&assignment)
            .send()
            .await
            .unwrap();
        assert_eq!(assigned.status(), StatusCode::OK);
    }

    /// Rolls the missions (Allied 9: fighter sweep; Central 4: bomb the enemy
    /// airfield, appendix E), assigns the Central one to Wolff and Weber's Albatros
    /// C-III and declares that aircraft into the line-up as karl (R16: the assignment
    /// alone makes no sortie); gives that sortie's id.
    pub(crate) async fn bombing_mission(&self) -> i64 {
        let [_, _, _, _, wolff, weber] = self.crew;
        let mut central = 0;
        for (side, die) in [("allied", 9), ("central", 4)] {
            let rolled = self
                .made("rita", "/missions", json!({ "side": side, "dice": [die] }))
                .await;
            assert_eq!(rolled["side"], side, "{rolled}");
            central = rolled["id"].as_i64().unwrap();
        }
        self.assign(central, "Albatros C-III", wolff, Some(weber))
            .await;
        let declared = self
            .declare(
                "karl",
                "Albatros C-III",
                &[(wolff, "pilot"), (weber, "observer")],
            )
            .await;
        assert_eq!(declared["assignment"], "mission", "{declared}");
        declared["id"].as_i64().unwrap()
    }

    /// The four sorties of the night: a1 Ball and Hooper in a Bristol F2b (dual
    /// controls), a2 McCudden in a SPAD XIII, c1 Voss in an Albatros D-III, c2 Wolff
    /// and Weber in an Albatros C-III (no dual controls).
    pub(crate) async fn four_sorties(&self) -> [i64; 4] {
        let [_, _, _, _, wolff, weber] = self.crew;
        let a1 = self.balls_bristol().await;
        let a2 = self.mccuddens_spad().await;
        let c1 = self.voss_albatros().await;
        let c2 = self
            .declare(
                "rita",
                "Albatros C-III",
                &[(wolff, "pilot"), (weber, "observer")],
            )
            .await;
        let keys: Vec<&Value> = [&a1, &a2, &c1, &c2].iter().map(|s| &s["key"]).collect();
        assert_eq!(
            keys,
            ["a1", "a2", "c1", "c2"],
            "keys per side in order (R16)"
        );
        [a1, a2, c1, c2].map(|s| s["id"].as_i64().unwrap())
    }
}

/// McCudden (SPAD XIII, stability B) at Voss: range 1, medium burst, tailed last turn,
/// target lower: 5 + 2 + 1 + 2 + 1 = 11; die 5 → B3R (R17, the combat tables).
pub(crate) fn mccudden_at(mccudden: i64, c1: i64, dice: Option<[u32; 1]>) -> Value {
    let mut shot = json!({ "table": "combat", "shooter": mccudden, "target_sortie": c1,
                           "range": 1, "burst": "medium", "weapon": "rigid",
                           "tailed_last_turn": true, "target_altitude": "lower" });
    if let Some(dice) = dice {
        shot["dice"] = json!(dice);
    }
    shot
}

/// The B3R's red marker (§3.541), drawn onto the wings.
pub(crate) fn red_marker_on_the_wings() -> Value {
    json!({ "kind": "damage", "section": "wings", "boxes": 3, "marker": "red" })
}

#[tokio::test]
async fn a_line_up_of_four_sorties_follows_r16() {
    let night = Night::new().await;
    let [ball, hooper, mccudden, voss, _, _] = night.crew;
    let [a1, _, _, _] = night.four_sorties().await;

    let lineup = night.lineup("anonymous").await;
    assert_eq!(lineup.as_array().unwrap().len(), 4);
    // The public sees no assignment before the debrief (§13.20, API v1.3); the
    // referee does.
    assert_eq!(lineup[0].get("assignment"), None);
    assert_eq!(night.lineup("rita").await[0]["assignment"], "sweep");
    assert_eq!(lineup[0]["aircraft"]["name"], "Bristol F2b");
    assert_eq!(lineup[0]["crew"][1]["name"], "Hooper");
    assert_eq!(
        lineup[0]["open"],
        json!({ "destroyed": false, "spinning": false, "smoke": false, "fire": false, "down": false, "escaped": false })
    );

    // A crewman flies one sortie a game (R16).
    let again = night
        .post(
            "ada",
            "/sorties",
            json!({ "aircraft_id": aircraft_id(&night.app, "SPAD XIII").await,
                    "crew": [{ "crew_id": ball, "position": "pilot" }] }),
        )
        .await;
    let detail = problem(again, StatusCode::UNPROCESSABLE_ENTITY).await;
    assert!(
        detail.contains("Albert Ball already flies sortie a1"),
        "{detail}"
    );
    // Always a pilot; a player declares his own crewmen only.
    let no_pilot = night
        .post(
            "ada",
            "/sorties",
            json!({ "aircraft_id": aircraft_id(&night.app, "Bristol F2b").await,
                    "crew": [{ "crew_id": hooper, "position": "observer" }] }),
        )
        .await;
    problem(no_pilot, StatusCode::UNPROCESSABLE_ENTITY).await;
    let not_his = night
        .post(
            "ada",
            "/sorties",
            json!({ "aircraft_id": aircraft_id(&night.app, "SPAD XIII").await,
                    "crew": [{ "crew_id": mccudden, "position": "pilot" }] }),
        )
        .await;
    assert_eq!(not_his.status(), StatusCode::FORBIDDEN);
    // A German in a British aircraft: of the aircraft's side (R16).
    let wrong_side = night
        .post(
            "rita",
            "/sorties",
            json!({ "aircraft_id": aircraft_id(&night.app, "SPAD XIII").await,
                    "crew": [{ "crew_id": voss, "position": "pilot" }] }),
        )
        .await;
    assert_eq!(wrong_side.status(), StatusCode::UNPROCESSABLE_ENTITY);

    // Taken back before its first mark; not after.
    night
        .mark("ada", a1, json!({ "kind": "turn", "turn": 1 }))
        .await;
    let withdraw = night
        .request(reqwest::Method::DELETE, "ada", &format!("/sorties/{a1}"))
        .send()
        .await
        .unwrap();
    assert_eq!(withdraw.status(), StatusCode::CONFLICT);
}

#[tokio::test]
async fn damage_wounds_spins_and_undo_sum_on_the_sheet() {
    let night = Night::new().await;
    let [ball, hooper, _, _, wolff, _] = night.crew;
    let [a1, _, c1, c2] = night.four_sorties().await;

    // The Albatros D-III's wings have 22 boxes (appendix B) and two triangles (R17):
    // 23 crossed is critical at the first triangle, 24 destroyed at the last.
    let sheet = night
        .mark(
            "kurt",
            c1,
            json!({ "kind": "damage", "section": "wings", "boxes": 23 }),
        )
        .await;
    assert_eq!(
        sheet["sections"]["wings"],
        json!({ "boxes": 22, "triangles": 2, "crossed": 23, "critical": true, "destroyed": false })
    );
    assert_eq!(sheet["destroyed"], false);
    let sheet = night
        .mark(
            "kurt",
            c1,
            json!({ "kind": "damage", "section": "wings", "boxes": 1 }),
        )
        .await;
    assert_eq!(sheet["sections"]["wings"]["destroyed"], true);
    assert_eq!(sheet["destroyed"], true);

    // Three wound boxes kill (R18); the C-III has no dual controls, so it spins.
    night
        .mark(
            "karl",
            c2,
            json!({ "kind": "wound", "crew_id": wolff, "boxes": 2 }),
        )
        .await;
    let sheet = night
        .mark(
            "karl",
            c2,
            json!({ "kind": "wound", "crew_id": wolff, "boxes": 1 }),
        )
        .await;
    assert_eq!(sheet["crew"][0]["wound_boxes"], 3);
    assert_eq!(sheet["crew"][0]["state"], "killed");
    assert_eq!(sheet["state"]["at_controls"], Value::Null);
    assert_eq!(sheet["state"]["spinning"], true);

    // The Bristol has dual controls: its living observer takes over (R18, §9.01).
    night
        .mark(
            "ada",
            a1,
            json!({ "kind": "wound", "crew_id": ball, "boxes": 2 }),
        )
        .await;
    let killed = night
        .mark(
            "ada",
            a1,
            json!({ "kind": "wound", "crew_id": ball, "boxes": 1 }),
        )
        .await;
    assert_eq!(killed["crew"][0]["state"], "killed");
    assert_eq!(killed["crew"][1]["crew_id"], hooper);
    assert_eq!(killed["state"]["at_controls"], "observer");
    assert_eq!(killed["state"]["spinning"], false);

    // Undo restores the state: Ball is back to two boxes and at the controls.
    let last = killed["marks"].as_array().unwrap().last().unwrap()["id"].clone();
    let undone = night
        .mark("ada", a1, json!({ "kind": "undo", "mark": last }))
        .await;
    assert_eq!(undone["crew"][0]["wound_boxes"], 2);
    assert_eq!(undone["crew"][0]["state"], "active");
    assert_eq!(undone["state"]["at_controls"], "pilot");
    let marks = undone["marks"].as_array().unwrap();
    assert_eq!(marks.len(), 3, "nothing is deleted: {marks:?}");
    assert_eq!(marks[1]["undone"], true);

    // The line-up shows the open facts to anyone.
    let lineup = night.lineup("anonymous").await;
    assert_eq!(lineup[2]["open"]["destroyed"], true);
    assert_eq!(lineup[3]["open"]["spinning"], true);
    assert_eq!(lineup[0]["open"]["spinning"], false);
}

#[tokio::test]
async fn a_combat_roll_uses_the_sheets_and_counts_its_hits_on_both() {
    let night = Night::new().await;
    let [_, _, mccudden, voss, _, _] = night.crew;
    let [_, a2, c1, _] = night.four_sorties().await;

    // McCudden at Voss, die 5 → B3R (R17, combat tables).
    let shot = mccudden_at(mccudden, c1, Some([5]));
    // A misspelt flag is refused by name, not fired without it.
    let mut misspelt = shot.clone();
    misspelt["tailed_last_trun"] = json!(true);
    let refused = night
        .post("bea", &format!("/sorties/{a2}/rolls"), misspelt)
        .await;
    let detail = problem(refused, StatusCode::UNPROCESSABLE_ENTITY).await;
    assert!(
        detail.contains("\"tailed_last_trun\" is no modifier of the Combat Values Table"),
        "{detail}"
    );
    let answer = night.roll("bea", a2, shot).await;
    let result = &answer["roll"]["result"];
    assert_eq!(
        (&result["combat_value"], &result["blue"], &result["red"]),
        (&json!(11), &json!(1), &json!(3))
    );
    assert_eq!(answer["roll"]["sortie_id"], a2);
    assert_eq!(answer["roll"]["crew_id"], mccudden);
    assert_eq!(answer["sheet"]["red_hits"][mccudden.to_string()], 3, "R21");

    let target: Value = body(night.sheet("kurt", c1).await).await;
    assert_eq!(target["to_draw"], json!({ "blue": 1, "red": 3 }));
    assert_eq!(target["due"], json!(["draw"]));
    // A red marker drawn onto the wings clears one red and makes a spin test due (§3.603).
    let drawn = night.mark("kurt", c1, red_marker_on_the_wings()).await;
    assert_eq!(drawn["to_draw"], json!({ "blue": 1, "red": 2 }));
    assert_eq!(drawn["due"], json!(["draw", "spin"]));

    // Voss, no novice (his 50 starting XP, R3, R6), in stability B: 2d6 3 + 2 + 0 = 5
    // spins (2–5, R19).
    let spin = night
        .roll("kurt", c1, json!({ "table": "spin", "dice": [3, 2] }))
        .await;
    assert_eq!(spin["roll"]["result"], "spins");
    assert_eq!(spin["roll"]["total"], 5);
    assert_eq!(spin["sheet"]["state"]["spinning"], true);
    assert_eq!(spin["roll"]["crew_id"], voss);
    // A spinning aircraft does not fire (§3.812).
    let refused = night
        .post(
            "kurt",
            &format!("/sorties/{c1}/rolls"),
            json!({ "table": "combat", "shooter": voss, "target_sortie": a2, "range": 1,
                    "burst": "short", "weapon": "rigid", "dice": [6] }),
        )
        .await;
    let detail = problem(refused, StatusCode::UNPROCESSABLE_ENTITY).await;
    assert!(detail.contains("3.812"), "{detail}");
    // Recovery: 6 + 4 + 0 = 10, 7–12 recovers (R19).
    let recovery = night
        .roll(
            "kurt",
            c1,
            json!({ "table": "spin_recovery", "dice": [6, 4] }),
        )
        .await;
    assert_eq!(recovery["roll"]["result"], "recovers");
    assert_eq!(recovery["sheet"]["state"]["spinning"], false);

    // A long burst rolls the jam test in the same answer: Voss, Albatros D-III at
    // range 1: 5 + 3 (long burst) + 1 (stability B) = 9; the jam die 5 jams (5–6, R19).
    let burst = json!({ "table": "combat", "shooter": voss, "target_sortie": a2, "range": 1,
                        "burst": "long", "weapon": "rigid", "dice": [2, 5] });
    let long = night.roll("kurt", c1, burst).await;
    assert_eq!(long["roll"]["result"]["combat_value"], 9);
    assert_eq!(long["rolls"][1]["table"], "jam");
    assert_eq!(long["rolls"][1]["result"], "jammed");
    assert_eq!(long["sheet"]["state"]["jammed"]["pilot"], true);
    // Unjamming: 4–6 (R19); a 3 leaves it jammed. A gun jammed in the problem phase is
    // unjammed from the next turn's recovery phase (§3.80, R23).
    night
        .mark("kurt", c1, json!({ "kind": "turn", "turn": 1 }))
        .await;
    let unjam = json!({ "table": "unjam", "position": "pilot", "dice": [3] });
    let still = night.roll("kurt", c1, unjam).await;
    assert_eq!(still["roll"]["result"], "still_jammed");
    assert_eq!(still["sheet"]["state"]["jammed"]["pilot"], true);
}

#[tokio::test]
async fn a_retried_mark_counts_once_and_the_debrief_closes_the_sheets() {
    let night = Night::new().await;
    let [_, a2, _, _] = night.four_sorties().await;
    let path = night.path(&format!("/sorties/{a2}/marks"));
    let mark = json!({ "kind": "fuel", "boxes": 2 });
    for _ in 0..2 {
        let response = night
            .app
            .request(reqwest::Method::POST, &path, night.token("bea"))
            .header("idempotency-key", "fuel-turn-3")
            .json(&mark)
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), StatusCode::CREATED);
        assert_eq!(body(response).await["fuel"]["used"], 2);
    }
    let sheet: Value = body(night.sheet("bea", a2).await).await;
    assert_eq!(sheet["marks"].as_array().unwrap().len(), 1);

    night.debrief().await;
    let late = night
        .post("bea", &format!("/sorties/{a2}/marks"), mark)
        .await;
    problem(late, StatusCode::CONFLICT).await;
}

#[tokio::test]
async fn a_sheet_is_its_players_and_the_referees_until_the_debrief() {
    let night = Night::new().await;
    let [_, _, _, _, wolff, _] = night.crew;
    let [a1, a2, _, c2] = night.four_sorties().await;
    // Karl's C-III: a crew wound roll (secret) and a combat roll at a2 (declared).
    let wound = night
        .roll(
            "karl",
            c2,
            json!({ "table": "crew_wound", "crew_ids": [wolff], "dice": [4] }),
        )
        .await;
    assert_eq!(
        wound["sheet"]["crew"][0]["wound_boxes"], 1,
        "4–5 light: one box (R18)"
    );
    let shot = json!({ "table": "combat", "shooter": wolff, "target_sortie": a2, "range": 2,
                       "burst": "short", "weapon": "rigid", "dice": [3] });
    night.roll("karl", c2, shot).await;

    for (who, status) in [
        ("karl", StatusCode::OK),
        ("rita", StatusCode::OK),
        ("kurt", StatusCode::NOT_FOUND),
        ("ada", StatusCode::NOT_FOUND),
        ("anonymous", StatusCode::NOT_FOUND),
    ] {
        assert_eq!(
            night.sheet(who, c2).await.status(),
            status,
            "{who} reads c2's sheet"
        );
    }
    // Nobody but its players and the referees marks it.
    let marked = night
        .post(
            "ada",
            &format!("/sorties/{c2}/marks"),
            json!({ "kind": "turn", "turn": 2 }),
        )
        .await;
    assert_eq!(marked.status(), StatusCode::FORBIDDEN);
    assert_eq!(
        night
            .post(
                "kurt",
                &format!("/sorties/{a1}/marks"),
                json!({ "kind": "turn", "turn": 2 })
            )
            .await
            .status(),
        StatusCode::FORBIDDEN
    );

    // The roll log: the combat roll as declared, without its modifiers; the wound roll
    // only for karl and the referee.
    let tables = |log: &[Value]| -> Vec<String> {
        log.iter()
            .map(|r| r["table"].as_str().unwrap().to_owned())
            .collect()
    };
    for who in ["ada", "kurt", "anonymous"] {
        let log = night.rolls(who).await;
        assert_eq!(
            tables(&log),
            ["combat"],
            "{who} sees the declared shot only"
        );
        assert_eq!(log[0]["modifiers"], json!({}));
        assert_eq!(log[0]["result"]["shooter_sortie"], "c2");
        assert_eq!(log[0]["result"]["target_sortie"], "a2");
    }
    for who in ["karl", "rita"] {
        let log = night.rolls(who).await;
        assert_eq!(tables(&log), ["crew_wound", "combat"], "{who} sees both");
        // Range 2 is 3, a short burst and a rigid weapon add nothing, stability B adds 0
        // at range 2, and the wound box Wolff took just before is a minor wound, −1:
        // 3 + 0 − 1 = 2 (R17).
        assert_eq!(log[1]["result"]["combat_value"], 2);
        assert_eq!(log[1]["modifiers"], json!({ "minor_wound": -1 }));
    }

    // After the debrief every reader of the campaign reads every sheet.
    night.debrief().await;
    for who in ["ada", "kurt", "anonymous"] {
        assert_eq!(
            night.sheet(who, c2).await.status(),
            StatusCode::OK,
            "{who} after the debrief"
        );
        assert_eq!(tables(&night.rolls(who).await), ["crew_wound", "combat"]);
    }
}

#[tokio::test]
async fn the_mission_sortie_follows_the_assignment_and_keeps_its_secret() {
    let night = Night::new().await;
    let [_, _, _, voss, wolff, _] = night.crew;
    let missions = format!(
        "/api/v1/campaigns/{}/games/{}/missions",
        night.world.campaign, night.game
    );
    let mut central = 0;
    for side in ["allied", "central"] {
        let rolled = night
            .app
            .post(
                &missions,
                night.token("rita"),
                &json!({ "side": side, "dice": [9] }),
            )
            .await;
        assert_eq!(rolled.status(), StatusCode::CREATED);
        central = body(rolled).await["id"].as_i64().unwrap();
    }
    let albatros = aircraft_id(&night.app, "Albatros D-III").await;
    let assign = async |pilot: i64| {
        night
            .app
            .request(
                reqwest::Method::PUT,
                &format!("{missions}/{central}/assignment"),
                night.token("rita"),
            )
            .json(&json!({ "aircraft_id": albatros, "pilot_id": pilot, "observer_id": null }))
            .send()
            .await
            .unwrap()
    };
    assert_eq!(assign(voss).await.status(), StatusCode::OK);

    // The assignment alone makes no sortie (R16, API v1.3).
    assert_eq!(night.lineup("rita").await, json!([]));
    // The mission aircraft is declared like any other and takes the next key: Wolff's
    // sweep first (c1), then Voss as assigned (c2), the mission sortie.
    let c1 = night
        .declare("karl", "Albatros D-III", &[(wolff, "pilot")])
        .await;
    let c2 = night.voss_albatros().await;
    assert_eq!(
        (&c1["key"], &c1["assignment"]),
        (&json!("c1"), &json!("sweep"))
    );
    assert_eq!(
        (&c2["key"], &c2["assignment"]),
        (&json!("c2"), &json!("mission"))
    );
    // Its side and the referee see which one flies the mission.
    for who in ["kurt", "rita"] {
        let seen = night.lineup(who).await;
        assert_eq!(seen[1]["assignment"], "mission", "{who}");
        assert_eq!(seen[1]["crew"][0]["crew_id"], voss, "{who}");
    }
    // The other side and the public see both sorties in one shape: key, aircraft,
    // crew and open facts, no assignment, nothing that tells them apart (§13.20, R20).
    for who in ["ada", "anonymous"] {
        let seen = night.lineup(who).await;
        for sortie in seen.as_array().unwrap() {
            let mut keys: Vec<&String> = sortie.as_object().unwrap().keys().collect();
            keys.sort();
            assert_eq!(
                keys,
                ["aircraft", "crew", "id", "key", "open", "side"],
                "{who}: {sortie}"
            );
            assert_eq!(sortie["aircraft"]["name"], "Albatros D-III", "{who}");
        }
        assert_eq!(seen[1]["crew"][0]["crew_id"], voss, "{who}");
    }

    // A new assignment moves the mission to the declared sortie that matches (c1),
    // keys unchanged; once that sheet has marks, it no longer moves.
    assert_eq!(assign(wolff).await.status(), StatusCode::OK);
    let moved = night.lineup("rita").await;
    assert_eq!(
        [
            &moved[0]["key"],
            &moved[0]["assignment"],
            &moved[1]["key"],
            &moved[1]["assignment"]
        ],
        ["c1", "mission", "c2", "sweep"]
    );
    let sortie = moved[0]["id"].as_i64().unwrap();
    night
        .mark("karl", sortie, json!({ "kind": "turn", "turn": 1 }))
        .await;
    let words = problem(assign(voss).await, StatusCode::CONFLICT).await;
    assert!(words.contains("Kurt Wolff"), "{words}");
}

/// R10, appendix E: the mission aircraft of a bombing mission rolls its bomb runs on
/// its sheet, 1d6 each, at most three; at altitude 3–4 a run hits on 3+ (no Bombardier
/// aboard, so no +1). A sweep, or a fourth run, is refused naming the rule.
#[tokio::test]
async fn the_mission_aircraft_rolls_its_bomb_runs_on_its_sheet() {
    let night = Night::new().await;
    let bomber = night.bombing_mission().await;
    let sweep = night.voss_albatros().await;
    let sweep = sweep["id"].as_i64().unwrap();

    let run =
        |altitude: u32, die: u32| json!({ "table": "bomb", "altitude": altitude, "dice": [die] });
    let refused = night
        .post("kurt", &format!("/sorties/{sweep}/rolls"), run(3, 4))
        .await;
    let words = problem(refused, StatusCode::UNPROCESSABLE_ENTITY).await;
    assert!(words.contains("mission aircraft"), "{words}");

    let rolls = format!("/sorties/{bomber}/rolls");
    // Altitude 3: a 2 misses, a 3 hits.
    let first = night.made("karl", &rolls, run(3, 2)).await;
    assert_eq!(first["roll"]["result"], "miss");
    assert_eq!(first["roll"]["table"], "bomb");
    assert_eq!(first["roll"]["sortie_id"], bomber);
    let second = night.made("karl", &rolls, run(3, 3)).await;
    assert_eq!(second["roll"]["result"], "hit");
    // Altitude 1–2 hits on 2+.
    let third = night.made("karl", &rolls, run(1, 2)).await;
    assert_eq!(third["roll"]["result"], "hit");
    let fourth = night.post("karl", &rolls, run(1, 6)).await;
    let words = problem(fourth, StatusCode::UNPROCESSABLE_ENTITY).await;
    assert!(words.contains("three"), "{words}");
    // The runs are the sheet's rolls in the log, for the debrief to read (R10).
    let logged: Vec<_> = night
        .rolls("rita")
        .await
        .into_iter()
        .filter(|r| r["table"] == "bomb")
        .collect();
    assert_eq!(logged.len(), 3);
    // The other side does not see the mission's bomb runs before the debrief (§13.20).
    let seen_by_ada = night.rolls("ada").await;
    assert!(seen_by_ada.iter().all(|r| r["table"] != "bomb"));
}
