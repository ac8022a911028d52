//! The one trait the doors hold: every use case, grouped by what it concerns. Each
//! group is a trait of its own module; [`Office`] is all of them together, and the
//! binary hands the doors an `Arc<dyn Office>` (as `actix_web::web::Data<dyn Office>`).

use crate::games::Games;

/// Every use case of the campaign office.
pub trait Office: Games + Send + Sync + 'static {}

impl<T> Office for T where T: Games + Send + Sync + 'static {}
