//! The export document: a whole campaign in one JSON value, versioned. Rows point at
//! each other by export-local ids (1, 2, … in the order the rows were written), at
//! accounts by username, at aircraft by name and at abilities by code, so an import
//! into any server remaps every id.

pub use eagles_office::backup::{
    CampaignExport, ExportedAward, ExportedCampaign, ExportedCasualty, ExportedCrewman,
    ExportedEnd, ExportedGame, ExportedKill, ExportedMember, ExportedMission, ExportedPick,
    ExportedRoll, ExportedSortie, ExportedSortieCrew, FinalStandings,
};

/// What the document says it is.
pub const FORMAT: &str = "eagles-campaign";
/// The version of the document this server writes and reads.
pub const VERSION: u32 = 1;
