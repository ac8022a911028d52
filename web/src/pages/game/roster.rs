//! What the game page's selects offer: the aircraft and crewmen R9 allows on the
//! game's week, loaded once per page (the crew in one query, the types in another).

use campaign::calendar::in_service;
use campaign::crew::Role;
use campaign::missions::AircraftRequirement;
use campaign::sides::Side;
use chrono::NaiveDate;
use eagles_office::crew::CrewmanView;
use eagles_office::games::AircraftChoice;

/// The campaign's crew and the aircraft types, as of a game's week.
pub struct Roster {
    pub crew: Vec<CrewmanView>,
    pub aircraft: Vec<AircraftChoice>,
    pub week_date: NaiveDate,
}

impl Roster {
    /// The types of `side` in service on the week's date that meet `needs` (R9, R15),
    /// as (id, name) options.
    pub fn aircraft_options(
        &self,
        side: Side,
        needs: AircraftRequirement,
    ) -> Vec<(String, String)> {
        self.aircraft
            .iter()
            .filter(|a| a.side == side)
            .filter(|a| in_service(a.service_start, self.week_date))
            .filter(|a| needs.allows(a.crew == 2))
            .map(|a| {
                let seats = if a.crew == 2 {
                    "two-seater"
                } else {
                    "single-seater"
                };
                (a.id.to_string(), format!("{} ({seats})", a.name))
            })
            .collect()
    }

    /// The crewmen of `side` in `role` who are available this week (R9), as (id, name)
    /// options.
    pub fn crew_options(&self, side: Side, role: Role) -> Vec<(String, String)> {
        self.crew
            .iter()
            .filter(|c| c.side == side && c.role == role && c.available)
            .map(|c| (c.id.to_string(), format!("{} ({})", c.name, c.owner)))
            .collect()
    }

    /// Every crewman who may fly this week, of either side, as (id, name) options.
    pub fn flyers(&self) -> Vec<(String, String)> {
        self.crew
            .iter()
            .filter(|c| c.available)
            .map(|c| (c.id.to_string(), format!("{} ({})", c.name, c.side)))
            .collect()
    }

    /// A crewman's name.
    pub fn crew_name(&self, id: i64) -> String {
        self.crew
            .iter()
            .find(|c| c.id == id)
            .map_or_else(|| format!("crewman {id}"), |c| c.name.clone())
    }

    /// An aircraft type's name.
    pub fn aircraft_name(&self, id: i64) -> String {
        self.aircraft
            .iter()
            .find(|a| a.id == id)
            .map_or_else(|| format!("aircraft type {id}"), |a| a.name.clone())
    }
}
