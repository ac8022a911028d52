//! The HTTP server: the API, the pages, request logging.

use std::net::TcpListener;

use actix_web::dev::Server;
use actix_web::{middleware, web, App, HttpServer};
use eagles_db::DbPool;
use eagles_service::webhooks::AddressPolicy;
use eagles_web::PublicUrl;
use tracing_actix_web::TracingLogger;

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
    let pool = web::Data::new(pool);
    let public_url = web::Data::new(public_url);
    let webhooks = web::Data::new(webhooks);
    let server = HttpServer::new(move || {
        App::new()
            .wrap(TracingLogger::default())
            .wrap(middleware::Compress::default())
            .wrap(eagles_web::security_headers())
            .app_data(pool.clone())
            .app_data(public_url.clone())
            .app_data(webhooks.clone())
            .configure(eagles_api::configure)
            .configure(eagles_web::configure)
    })
    .listen(listener)?
    .shutdown_timeout(30)
    .run();
    Ok(server)
}
