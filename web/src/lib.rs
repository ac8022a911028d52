//! The server-rendered pages. Each page is an askama template compiled into the binary.

mod pages;

use actix_web::web;

/// Mounts the pages and the stylesheet.
pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(pages::home::home)
        .service(pages::assets::stylesheet);
}
