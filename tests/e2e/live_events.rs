//! Live events across instances (issue 13, item 1; API.md "Live club night, caching,
//! several instances"): `eagles serve` processes on one Postgres, a write made through
//! one reaching the event streams of another within a second, in revision order; a
//! client reconnecting with `Last-Event-ID` getting exactly what it missed; and reads,
//! sessions, tokens and idempotency keys that do not care which instance answers.

use std::time::Duration;

use futures_util::StreamExt;
use reqwest::header::{CONTENT_TYPE, COOKIE};
use reqwest::{Method, StatusCode};
use serde_json::{json, Value};
use tokio::sync::mpsc;
use tokio::task::JoinHandle;
use tokio::time::Instant;

use crate::support::aircraft_id;
use crate::support::fixtures_debrief::{game, mission, squadron, Assigned, Squadron};
use crate::support::form_client::{session_cookie, Visitor};
use crate::support::instance::Instance;
use crate::support::wait::until;
use crate::support::{body, TestApp};

/// How long a stream may take to open, or to end.
const BOUND: Duration = Duration::from_secs(30);
/// How soon a write must reach a stream on another instance (the contract's "live").
const LIVE: Duration = Duration::from_secs(1);

/// One message of an event stream.
#[derive(Debug, Clone, PartialEq)]
enum Message {
    Event {
        id: i64,
        event: String,
        data: Value,
    },
    Comment(String),
    /// The first: the reconnection delay, and the revision the stream starts after.
    Opening {
        retry: u64,
        after: i64,
    },
}

/// The text of one message (without its blank line) as a [`Message`].
fn parse(block: &str) -> Message {
    let (mut id, mut event, mut data, mut retry) = (None, None, None, None);
    for line in block.lines() {
        if let Some(comment) = line.strip_prefix(':') {
            return Message::Comment(comment.trim().to_owned());
        }
        let (field, value) = line.split_once(": ").unwrap_or((line, ""));
        match field {
            "retry" => retry = Some(value.parse().unwrap()),
            "id" => id = Some(value.parse().unwrap()),
            "event" => event = Some(value.to_owned()),
            "data" => data = Some(serde_json::from_str(value).unwrap()),
            other => panic!("an unknown field {other:?} in {block:?}"),
        }
    }
    let id = id.unwrap_or_else(|| panic!("no id in {block:?}"));
    if let Some(retry) = retry {
        assert!(event.is_none() && data.is_none(), "{block:?}");
        return Message::Opening { retry, after: id };
    }
    Message::Event {
        id,
        event: event.unwrap_or_else(|| panic!("no event in {block:?}")),
        data: data.unwrap_or_else(|| panic!("no data in {block:?}")),
    }
}

/// An open event stream, read in the background as its bytes come, each message
/// stamped with when it arrived.
struct Stream {
    messages: mpsc::UnboundedReceiver<(Instant, Message)>,
    reader: JoinHandle<()>,
}

impl Stream {
    /// Opens the events of `campaign` on `door`: with `last_event_id`, as the header.
    async fn open(
        door: &TestApp,
        campaign: i64,
        token: Option<&str>,
        last_event_id: Option<i64>,
    ) -> Stream {
        let mut request = door.request(
            Method::GET,
            &format!("/api/v1/campaigns/{campaign}/events"),
            token,
        );
        if let Some(id) = last_event_id {
            request = request.header("last-event-id", id.to_string());
        }
        Self::read(request.send().await.expect("the stream opens"))
    }

    fn read(response: reqwest::Response) -> Stream {
        assert_eq!(response.status(), StatusCode::OK);
        assert_eq!(
            response.headers()[CONTENT_TYPE].to_str().unwrap(),
            "text/event-stream"
        );
        let (sender, messages) = mpsc::unbounded_channel();
        let reader = tokio::spawn(async move {
            let mut bytes = response.bytes_stream();
            let mut buffer = Vec::new();
            while let Some(Ok(chunk)) = bytes.next().await {
                let arrived = Instant::now();
                buffer.extend_from_slice(&chunk);
                while let Some(end) = buffer.windows(2).position(|w| w == b"\n\n") {
                    let block: Vec<u8> = buffer.drain(..end + 2).collect();
                    let block = std::str::from_utf8(&block[..end]).unwrap();
                    if sender.send((arrived, parse(block))).is_err() {
                        return;
                    }
                }
            }
        });
        Stream { messages, reader }
    }

    /// The next message, or `None` once the stream has ended; fails the test naming
    /// `what` if none comes by `deadline`.
    async fn next(&mut self, what: &str, deadline: Instant) -> Option<(Instant, Message)> {
        let waited_from = Instant::now();
        // A message already received is taken even past the deadline: when it
        // arrived is what counts, and it is stamped.
        tokio::time::timeout_at(deadline, self.messages.recv())
            .await
            .unwrap_or_else(|_| {
                panic!(
                    "waited {:?} for {what}: nothing came",
                    deadline - waited_from
                )
            })
    }

    /// The next event, keep-alives and the reconnection delay passed over: its
    /// revision, kind and data, and when it arrived.
    async fn next_event(&mut self, what: &str, deadline: Instant) -> (i64, String, Value, Instant) {
        loop {
            match self.next(what, deadline).await {
                Some((arrived, Message::Event { id, event, data })) => {
                    return (id, event, data, arrived)
                }
                Some(_) => {}
                None => panic!("the stream ended while waiting for {what}"),
            }
        }
    }

    /// Waits for `kind` as the event of revision `revision`, sent within [`LIVE`] of
    /// the write's response at `written`; returns its data.
    async fn expect(&mut self, kind: &str, revision: i64, written: Instant) -> Value {
        let what = format!("the {kind} event of revision {revision}");
        let (id, event, data, arrived) = self.next_event(&what, written + LIVE).await;
        assert_eq!((id, event.as_str()), (revision, kind), "{data}");
        assert!(
            arrived - written <= LIVE,
            "{what} came {:?} after the write's response",
            arrived - written
        );
        assert_eq!(data["revision"], revision);
        assert_eq!(data["kind"], kind);
        data
    }
}

impl Drop for Stream {
    fn drop(&mut self) {
        // Dropping the response closes the connection: the client is gone.
        self.reader.abort();
    }
}

/// The campaign's revision as `door` reads it.
async fn revision(door: &TestApp, campaign: i64, token: &str) -> i64 {
    let campaign = body(
        door.get(&format!("/api/v1/campaigns/{campaign}"), Some(token))
            .await,
    )
    .await;
    campaign["revision"].as_i64().unwrap()
}

/// A roll of 1d6 with entered dice, as `token`; returns its id.
async fn roll(door: &TestApp, campaign: i64, token: &str, die: u32) -> i64 {
    let response = door
        .post(
            &format!("/api/v1/campaigns/{campaign}/rolls"),
            Some(token),
            &json!({ "table": "d6", "dice": [die], "modifiers": {} }),
        )
        .await;
    assert_eq!(response.status(), StatusCode::CREATED);
    body(response).await["id"].as_i64().unwrap()
}

/// The dogfight of the debrief tests: an Allied Bristol (Ball, Smith) bombs the HQ
/// escorted by Mannock's Camel, and shoots down both Central Albatros. Returns the
/// game and its report.
async fn dogfight(app: &TestApp, s: &Squadron) -> (i64, Value) {
    let bristol = aircraft_id(app, "Bristol F2b").await;
    let camel = aircraft_id(app, "Sopwith Camel").await;
    let albatros = aircraft_id(app, "Albatros D-III").await;
    let g = game(s).await;
    let bomb = mission(
        s,
        g,
        "allied",
        "bomb_hq",
        None,
        Some(Assigned {
            aircraft: bristol,
            pilot: s.id("Ball"),
            observer: Some(s.id("Smith")),
        }),
    )
    .await;
    mission(s, g, "central", "fighter_sweep", None, None).await;
    let seat = |name: &str, position: &str, red_hits: u32| {
        json!({ "crew_id": s.id(name), "position": position, "red_hits": red_hits,
                "wound_boxes": 0, "outcome": "unharmed" })
    };
    let report = json!({
        "turns_played": 21,
        "enemy_left_board_on_turn": { "allied": null, "central": 17 },
        "sorties": [
            { "key": "a1", "aircraft_id": bristol, "assignment": "mission", "turns_on_board": 21,
              "aircraft_lost": false, "crew": [seat("Ball", "pilot", 2), seat("Smith", "observer", 1)] },
            { "key": "a2", "aircraft_id": camel, "assignment": "sweep", "turns_on_board": 16,
              "aircraft_lost": false, "crew": [seat("Mannock", "pilot", 3)] },
            { "key": "c1", "aircraft_id": albatros, "assignment": "sweep", "turns_on_board": 12,
              "aircraft_lost": true, "crew": [seat("Boelcke", "pilot", 2)] },
            { "key": "c2", "aircraft_id": albatros, "assignment": "sweep", "turns_on_board": 17,
              "aircraft_lost": true, "crew": [seat("Voss", "pilot", 0)] }
        ],
        "kills": [
            { "victim": "c1", "shooters": [s.id("Ball"), s.id("Mannock")] },
            { "victim": "c2", "shooters": [s.id("Smith")] }
        ],
        "missions": [ { "mission_id": bomb, "target_destroyed": true } ]
    });
    (g, report)
}

/// What B's reads say of the debrief: Ball's XP on the leaderboard and in the crew
/// list, the Allied total of the sides, and whether the home page shows that total.
async fn standing(b: &TestApp, s: &Squadron, cookie: &str) -> (i64, i64, i64, String) {
    let path = |rest: &str| format!("/api/v1/campaigns/{}{rest}", s.campaign);
    let ball = s.id("Ball");
    let leaderboard = body(b.get(&path("/leaderboard"), Some(&s.referee)).await).await;
    let on_board = leaderboard
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["crew_id"] == ball)
        .map_or(0, |r| r["xp"].as_i64().unwrap());
    let crew = body(b.get(&path("/crew"), Some(&s.referee)).await).await;
    let in_list = crew
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["id"] == ball)
        .map(|c| c["xp"].as_i64().unwrap())
        .unwrap();
    let sides = body(b.get(&path("/sides"), Some(&s.referee)).await).await;
    let allied = sides["allied"]["total"].as_i64().unwrap();
    let home = b
        .client
        .get(format!("{}/campaigns/{}", b.address, s.campaign))
        .header(COOKIE, cookie)
        .send()
        .await
        .unwrap();
    assert_eq!(home.status(), StatusCode::OK);
    (on_board, in_list, allied, home.text().await.unwrap())
}

/// A page session of `username`, signed in on `door`.
async fn page_session(door: &TestApp, username: &str) -> String {
    let visitor = Visitor::open(door).await;
    let signed_in = visitor
        .sign_in(door, username, &format!("password-of-{username}"))
        .await;
    session_cookie(&signed_in).expect("a session")
}

#[tokio::test]
async fn writes_through_one_instance_reach_the_streams_of_another_in_order_within_a_second() {
    let app = TestApp::spawn().await;
    let s = squadron(&app, "rita").await;
    let (g, report) = dogfight(&app, &s).await;
    let a = Instance::start(&app, &[]).await;
    let b = Instance::start(&app, &[]).await;
    let (a, b) = (&a.door, &b.door);
    let cookie = page_session(b, "rita").await;

    // B has read (and may keep) the standings before the debrief.
    let before = standing(b, &s, &cookie).await;
    assert_eq!(
        (before.1, before.2),
        (50, 0),
        "Ball's starting XP, no side XP yet"
    );
    assert_ne!(before.0, 97);
    let start = revision(b, s.campaign, &s.referee).await;
    let mut on_b = Stream::open(b, s.campaign, Some(&s.referee), None).await;

    let rolled = roll(a, s.campaign, &s.referee, 4).await;
    let data = on_b.expect("roll", start + 1, Instant::now()).await;
    assert_eq!(
        data,
        json!({ "campaign_id": s.campaign, "revision": start + 1,
                             "kind": "roll", "id": rolled })
    );

    let debriefed = a
        .post(
            &format!("/api/v1/campaigns/{}/games/{g}/debrief", s.campaign),
            Some(&s.referee),
            &report,
        )
        .await;
    assert_eq!(debriefed.status(), StatusCode::CREATED);
    let written = Instant::now();
    // The very next reads on B, before the event is even looked at, show it: Ball's
    // 97 XP (the debrief tests work it out) and the Allied total with it.
    let after = standing(b, &s, &cookie).await;
    assert_eq!((after.0, after.1), (97, 97));
    assert!(after.2 > 0);
    assert!(
        after
            .3
            .contains(&format!("id=\"allied-total\">{}<", after.2)),
        "the home page shows the Allied total of {}",
        after.2
    );
    assert_eq!(on_b.expect("debrief", start + 2, written).await["id"], g);

    let closed = a
        .post(
            &format!("/api/v1/campaigns/{}/weeks/close", s.campaign),
            Some(&s.referee),
            &json!({}),
        )
        .await;
    assert_eq!(closed.status(), StatusCode::OK);
    assert_eq!(
        on_b.expect("week", start + 3, Instant::now()).await["id"],
        1
    );

    // The client goes away; writes go on through both instances meanwhile.
    drop(on_b);
    let missed = [
        roll(a, s.campaign, &s.referee, 2).await,
        roll(b, s.campaign, &s.referee, 5).await,
        roll(a, s.campaign, &s.referee, 6).await,
    ];
    // Back, on A: exactly the three it missed, then the next write, and nothing else.
    let mut on_a = Stream::open(a, s.campaign, Some(&s.referee), Some(start + 3)).await;
    for (n, id) in missed.into_iter().enumerate() {
        let data = on_a
            .expect("roll", start + 4 + n as i64, Instant::now())
            .await;
        assert_eq!(data["id"], id);
    }
    let next = roll(b, s.campaign, &s.referee, 1).await;
    assert_eq!(
        on_a.expect("roll", start + 7, Instant::now()).await["id"],
        next
    );

    // The same from the query parameter, for clients that cannot set the header.
    let response = a
        .get(
            &format!(
                "/api/v1/campaigns/{}/events?last_event_id={}",
                s.campaign,
                start + 6
            ),
            Some(&s.referee),
        )
        .await;
    let mut by_query = Stream::read(response);
    assert_eq!(
        by_query.expect("roll", start + 7, Instant::now()).await["id"],
        next
    );
}

#[tokio::test]
async fn sessions_tokens_and_idempotency_keys_work_on_every_instance() {
    let app = TestApp::spawn().await;
    let referee = app.sign_up("rita", false).await;
    let campaign = app.campaign(&referee, "1917-04-02", false).await;
    let a = Instance::start(&app, &[]).await;
    let b = Instance::start(&app, &[]).await;
    let (a, b) = (&a.door, &b.door);
    let home = format!("/campaigns/{campaign}");

    // A page session made on A reads the private campaign on B.
    let cookie = page_session(a, "rita").await;
    let page = |cookie: Option<&str>| {
        let mut request = b.client.get(format!("{}{home}", b.address));
        if let Some(cookie) = cookie {
            request = request.header(COOKIE, cookie);
        }
        request.send()
    };
    let stranger = page(None).await.unwrap();
    assert_eq!(
        stranger.status(),
        StatusCode::NOT_FOUND,
        "private to strangers"
    );
    assert_eq!(page(Some(&cookie)).await.unwrap().status(), StatusCode::OK);

    // An API token made on A works on B.
    let made = a
        .post(
            "/api/v1/tokens",
            None,
            &json!({ "username": "rita", "password": "password-of-rita" }),
        )
        .await;
    assert_eq!(made.status(), StatusCode::CREATED);
    let token = body(made).await["token"].as_str().unwrap().to_owned();
    let read = b
        .get(&format!("/api/v1/campaigns/{campaign}"), Some(&token))
        .await;
    assert_eq!(read.status(), StatusCode::OK);

    // An Idempotency-Key used on A replays on B: one roll, one event, one revision.
    let start = revision(b, campaign, &token).await;
    let mut events = Stream::open(b, campaign, Some(&token), None).await;
    let rolls = format!("/api/v1/campaigns/{campaign}/rolls");
    let send = |door: &TestApp| {
        door.request(Method::POST, &rolls, Some(&token))
            .header("idempotency-key", "club-night-roll-1")
            .json(&json!({ "table": "d6", "modifiers": {} }))
            .send()
    };
    let first = send(a).await.unwrap();
    let first = (first.status(), first.text().await.unwrap());
    let again = send(b).await.unwrap();
    let again = (again.status(), again.text().await.unwrap());
    assert_eq!(first.0, StatusCode::CREATED);
    assert_eq!(again, first, "the replay answers what the first answered");
    let listed = body(b.get(&rolls, Some(&token)).await).await;
    assert_eq!(listed.as_array().map(Vec::len), Some(1), "{listed}");
    assert_eq!(revision(a, campaign, &token).await, start + 1);
    events.expect("roll", start + 1, Instant::now()).await;
    // The next write is the next revision: the replay made none.
    roll(a, campaign, &token, 3).await;
    events.expect("roll", start + 2, Instant::now()).await;
}

#[tokio::test]
async fn streams_keep_alive_are_bounded_per_client_and_private_to_readers() {
    let app = TestApp::spawn().await;
    let referee = app.sign_up("rita", false).await;
    let stranger = app.sign_up("sam", false).await;
    let private = app.campaign(&referee, "1917-04-02", false).await;
    let public = app.campaign(&referee, "1917-04-02", true).await;
    let b = Instance::start(
        &app,
        &[
            ("EAGLES_EVENTS_HEARTBEAT_MS", "200"),
            ("EAGLES_EVENTS_STREAMS_PER_CLIENT", "2"),
        ],
    )
    .await;
    let b = &b.door;

    for token in [None, Some(stranger.as_str())] {
        let refused = b
            .get(&format!("/api/v1/campaigns/{private}/events"), token)
            .await;
        assert_eq!(refused.status(), StatusCode::NOT_FOUND, "{token:?}");
    }

    let start = revision(b, private, &referee).await;
    let mut first = Stream::open(b, private, Some(&referee), None).await;
    let opened = Instant::now();
    assert_eq!(
        first
            .next("the stream's opening", opened + BOUND)
            .await
            .map(|m| m.1),
        Some(Message::Opening {
            retry: 1000,
            after: start
        })
    );
    assert_eq!(
        first
            .next("a keep-alive", opened + BOUND)
            .await
            .map(|m| m.1),
        Some(Message::Comment("keep-alive".into()))
    );
    let _second = Stream::open(b, public, Some(&referee), None).await;
    let third = b
        .get(
            &format!("/api/v1/campaigns/{public}/events"),
            Some(&referee),
        )
        .await;
    assert_eq!(third.status(), StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(
        third.headers()[CONTENT_TYPE].to_str().unwrap(),
        "application/problem+json"
    );
    let detail = body(third).await["detail"].as_str().unwrap().to_owned();
    assert!(
        detail.contains("at most 2 event streams per account"),
        "{detail}"
    );
    // Anonymous readers count by address, apart from the account.
    let _anonymous = Stream::open(b, public, None, None).await;

    drop(first);
    until("a closed stream to give its place back", BOUND, || async {
        let response = b
            .get(
                &format!("/api/v1/campaigns/{public}/events"),
                Some(&referee),
            )
            .await;
        match response.status() {
            StatusCode::OK => Ok(()),
            other => Err(format!("a new stream is answered {other}")),
        }
    })
    .await;

    let bad = b
        .request(
            Method::GET,
            &format!("/api/v1/campaigns/{public}/events"),
            None,
        )
        .header("last-event-id", "yesterday")
        .send()
        .await
        .unwrap();
    assert_eq!(bad.status(), StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn a_lost_listener_connection_comes_back_and_its_streams_catch_up() {
    let app = TestApp::spawn().await;
    let referee = app.sign_up("rita", false).await;
    let campaign = app.campaign(&referee, "1917-04-02", true).await;
    let a = Instance::start(&app, &[]).await;
    let b = Instance::start(&app, &[]).await;
    let (a, b) = (&a.door, &b.door);
    let start = revision(a, campaign, &referee).await;
    let mut on_b = Stream::open(b, campaign, None, None).await;

    // Every listener of the database is cut off (B's among them), as a restarted
    // Postgres or a dropped connection would; the writes do not wait for them.
    until("the listeners to be cut off", BOUND, || async {
        use eagles_db::diesel;
        use eagles_db::diesel::sql_types::Bool;
        use eagles_db::diesel_async::RunQueryDsl;
        #[derive(diesel::QueryableByName)]
        struct Cut {
            #[diesel(sql_type = Bool)]
            done: bool,
        }
        let mut conn = app.pool.get().await.unwrap();
        let cut: Vec<Cut> = diesel::sql_query(
            "SELECT pg_terminate_backend(pid) AS done FROM pg_stat_activity
             WHERE datname = current_database() AND query = 'LISTEN eagles_campaign_events'",
        )
        .load(&mut conn)
        .await
        .unwrap();
        match cut.iter().filter(|c| c.done).count() {
            0 => Err("no listener found".to_owned()),
            _ => Ok(()),
        }
    })
    .await;
    let ids = [
        roll(a, campaign, &referee, 1).await,
        roll(a, campaign, &referee, 2).await,
    ];
    for (n, id) in ids.into_iter().enumerate() {
        let revision = start + 1 + n as i64;
        let what = format!("roll {revision} after the listener came back");
        let (got, event, data, _) = on_b.next_event(&what, Instant::now() + BOUND).await;
        assert_eq!(
            (got, event.as_str(), &data["id"]),
            (revision, "roll", &json!(id))
        );
    }
}

#[tokio::test]
async fn streams_end_at_their_lifetime_and_when_the_server_stops() {
    let app = TestApp::spawn().await;
    let referee = app.sign_up("rita", false).await;
    let campaign = app.campaign(&referee, "1917-04-02", true).await;
    let short = Instance::start(&app, &[("EAGLES_EVENTS_STREAM_LIFETIME_MS", "300")]).await;
    let start = revision(&short.door, campaign, &referee).await;
    let mut ending = Stream::open(&short.door, campaign, None, None).await;
    let opened = Instant::now();
    let mut last_event_id = None;
    while let Some((_, message)) = ending
        .next("the stream to end at its lifetime", opened + BOUND)
        .await
    {
        match message {
            Message::Opening { after, .. } => last_event_id = Some(after),
            other => panic!("only the opening before the end, not {other:?}"),
        }
    }
    assert_eq!(last_event_id, Some(start));
    // A write while the client was away, though its stream had sent no event: the
    // opening's id brings it back from where it started.
    let rolled = roll(&short.door, campaign, &referee, 3).await;
    let mut back = Stream::open(&short.door, campaign, None, last_event_id).await;
    assert_eq!(
        back.expect("roll", start + 1, Instant::now()).await["id"],
        rolled
    );

    let instance = Instance::start(&app, &[]).await;
    let mut open = Stream::open(&instance.door, campaign, None, None).await;
    open.next("the stream to start", Instant::now() + BOUND)
        .await;
    instance.terminate();
    let stopping = Instant::now();
    // Well within the 30 seconds the graceful shutdown would give a request.
    let soon = Duration::from_secs(10);
    while open
        .next("the stream to end with the server", stopping + soon)
        .await
        .is_some()
    {}
    let instance = std::cell::RefCell::new(instance);
    let exited = until("eagles serve to exit", soon, || {
        let exited = instance.borrow_mut().try_wait();
        async move {
            match exited {
                Ok(Some(status)) => Ok(status),
                Ok(None) => Err("it still runs".to_owned()),
                Err(e) => Err(e.to_string()),
            }
        }
    })
    .await;
    assert!(exited.success(), "it exits cleanly: {exited}");
}

// A page cannot send a token: its `EventSource` brings the session cookie, so a member
// signed in on the pages follows a private campaign live, and a stranger's session
// finds no such campaign (same access as reading it).
#[tokio::test]
async fn a_page_session_opens_the_stream_of_a_private_campaign_its_member_reads() {
    let app = TestApp::spawn().await;
    let referee = app.sign_up("rita", false).await;
    app.sign_up("sam", false).await;
    let private = app.campaign(&referee, "1917-04-02", false).await;
    let stream = |cookie: String| {
        app.client
            .get(format!("{}/api/v1/campaigns/{private}/events", app.address))
            .header("cookie", cookie)
            .send()
    };
    let member = stream(page_session(&app, "rita").await).await.unwrap();
    assert_eq!(member.status(), StatusCode::OK);
    assert!(member.headers()["content-type"]
        .to_str()
        .unwrap()
        .starts_with("text/event-stream"));
    drop(member);
    let stranger = stream(page_session(&app, "sam").await).await.unwrap();
    assert_eq!(stranger.status(), StatusCode::NOT_FOUND);
}

// API v1.3, §13.20, R20: an event that changes no open fact carries no sortie id to a
// reader who may not read that sheet (the id alone would tell which sheets are busy,
// the mission's among them); one that changes an open fact names it to everyone.
#[tokio::test]
async fn a_quiet_sheet_event_names_its_sortie_only_to_the_sheets_readers() {
    let night = crate::sheets::Night::new().await;
    let campaign = night.world.campaign;
    let voss = night.crew[3];
    let c1 = night.voss_albatros().await["id"].as_i64().unwrap();
    let a1 = night.balls_bristol().await["id"].as_i64().unwrap();
    let before = revision(&night.app, campaign, night.token("rita").unwrap()).await;
    // A turn changes no open fact; smoke is seen by the whole table.
    night
        .mark("kurt", c1, json!({ "kind": "turn", "turn": 1 }))
        .await;
    night
        .mark(
            "kurt",
            c1,
            json!({ "kind": "effect", "name": "smoke", "on": true }),
        )
        .await;
    // A shot is declared at the table and puts markers on its target's sheet: Voss at
    // a1, range 1, medium burst, stability B: 5 + 2 + 1 = 8; die 6 reads 2R.
    let shot = json!({ "table": "combat", "shooter": voss, "target_sortie": a1, "range": 1,
                       "burst": "medium", "weapon": "rigid", "dice": [6] });
    night
        .made("kurt", &format!("/sorties/{c1}/rolls"), shot)
        .await;
    for (who, reads_it) in [
        ("kurt", true),
        ("rita", true),
        ("karl", false),
        ("ada", false),
        ("anonymous", false),
    ] {
        // From the log: the stream starts before the two marks.
        let mut stream = Stream::open(&night.app, campaign, night.token(who), Some(before)).await;
        let deadline = Instant::now() + BOUND;
        let (turn, kind, data, _) = stream.next_event("the turn's event", deadline).await;
        assert_eq!(
            (turn, kind.as_str()),
            (before + 1, "sheet"),
            "{who}: {data}"
        );
        let expected = reads_it.then_some(c1);
        assert_eq!(
            data.get("id").and_then(Value::as_i64),
            expected,
            "{who}: {data}"
        );
        assert_eq!(data.get("quiet"), None, "{who}: the flag is never sent");
        let (smoke, _, data, _) = stream.next_event("the smoke's event", deadline).await;
        assert_eq!(smoke, before + 2);
        assert_eq!(data["id"], c1, "{who}: smoke is open (R20)");
        let (shot, _, data, _) = stream.next_event("the shot's event", deadline).await;
        assert_eq!(shot, before + 3);
        assert_eq!(
            data["id"], c1,
            "{who}: a shot is declared at the table (R20)"
        );
    }
}
