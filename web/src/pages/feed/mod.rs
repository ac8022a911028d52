//! `/campaigns/{cid}/feed.atom`: a public campaign's Atom 1.0 feed — an entry per
//! closed week with its results in short, linking the week's page and its briefing,
//! and one for the campaign's end (§13.203) once it has ended. Written by the
//! `atom_syndication` crate, with absolute links under `EAGLES_PUBLIC_URL`.
//!
//! Entry ids are tag URIs (RFC 4151) of the public host, the campaign's creation date
//! and the campaign and week, so an entry keeps its id whatever is later written; its
//! `updated` is when the week closed, and a closed week's results are read as they
//! stood then, so an entry never changes once published.

mod view;

use std::net::SocketAddr;

use actix_web::http::header;
use actix_web::{get, web, HttpResponse};
use eagles_office::prelude::*;

use crate::error::PageError;
pub use view::atom_feed;

/// The address the service is reached at from outside, for absolute links: a scheme,
/// a host and maybe a port and a path, without a trailing slash.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PublicUrl(String);

impl PublicUrl {
    /// `url` when it is an absolute http or https URL without query or fragment.
    pub fn parse(url: &str) -> Result<Self, String> {
        let url = url.trim().trim_end_matches('/');
        let rest = url
            .strip_prefix("https://")
            .or_else(|| url.strip_prefix("http://"))
            .ok_or_else(|| format!("{url:?} must start with http:// or https://"))?;
        let authority = rest.split('/').next().unwrap_or_default();
        if authority.is_empty() || authority.contains('@') {
            return Err(format!("{url:?} must name a host, and no user"));
        }
        if url.contains(['?', '#']) || url.chars().any(char::is_whitespace) {
            return Err(format!(
                "{url:?} must be a plain address: no query, fragment or spaces"
            ));
        }
        Ok(Self(url.to_owned()))
    }

    /// `http://<address>`: the default, where the service listens.
    pub fn of_address(address: SocketAddr) -> Self {
        Self(format!("http://{address}"))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The absolute URL of a path of the service (which starts with `/`).
    pub fn join(&self, path: &str) -> String {
        format!("{}{path}", self.0)
    }

    /// The host, as a tag URI's authority takes it: a DNS name (an IPv4 address
    /// passes as one), without port; `localhost` when the host is not one.
    fn tag_authority(&self) -> String {
        let rest = self.0.split_once("://").map_or("", |(_, rest)| rest);
        let authority = rest.split('/').next().unwrap_or_default();
        let host = if authority.starts_with('[') {
            ""
        } else {
            authority.split(':').next().unwrap_or_default()
        };
        let host = host.to_ascii_lowercase();
        let is_dns_name = !host.is_empty()
            && host.split('.').all(|label| {
                !label.is_empty()
                    && label.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
                    && !label.starts_with('-')
                    && !label.ends_with('-')
            });
        if is_dns_name {
            host
        } else {
            "localhost".to_owned()
        }
    }
}

#[get("/campaigns/{cid}/feed.atom")]
pub async fn show(
    feeds: web::Data<dyn Feeds>,
    public_url: web::Data<PublicUrl>,
    path: web::Path<i64>,
) -> Result<HttpResponse, PageError> {
    let feed = feeds.feed(path.into_inner()).await?;
    let atom = atom_feed(&feed, &public_url);
    let xml = atom
        .write_to(Vec::new())
        .map_err(|e| PageError::internal(format!("the feed failed to write: {e}")))?;
    Ok(HttpResponse::Ok()
        .content_type("application/atom+xml; charset=utf-8")
        .insert_header((header::CACHE_CONTROL, "no-cache"))
        .body(xml))
}

#[cfg(test)]
mod tests {
    use super::PublicUrl;

    #[test]
    fn public_urls() {
        let url = PublicUrl::parse("https://eagles.example.org/club/").unwrap();
        assert_eq!(
            url.join("/campaigns/1"),
            "https://eagles.example.org/club/campaigns/1"
        );
        assert_eq!(url.tag_authority(), "eagles.example.org");
        let local = PublicUrl::of_address("127.0.0.1:8080".parse().unwrap());
        assert_eq!(local.as_str(), "http://127.0.0.1:8080");
        assert_eq!(local.tag_authority(), "127.0.0.1");
        let v6 = PublicUrl::of_address("[::1]:8080".parse().unwrap());
        assert_eq!(v6.tag_authority(), "localhost");
        for bad in [
            "eagles.example.org",
            "ftp://x",
            "http://",
            "http://a/?q",
            "http://u@h",
        ] {
            assert!(PublicUrl::parse(bad).is_err(), "{bad}");
        }
    }
}
