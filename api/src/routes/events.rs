//! The HTTP face of `eagles_office::events`: a campaign's events as server-sent
//! events (`text/event-stream`), for live screens and `EventSource`.

use std::convert::Infallible;

use actix_web::http::header;
use actix_web::{get, web, HttpRequest, HttpResponse};
use eagles_office::credentials::{client_address, SESSION_COOKIE};
use eagles_office::events::{OpenStream, StreamItem, Subscriber};
use eagles_office::prelude::*;
use serde::Deserialize;
use utoipa::IntoParams;

use crate::auth::Caller;
use crate::error::ApiError;
use crate::routes::paths::CampaignPath;

/// How soon an `EventSource` comes back after a stream ends (its lifetime is over, the
/// instance shuts down), in milliseconds: its `Last-Event-ID` makes up for the pause.
const RETRY_MS: u64 = 1000;

/// Where a reconnecting client left off, for clients that cannot send the
/// `Last-Event-ID` header.
#[derive(Debug, Deserialize, IntoParams)]
#[serde(deny_unknown_fields)]
#[into_params(parameter_in = Query)]
pub struct EventsQuery {
    /// The revision of the last event the client saw, as the `Last-Event-ID` header
    /// gives it (the header wins when both are sent): the stream starts with the
    /// events after it.
    #[param(minimum = 0)]
    pub last_event_id: Option<i64>,
}

/// The campaign's events, live: one server-sent event per write, in revision order,
/// `id:` the campaign's revision after the write, `event:` its kind and `data:` the
/// event as JSON. Without `Last-Event-ID` (header, or the `last_event_id` parameter)
/// the stream starts with the next write; with it, with the writes after that revision.
/// It opens with `retry:` and `id:` the revision it starts after, which is no event
/// but becomes the client's last event id.
/// A `: keep-alive` comment comes when the stream has been quiet for a while. A
/// stream ends after a while (an hour by default) and when the server shuts down:
/// reconnect with `Last-Event-ID`, as `EventSource` does by itself, and nothing is lost.
#[utoipa::path(
    tag = "campaigns",
    params(
        CampaignPath,
        EventsQuery,
        ("Last-Event-ID" = Option<i64>, Header, description = "The revision of the last event the client saw"),
    ),
    responses(
        (status = 200, content_type = "text/event-stream", body = String,
         description = "Server-sent events; each `data:` is `{\"campaign_id\", \"revision\", \"kind\", \"id\"}`, `id` the written thing's (the roll, the game, the closed week's number, the sortie…); a `sheet` event that changes no open fact has no `id` for a reader who may not read that sheet (§13.20, R20)"),
        (status = 429, description = "The account (or, without a token, the client address) holds as many streams as one server allows", body = crate::error::Problem),
    )
)]
#[get("/campaigns/{cid}/events")]
pub async fn campaign_events(
    events: web::Data<dyn Events>,
    sessions: web::Data<dyn Sessions>,
    Caller(caller): Caller,
    path: web::Path<CampaignPath>,
    query: web::Query<EventsQuery>,
    req: HttpRequest,
) -> Result<HttpResponse, ApiError> {
    let last_event_id = match last_event_id_header(&req)? {
        Some(id) => Some(id),
        None => query.last_event_id,
    };
    // A page's `EventSource` cannot send a token but brings its session cookie.
    let caller = match (caller, req.cookie(SESSION_COOKIE)) {
        (Some(user), _) => Some(user),
        (None, Some(cookie)) => sessions.session_user(cookie.value()).await?,
        (None, None) => None,
    };
    let address = client_address(req.peer_addr(), req.connection_info().realip_remote_addr());
    let stream = events
        .open_events(
            Subscriber {
                reader: caller.into(),
                address: &address,
            },
            path.cid,
            last_event_id,
        )
        .await?;
    Ok(HttpResponse::Ok()
        .content_type("text/event-stream")
        .insert_header((header::CACHE_CONTROL, "no-store"))
        // nginx would otherwise hold the events back to fill its buffer.
        .insert_header(("X-Accel-Buffering", "no"))
        .streaming(body(stream)))
}

/// The `Last-Event-ID` header as a revision; absent or empty is none.
fn last_event_id_header(req: &HttpRequest) -> Result<Option<i64>, ApiError> {
    let Some(value) = req.headers().get("last-event-id") else {
        return Ok(None);
    };
    let value = value.to_str().unwrap_or("?").trim();
    if value.is_empty() {
        return Ok(None);
    }
    value.parse().map(Some).map_err(|_| {
        ApiError(Error::BadRequest(format!(
            "Last-Event-ID must be the revision of an event this stream sent, not {value:?}"
        )))
    })
}

/// How many messages ready at once one chunk of the body may carry.
const READY_AT_ONCE: usize = 64;

/// The stream's messages as the body's chunks, after its opening. The messages ready
/// at once (a stream woken after several writes) go out as one chunk: with hundreds of
/// screens open, each chunk is a write to each of them.
fn body(
    stream: OpenStream,
) -> impl futures_util::Stream<Item = Result<web::Bytes, Infallible>> + 'static {
    use futures_util::StreamExt;
    let opening = opening(RETRY_MS, stream.starts_after);
    let start = futures_util::stream::once(std::future::ready(Ok(web::Bytes::from(opening))));
    let items = stream.items.ready_chunks(READY_AT_ONCE).map(|items| {
        let mut chunk = Vec::new();
        for item in &items {
            write_message(&mut chunk, item);
        }
        Ok(web::Bytes::from(chunk))
    });
    start.chain(items)
}

/// The first message: how long an `EventSource` waits before it reconnects, and the
/// revision the stream starts after as its last event id. A message without data is
/// no event to the client, but its id is kept: a client whose stream ends before any
/// write still reconnects from where it started, and misses nothing in between.
fn opening(retry_millis: u64, after: i64) -> String {
    format!("retry: {retry_millis}\nid: {after}\n\n")
}

/// Writes one server-sent event (or comment) with the blank line that ends it.
fn write_message(out: &mut Vec<u8>, item: &StreamItem) {
    use std::io::Write;
    // Writing to a Vec cannot fail, nor can an event's serialisation.
    match item {
        StreamItem::Event(event) => {
            let _ = write!(out, "id: {}\nevent: {}\ndata: ", event.revision, event.kind);
            serde_json::to_writer(&mut *out, event).expect("an event always serialises");
            out.extend_from_slice(b"\n\n");
        }
        StreamItem::KeepAlive => out.extend_from_slice(b": keep-alive\n\n"),
    }
}

#[cfg(test)]
mod tests {
    use campaign::events::EventKind;
    use eagles_office::events::CampaignEvent;

    use super::*;

    fn message(item: &StreamItem) -> String {
        let mut out = Vec::new();
        write_message(&mut out, item);
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn an_event_is_one_message_with_its_revision_kind_and_json() {
        let event = CampaignEvent {
            campaign_id: 4,
            revision: 17,
            kind: EventKind::Debrief,
            id: Some(9),
            game_id: None,
            quiet: false,
        };
        assert_eq!(
            message(&StreamItem::Event(event)),
            "id: 17\nevent: debrief\ndata: {\"campaign_id\":4,\"revision\":17,\"kind\":\"debrief\",\"id\":9}\n\n"
        );
    }

    #[test]
    fn a_keep_alive_is_a_comment() {
        assert_eq!(message(&StreamItem::KeepAlive), ": keep-alive\n\n");
    }

    #[actix_web::test]
    async fn messages_ready_at_once_go_out_as_one_chunk() {
        use futures_util::StreamExt;
        let event = |revision| {
            StreamItem::Event(CampaignEvent {
                campaign_id: 4,
                revision,
                kind: EventKind::Sheet,
                id: Some(9),
                game_id: None,
                quiet: false,
            })
        };
        let items = futures_util::stream::iter([event(42), event(43), StreamItem::KeepAlive]);
        let chunks: Vec<_> = body(OpenStream {
            starts_after: 41,
            items: Box::pin(items),
        })
        .map(|chunk| String::from_utf8(chunk.unwrap().to_vec()).unwrap())
        .collect()
        .await;
        assert_eq!(
            chunks,
            [
                "retry: 1000\nid: 41\n\n".to_owned(),
                [
                    message(&event(42)),
                    message(&event(43)),
                    message(&StreamItem::KeepAlive)
                ]
                .concat(),
            ]
        );
    }

    #[test]
    fn the_stream_opens_with_the_reconnection_delay_and_where_it_starts() {
        assert_eq!(opening(1000, 41), "retry: 1000\nid: 41\n\n");
    }
}
