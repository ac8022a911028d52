//! The export document: a whole campaign in one JSON value, versioned. Rows point at
//! each other by export-local ids (1, 2, … in the order the rows were written), at
//! accounts by username, at aircraft by name and at abilities by code, so an import
//! into any server remaps every id.

pub use eagles_office::backup::{
    CampaignExport, ExportedAward, ExportedCampaign, ExportedCasualty, ExportedCrewman,
    ExportedEnd, ExportedGame, ExportedKill, ExportedMember, ExportedMission, ExportedPick,
    ExportedRoll, ExportedSeed, ExportedSortie, ExportedSortieCrew, FinalStandings,
};

pub use eagles_office::backup::{FORMAT, VERSION};
