# syntax=docker/dockerfile:1

# ---- build ------------------------------------------------------------------
FROM rust:1-bookworm AS builder

WORKDIR /src
# The whole context: every crate of the workspace, and
# migrations/ and seeds/, which are embedded into the binary at compile time.
COPY . .

RUN --mount=type=cache,target=/usr/local/cargo/registry \
    --mount=type=cache,target=/usr/local/cargo/git \
    --mount=type=cache,target=/src/target \
    cargo build --release --locked --bin eagles \
    && install -m 0755 target/release/eagles /usr/local/bin/eagles

# ---- runtime ----------------------------------------------------------------
FROM debian:bookworm-slim

RUN apt-get update \
    && apt-get install -y --no-install-recommends ca-certificates \
    && rm -rf /var/lib/apt/lists/* \
    && groupadd --system --gid 10001 eagles \
    && useradd --system --uid 10001 --gid eagles --home-dir /var/lib/eagles \
       --create-home --shell /usr/sbin/nologin eagles

COPY --from=builder /usr/local/bin/eagles /usr/local/bin/eagles

USER eagles
WORKDIR /var/lib/eagles

ENV EAGLES_BIND=0.0.0.0:8080
EXPOSE 8080

CMD ["eagles", "serve"]
