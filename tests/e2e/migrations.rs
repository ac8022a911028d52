//! Every migration runs up, down and up again, and the hand-kept diesel schema names
//! only tables and columns that exist.

use eagles_db::diesel::prelude::*;
use eagles_db::diesel_async::{AsyncConnection, AsyncPgConnection, RunQueryDsl};
use eagles_db::schema::*;

use crate::support::database;

#[tokio::test]
async fn migrations_go_up_down_and_up_again() {
    let test_db = database::empty_database("migrations_round_trip").await;
    let url = test_db.url().to_owned();
    let total = eagles_db::migrations::count();
    assert!(total >= 4);
    assert_eq!(run_pending(&url).await, total);
    assert_eq!(
        eagles_db::migrations::revert_all(&url).await.unwrap().len(),
        total
    );
    {
        // Down leaves nothing of ours behind.
        let mut conn = AsyncPgConnection::establish(&url).await.unwrap();
        let left: i64 = eagles_db::diesel::dsl::sql::<eagles_db::diesel::sql_types::BigInt>(
            "SELECT count(*) FROM information_schema.tables WHERE table_schema = 'public' AND table_name <> '__diesel_schema_migrations'",
        )
        .get_result(&mut conn)
        .await
        .unwrap();
        assert_eq!(left, 0);
    }
    assert_eq!(run_pending(&url).await, total);
    assert_eq!(run_pending(&url).await, 0);

    let mut conn = AsyncPgConnection::establish(&url).await.unwrap();
    let tables = declared_tables();
    assert!(!tables.is_empty(), "no table read from schema.rs");
    for (table, columns) in tables {
        assert!(plain_name(&table), "schema.rs table {table:?} read wrongly");
        assert!(
            !columns.is_empty() && columns.iter().all(|c| plain_name(c)),
            "schema.rs table {table}: {columns:?}"
        );
        let select = format!(
            "SELECT {} FROM \"{table}\" LIMIT 0",
            columns
                .iter()
                .map(|c| format!("\"{c}\""))
                .collect::<Vec<_>>()
                .join(", ")
        );
        eagles_db::diesel::sql_query(select)
            .execute(&mut conn)
            .await
            .unwrap_or_else(|e| panic!("schema.rs table {table} does not match: {e}"));
    }
}

// Reference data loads at every start: a second load changes nothing.
#[tokio::test]
async fn reference_data_loads_idempotently() {
    let test_db = database::empty_database("reference_twice").await;
    let url = test_db.url().to_owned();
    eagles_db::migrations::run_pending(&url).await.unwrap();
    let mut conn = AsyncPgConnection::establish(&url).await.unwrap();
    let first = load_reference_data(&mut conn).await;
    let second = load_reference_data(&mut conn).await;
    assert_eq!(first.len(), 66);
    assert_eq!(first, second);
    let abilities: i64 = abilities::table
        .count()
        .get_result(&mut conn)
        .await
        .unwrap();
    assert_eq!(abilities, 14);
}

/// Every table `schema.rs` declares, with the columns it names, read from the file
/// itself: a table added there is checked without being listed again here.
fn declared_tables() -> Vec<(String, Vec<String>)> {
    const SCHEMA: &str = include_str!("../../db/src/schema.rs");
    SCHEMA
        .split("diesel::table! {")
        .skip(1)
        .map(|block| {
            let mut lines = block
                .lines()
                .map(str::trim)
                .filter(|l| !l.is_empty() && !l.starts_with("//"));
            let table = lines
                .next()
                .and_then(|l| l.split_whitespace().next())
                .expect("a table's name");
            let columns = lines
                .take_while(|l| *l != "}")
                .filter_map(|l| l.split_once(" -> "))
                .map(|(column, _)| column.to_owned())
                .collect();
            (table.to_owned(), columns)
        })
        .collect()
}

/// Whether `name` is a lower-case SQL name, as schema.rs's are.
fn plain_name(name: &str) -> bool {
    name.chars()
        .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
}

/// Runs the migrations not yet run; returns how many ran.
async fn run_pending(url: &str) -> usize {
    eagles_db::migrations::run_pending(url).await.unwrap().len()
}

/// Loads the reference data as a start does; returns the aircraft types then stored,
/// `(id, name)` in id order.
async fn load_reference_data(conn: &mut AsyncPgConnection) -> Vec<(i64, String)> {
    eagles_db::reference::load(conn).await.unwrap();
    aircraft_types::table
        .select((aircraft_types::id, aircraft_types::name))
        .order(aircraft_types::id)
        .load(conn)
        .await
        .unwrap()
}
