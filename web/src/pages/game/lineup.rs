//! The game page's line-up (R16–R20): every sortie with what the reader may see of
//! it — a referee each sheet in full (crew and wounds, each section's damage, the
//! effects), anyone else the facts the whole table sees — followed live by
//! `/static/live.js` on the game's `sheet` events.

use eagles_office::access::CampaignScope;
use eagles_office::prelude::*;
use eagles_office::sheets::GameRef;

use campaign::missions::Assignment;

use super::debrief_form::Declared;
use crate::error::PageError;
use crate::pages::sheets::{SheetCard, SortieLine};

/// A sortie as the game page lists it.
pub struct LineupRow {
    pub line: SortieLine,
    /// The sheet, for a reader who may read it in full.
    pub sheet: Option<SheetCard>,
}

/// The game's line-up.
pub struct Lineup {
    pub rows: Vec<LineupRow>,
    /// The sortie ids, space separated, whose `sheet` events renew the section.
    pub watched: String,
    /// The sorties a debrief covers (API v1.2), with their ids: none until a sortie
    /// is declared (the mission's assignment alone makes no sortie, API v1.3).
    pub declared: Vec<(i64, Declared)>,
}

impl Lineup {
    /// The line-up as `scope`'s reader sees it: every sheet for a referee, and for
    /// everyone once the game is `over` for secrecy (R20); the open facts otherwise.
    pub async fn load(
        sheets: &dyn Sheets,
        scope: &CampaignScope,
        game_id: i64,
        over: bool,
    ) -> Result<Self, PageError> {
        let campaign_id = scope.campaign().id;
        let reader = || scope.reader();
        let at = GameRef {
            campaign_id,
            game_id,
        };
        let lineup = sheets.lineup(reader(), at).await?;
        let full = scope.is_referee() || over;
        let sheets = if full {
            sheets.game_sheets(reader(), at).await?
        } else {
            Vec::new()
        };
        let mut rows = Vec::with_capacity(lineup.len());
        for sortie in &lineup {
            let sheet = sheets
                .iter()
                .find(|s| s.sortie.id == sortie.id)
                .map(|sheet| SheetCard::new(sheet, &lineup));
            rows.push(LineupRow {
                line: SortieLine::from(sortie),
                sheet,
            });
        }
        let watched = lineup
            .iter()
            .map(|s| s.id.to_string())
            .collect::<Vec<_>>()
            .join(" ");
        // Every declared sortie makes the line-up, the mission aircraft's too (API v1.3).
        let declared = lineup
            .iter()
            .map(|s| {
                let row = Declared {
                    key: s.key.clone(),
                    side: s.side,
                    // Shown to those who may see it; the debrief form is a referee's.
                    assignment: s.assignment.unwrap_or(Assignment::Sweep),
                    aircraft: s.aircraft.name.clone(),
                };
                (s.id, row)
            })
            .collect();
        Ok(Self {
            rows,
            watched,
            declared,
        })
    }
}
