//! The HTTP server: the API, the pages, request logging.

use std::net::TcpListener;

use actix_web::dev::Server;
use actix_web::{middleware, web, App, HttpServer};
use eagles_db::DbPool;
use tracing_actix_web::TracingLogger;

/// Starts serving on `listener`; the returned future runs until SIGINT or SIGTERM,
/// then finishes in-flight requests and resolves.
pub fn run(listener: TcpListener, pool: DbPool) -> std::io::Result<Server> {
    let pool = web::Data::new(pool);
    let server = HttpServer::new(move || {
        App::new()
            .wrap(TracingLogger::default())
            .wrap(middleware::Compress::default())
            .wrap(eagles_web::security_headers())
            .app_data(pool.clone())
            .configure(eagles_api::configure)
            .configure(eagles_web::configure)
    })
    .listen(listener)?
    .shutdown_timeout(30)
    .run();
    Ok(server)
}
