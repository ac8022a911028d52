//! The API as a test's club uses it beside the pages: a client with a user's token.

use reqwest::{Method, StatusCode};
use serde_json::{json, Value};

use super::{password_of, TestApp};

/// A client of the server's API with the bearer token of one account.
pub struct Api {
    pub address: String,
    pub client: reqwest::Client,
    pub token: String,
}

impl Api {
    /// The API as `username` (one of the harness's accounts, [`password_of`]).
    pub async fn as_user(app: &TestApp, username: &str) -> Api {
        Api::signed_in(app, username, &password_of(username)).await
    }

    /// The API as `username`, signed in with `password` (a token of `POST /tokens`).
    pub async fn signed_in(app: &TestApp, username: &str, password: &str) -> Api {
        let client = reqwest::Client::new();
        let response = client
            .post(format!("{}/api/v1/tokens", app.address))
            .json(&json!({ "username": username, "password": password }))
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), StatusCode::CREATED);
        let token = response.json::<Value>().await.unwrap()["token"]
            .as_str()
            .unwrap()
            .to_owned();
        Api {
            address: app.address.clone(),
            client,
            token,
        }
    }

    /// Creates the tests' public campaign "Bloody April" (from 1917-04-23), with this
    /// account its referee; its id.
    pub async fn bloody_april(&self) -> i64 {
        let campaign =
            json!({ "name": "Bloody April", "start_date": "1917-04-23", "public": true });
        self.write(Method::POST, "/api/v1/campaigns", campaign)
            .await["id"]
            .as_i64()
            .unwrap()
    }

    /// Declares `pilot` alone in `aircraft` on the line-up of `game` in `campaign`;
    /// the sortie as the API answers it.
    pub async fn declare(
        &self,
        app: &TestApp,
        (campaign, game): (i64, i64),
        aircraft: &str,
        pilot: i64,
    ) -> Value {
        let aircraft = super::aircraft_id(app, aircraft).await;
        self.write(
            Method::POST,
            &format!("/api/v1/campaigns/{campaign}/games/{game}/sorties"),
            json!({ "aircraft_id": aircraft,
                    "crew": [{ "crew_id": pilot, "position": "pilot" }] }),
        )
        .await
    }

    /// A write; it must succeed. Returns the answer.
    pub async fn write(&self, method: Method, path: &str, body: Value) -> Value {
        let response = self
            .client
            .request(method, format!("{}{path}", self.address))
            .bearer_auth(&self.token)
            .json(&body)
            .send()
            .await
            .unwrap();
        let status = response.status();
        let answer: Value = response.json().await.unwrap_or(Value::Null);
        assert!(status.is_success(), "{path} answered {status}: {answer}");
        answer
    }

    /// A read; it must answer 200. Returns the answer.
    pub async fn read(&self, path: &str) -> Value {
        let response = self
            .client
            .get(format!("{}{path}", self.address))
            .bearer_auth(&self.token)
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), StatusCode::OK, "{path}");
        response.json().await.unwrap()
    }
}
