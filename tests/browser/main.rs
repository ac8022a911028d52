//! Page tests: the real server on a fresh database, driven by headless Chromium
//! through chromedriver (`walkthrough`) and, where a browser adds nothing, by plain
//! HTTP with a session cookie (`forms`, `sessions`, `queries`).

// The end-to-end harness's builders and reports, shared whole: what the page tests
// leave unused is used there.
#[allow(dead_code)]
#[path = "../e2e/support/builders.rs"]
mod builders;
#[path = "../e2e/support/claims.rs"]
mod claims;
#[path = "../e2e/support/database.rs"]
mod database;
#[allow(dead_code)]
#[path = "../e2e/support/reports.rs"]
mod reports;
#[path = "../e2e/support/server.rs"]
mod server;
#[path = "../e2e/support/statements.rs"]
mod statements;
mod support;
#[path = "../e2e/support/wait.rs"]
mod wait;

mod accessibility;
mod briefing;
mod clubnight;
mod crawl;
mod dashboards;
mod debrief_down;
mod debrief_form;
mod dice_check;
mod dice_receipts;
mod draft;
mod forms;
mod invitations;
mod join;
mod live;
mod paper_sheet;
mod phone;
mod projector;
mod queries;
mod resent_mark;
mod sessions;
mod sheet_reports;
mod sheets;
mod stale_sheet;
mod walkthrough;
