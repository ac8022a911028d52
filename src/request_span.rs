//! The span each request runs in, for the log lines written while it is served.

use actix_web::body::MessageBody;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::Error;
use tracing::{Level, Span};
use tracing_actix_web::{DefaultRootSpanBuilder, RootSpanBuilder};

/// tracing-actix-web's span, made only when its level is logged: building it resolves
/// the route's pattern, matching the path against every route again, which costs a
/// cached read or a 304 a twentieth of its time even when nothing records it.
pub struct RequestSpan;

impl RootSpanBuilder for RequestSpan {
    fn on_request_start(request: &ServiceRequest) -> Span {
        if tracing::enabled!(Level::INFO) {
            tracing_actix_web::root_span!(level = Level::INFO, request)
        } else {
            Span::none()
        }
    }

    fn on_request_end<B: MessageBody>(span: Span, outcome: &Result<ServiceResponse<B>, Error>) {
        DefaultRootSpanBuilder::on_request_end(span, outcome);
    }
}
