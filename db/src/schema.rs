//! Diesel table definitions, kept by hand in step with `migrations/`; the migration
//! round-trip test checks that every table and column named here exists.

diesel::table! {
    users (id) {
        id -> Int8,
        username -> Text,
        password_hash -> Text,
        is_admin -> Bool,
        created_at -> Timestamptz,
    }
}

diesel::table! {
    api_tokens (id) {
        id -> Int8,
        user_id -> Int8,
        token_hash -> Bytea,
        created_at -> Timestamptz,
    }
}

diesel::table! {
    sessions (id_hash) {
        id_hash -> Bytea,
        user_id -> Nullable<Int8>,
        csrf_token -> Text,
        created_at -> Timestamptz,
        expires_at -> Timestamptz,
    }
}

diesel::table! {
    idempotency_keys (user_id, key) {
        user_id -> Int8,
        key -> Text,
        method -> Text,
        path -> Text,
        body_sha256 -> Bytea,
        status -> Nullable<Int2>,
        content_type -> Nullable<Text>,
        location -> Nullable<Text>,
        body -> Nullable<Bytea>,
        created_at -> Timestamptz,
    }
}

diesel::table! {
    sign_in_failures (id) {
        id -> Int8,
        account -> Text,
        address -> Text,
        failed_at -> Timestamptz,
    }
}

diesel::table! {
    audit_log (id) {
        id -> Int8,
        at -> Timestamptz,
        user_id -> Nullable<Int8>,
        campaign_id -> Nullable<Int8>,
        action -> Text,
        details -> Jsonb,
    }
}

diesel::table! {
    aircraft_types (id) {
        id -> Int8,
        name -> Text,
        side -> Text,
        stability -> Text,
        engine -> Int2,
        wings -> Int2,
        fuselage -> Int2,
        tail -> Int2,
        fuel -> Int2,
        armament -> Text,
        dive -> Text,
        climb -> Int2,
        dual_controls -> Bool,
        early_altitude -> Nullable<Text>,
        late_altitude -> Nullable<Text>,
        service_start -> Date,
        crew -> Int2,
        note -> Nullable<Text>,
    }
}

diesel::table! {
    abilities (code) {
        code -> Text,
        name -> Text,
        kind -> Text,
        min_xp -> Int4,
        /// What it does at the table, in a sentence or two (appendix D).
        effect -> Text,
    }
}

diesel::table! {
    campaigns (id) {
        id -> Int8,
        name -> Text,
        start_date -> Date,
        public -> Bool,
        current_week -> Int4,
        created_by -> Int8,
        created_at -> Timestamptz,
        /// The week it ended in (§13.203); null while it runs (migration 000013).
        ended_week -> Nullable<Int4>,
        ended_at -> Nullable<Timestamptz>,
        /// Raised by every write to the campaign (migration 000016).
        revision -> Int8,
        /// Raised when its webhooks or their deliveries change (migration 000017).
        webhooks_revision -> Int8,
    }
}

diesel::table! {
    campaign_events (campaign_id, revision) {
        campaign_id -> Int8,
        revision -> Int8,
        kind -> Text,
        entity_id -> Int8,
        created_at -> Timestamptz,
        quiet -> Bool,
    }
}

diesel::table! {
    campaign_members (campaign_id, user_id) {
        campaign_id -> Int8,
        user_id -> Int8,
        role -> Text,
        side -> Nullable<Text>,
        joined_at -> Timestamptz,
    }
}

diesel::table! {
    crew (id) {
        id -> Int8,
        campaign_id -> Int8,
        owner_id -> Int8,
        name -> Text,
        role -> Text,
        nationality -> Text,
        replacement -> Bool,
        starting_xp -> Int4,
        joined_week -> Int4,
        created_at -> Timestamptz,
    }
}

diesel::table! {
    crew_abilities (crew_id, ability) {
        crew_id -> Int8,
        ability -> Text,
        week -> Int4,
        chosen_at -> Timestamptz,
    }
}

diesel::table! {
    dice_rolls (id) {
        id -> Int8,
        campaign_id -> Int8,
        week -> Int4,
        game_id -> Nullable<Int8>,
        side -> Nullable<Text>,
        table_name -> Text,
        dice -> Array<Int4>,
        modifiers -> Jsonb,
        total -> Int4,
        result -> Text,
        entered -> Bool,
        rolled_by -> Nullable<Int8>,
        rolled_at -> Timestamptz,
        crew_id -> Nullable<Int8>,
        /// The sheet it was rolled on (migration 000019).
        sortie_id -> Nullable<Int8>,
        /// Undone on its sheet (R24, migration 000022).
        undone -> Bool,
        /// The week whose dice it is, its place in them, the player's nonce, its
        /// chain link and each die's sides (R25, migration 000024).
        dice_week -> Nullable<Int4>,
        seq -> Nullable<Int4>,
        nonce -> Nullable<Text>,
        chain -> Nullable<Text>,
        sides -> Nullable<Array<Int4>>,
    }
}

diesel::table! {
    /// A week's dice seed (R25, migration 000024).
    dice_weeks (campaign_id, week) {
        campaign_id -> Int8,
        week -> Int4,
        seed -> Bytea,
        created_at -> Timestamptz,
    }
}

diesel::table! {
    games (id) {
        id -> Int8,
        campaign_id -> Int8,
        week -> Int4,
        offensive_roll_id -> Int8,
        ground_offensive -> Text,
        turns_played -> Nullable<Int4>,
        debriefed_at -> Nullable<Timestamptz>,
        voided_week -> Nullable<Int4>,
        voided_at -> Nullable<Timestamptz>,
        voided_by -> Nullable<Int8>,
        created_by -> Int8,
        created_at -> Timestamptz,
        /// Set when its week closed without its debrief (migration 000018).
        abandoned_at -> Nullable<Timestamptz>,
    }
}

diesel::table! {
    missions (id) {
        id -> Int8,
        game_id -> Int8,
        side -> Text,
        roll_id -> Int8,
        mission_type -> Text,
        trips_needed -> Nullable<Int4>,
        aircraft_type_id -> Nullable<Int8>,
        pilot_id -> Nullable<Int8>,
        observer_id -> Nullable<Int8>,
        success -> Nullable<Bool>,
        details -> Nullable<Jsonb>,
    }
}

diesel::table! {
    sorties (id) {
        id -> Int8,
        game_id -> Int8,
        key -> Text,
        side -> Text,
        aircraft_type_id -> Int8,
        assignment -> Text,
        turns_on_board -> Int4,
        aircraft_lost -> Bool,
    }
}

diesel::table! {
    sortie_crew (sortie_id, position) {
        sortie_id -> Int8,
        game_id -> Int8,
        crew_id -> Int8,
        position -> Text,
        red_hits -> Int4,
        wound_boxes -> Int4,
        outcome -> Text,
    }
}

diesel::table! {
    kills (id) {
        id -> Int8,
        game_id -> Int8,
        victim_sortie_id -> Int8,
        /// Its game's campaign and week, set by the database (migration 000012).
        campaign_id -> Int8,
        week -> Int4,
    }
}

diesel::table! {
    kill_shooters (kill_id, crew_id) {
        kill_id -> Int8,
        crew_id -> Int8,
    }
}

diesel::table! {
    casualties (id) {
        id -> Int8,
        crew_id -> Int8,
        game_id -> Nullable<Int8>,
        week -> Int4,
        kind -> Text,
        weeks_out -> Nullable<Int4>,
        out_until_week -> Nullable<Int4>,
        sent_home -> Bool,
        roll_id -> Nullable<Int8>,
    }
}

diesel::table! {
    xp_awards (id) {
        id -> Int8,
        campaign_id -> Int8,
        crew_id -> Int8,
        week -> Int4,
        game_id -> Nullable<Int8>,
        points -> Int4,
        kind -> Text,
        reason -> Text,
        two_seater_mission -> Bool,
        reverses -> Nullable<Int8>,
        created_at -> Timestamptz,
    }
}

diesel::table! {
    crew_week_totals (crew_id, week) {
        crew_id -> Int8,
        week -> Int4,
        xp -> Int8,
        kills -> Int8,
    }
}

diesel::table! {
    /// A referee's subscription of a URL to campaign events (migration 000014).
    webhooks (id) {
        id -> Int8,
        campaign_id -> Int8,
        url -> Text,
        events -> Array<Text>,
        secret -> Text,
        created_by -> Int8,
        created_at -> Timestamptz,
    }
}

diesel::table! {
    webhook_events (id) {
        id -> Int8,
        campaign_id -> Int8,
        event -> Text,
        content -> Text,
        data -> Jsonb,
        created_at -> Timestamptz,
        /// The campaign's revision the event was made at (migration 000016).
        revision -> Int8,
    }
}

diesel::table! {
    /// The outbox: one event to one webhook.
    webhook_deliveries (id) {
        id -> Int8,
        event_id -> Int8,
        webhook_id -> Int8,
        delivery_id -> Text,
        status -> Text,
        attempts -> Int4,
        next_attempt_at -> Timestamptz,
        created_at -> Timestamptz,
        finished_at -> Nullable<Timestamptz>,
    }
}

diesel::table! {
    webhook_attempts (id) {
        id -> Int8,
        delivery_id -> Int8,
        at -> Timestamptz,
        http_status -> Nullable<Int4>,
        error -> Nullable<Text>,
    }
}

diesel::table! {
    lineup_sorties (id) {
        id -> Int8,
        game_id -> Int8,
        key -> Text,
        side -> Text,
        aircraft_type_id -> Int8,
        assignment -> Text,
        declared_by -> Nullable<Int8>,
        declared_at -> Timestamptz,
    }
}

diesel::table! {
    lineup_crew (sortie_id, position) {
        sortie_id -> Int8,
        game_id -> Int8,
        crew_id -> Int8,
        position -> Text,
    }
}

diesel::table! {
    sheet_marks (id) {
        id -> Int8,
        sortie_id -> Int8,
        place -> Int4,
        mark -> Jsonb,
        roll_id -> Nullable<Int8>,
        marked_by -> Nullable<Int8>,
        marked_at -> Timestamptz,
    }
}

diesel::table! {
    /// The table's rolls a debrief took as its own (migration 000020).
    debrief_table_rolls (roll_id) {
        roll_id -> Int8,
        game_id -> Int8,
    }
}

diesel::joinable!(api_tokens -> users (user_id));
diesel::joinable!(sessions -> users (user_id));
diesel::joinable!(idempotency_keys -> users (user_id));
diesel::joinable!(campaign_events -> campaigns (campaign_id));
diesel::joinable!(campaign_members -> campaigns (campaign_id));
diesel::joinable!(campaign_members -> users (user_id));
diesel::joinable!(crew -> campaigns (campaign_id));
diesel::joinable!(crew -> users (owner_id));
diesel::joinable!(crew_abilities -> crew (crew_id));
diesel::joinable!(crew_abilities -> abilities (ability));
diesel::joinable!(games -> campaigns (campaign_id));
diesel::joinable!(dice_weeks -> campaigns (campaign_id));
diesel::joinable!(sorties -> games (game_id));
diesel::joinable!(sortie_crew -> sorties (sortie_id));
diesel::joinable!(lineup_sorties -> games (game_id));
diesel::joinable!(lineup_sorties -> aircraft_types (aircraft_type_id));
diesel::joinable!(lineup_crew -> lineup_sorties (sortie_id));
diesel::joinable!(lineup_crew -> crew (crew_id));
diesel::joinable!(sheet_marks -> lineup_sorties (sortie_id));
diesel::joinable!(sheet_marks -> users (marked_by));
diesel::joinable!(debrief_table_rolls -> dice_rolls (roll_id));
diesel::joinable!(debrief_table_rolls -> games (game_id));
diesel::joinable!(sortie_crew -> crew (crew_id));
diesel::joinable!(kill_shooters -> kills (kill_id));
diesel::joinable!(kill_shooters -> crew (crew_id));
diesel::joinable!(casualties -> crew (crew_id));
diesel::joinable!(xp_awards -> crew (crew_id));
diesel::joinable!(webhooks -> campaigns (campaign_id));
diesel::joinable!(webhook_deliveries -> webhook_events (event_id));
diesel::joinable!(webhook_deliveries -> webhooks (webhook_id));
diesel::joinable!(webhook_attempts -> webhook_deliveries (delivery_id));

diesel::allow_tables_to_appear_in_same_query!(
    campaign_events,
    users,
    api_tokens,
    sessions,
    audit_log,
    aircraft_types,
    abilities,
    campaigns,
    campaign_members,
    crew,
    crew_abilities,
    dice_rolls,
    dice_weeks,
    games,
    missions,
    sorties,
    sortie_crew,
    lineup_sorties,
    lineup_crew,
    sheet_marks,
    debrief_table_rolls,
    kills,
    kill_shooters,
    casualties,
    xp_awards,
    crew_week_totals,
    webhooks,
    webhook_events,
    webhook_deliveries,
    webhook_attempts,
);
