//! Webhooks (API.md "Outside the club room"): a campaign's referee subscribes a URL to
//! its events, and each event is queued for every subscribed webhook in the very
//! transaction that makes it (`crate::envelope`, from a write's `Change::webhook`);
//! the `eagles serve` workers deliver them.
//!
//! A webhook may not point into the server's own network: its host must resolve to
//! public addresses only (checked here at creation, and again by the worker before
//! every try, since a name may change what it resolves to), unless the operator allows
//! private ones ([`AddressPolicy`]).

pub use eagles_office::webhooks::{
    AddressPolicy, AddressRefusal, AttemptView, CreatedWebhook, DeliveryView, NewWebhook,
    WebhookView,
};
use std::collections::HashMap;
use std::time::Duration;

use campaign::webhooks::{DeliveryStatus, WebhookEvent};
use eagles_db::diesel_async::AsyncPgConnection;
use eagles_db::users::User;
use rand::RngCore;

use crate::access::{readable_campaign, still_running, CampaignScope};
use crate::error::{one_of, Locus, ServiceError};
use crate::Service;

mod address;
pub use address::{check_address, check_addresses, non_public, resolve};
use eagles_office::access::ReadAccess;
use eagles_office::prelude::*;

/// How long a host's name may take to resolve.
pub const RESOLVE_TIMEOUT: Duration = Duration::from_secs(5);
/// The longest URL taken.
const MAX_URL_LENGTH: usize = 2048;
/// The longest secret taken.
const MAX_SECRET_LENGTH: usize = 256;
/// How many of each webhook's latest deliveries its listing shows.
const RECENT_DELIVERIES: i64 = 20;

/// Subscribes a URL to events of a campaign `user` referees.
pub async fn create(
    conn: &mut AsyncPgConnection,
    user: User,
    campaign_id: i64,
    new: NewWebhook,
    policy: AddressPolicy,
) -> Result<CreatedWebhook, ServiceError> {
    let scope = referee_scope(conn, user, campaign_id, "add webhooks").await?;
    let url = parse_url(&new.url)?;
    let events = parse_events(&new.events)?;
    let secret = match new.secret {
        Some(s)
            if s.is_empty()
                || s.chars().count() > MAX_SECRET_LENGTH
                || s.chars().any(char::is_control) =>
        {
            return Err(ServiceError::invalid(format!(
                "the secret must be 1 to {MAX_SECRET_LENGTH} characters, none of them control \
                 characters; leave it out to have one generated"
            ))
            .at(Locus::Field("secret")));
        }
        Some(s) => s,
        None => generate_secret(),
    };
    check_address(&url, policy)
        .await
        .map_err(|e| ServiceError::invalid(format!("the URL: {e}")).at(Locus::Field("url")))?;
    let user = scope.user()?;
    let webhook = eagles_db::webhooks::create(
        conn,
        scope.campaign().id,
        url.as_str(),
        &events,
        &secret,
        user.id,
    )
    .await?;
    Ok(CreatedWebhook {
        id: webhook.id,
        url: webhook.url,
        events: webhook.events,
        secret: webhook.secret,
    })
}

/// [`list`] for a caller already known to referee the campaign.
pub async fn views(
    conn: &mut AsyncPgConnection,
    campaign_id: i64,
) -> Result<Vec<WebhookView>, ServiceError> {
    let webhooks = eagles_db::webhooks::list(conn, campaign_id).await?;
    if webhooks.is_empty() {
        return Ok(Vec::new());
    }
    let ids: Vec<i64> = webhooks.iter().map(|w| w.id).collect();
    let deliveries = eagles_db::webhooks::recent_deliveries(conn, &ids, RECENT_DELIVERIES).await?;
    let delivery_ids: Vec<i64> = deliveries.iter().map(|d| d.id).collect();
    let mut tries: HashMap<i64, Vec<AttemptView>> = HashMap::new();
    for a in eagles_db::webhooks::attempts(conn, &delivery_ids).await? {
        tries.entry(a.delivery).or_default().push(AttemptView {
            at: a.at,
            http_status: a.http_status,
            error: a.error,
        });
    }
    let mut views: Vec<WebhookView> = webhooks
        .into_iter()
        .map(|w| WebhookView {
            id: w.id,
            url: w.url,
            events: w.events,
            created_at: w.created_at,
            deliveries: Vec::new(),
        })
        .collect();
    for d in deliveries {
        let Some(view) = views.iter_mut().find(|v| v.id == d.webhook_id) else {
            continue;
        };
        view.deliveries.push(DeliveryView {
            attempts: tries.remove(&d.id).unwrap_or_default(),
            delivery_id: d.delivery_id,
            event: d.event,
            revision: d.revision,
            content: d.content,
            status: d.status,
            created_at: d.created_at,
            next_attempt_at: (d.status == DeliveryStatus::Pending).then_some(d.next_attempt_at),
            finished_at: d.finished_at,
        });
    }
    Ok(views)
}

/// The campaign as its referee sees it; 409 once it has ended (§13.203), like every
/// other write to it.
async fn referee_scope(
    conn: &mut AsyncPgConnection,
    user: User,
    campaign_id: i64,
    action: &str,
) -> Result<CampaignScope, ServiceError> {
    let scope = readable_campaign(conn, campaign_id, Some(user)).await?;
    scope.require_referee(action)?;
    still_running(scope.campaign())?;
    Ok(scope)
}

/// "4 kills, 1 death": counts as a sentence says them.
fn tally(kills: i64, deaths: i64) -> String {
    let plural = |n: i64, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
    format!(
        "{}, {}",
        plural(kills, "kill", "kills"),
        plural(deaths, "death", "deaths")
    )
}

/// The summary of a closed week: "week 3 closed — 4 kills, 1 death".
pub fn week_closed_summary(week: i32, kills: i64, deaths: i64) -> String {
    format!("week {week} closed — {}", tally(kills, deaths))
}

/// The summary of a debrief, its kills by name: "game 12 of week 3 debriefed — 1 kill,
/// 0 deaths: Albert Ball shot down Hans Weiss (Albatros D-III, c1)".
pub fn debrief_summary(week: i32, game_id: i64, kills: &[String], deaths: i64) -> String {
    let count = i64::try_from(kills.len()).unwrap_or(i64::MAX);
    let mut summary = format!(
        "game {game_id} of week {week} debriefed — {}",
        tally(count, deaths)
    );
    if !kills.is_empty() {
        summary.push_str(": ");
        summary.push_str(&kills.join("; "));
    }
    summary
}

/// The summary of a campaign's end: "ended in week 8 — ada wins with 412 XP".
pub fn ended_summary(week: i32, winner: Option<(&str, i64)>) -> String {
    match winner {
        Some((username, xp)) => format!("ended in week {week} — {username} wins with {xp} XP"),
        None => format!("ended in week {week} — first place shared"),
    }
}

/// Parses a webhook's URL: absolute, `http` or `https`, with a host.
pub fn parse_url(text: &str) -> Result<url::Url, ServiceError> {
    let invalid = |why: String| ServiceError::invalid(why).at(Locus::Field("url"));
    if text.trim().is_empty() {
        return Err(invalid(
            "the URL is required: the absolute http or https URL to POST the events to".into(),
        ));
    }
    if text.len() > MAX_URL_LENGTH {
        return Err(invalid(format!(
            "the URL is longer than {MAX_URL_LENGTH} characters"
        )));
    }
    let url = url::Url::parse(text).map_err(|e| {
        invalid(format!(
            "the URL \"{text}\" is not an absolute URL ({e}); write it like https://example.com/hook"
        ))
    })?;
    if !matches!(url.scheme(), "http" | "https") {
        return Err(invalid(format!(
            "the URL must be http or https, not {}:",
            url.scheme()
        )));
    }
    if url.host().is_none() {
        return Err(invalid(format!("the URL \"{text}\" names no host")));
    }
    Ok(url)
}

/// Parses the event names: at least one, each known; repeats count once.
pub fn parse_events(names: &[String]) -> Result<Vec<WebhookEvent>, ServiceError> {
    let invalid = |why: String| ServiceError::invalid(why).at(Locus::Field("events"));
    if names.is_empty() {
        return Err(invalid(format!(
            "the events must name at least one event: {}",
            one_of(WebhookEvent::NAMES)
        )));
    }
    let mut events = Vec::new();
    for name in names {
        let event: WebhookEvent = name
            .parse()
            .map_err(|e: campaign::ParseEnumError| invalid(format!("the events: {e}")))?;
        if !events.contains(&event) {
            events.push(event);
        }
    }
    Ok(events)
}

/// 32 random bytes, in hex.
fn generate_secret() -> String {
    let mut bytes = [0u8; 32];
    rand::rngs::OsRng.fill_bytes(&mut bytes);
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// The delay before try `attempt + 1` after `attempt` failed ones: `base` doubled per
/// failure, at most an hour, less up to a quarter at random (`jitter` in 0..1) so the
/// retries of many deliveries spread out.
pub fn retry_delay(attempt: u32, base: Duration, jitter: f64) -> Duration {
    const CAP: Duration = Duration::from_secs(3600);
    let doubled = base.saturating_mul(1u32 << attempt.saturating_sub(1).min(20));
    doubled
        .min(CAP)
        .mul_f64(1.0 - 0.25 * jitter.clamp(0.0, 1.0))
}

/// How long after its event a delivery is tried before it is given up.
pub const GIVE_UP_AFTER: Duration = Duration::from_secs(24 * 3600);

#[async_trait::async_trait]
impl Webhooks for Service {
    async fn create_webhook(
        &self,
        user: User,
        campaign_id: i64,
        new: NewWebhook,
    ) -> Result<CreatedWebhook, Error> {
        create(
            &mut *self.conn().await?,
            user,
            campaign_id,
            new,
            self.webhooks,
        )
        .await
    }

    /// The webhooks of a campaign `caller` referees, each with its latest deliveries and
    /// their tries. Their URLs may carry tokens (Discord's do): only referees see them.
    async fn webhooks(
        &self,
        reader: ReadAccess,
        campaign_id: i64,
    ) -> Result<Vec<WebhookView>, Error> {
        let mut conn = self.conn().await?;
        let conn = &mut *conn;
        let caller = reader.into_caller();
        let scope = readable_campaign(conn, campaign_id, caller).await?;
        scope.require_referee("see the webhooks")?;
        views(conn, scope.campaign().id).await
    }

    /// Deletes a webhook of a campaign `user` referees, and its queued deliveries.
    async fn delete_webhook(&self, user: User, webhook: WebhookRef) -> Result<(), Error> {
        let (campaign_id, id) = (webhook.campaign_id, webhook.webhook_id);
        let mut conn = self.conn().await?;
        let conn = &mut *conn;
        let scope = referee_scope(conn, user, campaign_id, "delete webhooks").await?;
        if eagles_db::webhooks::delete(conn, scope.campaign().id, id).await? {
            Ok(())
        } else {
            Err(ServiceError::NotFound(format!(
                "campaign {campaign_id} has no webhook {id}"
            )))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    // API v1.2: the debrief's `content` names its kills (R22's kills, said by name).
    #[test]
    fn a_debrief_summary_names_its_kills() {
        let kills = [
            "Albert Ball shot down Hans Weiss (Albatros D-III, c1)".to_owned(),
            "Hans Weiss and Kurt Wolff shot down Albert Ball (Nieuport 17, a1)".to_owned(),
        ];
        assert_eq!(
            debrief_summary(1, 12, &kills, 1),
            "game 12 of week 1 debriefed — 2 kills, 1 death: Albert Ball shot down Hans Weiss \
             (Albatros D-III, c1); Hans Weiss and Kurt Wolff shot down Albert Ball (Nieuport 17, a1)"
        );
        assert_eq!(
            debrief_summary(3, 7, &[], 0),
            "game 7 of week 3 debriefed — 0 kills, 0 deaths"
        );
    }

    #[test]
    fn refuses_every_kind_of_non_public_address() {
        for (ip, kind) in [
            ("127.0.0.1", "loopback"),
            ("::1", "loopback"),
            ("10.1.2.3", "private"),
            ("172.16.0.1", "private"),
            ("192.168.1.1", "private"),
            ("100.64.0.1", "private"),
            ("169.254.169.254", "link-local"),
            ("fe80::1", "link-local"),
            ("fd00::1", "unique-local"),
            ("0.0.0.0", "unspecified"),
            ("::", "unspecified"),
            ("::ffff:127.0.0.1", "loopback"),
        ] {
            assert_eq!(non_public(ip.parse().unwrap()), Some(kind), "{ip}");
        }
        for ip in ["93.184.216.34", "2606:4700::1111", "8.8.8.8"] {
            assert_eq!(non_public(ip.parse().unwrap()), None, "{ip}");
        }
    }

    #[test]
    fn urls_must_be_absolute_http_or_https() {
        assert!(parse_url("https://discord.com/api/webhooks/1/abc").is_ok());
        assert!(parse_url("http://example.com:8080/x").is_ok());
        for bad in [
            "",
            "/relative",
            "example.com/hook",
            "ftp://example.com/",
            "mailto:a@b.c",
        ] {
            assert!(parse_url(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn events_are_known_names_and_at_least_one() {
        let names = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        assert!(parse_events(&[]).is_err());
        assert!(parse_events(&names(&["week_closed", "goal"])).is_err());
        assert_eq!(
            parse_events(&names(&["debrief", "debrief", "week_closed"])).unwrap(),
            vec![WebhookEvent::Debrief, WebhookEvent::WeekClosed]
        );
    }

    #[test]
    fn retries_back_off_exponentially_up_to_an_hour() {
        let base = Duration::from_secs(10);
        assert_eq!(retry_delay(1, base, 0.0), Duration::from_secs(10));
        assert_eq!(retry_delay(2, base, 0.0), Duration::from_secs(20));
        assert_eq!(retry_delay(4, base, 0.0), Duration::from_secs(80));
        assert_eq!(retry_delay(30, base, 0.0), Duration::from_secs(3600));
        assert_eq!(retry_delay(1, base, 1.0), Duration::from_millis(7500));
    }

    #[test]
    fn summaries_read_as_a_sentence() {
        assert_eq!(
            week_closed_summary(3, 4, 1),
            "week 3 closed — 4 kills, 1 death"
        );
        assert_eq!(
            week_closed_summary(1, 1, 0),
            "week 1 closed — 1 kill, 0 deaths"
        );
    }
}
