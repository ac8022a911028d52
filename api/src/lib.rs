//! The Eagles REST API: JSON endpoints under `/api/v1`, errors as problem+json, the
//! OpenAPI document at `/api/openapi.json` and `/health`. Handlers stay thin: they
//! parse the request, call a use case of the office (`eagles_office::Office`) and
//! turn its answer into JSON or a problem document.

pub mod auth;
pub mod error;
pub mod extract;
pub mod idempotency;
pub mod openapi;
pub mod paging;
pub mod routes;

use actix_web::web;
use eagles_office::Error;
use utoipa_actix_web::service_config::ServiceConfig;

pub use error::ApiError;

/// Mounts the API's routes. The caller adds each of the office's ports as
/// `web::Data<dyn Port>` (`Sheets`, `Games`, `Tokens`, …): each handler asks for those it
/// uses.
pub fn configure(cfg: &mut web::ServiceConfig) {
    routes(&mut ServiceConfig::new(cfg));
}

/// The routes. They are registered through utoipa-actix-web, which collects each
/// handler's annotation as it mounts it, so the OpenAPI document lists exactly the
/// routes that are served (see `openapi::document`).
fn routes(cfg: &mut ServiceConfig) {
    use routes::*;
    cfg.app_data(extract::payload_config())
        .app_data(extract::query_config())
        .app_data(extract::path_config())
        .service(health::health)
        .route("/api/openapi.json", web::get().to(openapi::openapi_json))
        .service(
            utoipa_actix_web::scope("/api/v1")
                .wrap(actix_web::middleware::from_fn(idempotency::middleware))
                .service(tokens::create_token)
                .service(tokens::delete_current_token)
                .service(reference::list_aircraft)
                .service(reference::list_abilities)
                .service(campaigns::create_campaign)
                .service(campaigns::list_campaigns)
                .service(campaigns::get_campaign)
                .service(campaigns::end_campaign)
                .service(events::campaign_events)
                .service(members::add_member)
                .service(members::list_members)
                .service(members::change_side)
                .service(members::remove_member)
                .configure(accounts::configure)
                .configure(invitations::configure)
                .service(crew::create_crew)
                .service(crew::list_crew)
                .service(crew::get_crewman)
                .service(crew::pick_ability)
                .configure(games::configure)
                .configure(rolls::configure)
                .configure(sheets::configure)
                .configure(debrief::configure)
                .configure(weeks::configure)
                .configure(standings::configure)
                .configure(record::configure)
                .configure(backup::configure)
                .configure(webhooks::configure)
                .default_service(web::to(not_found)),
        );
}

async fn not_found() -> Result<actix_web::HttpResponse, ApiError> {
    Err(ApiError(Error::NotFound(
        "no such endpoint; the API is described at /api/openapi.json".into(),
    )))
}
