//! The webhook delivery worker of `eagles serve`. Every instance runs one; they share
//! the outbox in Postgres (`eagles_db::webhooks`): each poll claims the due deliveries
//! with `FOR UPDATE SKIP LOCKED` and a lease, sends each once, and records the try —
//! delivered on a 2xx, else due again after an exponential backoff with jitter, until a
//! day after the event. A worker that dies mid-try leaves its claims to the lease's
//! end, when any worker takes them again: at least once, never lost.

use std::sync::Arc;
use std::time::Duration;

use campaign::webhooks::WebhookEvent;
use eagles_db::webhooks::{Claimed, Next};
use eagles_db::DbPool;
use eagles_service::webhooks::{
    check_address, retry_delay, AddressPolicy, GIVE_UP_AFTER, RESOLVE_TIMEOUT,
};
use hmac::{Hmac, KeyInit, Mac};
use serde::Serialize;
use sha2::Sha256;
use tokio::task::JoinSet;

use crate::config::WebhookConfig;

/// How many deliveries one poll claims at most; they are sent side by side.
const BATCH: i64 = 16;

/// The body of a delivery, byte for byte the same in every try of it.
#[derive(Serialize)]
struct Payload<'a> {
    event: WebhookEvent,
    campaign_id: i64,
    revision: i64,
    delivery_id: &'a str,
    content: &'a str,
    data: &'a serde_json::Value,
}

/// `sha256=<hex>`: the HMAC-SHA256 of `body` under `secret`.
pub fn signature(secret: &str, body: &[u8]) -> String {
    let mut mac =
        Hmac::<Sha256>::new_from_slice(secret.as_bytes()).expect("HMAC takes a key of any length");
    mac.update(body);
    let hex: String = mac
        .finalize()
        .into_bytes()
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect();
    format!("sha256={hex}")
}

/// Starts the worker on the runtime; it runs until the returned task is aborted.
pub fn spawn(pool: DbPool, config: WebhookConfig) -> tokio::task::JoinHandle<()> {
    tokio::spawn(run(pool, config))
}

async fn run(pool: DbPool, config: WebhookConfig) {
    let client = match client(&config) {
        Ok(client) => client,
        Err(e) => {
            tracing::error!(error = %e, "cannot build the webhook client: no deliveries from this instance");
            return;
        }
    };
    let worker = Arc::new(Worker {
        pool,
        client,
        config,
    });
    loop {
        match worker.clone().poll().await {
            // A full batch: more may be due already.
            Ok(claimed) if claimed as i64 == BATCH => continue,
            Ok(_) => {}
            Err(e) => tracing::warn!(error = %e, "webhook worker: cannot claim deliveries"),
        }
        tokio::time::sleep(worker.config.poll).await;
    }
}

/// The HTTP client: no redirects (a 3xx could point anywhere, a private address
/// included), the configured timeout, and a resolver that refuses non-public
/// addresses, so a name cannot change between the check and the connection.
fn client(config: &WebhookConfig) -> reqwest::Result<reqwest::Client> {
    reqwest::Client::builder()
        .timeout(config.timeout)
        .connect_timeout(config.timeout)
        .redirect(reqwest::redirect::Policy::none())
        .user_agent(concat!("Eagles-Webhooks/", env!("CARGO_PKG_VERSION")))
        .dns_resolver(Arc::new(CheckedResolver {
            policy: config.policy,
        }))
        .build()
}

struct CheckedResolver {
    policy: AddressPolicy,
}

impl reqwest::dns::Resolve for CheckedResolver {
    fn resolve(&self, name: reqwest::dns::Name) -> reqwest::dns::Resolving {
        let policy = self.policy;
        Box::pin(async move {
            let host = name.as_str().to_owned();
            let addresses = eagles_service::webhooks::resolve(&host, 0).await?;
            eagles_service::webhooks::check_addresses(&host, &addresses, policy)?;
            let addresses: reqwest::dns::Addrs = Box::new(addresses.into_iter());
            Ok(addresses)
        })
    }
}

struct Worker {
    pool: DbPool,
    client: reqwest::Client,
    config: WebhookConfig,
}

impl Worker {
    /// Claims the due deliveries and tries each once; returns how many it claimed.
    async fn poll(self: Arc<Self>) -> Result<usize, String> {
        // Past the lease another worker may try again: it outlasts a whole try.
        let lease = self.config.timeout + RESOLVE_TIMEOUT + Duration::from_secs(5);
        let claimed = {
            let mut conn = self.pool.get().await.map_err(|e| e.to_string())?;
            eagles_db::webhooks::claim(&mut conn, BATCH, lease.as_secs_f64() * 1000.0)
                .await
                .map_err(|e| e.to_string())?
        };
        let count = claimed.len();
        let mut tries = JoinSet::new();
        for delivery in claimed {
            let worker = self.clone();
            tries.spawn(async move { worker.deliver(delivery).await });
        }
        while tries.join_next().await.is_some() {}
        Ok(count)
    }

    /// One try of one delivery, recorded.
    async fn deliver(&self, delivery: Claimed) {
        let outcome = self.send(&delivery).await;
        let (http_status, error, next) = match outcome {
            Ok(status) if (200..300).contains(&status) => (Some(status), None, Next::Delivered),
            Ok(status) => (
                Some(status),
                Some(format!("the receiver answered {status}")),
                self.next_try(&delivery),
            ),
            Err(why) => (None, Some(why), self.next_try(&delivery)),
        };
        match &error {
            None => tracing::info!(delivery = %delivery.delivery_id, "webhook delivered"),
            Some(why) => tracing::warn!(
                delivery = %delivery.delivery_id, attempt = delivery.attempts, ?next, why,
                "webhook delivery failed"
            ),
        }
        let recorded = match self.pool.get().await {
            Ok(mut conn) => eagles_db::webhooks::record(
                &mut conn,
                delivery.id,
                http_status.map(i32::from),
                error.as_deref(),
                next,
            )
            .await
            .map_err(|e| e.to_string()),
            Err(e) => Err(e.to_string()),
        };
        if let Err(e) = recorded {
            // The lease runs out and the delivery is tried again: at least once.
            tracing::warn!(delivery = %delivery.delivery_id, error = %e, "cannot record a webhook try");
        }
    }

    /// After a failed try: again after the backoff, or never once a day has passed.
    fn next_try(&self, delivery: &Claimed) -> Next {
        let attempt = u32::try_from(delivery.attempts).unwrap_or(1).max(1);
        let delay = retry_delay(attempt, self.config.retry_base, rand::random::<f64>());
        let age = (chrono::Utc::now() - delivery.created_at)
            .to_std()
            .unwrap_or_default();
        if age + delay > GIVE_UP_AFTER {
            Next::GiveUp
        } else {
            Next::RetryIn(delay.as_secs_f64() * 1000.0)
        }
    }

    /// Sends the delivery; the receiver's status, or why none came.
    async fn send(&self, delivery: &Claimed) -> Result<u16, String> {
        let url = url::Url::parse(&delivery.url).map_err(|e| format!("bad URL: {e}"))?;
        // Refused before anything is sent: the name may have come to resolve to a
        // private address since the webhook was created.
        check_address(&url, self.config.policy)
            .await
            .map_err(|e| e.to_string())?;
        let body = serde_json::to_vec(&Payload {
            event: delivery.event,
            campaign_id: delivery.campaign_id,
            revision: delivery.revision,
            delivery_id: &delivery.delivery_id,
            content: &delivery.content,
            data: &delivery.data,
        })
        .map_err(|e| e.to_string())?;
        let response = self
            .client
            .post(url)
            .header("content-type", "application/json")
            .header("x-eagles-event", delivery.event.as_str())
            .header("x-eagles-delivery", &delivery.delivery_id)
            .header("x-eagles-signature", signature(&delivery.secret, &body))
            .body(body)
            .send()
            .await
            .map_err(|e| describe(&e, self.config.timeout))?;
        Ok(response.status().as_u16())
    }
}

/// A failed request in a sentence, with its causes: reqwest's own text stops at
/// "error sending request".
fn describe(error: &reqwest::Error, timeout: Duration) -> String {
    if error.is_timeout() {
        return format!("no answer within {} ms", timeout.as_millis());
    }
    let mut text = error.to_string();
    let mut source = std::error::Error::source(error);
    while let Some(cause) = source {
        text.push_str(": ");
        text.push_str(&cause.to_string());
        source = cause.source();
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn signs_with_hmac_sha256_in_hex() {
        // RFC 4231, test case 2.
        assert_eq!(
            signature("Jefe", b"what do ya want for nothing?"),
            "sha256=5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"
        );
    }
}
