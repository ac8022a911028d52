//! `eagles export <campaign-id>` prints a campaign's export document on standard
//! output; `eagles import <file>` reads one and creates a new campaign from it, with
//! the memberships the file lists. Both run the API's own export and import.

use std::path::PathBuf;

use eagles_service::ServiceError;

use crate::config::DatabaseConfig;
use crate::database::Database;

/// Prints campaign `campaign_id` as JSON.
pub async fn export(campaign_id: i64, config: &DatabaseConfig) -> Result<(), String> {
    let db = Database::open(config).await.map_err(|e| e.to_string())?;
    let result = async {
        let mut conn = db.pool.get().await.map_err(|e| e.to_string())?;
        eagles_service::backup::export(&mut conn, campaign_id)
            .await
            .map_err(describe)?
            .ok_or_else(|| format!("there is no campaign {campaign_id}"))
    }
    .await;
    db.close();
    let document = result?;
    let json = serde_json::to_string_pretty(&document).map_err(|e| e.to_string())?;
    println!("{json}");
    Ok(())
}

/// Imports the export document in `file` as a new campaign.
pub async fn import(file: PathBuf, config: &DatabaseConfig) -> Result<(), String> {
    let bytes = std::fs::read(&file).map_err(|e| format!("cannot read {}: {e}", file.display()))?;
    let document = eagles_service::backup::parse(&bytes).map_err(describe)?;
    let name = document.campaign.name.clone();
    let db = Database::open(config).await.map_err(|e| e.to_string())?;
    let result = async {
        let mut conn = db.pool.get().await.map_err(|e| e.to_string())?;
        eagles_service::backup::import(&mut conn, None, document)
            .await
            .map_err(describe)
    }
    .await;
    db.close();
    let campaign_id = result?;
    println!("imported campaign {campaign_id} (\"{}\")", name.trim());
    Ok(())
}

/// The API's problem detail, as a sentence for the terminal.
fn describe(e: ServiceError) -> String {
    match e {
        ServiceError::Internal(cause) => format!("internal error: {cause}"),
        other => other.to_string(),
    }
}
