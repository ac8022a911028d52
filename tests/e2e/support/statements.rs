//! Statements counted per database by diesel's instrumentation, so tests running
//! alongside on other databases do not disturb a count. Shared by the end-to-end and
//! the page tests.

use std::collections::HashMap;
use std::sync::{Mutex, Once};

use eagles_db::diesel::connection::{
    set_default_instrumentation, Instrumentation, InstrumentationEvent,
};

static STATEMENTS: Mutex<Option<HashMap<String, u64>>> = Mutex::new(None);

/// Counts the statements of one connection under its database's name.
struct Counter {
    database: Option<String>,
    established: bool,
}

impl Instrumentation for Counter {
    fn on_connection_event(&mut self, event: InstrumentationEvent<'_>) {
        match event {
            InstrumentationEvent::StartEstablishConnection { url, .. } => {
                self.database = url
                    .rsplit('/')
                    .next()
                    .map(|db| db.split('?').next().unwrap_or(db).to_owned());
            }
            InstrumentationEvent::FinishEstablishConnection { .. } => self.established = true,
            InstrumentationEvent::StartQuery { .. } if self.established => {
                if let Some(db) = &self.database {
                    let mut map = STATEMENTS.lock().unwrap();
                    *map.get_or_insert_with(HashMap::new)
                        .entry(db.clone())
                        .or_default() += 1;
                }
            }
            _ => {}
        }
    }
}

/// Counts from now on the statements of every connection opened in this process.
pub fn count_statements() {
    static INSTALL: Once = Once::new();
    INSTALL.call_once(|| {
        set_default_instrumentation(|| {
            Some(Box::new(Counter {
                database: None,
                established: false,
            }))
        })
        .unwrap();
    });
}

/// The statements counted so far on `database`.
pub fn statements_so_far(database: &str) -> u64 {
    STATEMENTS
        .lock()
        .unwrap()
        .as_ref()
        .and_then(|m| m.get(database).copied())
        .unwrap_or(0)
}
