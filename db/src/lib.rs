//! Eagles persistence: the diesel schema, the async pool, the embedded migrations,
//! reference data and the queries. Query functions take a connection, so they run
//! alone or inside a caller's transaction.

pub mod aircraft;
pub mod audit;
pub mod campaigns;
pub mod commit;
pub mod crew;
pub mod databases;
pub mod debriefs;
pub mod error;
pub mod events;
pub mod fair_dice;
pub mod games;
pub mod ledger;
pub mod lineup;
pub mod migrations;
pub mod pool;
pub mod prepared;
pub mod reference;
pub mod roll_log;
pub mod rolls;
pub mod schema;
pub mod service_record;
pub mod sessions;
pub mod standings;
pub mod users;
pub mod webhooks;
pub mod weeks;

pub use diesel;
pub use diesel_async;
pub use error::{Error, QueryResult};
pub use pool::{build_pool, DbConn, DbPool, PoolError, PoolSettings};
pub mod aircraft_flown;
pub mod backup;
pub mod briefing;
pub mod game_results;
pub mod idempotency;
pub mod recent_kills;
pub mod sign_in_failures;
pub mod window;
