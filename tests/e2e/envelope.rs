//! Every write to a campaign goes through one envelope (`eagles_service::envelope`): the
//! contract's "every write to a campaign raises its `revision`" and "one event per
//! write" (API.md, live club night) hold for each write operation of the served OpenAPI
//! document. Each is made once, with a body it accepts, on a campaign of its own made
//! ready for it through the API; then the campaign's revision has risen by exactly one
//! and its event stream, caught up from the revision before, holds exactly that one
//! event, of the kind the operation writes.
//!
//! The writes come from the document, so one added later fails here until it is
//! listed: in [`write_of`] with what it needs, or in [`OUTSIDE`] with why it is no
//! write of a campaign's records.

use std::sync::atomic::{AtomicU32, Ordering};
use std::time::Duration;

use futures_util::StreamExt;
use reqwest::header::CONTENT_TYPE;
use reqwest::{Method, StatusCode};
use serde_json::{json, Value};

use crate::support::{assert_created, body, TestApp, CAMPAIGN_WRITES};

/// The write operations of the document that are not a campaign's records, and why.
const OUTSIDE: [(&str, &str, &str); 9] = [
    (
        "POST",
        "/api/v1/campaigns",
        "creates the campaign: nothing follows it yet, it starts at revision 0 and takes no event",
    ),
    (
        "POST",
        "/api/v1/campaigns/import",
        "creates a campaign from an export, like POST /campaigns",
    ),
    (
        "POST",
        "/api/v1/tokens",
        "an account's token, no campaign's",
    ),
    (
        "DELETE",
        "/api/v1/tokens/current",
        "an account's token, no campaign's",
    ),
    (
        "POST",
        "/api/v1/campaigns/{cid}/webhooks",
        "a subscription is the referee's setting, not the campaign's records: it moves the \
         webhooks' own revision (migration 000017), and API.md has no event kind for it",
    ),
    (
        "DELETE",
        "/api/v1/campaigns/{cid}/webhooks/{id}",
        "as adding a webhook",
    ),
    (
        "PUT",
        "/api/v1/accounts/current/password",
        "an account's password and credentials, no campaign's (R26)",
    ),
    (
        "DELETE",
        "/api/v1/accounts/current/sessions",
        "an account's sessions and tokens, no campaign's (R26)",
    ),
    (
        "POST",
        "/api/v1/accounts/{username}/reset",
        "an account's reset link, no campaign's (R26)",
    ),
];

/// The server of the test with its accounts: rita referees, ada, karl, sam and tom
/// play; and the aircraft type the sorties fly.
struct Club {
    app: TestApp,
    referee: String,
    albatros: i64,
}

/// A campaign made ready for one write: rita referees, ada plays Allied, karl Central.
struct Campaign {
    id: i64,
    /// Ada's and Karl's pilots, when the write needs crew.
    ball: i64,
    voss: i64,
    /// A game of week 1 with both sides' missions rolled (fighter sweeps), when needed.
    game: i64,
    central_mission: i64,
    /// An award of Voss's in that game, when it is debriefed.
    award: i64,
    /// Voss's sortie declared in that game, when one is needed.
    sortie: i64,
    /// An invitation to the campaign (its id and code), when one is needed.
    invitation: i64,
    code: String,
}

/// What a write needs ready before it is made.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Ready {
    /// The campaign and its two players.
    Players,
    /// And three Allied players more than Central ones, so one may switch (R2).
    Uneven,
    /// And a pilot on each side.
    Crew,
    /// And a game with both missions rolled.
    Missions,
    /// And that game debriefed: Voss flew 25 turns and scored 13 red hits (R4).
    Debriefed,
    /// A game whose line-up has Voss's sortie (R16), not debriefed.
    Sortie,
    /// The campaign and its two players, with an invitation to play Allied (R26).
    Invited,
}

/// Who makes a write.
#[derive(Clone, Copy, PartialEq, Eq)]
enum By {
    /// The campaign's referee.
    Referee,
    /// Someone who is not a member yet, signed in (accepting an invitation).
    Newcomer,
    /// Someone without an account (signing up with an invitation).
    Nobody,
}

/// A write operation as the test makes it: what it needs, its body, the event's kind,
/// who makes it.
struct Write {
    ready: Ready,
    body: Option<Value>,
    kind: &'static str,
    by: By,
}

/// How to make the write `(method, path template)`; `None` for one the test does not
/// know, which fails it.
fn write_of(op: (&str, &str), club: &Club) -> Option<Write> {
    let write = |ready, body: Value, kind| {
        Some(Write {
            ready,
            body: Some(body),
            kind,
            by: By::Referee,
        })
    };
    match op {
        // Accounts and invitations (R26, API v1.3): joining by an invitation is a
        // write to its campaign, by someone not yet in it.
        ("POST", "/api/v1/campaigns/{cid}/invitations") => {
            write(Ready::Players, json!({ "role": "player" }), "member")
        }
        ("DELETE", "/api/v1/campaigns/{cid}/invitations/{id}") => Some(Write {
            ready: Ready::Invited,
            body: None,
            kind: "member",
            by: By::Referee,
        }),
        ("DELETE", "/api/v1/campaigns/{cid}/members/{username}") => Some(Write {
            ready: Ready::Uneven,
            body: None,
            kind: "member",
            by: By::Referee,
        }),
        ("POST", "/api/v1/invitations/{code}/accept") => Some(Write {
            ready: Ready::Invited,
            body: Some(json!({})),
            kind: "member",
            by: By::Newcomer,
        }),
        ("POST", "/api/v1/accounts") => Some(Write {
            ready: Ready::Invited,
            body: Some(
                json!({ "username": "newcomer", "password": "Sopwith-Camel-over-Arras",
                               "invitation": "{code}" }),
            ),
            kind: "member",
            by: By::Nobody,
        }),
        ("POST", "/api/v1/campaigns/{cid}/members") => write(
            Ready::Players,
            json!({ "username": "sam", "role": "player", "side": "allied" }),
            "member",
        ),
        ("PATCH", "/api/v1/campaigns/{cid}/members/{username}") => {
            write(Ready::Uneven, json!({ "side": "central" }), "member")
        }
        ("POST", "/api/v1/campaigns/{cid}/crew") => write(
            Ready::Players,
            json!({ "name": "Udet", "role": "pilot", "nationality": "german", "owner": "karl" }),
            "crew",
        ),
        ("POST", "/api/v1/campaigns/{cid}/crew/{id}/abilities") => {
            write(Ready::Debriefed, json!({ "ability": "tailing" }), "crew")
        }
        ("POST", "/api/v1/campaigns/{cid}/games") => {
            write(Ready::Players, json!({ "dice": [3, 4] }), "game")
        }
        ("POST", "/api/v1/campaigns/{cid}/games/{gid}/missions") => {
            // The game of `Ready::Crew` is opened by the preparation of missions
            // only; this one rolls the first mission of a game opened for it.
            write(
                Ready::Crew,
                json!({ "side": "central", "dice": [9] }),
                "mission",
            )
        }
        ("PUT", "/api/v1/campaigns/{cid}/games/{gid}/missions/{mid}/assignment") => write(
            Ready::Missions,
            json!({ "aircraft_id": club.albatros, "pilot_id": "{voss}", "observer_id": null }),
            "assignment",
        ),
        ("POST", "/api/v1/campaigns/{cid}/games/{gid}/debrief") => {
            write(Ready::Missions, debrief_body(club, "{voss}"), "debrief")
        }
        ("POST", "/api/v1/campaigns/{cid}/games/{gid}/debrief/void") => write(
            Ready::Debriefed,
            json!({ "reason": "entered twice" }),
            "void",
        ),
        ("POST", "/api/v1/campaigns/{cid}/awards/{aid}/void") => write(
            Ready::Debriefed,
            json!({ "reason": "entered twice" }),
            "void",
        ),
        ("POST", "/api/v1/campaigns/{cid}/rolls") => write(
            Ready::Players,
            json!({ "table": "d6", "modifiers": {}, "dice": [4] }),
            "roll",
        ),
        ("POST", "/api/v1/campaigns/{cid}/weeks/close") => write(Ready::Players, json!({}), "week"),
        ("POST", "/api/v1/campaigns/{cid}/games/{gid}/sorties") => write(
            Ready::Crew,
            json!({ "aircraft_id": club.albatros, "crew": [{ "crew_id": "{voss}", "position": "pilot" }] }),
            "sheet",
        ),
        ("DELETE", "/api/v1/campaigns/{cid}/games/{gid}/sorties/{sid}") => Some(Write {
            ready: Ready::Sortie,
            body: None,
            kind: "sheet",
            by: By::Referee,
        }),
        ("POST", "/api/v1/campaigns/{cid}/games/{gid}/sorties/{sid}/marks") => {
            write(Ready::Sortie, json!({ "kind": "turn", "turn": 1 }), "sheet")
        }
        ("POST", "/api/v1/campaigns/{cid}/games/{gid}/sorties/{sid}/rolls") => write(
            Ready::Sortie,
            json!({ "table": "friendly_fire", "dice": [4] }),
            "sheet",
        ),
        ("POST", "/api/v1/campaigns/{cid}/end") => Some(Write {
            ready: Ready::Players,
            body: None,
            kind: "end",
            by: By::Referee,
        }),
        _ => None,
    }
}

/// A debrief of the missions' game: Voss (`voss`, filled in later) flies his sweep for
/// 25 turns and scores 13 red hits: 25 + 26 XP (R4), which with his 50 starting XP
/// (R3) opens his first ability slot (R6).
fn debrief_body(club: &Club, voss: &str) -> Value {
    json!({
        "turns_played": 25,
        "sorties": [{
            "key": "c1",
            "aircraft_id": club.albatros,
            "assignment": "sweep",
            "turns_on_board": 25,
            "aircraft_lost": false,
            "crew": [{ "crew_id": voss, "position": "pilot", "red_hits": 13 }],
        }],
        "kills": [],
        "missions": [],
    })
}

impl Club {
    async fn new() -> Club {
        let app = TestApp::spawn().await;
        let referee = app.sign_up("rita", false).await;
        for player in ["ada", "karl", "sam", "tom"] {
            app.sign_up(player, false).await;
        }
        let types = body(app.get("/api/v1/aircraft", None).await).await;
        let albatros = types
            .as_array()
            .unwrap()
            .iter()
            .find(|t| t["name"] == "Albatros D-III")
            .expect("the Albatros D-III")["id"]
            .as_i64()
            .unwrap();
        Club {
            app,
            referee,
            albatros,
        }
    }

    fn path(campaign: i64, rest: &str) -> String {
        format!("/api/v1/campaigns/{campaign}{rest}")
    }

    /// POSTs `body` to the campaign's `rest` as the referee; the 201's body.
    async fn made(&self, campaign: i64, rest: &str, body: Value) -> Value {
        let response = self
            .app
            .post(&Self::path(campaign, rest), Some(&self.referee), &body)
            .await;
        let status = response.status();
        let answer = crate::support::body(response).await;
        assert!(status.is_success(), "POST …{rest}: {status} {answer}");
        answer
    }

    /// A campaign of its own made `ready`.
    async fn campaign(&self, ready: Ready) -> Campaign {
        let id = self.app.campaign(&self.referee, "1917-04-02", false).await;
        self.app
            .add_player(&self.referee, id, "ada", "allied")
            .await;
        self.app
            .add_player(&self.referee, id, "karl", "central")
            .await;
        let mut campaign = Campaign {
            id,
            ball: 0,
            voss: 0,
            game: 0,
            central_mission: 0,
            award: 0,
            sortie: 0,
            invitation: 0,
            code: String::new(),
        };
        if ready == Ready::Invited {
            let made = self
                .made(
                    id,
                    "/invitations",
                    json!({ "role": "player", "side": "allied" }),
                )
                .await;
            campaign.invitation = made["id"].as_i64().unwrap();
            campaign.code = made["code"].as_str().unwrap().to_owned();
            return campaign;
        }
        if ready == Ready::Uneven {
            for player in ["sam", "tom"] {
                self.app
                    .add_player(&self.referee, id, player, "allied")
                    .await;
            }
        }
        if ready >= Ready::Crew {
            let crewman = async |name: &str, nationality: &str, owner: &str| {
                let body = json!({ "name": name, "role": "pilot",
                                   "nationality": nationality, "owner": owner });
                self.made(id, "/crew", body).await["id"].as_i64().unwrap()
            };
            campaign.ball = crewman("Ball", "british", "ada").await;
            campaign.voss = crewman("Voss", "german", "karl").await;
            campaign.game = self.made(id, "/games", json!({ "dice": [3, 4] })).await["id"]
                .as_i64()
                .unwrap();
        }
        if ready == Ready::Sortie {
            let body = json!({ "aircraft_id": self.albatros,
                               "crew": [{ "crew_id": campaign.voss, "position": "pilot" }] });
            let sorties = format!("/games/{}/sorties", campaign.game);
            campaign.sortie = self.made(id, &sorties, body).await["id"].as_i64().unwrap();
            return campaign;
        }
        if ready >= Ready::Missions {
            let game = format!("/games/{}/missions", campaign.game);
            self.made(id, &game, json!({ "side": "allied", "dice": [9] }))
                .await;
            campaign.central_mission = self
                .made(id, &game, json!({ "side": "central", "dice": [9] }))
                .await["id"]
                .as_i64()
                .unwrap();
        }
        if ready >= Ready::Debriefed {
            let debrief = debrief_body(self, "{voss}");
            let debrief = campaign.fill_body(debrief);
            let result = self
                .made(id, &format!("/games/{}/debrief", campaign.game), debrief)
                .await;
            campaign.award = result["awards"]
                .as_array()
                .and_then(|awards| awards.first())
                .and_then(|award| award["id"].as_i64())
                .unwrap_or_else(|| panic!("an award in {result}"));
        }
        campaign
    }

    /// The campaign's revision, as its referee reads it.
    async fn revision(&self, campaign: i64) -> i64 {
        let view = body(
            self.app
                .get(&Self::path(campaign, ""), Some(&self.referee))
                .await,
        )
        .await;
        view["revision"].as_i64().expect("a revision")
    }

    /// The events of the campaign after `revision`, as its stream catches a client up
    /// who last saw that revision (`Last-Event-ID`), read until `until` has come: each
    /// event's `id:` (the revision) and `event:` (its kind). Read by an admin of its
    /// own: an account holds a few streams at a time, and a stream closed here is let
    /// go by the server only at its next heartbeat.
    async fn events(&self, campaign: i64, revision: i64, until: i64) -> Vec<(i64, String)> {
        static WATCHERS: AtomicU32 = AtomicU32::new(0);
        let watcher = format!("watcher{}", WATCHERS.fetch_add(1, Ordering::Relaxed));
        let watcher = self.app.sign_up(&watcher, true).await;
        let response = self
            .app
            .request(
                Method::GET,
                &Self::path(campaign, "/events"),
                Some(&watcher),
            )
            .header("last-event-id", revision.to_string())
            .send()
            .await
            .expect("the stream opens");
        assert_eq!(response.status(), StatusCode::OK);
        assert_eq!(response.headers()[CONTENT_TYPE], "text/event-stream");
        let mut bytes = response.bytes_stream();
        let mut text = String::new();
        let mut events = Vec::new();
        // The catch-up is sent as the stream opens; the deadline only guards a hang.
        let read = async {
            while let Some(chunk) = bytes.next().await {
                text.push_str(std::str::from_utf8(&chunk.expect("stream bytes")).unwrap());
                while let Some(end) = text.find("\n\n") {
                    let block: String = text.drain(..end + 2).collect();
                    let field = |name: &str| {
                        block
                            .lines()
                            .find_map(|l| l.strip_prefix(name).map(str::to_owned))
                    };
                    if let (Some(id), Some(kind)) = (field("id: "), field("event: ")) {
                        let id: i64 = id.parse().unwrap();
                        events.push((id, kind));
                        if id >= until {
                            return;
                        }
                    }
                }
            }
            panic!("the stream ended before revision {until}: {events:?}");
        };
        tokio::time::timeout(Duration::from_secs(30), read)
            .await
            .unwrap_or_else(|_| panic!("no event of revision {until} within 30 s"));
        events
    }
}

impl Campaign {
    /// `template` with this campaign's ids: `{id}` names Voss, `{username}` Tom (an
    /// Allied player who may switch), `{aid}` Voss's award.
    fn fill(&self, template: &str) -> String {
        template
            .replace(
                "/invitations/{id}",
                &format!("/invitations/{}", self.invitation),
            )
            .replace("{code}", &self.code)
            .replace("{cid}", &self.id.to_string())
            .replace("{gid}", &self.game.to_string())
            .replace("{mid}", &self.central_mission.to_string())
            .replace("{aid}", &self.award.to_string())
            .replace("{sid}", &self.sortie.to_string())
            .replace("{id}", &self.voss.to_string())
            .replace("{username}", "tom")
    }

    /// `body` with `"{voss}"` replaced by Voss's id and `{code}` by the invitation's.
    fn fill_body(&self, body: Value) -> Value {
        let text = body
            .to_string()
            .replace("\"{voss}\"", &self.voss.to_string())
            .replace("{code}", &self.code);
        serde_json::from_str(&text).unwrap()
    }
}

/// The write operations of the served document: `(METHOD, path template)`.
async fn write_operations(app: &TestApp) -> Vec<(String, String)> {
    let doc = body(app.get("/api/openapi.json", None).await).await;
    let mut writes = Vec::new();
    for (template, item) in doc["paths"].as_object().expect("paths") {
        for method in item.as_object().unwrap().keys() {
            let method = method.to_uppercase();
            if ["POST", "PUT", "PATCH", "DELETE"].contains(&method.as_str()) {
                writes.push((method, template.clone()));
            }
        }
    }
    writes
}

#[tokio::test]
async fn every_write_to_a_campaign_raises_its_revision_once_and_emits_one_event() {
    let club = Club::new().await;
    let writes = write_operations(&club.app).await;
    let mut made = Vec::new();
    for (method, template) in &writes {
        let op = (method.as_str(), template.as_str());
        if OUTSIDE.iter().any(|(m, t, _)| (*m, *t) == op) {
            continue;
        }
        let write = write_of(op, &club).unwrap_or_else(|| {
            panic!(
                "{method} {template} is a write of the OpenAPI document this test does not \
                 know: add it to `write_of` (with what it needs and the event it emits), or \
                 to OUTSIDE with why it writes no campaign's records"
            )
        });
        let campaign = club.campaign(write.ready).await;
        let caller = match write.by {
            By::Referee => Some(club.referee.clone()),
            By::Newcomer => Some(
                club.app
                    .sign_up(&format!("newcomer{}", made.len()), false)
                    .await,
            ),
            By::Nobody => None,
        };
        let mut request = club.app.request(
            method.parse().unwrap(),
            &campaign.fill(template),
            caller.as_deref(),
        );
        if let Some(body) = write.body {
            request = request.json(&campaign.fill_body(body));
        }
        let before = club.revision(campaign.id).await;
        let response = request.send().await.expect("a response");
        let status = response.status();
        let answer = response.text().await.unwrap_or_default();
        assert!(
            status.is_success(),
            "{method} {template}: {status} {answer}"
        );

        let after = club.revision(campaign.id).await;
        assert_eq!(
            after,
            before + 1,
            "{method} {template} raised the revision by one"
        );
        // Each event is a revision of its own (its `id:`): one revision more is at most
        // one event more, and the stream shows it is there, of the operation's kind.
        let events = club.events(campaign.id, before, after).await;
        assert_eq!(
            events,
            [(after, write.kind.to_owned())],
            "{method} {template}: the events after revision {before}"
        );
        made.push(format!("{method} {template}"));
    }
    // The writes of API.md are among those made: the document did not lose one.
    let voids = [
        "POST /api/v1/campaigns/{cid}/games/{gid}/debrief/void",
        "POST /api/v1/campaigns/{cid}/awards/{aid}/void",
    ];
    for op in CAMPAIGN_WRITES.into_iter().chain(voids) {
        assert!(made.iter().any(|m| m == op), "{op} was made: {made:?}");
    }
    // What OUTSIDE lists is in the document: an exception names a real operation.
    for (method, template, why) in OUTSIDE {
        assert!(
            writes
                .iter()
                .any(|(m, t)| (m.as_str(), t.as_str()) == (method, template)),
            "{method} {template} ({why}) is no operation of the document"
        );
    }
}

// Creating a campaign is outside the envelope's lock: it starts at revision 0 with no
// event, so a client following it from its creation misses nothing.
#[tokio::test]
async fn a_new_campaign_starts_at_revision_zero_with_no_event() {
    let club = Club::new().await;
    let id = club.app.campaign(&club.referee, "1917-04-02", false).await;
    assert_eq!(club.revision(id).await, 0);
    // The first write is revision 1, and the stream from 0 starts with it.
    let response = club
        .app
        .post(
            &Club::path(id, "/rolls"),
            Some(&club.referee),
            &json!({ "table": "d6", "modifiers": {}, "dice": [2] }),
        )
        .await;
    assert_created(response).await;
    assert_eq!(club.events(id, 0, 1).await, [(1, "roll".to_owned())]);
}
