//! `eagles serve` as its own process over a test's database, as a second instance
//! (or one with other settings) would run beside the harness's server.

use std::process::{Child, Command};
use std::time::Duration;

use super::server::free_port;
use super::wait::until_healthy;
use super::{serve_command, TestApp};

/// How long an instance may take to start answering.
const START: Duration = Duration::from_secs(60);

/// `eagles serve` over the app's database with some settings; killed when dropped.
pub struct Instance {
    child: Child,
    /// The same database and fixtures, reached through this instance.
    pub door: TestApp,
}

impl Instance {
    pub async fn start(app: &TestApp, env: &[(&str, &str)]) -> Instance {
        let database_url = app
            ._database
            .as_ref()
            .expect("the harness's database")
            .url();
        let port = free_port();
        let child = serve_command(database_url, port)
            .envs(env.iter().copied())
            .spawn()
            .expect("start eagles serve");
        let door = TestApp {
            address: format!("http://127.0.0.1:{port}"),
            pool: app.pool.clone(),
            client: reqwest::Client::new(),
            _database: None,
        };
        until_healthy(&door.client, &door.address, START).await;
        Instance { child, door }
    }

    /// Asks it to stop, as a process manager would.
    pub fn terminate(&self) {
        let status = Command::new("kill")
            .args(["-TERM", &self.child.id().to_string()])
            .status()
            .unwrap();
        assert!(status.success());
    }

    /// Its exit status once it has ended; none while it runs.
    pub fn try_wait(&mut self) -> std::io::Result<Option<std::process::ExitStatus>> {
        self.child.try_wait()
    }
}

impl Drop for Instance {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
