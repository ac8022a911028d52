//! Where a webhook may point: every address its host resolves to is public, unless
//! the operator allows private ones.

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr};

use super::{AddressPolicy, AddressRefusal, RESOLVE_TIMEOUT};

/// Resolves the URL's host and checks every address it resolves to against `policy`;
/// returns the addresses, for the sender to connect to exactly those.
pub async fn check_address(
    url: &url::Url,
    policy: AddressPolicy,
) -> Result<Vec<SocketAddr>, AddressRefusal> {
    let host = url.host_str().unwrap_or_default().to_owned();
    let port = url.port_or_known_default().unwrap_or(80);
    let addresses: Vec<SocketAddr> = match url.host() {
        Some(url::Host::Ipv4(ip)) => vec![SocketAddr::new(IpAddr::V4(ip), port)],
        Some(url::Host::Ipv6(ip)) => vec![SocketAddr::new(IpAddr::V6(ip), port)],
        _ => resolve(&host, port).await?,
    };
    check_addresses(&host, &addresses, policy)?;
    Ok(addresses)
}

/// Resolves `host`, bounded by [`RESOLVE_TIMEOUT`].
pub async fn resolve(host: &str, port: u16) -> Result<Vec<SocketAddr>, AddressRefusal> {
    let unresolved = |why: String| AddressRefusal::Unresolved {
        host: host.to_owned(),
        why,
    };
    let found = tokio::time::timeout(RESOLVE_TIMEOUT, tokio::net::lookup_host((host, port)))
        .await
        .map_err(|_| unresolved(format!("no answer within {} s", RESOLVE_TIMEOUT.as_secs())))?
        .map_err(|e| unresolved(e.to_string()))?;
    let addresses: Vec<SocketAddr> = found.collect();
    if addresses.is_empty() {
        return Err(unresolved("it has no address".into()));
    }
    Ok(addresses)
}

/// Refuses the first address that `policy` does not allow.
pub fn check_addresses(
    host: &str,
    addresses: &[SocketAddr],
    policy: AddressPolicy,
) -> Result<(), AddressRefusal> {
    if policy.allow_private {
        return Ok(());
    }
    for address in addresses {
        if let Some(kind) = non_public(address.ip()) {
            return Err(AddressRefusal::Private {
                host: host.to_owned(),
                address: address.ip(),
                kind,
            });
        }
    }
    Ok(())
}

/// What kind of non-public address `ip` is, or `None` for a public one.
pub fn non_public(ip: IpAddr) -> Option<&'static str> {
    match ip {
        IpAddr::V4(v4) => non_public_v4(v4),
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => non_public_v4(v4),
            None => non_public_v6(v6),
        },
    }
}

fn non_public_v4(ip: Ipv4Addr) -> Option<&'static str> {
    let [a, b, ..] = ip.octets();
    if ip.is_loopback() {
        Some("loopback")
    } else if ip.is_unspecified() || a == 0 {
        Some("unspecified")
    } else if ip.is_private() {
        Some("private")
    } else if a == 100 && (64..128).contains(&b) {
        // Carrier-grade NAT (RFC 6598): another network's private space.
        Some("private")
    } else if ip.is_link_local() {
        Some("link-local")
    } else if ip.is_broadcast() {
        Some("broadcast")
    } else {
        None
    }
}

fn non_public_v6(ip: Ipv6Addr) -> Option<&'static str> {
    let first = ip.segments()[0];
    if ip.is_loopback() {
        Some("loopback")
    } else if ip.is_unspecified() {
        Some("unspecified")
    } else if first & 0xfe00 == 0xfc00 {
        Some("unique-local")
    } else if first & 0xffc0 == 0xfe80 {
        Some("link-local")
    } else {
        None
    }
}
