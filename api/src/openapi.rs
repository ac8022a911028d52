//! The OpenAPI document, generated from the handlers' annotations and served at
//! `GET /api/openapi.json`.

use std::sync::OnceLock;

use actix_web::HttpResponse;
use utoipa::openapi::path::Operation;
use utoipa::openapi::security::{Http, HttpAuthScheme, SecurityScheme};
use utoipa::{Modify, OpenApi};

use utoipa_actix_web::AppExt;

/// What the document says beyond its paths, which come from the route registration.
#[derive(OpenApi)]
#[openapi(
    info(title = "Eagles", description = "The campaign office for Canvas Eagles clubs"),
    components(schemas(crate::error::Problem)),
    modifiers(&BearerAuth),
    tags(
        (name = "health"), (name = "accounts"), (name = "reference"),
        (name = "campaigns"), (name = "crew"), (name = "games"), (name = "dice"),
        (name = "sheets", description = "A game's line-up and its aircraft data sheets"),
        (name = "debriefs"), (name = "weeks"), (name = "standings"),
        (name = "backup", description = "Export and import of whole campaigns"),
    )
)]
pub struct ApiDoc;

struct BearerAuth;

impl Modify for BearerAuth {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        let components = openapi.components.get_or_insert_with(Default::default);
        components.add_security_scheme(
            "bearer",
            SecurityScheme::Http(Http::new(HttpAuthScheme::Bearer)),
        );
    }
}

/// The whole document: the paths and schemas the routes registered, with the
/// statuses and headers every operation shares.
pub fn document() -> utoipa::openapi::OpenApi {
    let (_, mut doc) = actix_web::App::new()
        .into_utoipa_app()
        .openapi(ApiDoc::openapi())
        .configure(crate::routes)
        .split_for_parts();
    for (path, item) in doc.paths.paths.iter_mut() {
        for operation in [
            item.get.as_mut(),
            item.post.as_mut(),
            item.put.as_mut(),
            item.patch.as_mut(),
            item.delete.as_mut(),
        ]
        .into_iter()
        .flatten()
        {
            document_bad_request(operation);
            document_unauthorized(operation);
            if path.contains("{cid}") {
                document_campaign_access(operation);
            }
        }
        if let Some(operation) = item.post.as_mut() {
            if !crate::idempotency::exempt(path) {
                operation
                    .parameters
                    .get_or_insert_with(Vec::new)
                    .push(idempotency_key());
            }
        }
    }
    doc
}

/// Every operation that reads parameters or a body answers 400 when they do not parse
/// (a wrong type, an unknown field, a value outside its names); the annotations list
/// the statuses of the operation's own logic, so the 400 is added here once.
fn document_bad_request(operation: &mut Operation) {
    let takes_input = operation.parameters.as_ref().is_some_and(|p| !p.is_empty())
        || operation.request_body.is_some();
    if takes_input {
        add_problem(
            operation,
            "400",
            "The request does not parse: the detail names the field and why",
            "application/problem+json",
        );
    }
}

/// Every operation behind a bearer token answers 401 when the token is missing or no
/// longer works (the `SignedIn` extractor refuses it before the handler runs), so the
/// 401 is added here once. It keeps the bare form the annotations used to give it.
fn document_unauthorized(operation: &mut Operation) {
    if operation.security.as_ref().is_some_and(|s| !s.is_empty()) {
        add_problem(operation, "401", "", "application/json");
    }
}

/// Every operation on a campaign answers 404 when there is no such campaign, or a
/// private one the caller is not a member of (`eagles_service::access`), and, behind a
/// token, 403 when the caller's role does not allow it.
fn document_campaign_access(operation: &mut Operation) {
    add_problem(
        operation,
        "404",
        "No such campaign, or one the caller may not see; or no such record in it",
        "application/problem+json",
    );
    if operation.security.as_ref().is_some_and(|s| !s.is_empty()) {
        add_problem(
            operation,
            "403",
            "The caller's role in the campaign does not allow this",
            "application/problem+json",
        );
    }
}

/// Adds a response with a problem document to the operation, unless its annotation
/// already describes that status.
fn add_problem(operation: &mut Operation, status: &str, description: &str, content_type: &str) {
    use utoipa::openapi::{ContentBuilder, Ref, ResponseBuilder};
    operation
        .responses
        .responses
        .entry(status.to_owned())
        .or_insert_with(|| {
            ResponseBuilder::new()
                .description(description)
                .content(
                    content_type,
                    ContentBuilder::new()
                        .schema(Some(Ref::from_schema_name("Problem")))
                        .build(),
                )
                .build()
                .into()
        });
}

/// The `Idempotency-Key` header every POST but `/tokens` takes (see `idempotency`).
fn idempotency_key() -> utoipa::openapi::path::Parameter {
    use utoipa::openapi::path::{ParameterBuilder, ParameterIn};
    use utoipa::openapi::schema::{ObjectBuilder, Type};
    use utoipa::openapi::Required;
    ParameterBuilder::new()
        .name("Idempotency-Key")
        .parameter_in(ParameterIn::Header)
        .required(Required::False)
        .description(Some(
            "A key of 1 to 255 visible ASCII characters (e.g. a UUID). The same key and \
             body again within 24 hours answers the first successful response, with \
             `Idempotency-Replayed: true`, and changes nothing; the same key with another \
             body or path is a 422; while the first request still runs, the repeat waits \
             for it and answers its outcome.",
        ))
        .schema(Some(
            ObjectBuilder::new()
                .schema_type(Type::String)
                .min_length(Some(1))
                .max_length(Some(crate::idempotency::MAX_KEY_LENGTH))
                .pattern(Some("^[!-~]+$")),
        ))
        .build()
}

/// Serves the OpenAPI document, built once.
pub async fn openapi_json() -> HttpResponse {
    static DOCUMENT: OnceLock<utoipa::openapi::OpenApi> = OnceLock::new();
    HttpResponse::Ok().json(DOCUMENT.get_or_init(document))
}
