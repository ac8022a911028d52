//! Chrome DevTools Protocol commands sent through chromedriver's `goog/cdp/execute`
//! extension command: what a test needs of the network that WebDriver has no command
//! for (dropping an answer on its way to the page).

use fantoccini::error::CmdError;
use fantoccini::wd::WebDriverCompatibleCommand;
use fantoccini::Client;
use reqwest::Method;
use serde_json::{json, Value};

/// One CDP command, `Domain.method` with its parameters.
#[derive(Debug)]
struct Execute {
    cmd: String,
    params: Value,
}

impl WebDriverCompatibleCommand for Execute {
    fn endpoint(
        &self,
        base_url: &url::Url,
        session_id: Option<&str>,
    ) -> Result<url::Url, url::ParseError> {
        let session = session_id.expect("a chromedriver session");
        base_url.join(&format!("session/{session}/goog/cdp/execute"))
    }

    fn method_and_body(&self, _: &url::Url) -> (Method, Option<String>) {
        let body = json!({ "cmd": self.cmd, "params": self.params });
        (Method::POST, Some(body.to_string()))
    }
}

/// Sends `cmd` with `params` to the current page; its result.
pub async fn execute(client: &Client, cmd: &str, params: Value) -> Result<Value, CmdError> {
    client
        .issue_cmd(Execute {
            cmd: cmd.to_owned(),
            params,
        })
        .await
}
