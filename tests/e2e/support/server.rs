//! Ports and the server on this machine, shared by the end-to-end and the page tests:
//! a free port, and the server started in-process on one.

use std::net::TcpListener;

use eagles_db::DbPool;

/// A port that nothing listens on now.
pub fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// Starts the server in-process on a free port over `pool`; returns its address,
/// e.g. `http://127.0.0.1:4711`.
pub fn start(pool: DbPool) -> String {
    let listener = TcpListener::bind("127.0.0.1:0").expect("bind a free port");
    let address = format!("http://{}", listener.local_addr().unwrap());
    let server = eagles::server::run(listener, pool).expect("start the server");
    tokio::spawn(server);
    address
}
