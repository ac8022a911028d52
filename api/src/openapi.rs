//! The OpenAPI document, generated from the handlers' annotations and served at
//! `GET /api/openapi.json`.

use actix_web::{get, HttpResponse};
use utoipa::openapi::security::{Http, HttpAuthScheme, SecurityScheme};
use utoipa::{Modify, OpenApi};

use crate::routes::{campaigns, crew, health, members, reference, tokens};

#[derive(OpenApi)]
#[openapi(
    info(title = "Eagles", description = "The campaign office for Canvas Eagles clubs"),
    paths(
        health::health,
        tokens::create_token,
        tokens::delete_current_token,
        reference::list_aircraft,
        reference::list_abilities,
        campaigns::create_campaign,
        campaigns::list_campaigns,
        campaigns::get_campaign,
        members::add_member,
        members::list_members,
        members::change_side,
        crew::create_crew,
        crew::list_crew,
        crew::get_crewman,
        crew::pick_ability,
    ),
    modifiers(&BearerAuth),
    tags(
        (name = "health"), (name = "accounts"), (name = "reference"),
        (name = "campaigns"), (name = "crew"),
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

/// The whole document: this module's paths and each route module's own part. The
/// handlers are mounted under `/api/v1`, except `/health`; the annotations name the
/// path within the scope, so the prefix is added here.
pub fn document() -> utoipa::openapi::OpenApi {
    use crate::routes::{backup, debrief, games, record, rolls, standings, weeks};
    let mut doc = ApiDoc::openapi();
    for part in [
        games::Doc::openapi(),
        rolls::Doc::openapi(),
        debrief::Doc::openapi(),
        weeks::Doc::openapi(),
        standings::Doc::openapi(),
        record::Doc::openapi(),
        backup::Doc::openapi(),
    ] {
        doc.merge(part);
    }
    let paths = std::mem::take(&mut doc.paths.paths);
    doc.paths.paths = paths
        .into_iter()
        .map(|(path, item)| {
            if path == "/health" {
                (path, item)
            } else {
                (format!("/api/v1{path}"), item)
            }
        })
        .collect();
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
        }
        if let Some(operation) = item.post.as_mut() {
            if path != "/api/v1/tokens" {
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
fn document_bad_request(operation: &mut utoipa::openapi::path::Operation) {
    use utoipa::openapi::{ContentBuilder, Ref, ResponseBuilder};
    let takes_input = operation.parameters.as_ref().is_some_and(|p| !p.is_empty())
        || operation.request_body.is_some();
    if !takes_input || operation.responses.responses.contains_key("400") {
        return;
    }
    let problem = ResponseBuilder::new()
        .description("The request does not parse: the detail names the field and why")
        .content(
            "application/problem+json",
            ContentBuilder::new()
                .schema(Some(Ref::from_schema_name("Problem")))
                .build(),
        )
        .build();
    operation
        .responses
        .responses
        .insert("400".to_owned(), problem.into());
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
             body or path is a 422; while the first request still runs, a 409.",
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

/// Serves the OpenAPI document.
#[get("/api/openapi.json")]
pub async fn openapi_json() -> HttpResponse {
    HttpResponse::Ok().json(document())
}
