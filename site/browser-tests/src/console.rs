//! The browser's console log, as chromedriver keeps it.

use fantoccini::wd::WebDriverCompatibleCommand;
use fantoccini::Client;

/// One entry of the browser's console log.
#[derive(Clone, Debug)]
pub struct LogEntry {
    /// `SEVERE`, `WARNING`, `INFO` or `DEBUG`.
    pub level: String,
    /// The message as Chromium formats it (source, line, text).
    pub message: String,
}

/// A chromedriver command outside the WebDriver standard: a `POST` to `session/{id}/` and the
/// path, with a JSON body.
#[derive(Debug)]
pub(crate) struct Post(pub &'static str, pub String);

impl WebDriverCompatibleCommand for Post {
    fn endpoint(
        &self,
        base_url: &url::Url,
        session_id: Option<&str>,
    ) -> Result<url::Url, url::ParseError> {
        let session = session_id.unwrap_or_default();
        base_url.join(&format!("session/{session}/{}", self.0))
    }

    fn method_and_body(&self, _: &url::Url) -> (http::Method, Option<String>) {
        (http::Method::POST, Some(self.1.clone()))
    }
}

/// The console messages logged since the last call (chromedriver's `browser` log).
///
/// # Panics
///
/// When chromedriver does not answer.
pub async fn console_log(client: &Client) -> Vec<LogEntry> {
    let raw = client
        .issue_cmd(Post("se/log", r#"{"type":"browser"}"#.into()))
        .await
        .expect("read the browser's console log");
    raw.as_array()
        .map(|entries| {
            entries
                .iter()
                .map(|e| LogEntry {
                    level: e["level"].as_str().unwrap_or("").to_owned(),
                    message: e["message"].as_str().unwrap_or("").to_owned(),
                })
                .collect()
        })
        .unwrap_or_default()
}

/// Log entries one per line, for failure messages.
pub fn format_log(entries: &[LogEntry]) -> String {
    if entries.is_empty() {
        return "(nothing)".to_owned();
    }
    entries
        .iter()
        .map(|e| format!("  {}: {}", e.level, e.message))
        .collect::<Vec<_>>()
        .join("\n")
}
