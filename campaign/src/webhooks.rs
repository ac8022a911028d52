//! The campaign events a webhook may subscribe to, and where a delivery of one stands.
//! Not rules of the game: they live here beside the other wire enums so the API, the
//! records and the pages share one set of names.

use crate::wire::wire_enum;

wire_enum! {
    /// An event of a campaign that webhooks are told of.
    pub enum WebhookEvent {
        /// The referee closed a week (R15).
        WeekClosed as "week closed",
        /// A game's debrief was entered.
        Debrief,
        /// The referee ended the campaign (§13.203).
        CampaignEnded as "campaign ended",
    }
}

wire_enum! {
    /// Where one delivery of an event to one webhook stands.
    pub enum DeliveryStatus {
        /// Not yet answered with a 2xx: waiting for its next try.
        Pending,
        /// The receiver answered a try with a 2xx.
        Delivered,
        /// No try succeeded within a day of the event: given up.
        Failed,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        crate::wire::testing::round_trips(WebhookEvent::ALL);
        crate::wire::testing::round_trips(DeliveryStatus::ALL);
    }
}
