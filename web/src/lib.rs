//! The server-rendered pages: askama templates compiled into the binary, usable
//! without JavaScript. Each handler asks for the office's ports it uses (`web::Data<dyn
//! Sheets>`, `web::Data<dyn Games>`, …), as the API's do, so the pages and the API
//! share one set of rules and one idea of who may do what.
//!
//! A page never says who was checked for a campaign: it holds the
//! [`CampaignScope`](eagles_office::access::CampaignScope)s the office gave it, and
//! cannot make one, for only the service has the key:
//!
//! ```compile_fail,E0433
//! use eagles_office::access::CampaignScope;
//! use eagles_office::campaigns::Campaign;
//!
//! fn forge(campaign: Campaign) -> CampaignScope {
//!     CampaignScope::checked(eagles_seal::Key::new(), campaign, None, None)
//! }
//! ```

mod chart;
mod error;
mod form;
mod once;
mod pages;
mod qr;
mod session;
pub mod words;

use actix_web::http::header;
use actix_web::middleware::DefaultHeaders;
use actix_web::web;

pub use error::PageError;
pub use form::{field_label, places_unstorable_text};
pub use pages::feed::PublicUrl;

/// Mounts the pages and the stylesheet. The caller adds each of the office's ports as
/// `web::Data<dyn Port>` (and, until the game-night pages call it, the pool as
/// `web::Data<DbPool>`).
pub fn configure(cfg: &mut web::ServiceConfig) {
    use pages::*;
    // One scope around every page, so that every form post goes through `once`.
    let pages = web::scope("")
        .wrap(actix_web::middleware::from_fn(once::middleware))
        .service(campaigns::list)
        .service(campaigns::create)
        .service(sign_in::show)
        .service(sign_in::sign_in)
        .service(sign_in::sign_out)
        .service(campaign_home::show)
        .service(members::show)
        .service(members::add)
        .service(crew_list::show)
        .service(crew_list::create)
        .service(crewman::show)
        .service(crewman::pick)
        .service(aircraft::show)
        .service(assets::stylesheet)
        .service(assets::debrief_script)
        .service(assets::live_script)
        .service(assets::receipts_script)
        .service(assets::dice_check_script)
        .service(leaderboard::show)
        .service(players::show)
        .service(id_cards::show)
        .service(dice::show)
        .service(dice::roll)
        .service(dice_check::show)
        .service(dice_check::week_dice)
        .service(members::switch_side)
        .service(members::make_invitation)
        .service(members::revoke_invitation)
        .service(members::remove)
        .service(members::leave)
        .service(join::show)
        .service(join::join)
        .service(account::show)
        .service(account::change_password)
        .service(account::sign_out_elsewhere)
        .service(account::make_reset_link)
        .service(reset::show)
        .service(reset::reset)
        .service(club_night::show)
        .service(club_night::act)
        .service(live::show)
        .service(game::show)
        .service(game::roll)
        .service(game::assign)
        .service(game::debrief)
        .service(game::preview_debrief)
        .service(game::void)
        .service(sheets::show)
        .service(sheets::stylesheet)
        .service(sheets::declare_sortie)
        .service(sheets::mark_sheet)
        .service(sheets::fire)
        .service(sheets::roll_table)
        .service(week::show)
        .service(briefing::show)
        .service(briefing::stylesheet)
        .service(feed::show)
        .service(campaign_home::show_json)
        .default_service(web::to(no_such_page));
    cfg.app_data(form::form_config()).service(pages);
}

/// Any other path: the error page rather than an empty 404.
async fn no_such_page() -> Result<actix_web::HttpResponse, PageError> {
    Err(PageError::not_found("there is no page here"))
}

/// Security headers for every response: no framing, no sniffing, no referrer to
/// other sites, and a content security policy that allows only our own assets (the
/// pages use no inline script or style and nothing from elsewhere; the scripts, the
/// debrief form's and the live pages', are served by the binary).
pub fn security_headers() -> DefaultHeaders {
    DefaultHeaders::new()
        .add((
            header::CONTENT_SECURITY_POLICY,
            "default-src 'self'; frame-ancestors 'none'; form-action 'self'; base-uri 'none'",
        ))
        .add((header::X_CONTENT_TYPE_OPTIONS, "nosniff"))
        .add((header::X_FRAME_OPTIONS, "DENY"))
        .add((header::REFERRER_POLICY, "same-origin"))
}
