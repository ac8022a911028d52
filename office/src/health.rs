//! Whether the office can do its work.

#[async_trait::async_trait]
pub trait Health {
    /// Whether the database answers a query now.
    async fn database_up(&self) -> bool;
}
