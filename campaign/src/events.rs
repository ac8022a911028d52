//! What changed in a campaign: each write leaves one event, numbered by the campaign's
//! revision, which live screens follow (contract v1.1, "Live club night").

use crate::wire::wire_enum;

wire_enum! {
    /// The kind of write an event reports; also the `event:` name of the stream.
    pub enum EventKind {
        /// A roll on a table (R14).
        Roll,
        /// A game opened, with its ground offensive.
        Game,
        /// A side's mission rolled.
        Mission,
        /// A mission's aircraft and crew assigned (R9).
        Assignment,
        /// A game debriefed.
        Debrief,
        /// A debrief or an award voided.
        Void,
        /// A week closed (R15).
        Week,
        /// A crewman created, or an ability picked.
        Crew,
        /// A member added, or a player's side switched.
        Member,
        /// The campaign ended (§13.203).
        End,
        /// A sortie declared or taken back, or a mark or roll on its sheet (R16–R21).
        Sheet,
    }
}
