use campaign::events::EventKind;

use super::*;

fn event(campaign_id: i64, revision: i64) -> CampaignEvent {
    CampaignEvent {
        campaign_id,
        revision,
        kind: EventKind::Roll,
        id: Some(7),
        game_id: None,
        quiet: false,
    }
}

#[test]
fn the_next_revision_is_sent() {
    let e = event(1, 5);
    assert_eq!(merge(1, 4, Signal::Event(e)), Step::Send(e));
}

#[test]
fn revisions_already_sent_from_the_log_are_skipped() {
    assert_eq!(merge(1, 5, Signal::Event(event(1, 5))), Step::Skip);
    assert_eq!(merge(1, 5, Signal::Event(event(1, 3))), Step::Skip);
}

#[test]
fn other_campaigns_are_skipped() {
    assert_eq!(merge(1, 4, Signal::Event(event(2, 5))), Step::Skip);
    assert_eq!(merge(1, 4, Signal::Event(event(2, 9))), Step::Skip);
}

#[test]
fn a_gap_or_a_resync_reads_the_log() {
    assert_eq!(merge(1, 4, Signal::Event(event(1, 6))), Step::CatchUp);
    assert_eq!(merge(1, 4, Signal::Resync), Step::CatchUp);
}

#[test]
fn a_merge_of_log_and_live_sends_each_revision_once_in_order() {
    // The log held 3..=5 when it was read; live, the broadcast brought 4..=8 with
    // 7 lost: 4 and 5 come twice, 7 only from a second read of the log.
    let mut sent = vec![];
    let mut last = 2;
    let log = |after: i64| (after + 1..=8).map(|r| event(1, r)).collect::<Vec<_>>();
    for e in log(last).into_iter().take(3) {
        sent.push(e.revision);
        last = e.revision;
    }
    for live in [4, 5, 6, 8] {
        match merge(1, last, Signal::Event(event(1, live))) {
            Step::Skip => {}
            Step::Send(e) => {
                sent.push(e.revision);
                last = e.revision;
            }
            Step::CatchUp => {
                for e in log(last) {
                    sent.push(e.revision);
                    last = e.revision;
                }
            }
        }
    }
    assert_eq!(sent, vec![3, 4, 5, 6, 7, 8]);
}

#[test]
fn a_notification_payload_is_read_as_the_event() {
    let payload =
        r#"{"campaign_id" : 3, "revision" : 12, "kind" : "debrief", "id" : 40, "game_id" : 40}"#;
    assert_eq!(
        CampaignEvent::from_notification(payload),
        Some(CampaignEvent {
            campaign_id: 3,
            revision: 12,
            kind: EventKind::Debrief,
            id: Some(40),
            game_id: Some(40),
            quiet: false,
        })
    );
    // A quiet sheet event says so; the flag is never sent on (API v1.3).
    let quiet =
        r#"{"campaign_id" : 3, "revision" : 14, "kind" : "sheet", "id" : 42, "quiet" : true}"#;
    let quiet = CampaignEvent::from_notification(quiet).unwrap();
    assert!(quiet.quiet);
    assert!(!serde_json::to_string(&quiet).unwrap().contains("quiet"));
    let roll = r#"{"campaign_id" : 3, "revision" : 13, "kind" : "roll", "id" : 41}"#;
    assert_eq!(
        CampaignEvent::from_notification(roll).map(|e| e.game_id),
        Some(None)
    );
    assert_eq!(CampaignEvent::from_notification("{}"), None);
}

#[test]
fn a_client_holds_at_most_its_share_of_streams() {
    let hub = Hub::new(StreamSettings {
        per_client: 2,
        ..StreamSettings::default()
    });
    let first = hub.claim("address:10.0.0.1".into()).unwrap();
    let _second = hub.claim("address:10.0.0.1".into()).unwrap();
    let refused = hub.claim("address:10.0.0.1".into()).err().unwrap();
    assert!(matches!(refused, ServiceError::TooManyRequests { .. }));
    assert!(refused
        .to_string()
        .contains("at most 2 event streams per client address"));
    let _other = hub.claim("account:1".into()).unwrap();
    drop(first);
    let _again = hub.claim("address:10.0.0.1".into()).unwrap();
    assert_eq!(hub.open_streams(), 3);
}
