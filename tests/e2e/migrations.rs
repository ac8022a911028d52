//! Every migration runs up, down and up again, and the hand-kept diesel schema names
//! only tables and columns that exist.

use eagles_db::diesel::prelude::*;
use eagles_db::diesel_async::{AsyncConnection, AsyncPgConnection, RunQueryDsl};
use eagles_db::schema::*;

use crate::support::database;

macro_rules! select_every_column {
    ($conn:expr, $($table:ident),+ $(,)?) => {
        $(
            $table::table
                .select($table::all_columns)
                .limit(0)
                .execute($conn)
                .await
                .unwrap_or_else(|e| panic!("schema.rs table {} does not match: {e}", stringify!($table)));
        )+
    };
}

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
    select_every_column!(
        &mut conn,
        users,
        api_tokens,
        audit_log,
        aircraft_types,
        abilities,
        campaigns,
        campaign_members,
        crew,
        crew_abilities,
        dice_rolls,
        games,
        missions,
        sorties,
        sortie_crew,
        kills,
        kill_shooters,
        casualties,
        xp_awards,
        sessions,
        idempotency_keys,
        sign_in_failures,
        lineup_sorties,
        lineup_crew,
        sheet_marks,
    );
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
