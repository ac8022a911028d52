//! Local TCP ports: picking a free one, and checking that a server answers on one.

use std::io;
use std::net::{Ipv4Addr, SocketAddr, TcpListener, TcpStream};
use std::time::Duration;

/// A port that was free on 127.0.0.1 a moment ago. Another process may take it before
/// the server binds it; the caller retries startup then.
pub(crate) fn free_port() -> io::Result<u16> {
    let listener = TcpListener::bind((Ipv4Addr::LOCALHOST, 0))?;
    Ok(listener.local_addr()?.port())
}

/// True when something accepts TCP connections on 127.0.0.1:`port`.
pub(crate) fn is_accepting(port: u16) -> bool {
    let addr = SocketAddr::from((Ipv4Addr::LOCALHOST, port));
    TcpStream::connect_timeout(&addr, Duration::from_secs(1)).is_ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_free_port_is_not_accepting() {
        let port = free_port().unwrap();
        assert_ne!(port, 0);
        assert!(!is_accepting(port));
        let listener = TcpListener::bind((Ipv4Addr::LOCALHOST, port)).unwrap();
        assert!(is_accepting(port));
        drop(listener);
    }
}
