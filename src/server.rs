//! The HTTP server: the API, the pages, request logging.

use std::net::TcpListener;

use actix_web::dev::Server;
use actix_web::{middleware, web, App, HttpServer};
use eagles_db::{build_pool, DbPool, PoolSettings};
use eagles_service::events::{Hub, StreamSettings};
use eagles_service::webhooks::AddressPolicy;
use eagles_service::Service;
use eagles_web::PublicUrl;
use tracing_actix_web::TracingLogger;

use crate::request_span::RequestSpan;

/// Starts serving on `listener`; the returned future runs until SIGINT or SIGTERM,
/// then finishes in-flight requests and resolves.
pub fn run(listener: TcpListener, pool: DbPool) -> std::io::Result<Server> {
    run_with(listener, pool, AddressPolicy::default())
}

/// [`run`] with the webhooks' address policy (`EAGLES_WEBHOOK_ALLOW_PRIVATE`).
pub fn run_with(
    listener: TcpListener,
    pool: DbPool,
    webhooks: AddressPolicy,
) -> std::io::Result<Server> {
    let public_url = PublicUrl::of_address(listener.local_addr()?);
    run_public(listener, pool, webhooks, public_url)
}

/// [`run_with`] with the address people reach the service at (`EAGLES_PUBLIC_URL`),
/// which absolute links (the feed's) start with; [`run`] takes `http://` and the
/// listener's address.
pub fn run_public(
    listener: TcpListener,
    pool: DbPool,
    webhooks: AddressPolicy,
    public_url: PublicUrl,
) -> std::io::Result<Server> {
    let events = Events {
        source: crate::listener::Source::Pool(pool.clone()),
        streams: StreamSettings::default(),
    };
    run_serving(listener, Pools::Shared(pool), webhooks, public_url, events)
}

/// Where an instance hears of the writes of every instance, and how its event streams
/// behave.
pub struct Events {
    pub source: crate::listener::Source,
    pub streams: StreamSettings,
}

/// Where the HTTP workers take their database connections.
#[derive(Clone)]
pub enum Pools {
    /// One pool for every worker.
    Shared(DbPool),
    /// Each worker its own pool to `url`, of an equal share of `settings.max_size`. A
    /// connection does its reading and writing on the worker that opened it: from a
    /// shared pool, a request on the other worker waits on two threads at each round
    /// trip, one of them busy with its own requests and event streams, and a write
    /// holds the campaign's lock through those waits.
    PerWorker { url: String, settings: PoolSettings },
}

impl Pools {
    /// The pool of one of `workers` workers.
    fn for_worker(&self, workers: usize) -> DbPool {
        match self {
            Pools::Shared(pool) => pool.clone(),
            Pools::PerWorker { url, settings } => build_pool(
                url,
                PoolSettings {
                    max_size: settings.max_size.div_ceil(workers),
                    ..*settings
                },
            ),
        }
    }
}

/// [`run_public`] with the events' listener and streams as `eagles serve` configures
/// them. The listener runs as long as the server; on SIGINT or SIGTERM the event
/// streams end first, so the graceful shutdown does not wait for them.
pub fn run_serving(
    listener: TcpListener,
    pools: Pools,
    webhooks: AddressPolicy,
    public_url: PublicUrl,
    events: Events,
) -> std::io::Result<Server> {
    let hub = Hub::new(events.streams);
    crate::listener::spawn(events.source, hub.clone());
    let closing = hub.clone();
    let accounts = eagles_service::accounts::AccountSettings {
        sign_up: crate::config::sign_up().map_err(std::io::Error::other)?,
        public_url: public_url.as_str().to_owned(),
    };
    let public_url = web::Data::new(public_url);
    let read_cache = web::Data::new(crate::read_cache::ReadCache::default());
    // As many as actix would start by itself; named to share the pool out among them.
    let workers = std::thread::available_parallelism().map_or(1, |n| n.get());
    let server = HttpServer::new(move || {
        let pool = pools.for_worker(workers);
        let service =
            Service::new(pool.clone(), webhooks, hub.clone()).with_accounts(accounts.clone());
        App::new()
            // Innermost: it keeps the bodies as the handlers wrote them, before compression.
            .wrap(middleware::from_fn(crate::read_cache::middleware))
            // Outside the cache: a refused address or form is not probed.
            .wrap(middleware::from_fn(crate::unstorable::middleware))
            // Outside both: they see a `HEAD` as the `GET` it is answered by.
            .wrap(middleware::from_fn(crate::head::middleware))
            .wrap(TracingLogger::<RequestSpan>::new())
            .wrap(middleware::Compress::default())
            .wrap(eagles_web::security_headers())
            .configure(crate::ports::register(service))
            .app_data(web::Data::new(pool))
            .app_data(public_url.clone())
            .app_data(read_cache.clone())
            .configure(eagles_api::configure)
            .configure(eagles_web::configure)
    })
    .workers(workers)
    .listen(listener)?
    .shutdown_timeout(30)
    .shutdown_signal(async move {
        stop_requested().await;
        closing.close();
    })
    .run();
    Ok(server)
}

/// Resolves on SIGINT or SIGTERM, either of which stops the server gracefully.
async fn stop_requested() {
    use tokio::signal::unix::{signal, SignalKind};
    match signal(SignalKind::terminate()) {
        Ok(mut terminate) => {
            tokio::select! {
                _ = tokio::signal::ctrl_c() => {}
                _ = terminate.recv() => {}
            }
        }
        Err(e) => {
            tracing::warn!(error = %e, "cannot watch for SIGTERM; stop the server with SIGINT");
            let _ = tokio::signal::ctrl_c().await;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_worker_pools_its_share_of_the_connections_rounded_up() {
        let pools = Pools::PerWorker {
            url: "postgres://eagles@127.0.0.1:1/eagles".to_owned(),
            settings: PoolSettings {
                max_size: 10,
                ..PoolSettings::default()
            },
        };
        assert_eq!(pools.for_worker(2).status().max_size, 5);
        assert_eq!(pools.for_worker(3).status().max_size, 4);
        assert_eq!(pools.for_worker(1).status().max_size, 10);
        let shared = build_pool(
            "postgres://eagles@127.0.0.1:1/eagles",
            PoolSettings::default(),
        );
        assert_eq!(Pools::Shared(shared).for_worker(2).status().max_size, 10);
    }
}
