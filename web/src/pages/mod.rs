//! One module per page.

pub mod assets;
pub mod home;

use actix_web::http::StatusCode;
use actix_web::HttpResponse;
use askama::Template;

/// Renders a template as an HTML response.
pub fn render(template: &impl Template, status: StatusCode) -> HttpResponse {
    match template.render() {
        Ok(html) => HttpResponse::build(status)
            .content_type("text/html; charset=utf-8")
            .body(html),
        Err(e) => {
            tracing::error!(error = %e, "page failed to render");
            HttpResponse::InternalServerError()
                .content_type("text/plain; charset=utf-8")
                .body("the page could not be shown; the error was logged")
        }
    }
}
