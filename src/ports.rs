//! The office's ports, wired: one [`Service`] registered once per port, each as the
//! `web::Data<dyn Port>` its handlers ask for. A handler names the ports it uses, never
//! the whole office.

use std::sync::Arc;

use actix_web::web;
use eagles_office::prelude::*;
use eagles_service::Service;

/// Registers `service` as every port: the use cases' and the infrastructure's.
pub fn register(service: Service) -> impl FnOnce(&mut web::ServiceConfig) {
    let service = Arc::new(service);
    move |cfg| {
        macro_rules! ports {
            ($($port:ident),* $(,)?) => {
                $(cfg.app_data(web::Data::<dyn $port>::from(service.clone() as Arc<dyn $port>));)*
            };
        }
        // The use cases.
        ports!(
            Accounts, Backups, Briefings, Campaigns, Crew, Debriefs, Events, FairDice, Feeds,
            Games, LiveBoard, Members, Records, Reference, Rolls, Lineups, SheetMarks, SheetRolls,
            Standings, Webhooks, Weeks,
        );
        // The game's sheets page uses the three sheet ports at once.
        ports!(Sheets);
        // The infrastructure: page sessions, API tokens, idempotency keys, the health
        // probe.
        ports!(Sessions, Tokens, IdempotencyKeys, Health);
    }
}
