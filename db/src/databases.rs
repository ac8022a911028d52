//! Creating databases on a server: the embedded default's `eagles` database, and the
//! per-test copies of a migrated template.

use diesel::sql_types::{Bool, Text};
use diesel::QueryableByName;
use diesel_async::{AsyncConnection, AsyncPgConnection, RunQueryDsl, SimpleAsyncConnection};

#[derive(QueryableByName)]
struct Exists {
    #[diesel(sql_type = Bool)]
    exists: bool,
}

/// Creates database `name` (optionally as a copy of `template`) unless it exists.
/// `maintenance_url` points at any database of the same server, e.g. `postgres`.
pub async fn create_database_if_missing(
    maintenance_url: &str,
    name: &str,
    template: Option<&str>,
) -> diesel::ConnectionResult<bool> {
    let mut conn = AsyncPgConnection::establish(maintenance_url).await?;
    let found: Exists =
        diesel::sql_query("SELECT EXISTS (SELECT 1 FROM pg_database WHERE datname = $1) AS exists")
            .bind::<Text, _>(name)
            .get_result(&mut conn)
            .await
            .map_err(|e| diesel::ConnectionError::BadConnection(e.to_string()))?;
    if found.exists {
        return Ok(false);
    }
    let template = template
        .map(|t| format!(" TEMPLATE {}", quote_ident(t)))
        .unwrap_or_default();
    conn.batch_execute(&format!("CREATE DATABASE {}{template}", quote_ident(name)))
        .await
        .map_err(|e| diesel::ConnectionError::BadConnection(e.to_string()))?;
    Ok(true)
}

/// Drops database `name` if it exists, ending its sessions first (Postgres 13+).
pub async fn drop_database(maintenance_url: &str, name: &str) -> diesel::ConnectionResult<()> {
    let mut conn = AsyncPgConnection::establish(maintenance_url).await?;
    conn.batch_execute(&format!(
        "DROP DATABASE IF EXISTS {} WITH (FORCE)",
        quote_ident(name)
    ))
    .await
    .map_err(|e| diesel::ConnectionError::BadConnection(e.to_string()))
}

/// Replaces the database name of a `postgres://` URL.
pub fn with_database(url: &str, name: &str) -> String {
    let (base, query) = match url.split_once('?') {
        Some((b, q)) => (b, Some(q)),
        None => (url, None),
    };
    let prefix = match base.rfind('/') {
        Some(i) if base[..i].contains("//") && i > base.find("//").unwrap_or(0) + 1 => &base[..i],
        _ => base,
    };
    match query {
        Some(q) => format!("{prefix}/{name}?{q}"),
        None => format!("{prefix}/{name}"),
    }
}

fn quote_ident(ident: &str) -> String {
    format!("\"{}\"", ident.replace('"', "\"\""))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn replaces_the_database_name_and_keeps_the_query() {
        assert_eq!(
            with_database("postgres://u:p@127.0.0.1:5432/eagles?sslmode=disable", "t1"),
            "postgres://u:p@127.0.0.1:5432/t1?sslmode=disable"
        );
        assert_eq!(with_database("postgres://u@h/db", "x"), "postgres://u@h/x");
        assert_eq!(with_database("postgres://u@h", "x"), "postgres://u@h/x");
    }

    #[test]
    fn quotes_identifiers() {
        assert_eq!(quote_ident("a\"b"), "\"a\"\"b\"");
    }
}
