//! The debrief report as the referee sends it, and the bodies of the corrections.
//! Unknown fields are refused (400) so a misspelt fact is never silently dropped.

pub use eagles_office::debrief::{
    CrewDice, CrewReport, DebriefRequest, DownDice, DownReport, KillReport, LeftBoard,
    MissionFacts, SortieReport, VoidRequest,
};
